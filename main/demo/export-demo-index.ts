import { join } from 'node:path';
import { fail, ok, type Result } from '../core/result.ts';
import { exportIndex, lintFindingsOf } from '../services/index-export/export-index.ts';
import { markReferenceRun } from '../services/index-export/participants.ts';
import type { DemoSummary } from '../core/demo/demo-progress.ts';
import { DEMO_ACTOR, type DemoRun, type Participant } from './demo-run.ts';

/**
 * The reference run marked as such (spec §7.1), then the season's signed Index exported into OUT/index
 * (docs/index-export.md); a linter finding stops the demo with the findings in its details.
 */
export function exportDemoIndex(run: DemoRun, participants: readonly Participant[]): Result<DemoSummary['index']> {
  const { db, clock, season } = run;
  const reference = participants.find((p) => p.agent === 'reference') as Participant;
  const marked = markReferenceRun(db, {
    season,
    participantId: reference.participantId,
    model: 'scripted-reference',
    modelVersion: '1',
    framework: 'proveit demo',
    prompt: new TextEncoder().encode('Answer each task with the key verdict and its grounding facts (demo script).\n'),
    clock,
    actor: DEMO_ACTOR,
  });
  if (!marked.ok) return marked;
  run.emit('export', 'exporting the signed Index (French and English, manifest.json signed)');
  const indexDir = join(run.outDir, 'index');
  const indexed = exportIndex(db, { season, outDir: indexDir, clock, actor: DEMO_ACTOR });
  if (!indexed.ok)
    return fail(indexed.error.code, indexed.error.message, {
      ...(indexed.error.details ?? {}),
      findings: lintFindingsOf(indexed.error),
    });
  return ok({
    out: indexDir,
    version: indexed.value.indexVersion,
    manifestSha256: indexed.value.manifestSha256,
    keyId: indexed.value.keyId,
    files: indexed.value.files,
  });
}
