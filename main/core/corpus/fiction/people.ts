/**
 * Pools for fictional people (beneficial owners, persons on the restrictive-measures list). Common French given names
 * and surnames, drawn at random and paired with random birth dates: a combination designates no one (spec §2.5: no
 * real entity appears in the corpus).
 */
export const GIVEN_NAMES_F = [
  'Claire', 'Hélène', 'Sophie', 'Isabelle', 'Nathalie', 'Céline', 'Aurélie', 'Camille', 'Juliette', 'Élodie',
  'Mathilde', 'Pauline', 'Agnès', 'Brigitte', 'Sandrine', 'Valérie', 'Laurence', 'Anne', 'Marion', 'Océane',
] as const;

export const GIVEN_NAMES_M = [
  'Philippe', 'Laurent', 'Olivier', 'Thierry', 'Stéphane', 'Nicolas', 'Julien', 'Mathieu', 'Sébastien', 'François',
  'Bertrand', 'Grégoire', 'Arnaud', 'Benoît', 'Rémi', 'Hervé', 'Thibault', 'Lucien', 'Damien', 'Gaëtan',
] as const;

export const SURNAMES = [
  'VAUTRIN', 'MARLIÈRE', 'DELORME', 'CASTAGNET', 'FOURNERET', 'BRISSAC', 'LACOMBE', 'PERRAUDIN', 'AUBERTIN',
  'GUILLERMIN', 'CHAMPOLLET', 'ROUSSELIN', 'DESPRATS', 'MAZURIER', 'TESSERAUD', 'QUINTARD', 'BOULANGEOT', 'VILLARET',
  'CHEVALLARD', 'LEMAUVIEL', 'ARMANGEAU', 'PÉRIGNAC', 'SAUVAGEOT', 'DUCLAUX', 'FERRANDIÈRE', 'GARNERET', 'HUCHARD',
  'JOUBERTIN', 'LARRIBAU', 'MONTAGNIER', 'NOVELLAS', 'OLLIVAUD', 'PRADELLE', 'RAMBERTI', 'SALVETAT', 'TRÉMOULET',
  'VERGNAUD', 'BASSERAUD', 'COUDERC', 'ESCOFFIER', 'FAUCHERAND', 'GOUTELLE', 'LABASTIDE', 'MÉRIGNARGUES', 'ROUQUETTE',
  'SIMONNEAU', 'THÉVENARD', 'BERTHOUMIEU', 'CAMBEFORT', 'DAUPHINOT', 'ESPINASSE', 'GAILLARDOT', 'LAPORTERIE',
  'MALLERET', 'PEYRONNET', 'RIBOULET', 'TOURNADRE', 'VIGUERIE', 'AUDOUARD', 'BOISSERIE',
] as const;

export const NATIONALITIES = ['française', 'française', 'française', 'belge', 'suisse', 'italienne', 'espagnole'] as const;

export interface Person {
  nom: string;
  prenoms: string;
  date_naissance: string;
  nationalite: string;
}
