/**
 * The generic track's vocabulary (spec §6.1): product catalogues, supplier records, availability, prices and
 * delivery annexes. Every amount, quantity and delay is a string (spec §2.5: no numbers in the corpus).
 */
export const GENERIQUE_COLLECTIONS = [
  '/catalogues/',
  '/produits/',
  '/fournisseurs/',
  '/disponibilites/',
  '/annexes-livraison/',
] as const;

/** Spec §6.3: the verdict is a product reference, or this value when no option satisfies the need. */
export const AUCUNE_OPTION = 'aucune_option_valide';

/** Spec §6.5: at least three tasks expect aucune_option_valide. */
export const MIN_AUCUNE = 3;

export const STATUT_REFERENCE = 'reference';

export interface Categorie {
  code: string;
  libelle: string;
  prefixe: string;
  modeles: readonly string[];
  /** The characteristic a need may require, its required value and values that do not satisfy it. */
  attribut: string;
  libelleAttribut: string;
  conforme: string;
  nonConformes: readonly string[];
  /** Unit price range in euros excluding tax. */
  prix: readonly [number, number];
  autres: Readonly<Record<string, readonly string[]>>;
}

export const CATEGORIES: readonly Categorie[] = [
  {
    code: 'sieges-bureau',
    libelle: 'sièges de bureau ergonomiques',
    prefixe: 'SIE',
    modeles: ['Siège Corvane 300', 'Siège Ergavel Pro', 'Siège Dorsalin Flex', 'Siège Lombarel Dynamic', 'Siège Posturel 24'],
    attribut: 'norme',
    libelleAttribut: 'norme',
    conforme: 'EN 1335',
    nonConformes: ['sans certification', 'EN 16139'],
    prix: [140, 420],
    autres: { coloris: ['anthracite', 'bleu nuit', 'gris perle'], garantie: ['3 ans', '5 ans'] },
  },
  {
    code: 'ecrans-27-pouces',
    libelle: 'écrans 27 pouces',
    prefixe: 'ECR',
    modeles: ['Écran Vistarel 27Q', 'Écran Lumarec P27', 'Écran Optelvan 27 Pro', 'Écran Claruvel 27H'],
    attribut: 'dalle',
    libelleAttribut: 'dalle',
    conforme: 'IPS',
    nonConformes: ['VA', 'TN'],
    prix: [160, 480],
    autres: { definition: ['2560 x 1440', '3840 x 2160'], connectique: ['HDMI et DisplayPort', 'USB-C et HDMI'] },
  },
  {
    code: 'ordinateurs-portables',
    libelle: 'ordinateurs portables 14 pouces',
    prefixe: 'ORD',
    modeles: ['Portable Calvenor 14', 'Portable Neomarel Air 14', 'Portable Varnelis Pro 14', 'Portable Arvelune Book 14'],
    attribut: 'memoire_vive',
    libelleAttribut: 'mémoire vive',
    conforme: '16 Go',
    nonConformes: ['8 Go'],
    prix: [650, 1450],
    autres: { stockage: ['512 Go SSD', '1 To SSD'], garantie: ['2 ans sur site', '3 ans sur site'] },
  },
  {
    code: 'imprimantes-laser',
    libelle: 'imprimantes laser monochromes',
    prefixe: 'IMP',
    modeles: ['Imprimante Tracelvan L40', 'Imprimante Printerel M45', 'Imprimante Duravelle 400', 'Imprimante Mercaval LX'],
    attribut: 'recto_verso',
    libelleAttribut: 'recto verso',
    conforme: 'automatique',
    nonConformes: ['manuel'],
    prix: [180, 620],
    autres: { vitesse: ['38 pages par minute', '45 pages par minute'], reseau: ['Ethernet et Wi-Fi', 'Ethernet'] },
  },
  {
    code: 'casques-audio',
    libelle: 'casques audio pour centre de contact',
    prefixe: 'CAS',
    modeles: ['Casque Sonavel Duo', 'Casque Auravel C2', 'Casque Vocarel Pro', 'Casque Echovane S'],
    attribut: 'reduction_bruit',
    libelleAttribut: 'réduction de bruit',
    conforme: 'active',
    nonConformes: ['passive'],
    prix: [45, 210],
    autres: { connexion: ['USB-A', 'USB-C', 'Bluetooth'], micro: ['perche flexible', 'perche rigide'] },
  },
  {
    code: 'tables-reunion',
    libelle: 'tables de réunion',
    prefixe: 'TAB',
    modeles: ['Table Concordel 10', 'Table Agoravel XL', 'Table Forumel Ovale', 'Table Atrivel 320'],
    attribut: 'capacite',
    libelleAttribut: 'capacité',
    conforme: '10 personnes',
    nonConformes: ['8 personnes', '6 personnes'],
    prix: [520, 1900],
    autres: { plateau: ['chêne clair', 'noyer', 'blanc mat'], pietement: ['métal noir', 'métal alu'] },
  },
  {
    code: 'armoires-rangement',
    libelle: 'armoires de rangement hautes',
    prefixe: 'ARM',
    modeles: ['Armoire Dépovel 198', 'Armoire Classavel H', 'Armoire Archivel 2P', 'Armoire Stokarel Plus'],
    attribut: 'fermeture',
    libelleAttribut: 'fermeture',
    conforme: 'à clé',
    nonConformes: ['sans serrure'],
    prix: [230, 780],
    autres: { hauteur: ['198 cm', '180 cm'], tablettes: ['4 tablettes', '5 tablettes'] },
  },
  {
    code: 'videoprojecteurs',
    libelle: 'vidéoprojecteurs de salle',
    prefixe: 'VID',
    modeles: ['Projecteur Lumivel 4K', 'Projecteur Radiavel W40', 'Projecteur Cinévar Pro', 'Projecteur Halovel 400'],
    attribut: 'luminosite',
    libelleAttribut: 'luminosité',
    conforme: '4000 lumens',
    nonConformes: ['3000 lumens', '2500 lumens'],
    prix: [480, 1600],
    autres: { technologie: ['LCD', 'DLP'], resolution: ['WUXGA', 'Full HD'] },
  },
  {
    code: 'destructeurs-documents',
    libelle: 'destructeurs de documents',
    prefixe: 'DES',
    modeles: ['Destructeur Securel 24', 'Destructeur Confidel P4', 'Destructeur Broyavel 30', 'Destructeur Discrevel X'],
    attribut: 'niveau_securite',
    libelleAttribut: 'niveau de sécurité',
    conforme: 'P-4',
    nonConformes: ['P-2', 'P-3'],
    prix: [120, 690],
    autres: { corbeille: ['24 litres', '30 litres'], alimentation: ['manuelle', 'automatique'] },
  },
  {
    code: 'lampes-bureau',
    libelle: 'lampes de bureau',
    prefixe: 'LAM',
    modeles: ['Lampe Lumarel Flex', 'Lampe Novarel Arc', 'Lampe Clairvel Duo', 'Lampe Pharel Slim'],
    attribut: 'source',
    libelleAttribut: 'source lumineuse',
    conforme: 'LED',
    nonConformes: ['halogène', 'fluocompacte'],
    prix: [28, 160],
    autres: { finition: ['noir mat', 'aluminium brossé'], variateur: ['oui', 'non'] },
  },
  {
    code: 'papier-a4',
    libelle: 'ramettes de papier A4 (carton de 5)',
    prefixe: 'PAP',
    modeles: ['Papier Candravel 80', 'Papier Ecovelin 80', 'Papier Albavel Office', 'Papier Naturvel Plus'],
    attribut: 'label',
    libelleAttribut: 'label environnemental',
    conforme: 'FSC',
    nonConformes: ['sans label'],
    prix: [18, 46],
    autres: { grammage: ['80 g/m²', '75 g/m²'], blancheur: ['CIE 161', 'CIE 146'] },
  },
];

/** Départements outside mainland delivery routes, the usual content of an annex's exclusions. */
export const OUTLYING = ['2A', '2B', '971', '972', '973', '974', '976'] as const;

export const SUPPLIER_WORDS = [
  'Bureautique',
  'Équipement de Bureau',
  'Fournitures Professionnelles',
  'Distribution Tertiaire',
  'Mobilier et Bureau',
] as const;

export const WAREHOUSES = ['Vénissieux', 'Saint-Priest', 'Gennevilliers', 'Mitry-Mory', 'Meyzieu', 'Bruges', 'Carquefou'];

export const cataloguePage = (code: string, n: number) => `/catalogues/${code}/page-${n}`;
