import { fail, ok, type Failure } from '../../result.ts';
import { isEntryPointer, listEntry } from '../common-entries.ts';
import { pageChain, strings, type DerivedGraph } from '../task-graph.ts';
import { isPyObject, type PyJson } from '../../json/value.ts';
import { field, objectList, record, walkPages, type Lookup } from '../solver-support.ts';
import type { ParsedKeyTask } from '../parse-tasks-and-key.ts';
import type { TrackDefinition } from '../track-definition.ts';
import { CONFORMITE_BREAKDOWN, CONFORMITE_COLLECTIONS, CONFORMITE_VERDICTS } from './domain.ts';
import { CONFORMITE_RULES_VERSION } from './generate.ts';
import { CONFORMITE_REFERENCES } from './references.ts';
import { readConformiteReferentiel } from './referentiel.ts';
import { solveConformite } from './solver.ts';

/** Spec §5.7, the probative-field table, verbatim. */
export const CONFORMITE_PROBATIVE: Record<string, readonly string[]> = {
  '/entites/': ['/existe', '/statut', '/agrements', '/agrements/<n>', '/attestations', '/attestations/<n>', '/beneficiaires'],
  '/agrements/': ['/existe', '/entite', '/activite', '/statut', '/date_debut', '/date_fin_validite'],
  '/attestations/': ['/existe', '/entite', '/type', '/date_emission', '/date_fin_validite', '/avenants', '/avenants/<n>'],
  '/avenants/': ['/existe', '/attestation', '/objet', '/date_effet', '/nouvelle_date_fin', '/activite_exclue'],
  '/listes/agrees/': ['/entrees/<n>/agrement', '/entrees/<n>/entite', '/entrees/<n>/statut'],
  '/beneficiaires/': [
    '/statut_declaration',
    '/entrees/<n>/nom',
    '/entrees/<n>/prenoms',
    '/entrees/<n>/date_naissance',
    '/page_suivante',
  ],
  '/mesures-restrictives/': ['/entrees/<n>/nom', '/entrees/<n>/prenoms', '/entrees/<n>/date_naissance'],
};

/** What the criteria C1–C5 read; page_suivante is how the solver walks a paged list. */
export const CONFORMITE_REQUIRED = {
  '/entites/': { fields: ['existe', 'statut', 'agrements', 'attestations', 'beneficiaires'] },
  '/agrements/': { fields: ['existe', 'entite', 'activite', 'statut', 'date_debut', 'date_fin_validite'] },
  '/attestations/': { fields: ['existe', 'entite', 'type', 'date_emission', 'date_fin_validite', 'avenants'] },
  '/avenants/': { fields: ['existe', 'attestation', 'objet', 'date_effet', 'nouvelle_date_fin', 'activite_exclue'] },
  '/listes/agrees/': { fields: ['existe', 'entrees', 'page_suivante'], entryFields: ['agrement', 'entite', 'statut'] },
  '/beneficiaires/': {
    fields: ['existe', 'statut_declaration', 'entrees', 'page_suivante'],
    entryFields: ['nom', 'prenoms', 'date_naissance'],
  },
  '/mesures-restrictives/': {
    fields: ['existe', 'entrees', 'page_suivante'],
    entryFields: ['nom', 'prenoms', 'date_naissance'],
  },
};

function checkBreakdown(tasks: readonly ParsedKeyTask[]): Failure[] {
  const counts: Record<string, number> = {};
  for (const t of tasks) counts[t.verdict] = (counts[t.verdict] ?? 0) + 1;
  const problems: Failure[] = [];
  for (const [verdict, expected] of Object.entries(CONFORMITE_BREAKDOWN)) {
    if ((counts[verdict] ?? 0) !== expected) {
      problems.push(
        fail(
          'CORPUS_KEY_BREAKDOWN',
          `the key expects ${counts[verdict] ?? 0} '${verdict}' verdict(s); spec §5.5 publishes ${expected}`,
          { verdict, expected, actual: counts[verdict] ?? 0 },
        ).error,
      );
    }
  }
  return problems;
}

/**
 * Spec §5.2: on the licensed list, an entry whose `entite` is the target; on the restrictive-measures list, an entry
 * whose nom and prenoms are those of one of the target's beneficial owners.
 */
function concernsTarget(lookup: Lookup, target: Record<string, string>, resource: string, pointer: string): boolean {
  const common = resource.startsWith('/listes/agrees/') || resource.startsWith('/mesures-restrictives/');
  if (!common) return true;
  if (!isEntryPointer(pointer, 'entrees')) return false;
  const entry = listEntry(lookup(resource), pointer, 'entrees');
  if (!entry) return false;
  if (resource.startsWith('/listes/agrees/')) return field(entry, 'entite') === target['entite'];
  const entity = record(lookup, target['entite'] ?? '');
  const first = entity ? field(entity, 'beneficiaires') : undefined;
  const owners = first ? walkPages(lookup, first).pages.flatMap((p) => objectList(p, 'entrees')) : [];
  return owners.some((o) => field(o, 'nom') === field(entry, 'nom') && field(o, 'prenoms') === field(entry, 'prenoms'));
}

/**
 * Spec §5.2: the entity's record, its licences, its attestations and their riders, its beneficial-owner pages (own);
 * the pages of the licensed list of the activity and of the restrictive-measures list (common).
 */
function taskGraph(lookup: Lookup, referentiel: PyJson, target: Record<string, string>): DerivedGraph {
  const entity = target['entite'] ?? '';
  const body = lookup(entity);
  const own = [entity, ...strings(body, 'agrements')];
  for (const attestation of strings(body, 'attestations')) own.push(attestation, ...strings(lookup(attestation), 'avenants'));
  own.push(...pageChain(lookup, strings(body, 'beneficiaires')[0]));
  const activites = isPyObject(referentiel) && Array.isArray(referentiel['activites']) ? referentiel['activites'] : [];
  const activite = activites.find((a) => isPyObject(a) && a['code'] === target['activite']);
  const common = [
    ...pageChain(lookup, strings(activite, 'liste_agrees')[0]),
    ...pageChain(lookup, strings(referentiel, 'liste_mesures_restrictives')[0]),
  ];
  return { own, common };
}

export const CONFORMITE_TRACK: TrackDefinition = {
  name: 'conformite',
  rulesVersion: CONFORMITE_RULES_VERSION,
  taskPrefix: 'conf',
  collections: CONFORMITE_COLLECTIONS,
  references: CONFORMITE_REFERENCES,
  verdicts: CONFORMITE_VERDICTS,
  probative: CONFORMITE_PROBATIVE,
  required: CONFORMITE_REQUIRED,
  isVerdict: (verdict) => (CONFORMITE_VERDICTS as readonly string[]).includes(verdict),
  targetKeys: ['entite', 'activite'],
  checkBreakdown,
  concernsTarget,
  taskGraph,
  solve(lookup, referentiel, target) {
    const ref = readConformiteReferentiel(referentiel);
    if (!ref.ok) return ref;
    return ok(solveConformite(lookup, ref.value, { entite: target['entite'] ?? '', activite: target['activite'] ?? '' }));
  },
};
