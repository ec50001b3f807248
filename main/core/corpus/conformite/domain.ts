/**
 * The compliance track's vocabulary (spec §5.1, §5.7): collections, statuses, activities and attestation types of
 * the fictional registries. Field names are those of the probative-field table (spec §5.7).
 */
export const CONFORMITE_COLLECTIONS = [
  '/entites/',
  '/agrements/',
  '/attestations/',
  '/avenants/',
  '/listes/agrees/',
  '/beneficiaires/',
  '/mesures-restrictives/',
] as const;

export const CONFORMITE_VERDICTS = ['conforme', 'non_conforme', 'indeterminable'] as const;

/** Spec §5.5: the published breakdown of expected verdicts. */
export const CONFORMITE_BREAKDOWN: Record<string, number> = { conforme: 3, non_conforme: 4, indeterminable: 3 };

export const STATUTS = {
  entiteActive: 'active',
  agrementActif: 'actif',
  declarationDeposee: 'deposee',
} as const;

export interface Activite {
  code: string;
  libelle: string;
  attestation_requise: string;
  /** The trade word used in company names of this activity. */
  metier: string;
}

export const ACTIVITES: readonly Activite[] = [
  {
    code: 'courtage-assurance',
    libelle: "Courtage d'assurance",
    attestation_requise: 'assurance_rc_professionnelle',
    metier: 'Courtage',
  },
  {
    code: 'transport-fonds',
    libelle: 'Transport de fonds et de valeurs',
    attestation_requise: 'garantie_financiere',
    metier: 'Transports de Fonds',
  },
  { code: 'change-manuel', libelle: 'Change manuel', attestation_requise: 'garantie_financiere', metier: 'Change' },
  {
    code: 'gestion-immobiliere',
    libelle: 'Gestion immobilière pour compte de tiers',
    attestation_requise: 'garantie_financiere',
    metier: 'Gestion Immobilière',
  },
  {
    code: 'securite-privee',
    libelle: 'Surveillance et gardiennage',
    attestation_requise: 'assurance_rc_professionnelle',
    metier: 'Sécurité',
  },
  {
    code: 'intermediation-credit',
    libelle: 'Intermédiation en opérations de crédit',
    attestation_requise: 'assurance_rc_professionnelle',
    metier: 'Crédit Conseil',
  },
];

export const ATTESTATION_LABELS: Record<string, string> = {
  assurance_rc_professionnelle: "Attestation d'assurance de responsabilité civile professionnelle",
  garantie_financiere: 'Attestation de garantie financière',
};

/** Rider subjects (`objet`): an extension replaces the end date, an exclusion removes an activity from the cover. */
export const OBJETS_AVENANT = {
  prorogation: 'prorogation',
  exclusion: 'exclusion_activite',
  adresse: 'changement_adresse',
} as const;

/** The first page of the restrictive-measures list, named by the referentiel. */
export const MESURES_PREMIERE_PAGE = '/mesures-restrictives/page-1';

export function listeAgreesPage(code: string, page: number): string {
  return `/listes/agrees/${code}/page-${page}`;
}

export function beneficiairesPage(siren: string, page: number): string {
  return `/beneficiaires/${siren}/page-${page}`;
}
