import { fail, ok, type Failure } from '../../result.ts';
import type { ParsedKeyTask } from '../parse-tasks-and-key.ts';
import type { TrackDefinition } from '../track-definition.ts';
import { CONFORMITE_BREAKDOWN, CONFORMITE_COLLECTIONS, CONFORMITE_VERDICTS } from './domain.ts';
import { CONFORMITE_RULES_VERSION } from './generate.ts';
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

export const CONFORMITE_TRACK: TrackDefinition = {
  name: 'conformite',
  rulesVersion: CONFORMITE_RULES_VERSION,
  taskPrefix: 'conf',
  collections: CONFORMITE_COLLECTIONS,
  verdicts: CONFORMITE_VERDICTS,
  probative: CONFORMITE_PROBATIVE,
  required: CONFORMITE_REQUIRED,
  isVerdict: (verdict) => (CONFORMITE_VERDICTS as readonly string[]).includes(verdict),
  targetKeys: ['entite', 'activite'],
  checkBreakdown,
  solve(lookup, referentiel, target) {
    const ref = readConformiteReferentiel(referentiel);
    if (!ref.ok) return ref;
    return ok(solveConformite(lookup, ref.value, { entite: target['entite'] ?? '', activite: target['activite'] ?? '' }));
  },
};
