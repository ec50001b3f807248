import { addDays } from '../dates.ts';
import type { Person } from '../fiction/people.ts';
import type { ClaimForm, GroundingFact } from '../model.ts';
import type { SeededStream } from '../prng.ts';
import type { PlainJson } from '../tree.ts';
import { attestationPath, entityPath, licencePath, riderPath } from './bodies.ts';
import { OBJETS_AVENANT, beneficiairesPage, listeAgreesPage, MESURES_PREMIERE_PAGE } from './domain.ts';
import type { EntityFactory } from './entity-factory.ts';
import type { AttestationPlan, EntityPlan, LicencePlan } from './plan.ts';

export interface ScenarioContext {
  rng: SeededStream;
  factory: EntityFactory;
  dateExamen: string;
  /** People the scenario adds to the restrictive-measures list. */
  planted: Person[];
}

/** Written bodies, for locating entries (page, index) once the lists are laid out. */
export type Bodies = Map<string, PlainJson>;

/**
 * One slot of the trap plan (spec §5.4): what it does to a clean entity, the verdict it leads to, and the facts that
 * ground that verdict (spec §5.7). `apply` edits the entity and returns the grounding to compute after layout.
 */
export interface ConformiteScenario {
  name: string;
  families: string[];
  verdict: 'conforme' | 'non_conforme' | 'indeterminable';
  /** Facts in the grounding: the slot's assertion cap must hold them (spec §5.5). */
  groundingSize: number;
  apply(entity: EntityPlan, ctx: ScenarioContext): (bodies: Bodies) => GroundingFact[];
}

const form = (resource: string, field: string, value: PlainJson): ClaimForm => ({ resource, field, value });

function fact(text: string, main: ClaimForm, ...equivalent: ClaimForm[]): GroundingFact {
  return { fact: text, ...main, equivalent_forms: equivalent };
}

function relevantLicence(e: EntityPlan): { licence: LicencePlan; index: number } {
  const index = e.licences.findIndex((l) => l.activite.code === e.activite.code);
  return { licence: e.licences[index] as LicencePlan, index };
}

function requiredAttestation(e: EntityPlan): { attestation: AttestationPlan; index: number } {
  const index = e.attestations.findIndex((a) => a.type === e.activite.attestation_requise);
  return { attestation: e.attestations[index] as AttestationPlan, index };
}

/** Finds the entry of a paged list that satisfies `test`, walking page_suivante from the first page. */
function locate(
  bodies: Bodies,
  first: string,
  test: (entry: Record<string, PlainJson>) => boolean,
): { page: string; index: number } {
  let path: PlainJson = first;
  while (typeof path === 'string') {
    const body = bodies.get(path) as Record<string, PlainJson>;
    const entries = body['entrees'] as Record<string, PlainJson>[];
    const index = entries.findIndex(test);
    if (index >= 0) return { page: path, index };
    path = body['page_suivante'] as PlainJson;
  }
  throw new Error(`generator: no entry found from ${first}`);
}

function licenceLink(e: EntityPlan): GroundingFact {
  const { licence, index } = relevantLicence(e);
  return fact(
    "l'agrément examiné est celui que cite la fiche de l'entité",
    form(entityPath(e), `/agrements/${index}`, licencePath(licence)),
    form(licencePath(licence), '/entite', entityPath(e)),
  );
}

function ownerOnSecondPage(e: EntityPlan, ctx: ScenarioContext, person: Person): void {
  const first = [ctx.factory.people.person()];
  if (ctx.rng.below(2) === 0) first.push(ctx.factory.people.person());
  const second = ctx.rng.shuffle([person, ...(ctx.rng.below(2) === 0 ? [ctx.factory.people.person()] : [])]);
  e.ownerPages = [first, second];
}

function ownerFacts(e: EntityPlan, bodies: Bodies, person: Person, fields: readonly (keyof Person)[]): GroundingFact[] {
  const at = locate(bodies, beneficiairesPage(e.siren, 1), (x) => x['nom'] === person.nom && x['prenoms'] === person.prenoms);
  const listed = locate(bodies, MESURES_PREMIERE_PAGE, (x) => x['nom'] === person.nom && x['prenoms'] === person.prenoms);
  const listedEntry = (bodies.get(listed.page) as Record<string, Record<string, PlainJson>[]>)['entrees']![listed.index]!;
  const out = [
    fact(
      'la déclaration des bénéficiaires continue en page 2',
      form(beneficiairesPage(e.siren, 1), '/page_suivante', beneficiairesPage(e.siren, 2)),
    ),
  ];
  for (const key of fields) {
    out.push(
      fact(`${key} du bénéficiaire effectif`, form(at.page, `/entrees/${at.index}/${key}`, person[key])),
      fact(`${key} de l'entrée de la liste`, form(listed.page, `/entrees/${listed.index}/${key}`, listedEntry[key] ?? null)),
    );
  }
  return out;
}

export const CONFORMITE_SCENARIOS: readonly ConformiteScenario[] = [
  {
    name: 'controle',
    families: [],
    verdict: 'conforme',
    groundingSize: 3,
    apply: (e) => (bodies) => {
      const { licence } = relevantLicence(e);
      const { attestation } = requiredAttestation(e);
      const listed = locate(bodies, listeAgreesPage(e.activite.code, 1), (x) => x['agrement'] === licencePath(licence));
      return [
        fact(
          "l'agrément est actif",
          form(licencePath(licence), '/statut', licence.statut),
          form(listed.page, `/entrees/${listed.index}/statut`, licence.statut),
        ),
        fact("fin de validité de l'agrément", form(licencePath(licence), '/date_fin_validite', licence.fin)),
        fact("fin de validité de l'attestation", form(attestationPath(attestation), '/date_fin_validite', attestation.fin)),
      ];
    },
  },
  {
    name: 'agrement_expire',
    families: ['P2'],
    verdict: 'non_conforme',
    groundingSize: 2,
    apply: (e, ctx) => {
      const { licence } = relevantLicence(e);
      licence.fin = addDays(ctx.dateExamen, -15 - ctx.rng.below(185));
      licence.debut = addDays(licence.fin, -1000 - ctx.rng.below(1500));
      return () => [
        licenceLink(e),
        fact("l'agrément a expiré avant la date d'examen", form(licencePath(licence), '/date_fin_validite', licence.fin)),
      ];
    },
  },
  {
    name: 'attestation_absente',
    families: ['P1'],
    verdict: 'indeterminable',
    groundingSize: 2,
    apply: (e) => {
      const { attestation, index } = requiredAttestation(e);
      attestation.absent = true;
      attestation.riders = [];
      return () => [
        fact(
          "la fiche cite l'attestation",
          form(entityPath(e), `/attestations/${index}`, attestationPath(attestation)),
        ),
        fact("l'attestation citée n'existe pas", form(attestationPath(attestation), '/existe', false)),
      ];
    },
  },
  {
    name: 'statuts_contradictoires',
    families: ['P3', 'P4'],
    verdict: 'indeterminable',
    groundingSize: 3,
    apply: (e) => {
      const { licence } = relevantLicence(e);
      licence.listStatut = 'suspendu';
      licence.laterPage = true;
      return (bodies) => {
        const at = locate(bodies, listeAgreesPage(e.activite.code, 1), (x) => x['agrement'] === licencePath(licence));
        return [
          fact("la fiche d'agrément le dit actif", form(licencePath(licence), '/statut', licence.statut)),
          fact('la liste publique le dit suspendu', form(at.page, `/entrees/${at.index}/statut`, 'suspendu')),
          fact(
            "l'entrée de la liste vise cet agrément",
            form(at.page, `/entrees/${at.index}/agrement`, licencePath(licence)),
            form(at.page, `/entrees/${at.index}/entite`, entityPath(e)),
          ),
        ];
      };
    },
  },
  {
    name: 'beneficiaire_sous_mesure',
    families: ['P4'],
    verdict: 'non_conforme',
    groundingSize: 7,
    apply: (e, ctx) => {
      const person = ctx.factory.people.person();
      ownerOnSecondPage(e, ctx, person);
      ctx.planted.push({ ...person });
      return (bodies) => ownerFacts(e, bodies, person, ['nom', 'prenoms', 'date_naissance']);
    },
  },
  {
    name: 'homonyme',
    families: ['P5', 'P4'],
    verdict: 'conforme',
    groundingSize: 3,
    apply: (e, ctx) => {
      const person = ctx.factory.people.person();
      ownerOnSecondPage(e, ctx, person);
      const shift = (ctx.rng.below(2) === 0 ? -1 : 1) * (1100 + ctx.rng.below(4000));
      ctx.planted.push({ ...person, date_naissance: addDays(person.date_naissance, shift) });
      return (bodies) => ownerFacts(e, bodies, person, ['date_naissance']);
    },
  },
  {
    name: 'avenant_prorogation',
    families: ['P5', 'P4'],
    verdict: 'conforme',
    groundingSize: 4,
    apply: (e, ctx) => {
      const { attestation } = requiredAttestation(e);
      attestation.fin = addDays(ctx.dateExamen, -10 - ctx.rng.below(50));
      attestation.emission = addDays(attestation.fin, -364);
      attestation.riders = [];
      const rider = ctx.factory.rider(OBJETS_AVENANT.prorogation, addDays(attestation.fin, -5 - ctx.rng.below(35)));
      rider.nouvelleDateFin = addDays(ctx.dateExamen, 120 + ctx.rng.below(180));
      attestation.riders.push(rider);
      return () => [
        fact("la date de fin inscrite sur l'attestation est passée", form(attestationPath(attestation), '/date_fin_validite', attestation.fin)),
        fact(
          "l'attestation cite l'avenant",
          form(attestationPath(attestation), '/avenants/0', riderPath(rider)),
          form(riderPath(rider), '/attestation', attestationPath(attestation)),
        ),
        fact("l'avenant proroge la validité", form(riderPath(rider), '/nouvelle_date_fin', rider.nouvelleDateFin)),
        fact("l'avenant a pris effet avant la date d'examen", form(riderPath(rider), '/date_effet', rider.dateEffet)),
      ];
    },
  },
  {
    name: 'avenant_exclusion',
    families: ['P4', 'P5'],
    verdict: 'non_conforme',
    groundingSize: 3,
    apply: (e, ctx) => {
      const { attestation } = requiredAttestation(e);
      attestation.emission = addDays(ctx.dateExamen, -200 - ctx.rng.below(100));
      const rider = ctx.factory.rider(OBJETS_AVENANT.exclusion, addDays(ctx.dateExamen, -15 - ctx.rng.below(75)));
      rider.activiteExclue = e.activite.code;
      attestation.riders = [rider];
      return () => [
        fact(
          "l'attestation cite l'avenant",
          form(attestationPath(attestation), '/avenants/0', riderPath(rider)),
          form(riderPath(rider), '/attestation', attestationPath(attestation)),
        ),
        fact("l'avenant exclut l'activité examinée", form(riderPath(rider), '/activite_exclue', e.activite.code)),
        fact("l'avenant a pris effet avant la date d'examen", form(riderPath(rider), '/date_effet', rider.dateEffet)),
      ];
    },
  },
  {
    name: 'attestation_absente_agrement_expire',
    families: ['P1', 'P2'],
    verdict: 'non_conforme',
    groundingSize: 2,
    apply: (e, ctx) => {
      const { attestation } = requiredAttestation(e);
      attestation.absent = true;
      attestation.riders = [];
      const { licence } = relevantLicence(e);
      licence.fin = addDays(ctx.dateExamen, -30 - ctx.rng.below(300));
      licence.debut = addDays(licence.fin, -1000 - ctx.rng.below(1500));
      return () => [
        licenceLink(e),
        fact("l'agrément a expiré avant la date d'examen", form(licencePath(licence), '/date_fin_validite', licence.fin)),
      ];
    },
  },
  {
    name: 'agrement_absent',
    families: ['P1'],
    verdict: 'indeterminable',
    groundingSize: 2,
    apply: (e) => {
      const { licence, index } = relevantLicence(e);
      licence.absent = true;
      return () => [
        fact("la fiche cite l'agrément", form(entityPath(e), `/agrements/${index}`, licencePath(licence))),
        fact("l'agrément cité n'existe pas", form(licencePath(licence), '/existe', false)),
      ];
    },
  },
];
