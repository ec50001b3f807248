/**
 * Fictional company names: an invented or uncommon surname-based stem, a trade word and a legal form. Stems are drawn
 * without repetition so two entities of a season never share a name.
 */
export const COMPANY_STEMS = [
  'Vautrin', 'Marlière', 'Castagnet', 'Fourneret', 'Brissac', 'Perraudin', 'Aubertin', 'Champollet', 'Desprats',
  'Mazurier', 'Tesseraud', 'Quintard', 'Villaret', 'Chevallard', 'Armangeau', 'Pérignac', 'Sauvageot', 'Ferrandière',
  'Garneret', 'Huchard', 'Joubertin', 'Larribau', 'Montagnier', 'Novellas', 'Ollivaud', 'Pradelle', 'Ramberti',
  'Salvetat', 'Trémoulet', 'Vergnaud', 'Orvenne', 'Calmeyrac', 'Valdrôme', 'Brévannes', 'Saint-Aulnay', 'Montferrier',
  'Lestrade', 'Cazalès', 'Rouvenac', 'Belcastel', 'Marsillac', 'Puylaroque', 'Aiguebelle', 'Chantegrive',
  'Fontvieille', 'Hautefage', 'Lormières', 'Sarlabous', 'Vaudrey', 'Ambérieux',
] as const;

/** Insurers and guarantors issuing attestations: invented mutual societies and guarantee funds. */
export const ISSUERS = [
  'Mutuelle Générale des Professions Réglementées (fictive)',
  'Caisse de Garantie Orvenne Assurances',
  'Union Mutualiste Calmeyrac',
  'Société de Caution Valdrôme',
  'Assurances Mutuelles du Brévannais',
  'Fonds de Garantie Professionnelle Lestrade',
] as const;
