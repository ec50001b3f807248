import { addDays } from '../dates.ts';
import { COMPANY_STEMS, ISSUERS } from '../fiction/companies.ts';
import { IdentifierFactory } from '../fiction/identifiers.ts';
import { PersonFactory } from '../fiction/person-factory.ts';
import { STREETS, TOWNS } from '../fiction/places.ts';
import type { SeededStream } from '../prng.ts';
import { ATTESTATION_LABELS, OBJETS_AVENANT, STATUTS, type Activite } from './domain.ts';
import type { AttestationPlan, EntityPlan, LicencePlan, RiderPlan } from './plan.ts';

/** Builds entities that satisfy every criterion on the examination date; trap scenarios then edit one fact. */
export class EntityFactory {
  readonly ids: IdentifierFactory;
  readonly people: PersonFactory;
  private readonly stems: () => string;

  constructor(
    private readonly rng: SeededStream,
    private readonly dateExamen: string,
    private readonly activites: readonly Activite[],
  ) {
    this.ids = new IdentifierFactory(rng);
    this.people = new PersonFactory(rng);
    this.stems = rng.taker(COMPANY_STEMS);
  }

  private day(fromExamen: number, spread: number): string {
    return addDays(this.dateExamen, fromExamen + this.rng.below(spread));
  }

  licence(activite: Activite): LicencePlan {
    return {
      numero: this.ids.prefixed('AGR-', 4),
      activite,
      statut: STATUTS.agrementActif,
      debut: this.day(-3000, 2700),
      fin: this.day(90, 800),
      absent: false,
      listStatut: STATUTS.agrementActif,
      laterPage: false,
    };
  }

  rider(objet: string, dateEffet: string): RiderPlan {
    return { numero: this.ids.prefixed('AVN-', 4), objet, dateEffet, nouvelleDateFin: null, activiteExclue: null };
  }

  attestation(type: string): AttestationPlan {
    const emission = this.day(-300, 270);
    const attestation: AttestationPlan = {
      numero: this.ids.prefixed('ATT-', 5),
      type,
      emetteur: this.rng.pick(ISSUERS),
      emission,
      fin: this.day(60, 340),
      riders: [],
      absent: false,
    };
    // A change-of-address rider now and then, so riders are not a sign of a trap.
    if (this.rng.below(4) === 0) attestation.riders.push(this.rider(OBJETS_AVENANT.adresse, addDays(emission, 10)));
    return attestation;
  }

  private name(activite: Activite, forme: string): string {
    const stem = this.stems();
    const patterns = [
      `${activite.metier} ${stem} ${forme}`,
      `${stem} ${activite.metier} ${forme}`,
      `Cabinet ${stem} ${forme}`,
      `${stem} & Associés ${forme}`,
    ];
    return this.rng.pick(patterns);
  }

  entity(activite: Activite): EntityPlan {
    // Forms with several partners only: the declarations list one to five beneficial owners.
    const forme = this.rng.pick(['SAS', 'SARL', 'SA']);
    const [postal, town] = this.rng.pick(TOWNS);
    const licences = [this.licence(activite)];
    const others = this.activites.filter((a) => a.code !== activite.code);
    if (others.length > 0 && this.rng.below(3) === 0) licences.push(this.licence(this.rng.pick(others)));
    const attestations = [this.attestation(activite.attestation_requise)];
    const otherTypes = Object.keys(ATTESTATION_LABELS).filter((t) => t !== activite.attestation_requise);
    if (otherTypes.length > 0 && this.rng.below(4) === 0) attestations.push(this.attestation(this.rng.pick(otherTypes)));
    const ownerPages = [Array.from({ length: this.rng.between(1, 3) }, () => this.people.person())];
    if (this.rng.below(4) === 0) ownerPages.push(Array.from({ length: this.rng.between(1, 2) }, () => this.people.person()));
    return {
      siren: this.ids.siren(),
      raisonSociale: this.name(activite, forme),
      forme,
      adresse: `${this.rng.between(1, 120)} ${this.rng.pick(STREETS)}, ${postal} ${town}`,
      immatriculation: this.day(-9000, 7000),
      statut: STATUTS.entiteActive,
      activite,
      licences: this.rng.shuffle(licences),
      attestations: this.rng.shuffle(attestations),
      ownerPages,
      declaration: STATUTS.declarationDeposee,
    };
  }
}
