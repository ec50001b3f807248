import type { Person } from '../fiction/people.ts';
import type { Activite } from './domain.ts';

/** The generator's model of one entity before it is written as bodies; trap scenarios edit it. */
export interface LicencePlan {
  numero: string;
  activite: Activite;
  statut: string;
  debut: string;
  fin: string;
  /** The entity cites it but the registry has no such record (P1). */
  absent: boolean;
  /** Status on the published list; null keeps it off the list. */
  listStatut: string | null;
  /** Puts its list entry on page 2 or later (P4). */
  laterPage: boolean;
}

export interface RiderPlan {
  numero: string;
  objet: string;
  dateEffet: string;
  nouvelleDateFin: string | null;
  activiteExclue: string | null;
}

export interface AttestationPlan {
  numero: string;
  type: string;
  emetteur: string;
  emission: string;
  fin: string;
  riders: RiderPlan[];
  absent: boolean;
}

export interface EntityPlan {
  siren: string;
  raisonSociale: string;
  forme: string;
  adresse: string;
  immatriculation: string;
  statut: string;
  activite: Activite;
  licences: LicencePlan[];
  attestations: AttestationPlan[];
  ownerPages: Person[][];
  declaration: string;
}

/** Entries the trap plan adds to the restrictive-measures list (an exact match or a homonym). */
export interface PlantedMeasure {
  person: Person;
}
