import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import type { StoredView } from '../../db/proof-views.ts';
import { BUNDLE, inBundle } from './bundle-layout.ts';
import type { CloseMaterial } from './close-material.ts';
import type { FreezeMaterial } from './close-reads.ts';
import type { CloseSeasonInput } from './close-input.ts';
import { scoreBundle, type OutputFile, type ScoredBundle } from './score-bundle.ts';
import { checkWrittenFiles, type WrittenFile } from './staged-files.ts';
import { writeBundle, type BundledView } from './write-bundle.ts';

async function writeOutputs(dir: string, files: readonly OutputFile[]): Promise<WrittenFile[]> {
  for (const f of files) {
    const target = join(dir, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.bytes, { flag: 'wx' });
  }
  return files.map((f) => ({ path: f.path, sha256: sha256Hex(f.bytes) }));
}

/** The close's one failure for a bundle the scorer refuses: the first reason's code, every reason in the message. */
function closeRefusal(failures: Failure[]) {
  const message = failures.map((f) => `${f.code}: ${f.message}`).join('\n');
  return fail(failures[0]?.code ?? 'CLOSE_REFUSED', message, { failures });
}

/**
 * The close's bundle and its score (docs/replay-bundle.md): write the bundle beside OUT's final place, read it back,
 * score FROM it with the function `season replay` runs (so a close and its replay are the same computation), write
 * expected/, and only then move the bundle into place and write the outputs. Every file is read back against the
 * SHA-256 it was written with.
 */
export async function bundleAndScore(
  input: CloseSeasonInput,
  material: CloseMaterial,
  stored: ReadonlyMap<string, StoredView>,
  freeze: FreezeMaterial,
  rekorOf: (uuid: string | null) => Uint8Array | null,
): Promise<Result<{ scored: ScoredBundle; bundleDir: string }>> {
  const { season, track } = input;
  const views: BundledView[] = material.citedIds.map((id) => {
    const v = stored.get(id)!;
    return { proofId: id, status: v.status, raw: v.raw, lastReadAtMs: v.lastReadAt };
  });
  const rekorEntries = new Map<string, Uint8Array>();
  for (const id of material.citedIds) {
    const uuid = stored.get(id)!.rekorUuid;
    const raw = rekorOf(uuid);
    if (uuid !== null && raw !== null) rekorEntries.set(uuid, raw);
  }
  const staging = join(input.outDir, '.bundle-partial');
  const written = await writeBundle(staging, {
    season,
    track,
    corpus: material.tree,
    manifest: material.manifest,
    publication: material.publication,
    freezeView: freeze.view,
    freezeRekorEntry: rekorOf(freeze.rekorUuid),
    revealText: material.revealText,
    submissions: material.submissionsInBundle,
    views,
    rekorEntries: [...rekorEntries].map(([uuid, raw]) => ({ uuid, raw })),
    closedAtMs: input.clock.now(),
    trust: { bundle: material.trust, dir: input.trustDir },
  });
  if (!written.ok) return written;
  const staged = await checkWrittenFiles(staging, written.value.written);
  if (!staged.ok) return staged;
  const scoring = await scoreBundle(staging, { season, track });
  if (!scoring.ok) return closeRefusal(scoring.error);
  const scored = scoring.value;
  const expectedDir = inBundle(staging, BUNDLE.expected);
  const expected = await checkWrittenFiles(expectedDir, await writeOutputs(expectedDir, scored.files));
  if (!expected.ok) return expected;
  const bundleDir = join(input.outDir, 'bundle');
  await rename(staging, bundleDir);
  const outputs = await checkWrittenFiles(input.outDir, await writeOutputs(input.outDir, scored.files));
  if (!outputs.ok) return outputs;
  return ok({ scored, bundleDir });
}
