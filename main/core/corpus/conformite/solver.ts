import { compareCodePoints } from '../../json/code-point-order.ts';
import { withinInclusive } from '../dates.ts';
import {
  combine,
  field,
  objectList,
  record,
  stringList,
  walkPages,
  type CriterionOutcome,
  type CriterionStatus,
  type Lookup,
} from '../solver-support.ts';
import type { PyObject } from '../../json/value.ts';
import { OBJETS_AVENANT } from './domain.ts';
import type { ConformiteReferentiel } from './referentiel.ts';

export interface ConformiteTarget {
  entite: string;
  activite: string;
}

export interface ConformiteOutcome {
  verdict: 'conforme' | 'non_conforme' | 'indeterminable';
  criteria: CriterionOutcome[];
}

const outcome = (id: string, status: CriterionStatus, reason: string): CriterionOutcome => ({ id, status, reason });

/** Existential criteria: one candidate established true suffices; otherwise precedence among the candidates. */
function anyCandidate(statuses: CriterionStatus[], none: CriterionStatus): CriterionStatus {
  if (statuses.length === 0) return none;
  if (statuses.includes('vrai')) return 'vrai';
  return statuses.includes('non_etabli') ? 'non_etabli' : 'faux';
}

function c1(entity: PyObject | undefined, entityPath: string, ref: ConformiteReferentiel): CriterionOutcome {
  if (!entity) return outcome('C1', 'non_etabli', `${entityPath}: no record (existe is not true)`);
  const statut = field(entity, 'statut');
  return statut === ref.statuts.entiteActive
    ? outcome('C1', 'vrai', `${entityPath}: statut ${statut}`)
    : outcome('C1', 'faux', `${entityPath}: statut ${String(statut)}, not ${ref.statuts.entiteActive}`);
}

function c2(lookup: Lookup, entity: PyObject, target: ConformiteTarget, ref: ConformiteReferentiel): CriterionOutcome {
  const activite = ref.activites.get(target.activite);
  if (!activite) return outcome('C2', 'non_etabli', `activity ${target.activite} is not in the referentiel`);
  const list = walkPages(lookup, activite.listeAgrees);
  const entries = list.pages.flatMap((page) => objectList(page, 'entrees'));
  const statuses: CriterionStatus[] = [];
  const reasons: string[] = [];
  for (const path of stringList(entity, 'agrements')) {
    const licence = record(lookup, path);
    if (!licence) {
      statuses.push('non_etabli');
      reasons.push(`${path} does not exist`);
      continue;
    }
    if (field(licence, 'activite') !== target.activite || field(licence, 'entite') !== target.entite) continue;
    const parts: CriterionStatus[] = [];
    const statut = field(licence, 'statut');
    const debut = field(licence, 'date_debut') ?? '';
    const fin = field(licence, 'date_fin_validite') ?? '';
    if (!withinInclusive(ref.dateExamen, debut, fin)) {
      parts.push('faux');
      reasons.push(`${path}: ${debut}..${fin} does not contain ${ref.dateExamen}`);
    }
    const entry = entries.find((e) => field(e, 'agrement') === path);
    if (!entry) {
      parts.push(list.complete ? 'faux' : 'non_etabli');
      reasons.push(`${path} is not on the published list ${activite.listeAgrees}`);
    } else if (field(entry, 'entite') !== target.entite || field(entry, 'statut') !== statut) {
      parts.push('non_etabli');
      reasons.push(`${path}: record says ${String(statut)}, the published list says ${String(field(entry, 'statut'))}`);
    } else if (statut !== ref.statuts.agrementActif) {
      parts.push('faux');
      reasons.push(`${path}: statut ${String(statut)}`);
    }
    statuses.push(combine(parts));
    if (parts.length === 0) reasons.push(`${path}: actif on ${ref.dateExamen} and listed`);
  }
  return outcome('C2', anyCandidate(statuses, 'faux'), reasons.join('; ') || 'no licence for the activity');
}

function c3(lookup: Lookup, entity: PyObject, target: ConformiteTarget, ref: ConformiteReferentiel): CriterionOutcome {
  const required = ref.activites.get(target.activite)?.attestationRequise;
  const statuses: CriterionStatus[] = [];
  const reasons: string[] = [];
  for (const path of stringList(entity, 'attestations')) {
    const attestation = record(lookup, path);
    if (!attestation) {
      statuses.push('non_etabli');
      reasons.push(`${path} does not exist`);
      continue;
    }
    if (field(attestation, 'type') !== required || field(attestation, 'entite') !== target.entite) continue;
    let end = field(attestation, 'date_fin_validite') ?? '';
    let excluded = false;
    let riderProblem = false;
    const riders: PyObject[] = [];
    for (const riderPath of stringList(attestation, 'avenants')) {
      const rider = record(lookup, riderPath);
      if (!rider || field(rider, 'attestation') !== path) {
        riderProblem = true;
        reasons.push(`${riderPath}: absent or not a rider of ${path}`);
      } else riders.push(rider);
    }
    const applicable = riders
      .filter((r) => (field(r, 'date_effet') ?? '9999-12-31') <= ref.dateExamen)
      .sort((a, b) => compareCodePoints(field(a, 'date_effet') ?? '', field(b, 'date_effet') ?? ''));
    for (const rider of applicable) {
      const objet = field(rider, 'objet');
      const newEnd = field(rider, 'nouvelle_date_fin');
      if (objet === OBJETS_AVENANT.prorogation && newEnd !== undefined) end = newEnd;
      if (objet === OBJETS_AVENANT.exclusion && field(rider, 'activite_exclue') === target.activite) excluded = true;
    }
    const parts: CriterionStatus[] = [];
    if (excluded) {
      parts.push('faux');
      reasons.push(`${path}: a rider excludes ${target.activite}`);
    }
    if (!withinInclusive(ref.dateExamen, field(attestation, 'date_emission') ?? '', end)) {
      parts.push('faux');
      reasons.push(`${path}: effective end ${end} is before ${ref.dateExamen}`);
    }
    if (riderProblem) parts.push('non_etabli');
    statuses.push(combine(parts));
    if (parts.length === 0) reasons.push(`${path}: valid until ${end}`);
  }
  return outcome('C3', anyCandidate(statuses, 'faux'), reasons.join('; ') || 'no attestation of the required type');
}

function c4c5(lookup: Lookup, entity: PyObject, ref: ConformiteReferentiel): CriterionOutcome[] {
  const first = field(entity, 'beneficiaires');
  const owners = first === undefined ? { pages: [], complete: false } : walkPages(lookup, first);
  const declared =
    owners.complete && owners.pages.every((p) => field(p, 'statut_declaration') === ref.statuts.declarationDeposee);
  const c4 = declared
    ? outcome('C4', 'vrai', `${owners.pages.length} page(s), declaration ${ref.statuts.declarationDeposee}`)
    : outcome('C4', 'non_etabli', `beneficial-owner declaration from ${String(first)} is absent, incomplete or not filed`);
  const people = owners.pages.flatMap((p) => objectList(p, 'entrees'));
  const list = walkPages(lookup, ref.listeMesures);
  const listed = list.pages.flatMap((p) => objectList(p, 'entrees'));
  const same = (a: PyObject, b: PyObject) => ref.champsCorrespondance.every((k) => field(a, k) === field(b, k));
  const match = people.find((person) => listed.some((entry) => same(person, entry)));
  let c5: CriterionOutcome;
  if (match) c5 = outcome('C5', 'faux', `${field(match, 'nom')} ${field(match, 'prenoms')} is on the list`);
  else if (!declared || !list.complete) c5 = outcome('C5', 'non_etabli', 'owners or the list could not be read whole');
  else c5 = outcome('C5', 'vrai', `none of ${people.length} owner(s) is on the list`);
  return [c4, c5];
}

/**
 * The reference solver (docs/corpus-format.md "2. Compliance track"): applies the referentiel's criteria C1–C5 and the
 * precedence of spec §5.3 to the served bodies. `corpus check` requires it to reproduce every expected verdict of the
 * answer key.
 */
export function solveConformite(lookup: Lookup, ref: ConformiteReferentiel, target: ConformiteTarget): ConformiteOutcome {
  const entity = record(lookup, target.entite);
  const criteria = [c1(entity, target.entite, ref)];
  if (entity) {
    criteria.push(c2(lookup, entity, target, ref), c3(lookup, entity, target, ref), ...c4c5(lookup, entity, ref));
  }
  const status = combine(criteria.map((c) => c.status));
  const verdict = status === 'faux' ? 'non_conforme' : status === 'non_etabli' ? 'indeterminable' : 'conforme';
  return { verdict, criteria };
}
