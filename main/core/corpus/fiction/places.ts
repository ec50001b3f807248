/** Street names and towns for fictional registered offices (addresses, not entities). */
export const STREETS = [
  'rue des Tanneurs', 'avenue du Maréchal-Foch', 'boulevard Gambetta', 'rue de la République', 'quai des Célestins',
  'rue Sainte-Catherine', 'place du Marché', 'rue des Carmes', 'allée des Tilleuls', 'rue Paul-Bert',
  'chemin des Vignes', 'rue du Docteur-Roux', 'impasse des Glycines', 'rue de Verdun', 'cours Lafayette',
] as const;

/** [postal code, town, département code] */
export const TOWNS = [
  ['69002', 'Lyon', '69'], ['33000', 'Bordeaux', '33'], ['31000', 'Toulouse', '31'], ['44000', 'Nantes', '44'],
  ['67000', 'Strasbourg', '67'], ['59000', 'Lille', '59'], ['35000', 'Rennes', '35'], ['13006', 'Marseille', '13'],
  ['34000', 'Montpellier', '34'], ['21000', 'Dijon', '21'], ['37000', 'Tours', '37'], ['87000', 'Limoges', '87'],
  ['63000', 'Clermont-Ferrand', '63'], ['25000', 'Besançon', '25'], ['76000', 'Rouen', '76'], ['51100', 'Reims', '51'],
] as const satisfies readonly (readonly [string, string, string])[];
