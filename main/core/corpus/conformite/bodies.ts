import { generatedAbsenceBody } from '../collection-references.ts';
import { addDays } from '../dates.ts';
import type { Person } from '../fiction/people.ts';
import type { SeededStream } from '../prng.ts';
import type { PlainJson } from '../tree.ts';
import { ATTESTATION_LABELS, MESURES_PREMIERE_PAGE, beneficiairesPage, listeAgreesPage, type Activite } from './domain.ts';
import type { AttestationPlan, EntityPlan, LicencePlan, RiderPlan } from './plan.ts';
import { CONFORMITE_REFERENCES } from './references.ts';

/** Entries per page of the common lists and of the beneficial-owner declaration. */
export const PAGE_SIZE = 5;

export const entityPath = (e: EntityPlan) => `/entites/${e.siren}`;
export const licencePath = (l: LicencePlan) => `/agrements/${l.numero}`;
export const attestationPath = (a: AttestationPlan) => `/attestations/${a.numero}`;
export const riderPath = (r: RiderPlan) => `/avenants/${r.numero}`;

function entityBody(e: EntityPlan): PlainJson {
  return {
    resource: entityPath(e),
    existe: true,
    siren: e.siren,
    raison_sociale: e.raisonSociale,
    forme_juridique: e.forme,
    siege: e.adresse,
    date_immatriculation: e.immatriculation,
    statut: e.statut,
    agrements: e.licences.map(licencePath),
    attestations: e.attestations.map(attestationPath),
    beneficiaires: beneficiairesPage(e.siren, 1),
  };
}

function licenceBody(e: EntityPlan, l: LicencePlan): PlainJson {
  if (l.absent) return generatedAbsenceBody(CONFORMITE_REFERENCES, licencePath(l));
  return {
    resource: licencePath(l),
    existe: true,
    numero: l.numero,
    entite: entityPath(e),
    activite: l.activite.code,
    libelle_activite: l.activite.libelle,
    autorite: 'Commission fictive des professions réglementées',
    statut: l.statut,
    date_debut: l.debut,
    date_fin_validite: l.fin,
  };
}

function attestationBody(e: EntityPlan, a: AttestationPlan): PlainJson {
  if (a.absent) return generatedAbsenceBody(CONFORMITE_REFERENCES, attestationPath(a));
  return {
    resource: attestationPath(a),
    existe: true,
    numero: a.numero,
    entite: entityPath(e),
    type: a.type,
    libelle_type: ATTESTATION_LABELS[a.type] ?? a.type,
    emetteur: a.emetteur,
    date_emission: a.emission,
    date_fin_validite: a.fin,
    avenants: a.riders.map(riderPath),
  };
}

function riderBody(a: AttestationPlan, r: RiderPlan): PlainJson {
  return {
    resource: riderPath(r),
    existe: true,
    numero: r.numero,
    attestation: attestationPath(a),
    objet: r.objet,
    date_effet: r.dateEffet,
    nouvelle_date_fin: r.nouvelleDateFin,
    activite_exclue: r.activiteExclue,
  };
}

function ownerEntry(p: Person, share: string): PlainJson {
  return {
    nom: p.nom,
    prenoms: p.prenoms,
    date_naissance: p.date_naissance,
    nationalite: p.nationalite,
    pourcentage_capital: share,
    modalite_controle: 'détention directe du capital',
  };
}

/** Splits entries into pages chained by page_suivante (spec §5.7: the beneficial-owner pages carry it). */
function pages(
  pathOf: (n: number) => string,
  chunks: PlainJson[][],
  header: Record<string, PlainJson>,
  bodies: Map<string, PlainJson>,
): void {
  chunks.forEach((entries, i) => {
    bodies.set(pathOf(i + 1), {
      resource: pathOf(i + 1),
      existe: true,
      ...header,
      page: String(i + 1),
      entrees: entries,
      page_suivante: i + 1 < chunks.length ? pathOf(i + 2) : null,
    });
  });
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes an entity and everything it owns: record, licences, attestations, riders, beneficial-owner pages. */
export function writeEntity(e: EntityPlan, rng: SeededStream, dateExamen: string, bodies: Map<string, PlainJson>): void {
  bodies.set(entityPath(e), entityBody(e));
  for (const l of e.licences) bodies.set(licencePath(l), licenceBody(e, l));
  for (const a of e.attestations) {
    bodies.set(attestationPath(a), attestationBody(e, a));
    if (!a.absent) for (const r of a.riders) bodies.set(riderPath(r), riderBody(a, r));
  }
  const owners = e.ownerPages.flat();
  // Shares are strings (no numbers in the corpus) that add up to 100.00 across the declaration.
  const base = Math.floor(10000 / owners.length);
  const shares = owners.map((_, i) => (i === 0 ? 10000 - base * (owners.length - 1) : base));
  let index = 0;
  const chunks = e.ownerPages.map((page) => page.map((p) => ownerEntry(p, ((shares[index++] ?? 0) / 100).toFixed(2))));
  pages((n) => beneficiairesPage(e.siren, n), chunks, {
    entite: entityPath(e),
    statut_declaration: e.declaration,
    date_declaration: addDays(dateExamen, -40 - rng.below(300)),
  }, bodies);
}

/** The published list of licensed entities of one activity, paged; entries marked laterPage go to page 2 or later. */
export function writeLicensedList(
  activite: Activite,
  entities: readonly EntityPlan[],
  rng: SeededStream,
  dateExamen: string,
  bodies: Map<string, PlainJson>,
): void {
  const rows: { entry: PlainJson; later: boolean }[] = [];
  for (const e of entities) {
    for (const l of e.licences) {
      if (l.absent || l.listStatut === null || l.activite.code !== activite.code) continue;
      rows.push({
        entry: { agrement: licencePath(l), entite: entityPath(e), raison_sociale: e.raisonSociale, statut: l.listStatut },
        later: l.laterPage,
      });
    }
  }
  const shuffled = rng.shuffle(rows);
  const early = shuffled.filter((r) => !r.later);
  const later = shuffled.filter((r) => r.later);
  // Page 1 is filled with unmarked entries first, so a marked entry can only be found by following page_suivante.
  const ordered = [...early.slice(0, PAGE_SIZE), ...rng.shuffle([...early.slice(PAGE_SIZE), ...later])];
  pages((n) => listeAgreesPage(activite.code, n), chunk(ordered.map((r) => r.entry), PAGE_SIZE), {
    activite: activite.code,
    libelle_activite: activite.libelle,
    date_publication: addDays(dateExamen, -3),
  }, bodies);
}

/** The restrictive-measures list (fictional asset-freeze register), paged. */
export function writeMeasuresList(
  people: readonly Person[],
  rng: SeededStream,
  ids: { prefixed(prefix: string, digits: number): string },
  dateExamen: string,
  bodies: Map<string, PlainJson>,
): void {
  const entries: PlainJson[] = people.map((p) => ({
    reference: ids.prefixed('MR-', 5),
    nom: p.nom,
    prenoms: p.prenoms,
    date_naissance: p.date_naissance,
    nationalite: p.nationalite,
    mesure: 'gel des avoirs',
    date_inscription: addDays(dateExamen, -30 - rng.below(1500)),
  }));
  const first = MESURES_PREMIERE_PAGE.replace(/page-1$/, '');
  pages((n) => `${first}page-${n}`, chunk(entries, PAGE_SIZE), {
    liste: 'Registre fictif des mesures restrictives (gel des avoirs)',
    date_mise_a_jour: addDays(dateExamen, -2),
  }, bodies);
}
