import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadCorpus } from '../../core/corpus/load-corpus.ts';
import type { Manifest } from '../../core/corpus/manifest.ts';
import { Problems } from '../../core/corpus/problems.ts';
import { publishedTrackFiles } from '../../core/corpus/published-files.ts';
import type { CorpusTree } from '../../core/corpus/tree.ts';
import { publicationFileText, type FreezePublication } from '../../core/freeze/publication.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import type { Result } from '../../core/result.ts';
import { documentBytes } from '../../core/scoring/documents.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { archiveTrustBundle, type ArchiveCode } from '../trust/archive-bundle.ts';
import { BUNDLE, inBundle, proofFile, REPLAY_BUNDLE_FORMAT, rekorFile } from './bundle-layout.ts';
import { manifestValue } from './bundled-corpus.ts';
import type { WrittenFile } from './staged-files.ts';

/** A proof view as the read store keeps it: its status and its bytes as served (null for a `null` answer). */
export interface BundledView {
  proofId: string;
  status: 'anchored' | 'pending' | 'absent' | 'refused';
  raw: Uint8Array | null;
  /** When the Trust Layer gave this answer (ms): a `null` answer is final only when read late enough (docs/scoring.md). */
  lastReadAtMs: number;
}

/** Everything a third party needs to replay a close offline (docs/replay-bundle.md). */
export interface BundleMaterial {
  season: number;
  track: string;
  /** The track folder as read (relative POSIX path → bytes); sealed/ is left out: the key is in the reveal. */
  corpus: CorpusTree;
  manifest: Manifest;
  publication: FreezePublication;
  freezeView: Uint8Array;
  freezeRekorEntry: Uint8Array | null;
  /** The reveal document's canonical text (freeze reveal). */
  revealText: string;
  submissions: Uint8Array;
  views: BundledView[];
  rekorEntries: { uuid: string; raw: Uint8Array }[];
  /** When the close read the Trust Layer and the log (ms): the witness limits are counted from `closes_at` to it. */
  closedAtMs: number;
  trust: { bundle: TrustBundle; dir: string };
}

async function putFile(
  bundleDir: string,
  relative: string,
  content: Uint8Array | string,
  written: WrittenFile[],
): Promise<void> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const target = inBundle(bundleDir, relative);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes, { flag: 'wx' });
  written.push({ path: relative, sha256: sha256Hex(bytes) });
}

/**
 * Writes a replay bundle into an empty `bundleDir`: corpus files, manifest, freeze publication, its proof view and
 * Rekor entry, the reveal, the submissions file, every cited view as served and every Rekor entry, the archived trust
 * bundle, and bundle.json indexing the views. The expected outputs are added once scored from this folder. Returns
 * every file written but the trust bundle's (its archive checks its own copy) with the SHA-256 of what was meant, for
 * the close to read back before it scores from them.
 */
export async function writeBundle(
  bundleDir: string,
  m: BundleMaterial,
): Promise<Result<{ files: number; written: WrittenFile[] }, ArchiveCode>> {
  const written: WrittenFile[] = [];
  const put = (relative: string, content: Uint8Array | string) => putFile(bundleDir, relative, content, written);
  let files = 0;
  // Only what the track folder publishes (its own indexes name it): a stray file in --corpus, or sealed/, is checked
  // by nothing, and the replay refuses a bundle holding a file no index lists (REPLAY_FILE_UNLISTED).
  const published = publishedTrackFiles(loadCorpus(m.corpus, new Problems()));
  for (const [file, bytes] of [...m.corpus].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!published.has(file)) continue;
    await put(`${BUNDLE.corpus}/${file}`, bytes);
    files++;
  }
  await put(BUNDLE.manifest, documentBytes(manifestValue(m.manifest)));
  await put(BUNDLE.publication, publicationFileText(m.publication));
  await put(BUNDLE.freezeProof, m.freezeView);
  if (m.freezeRekorEntry) await put(BUNDLE.freezeRekorEntry, m.freezeRekorEntry);
  await put(BUNDLE.reveal, `${m.revealText}\n`);
  await put(BUNDLE.submissions, m.submissions);
  files += 5 + (m.freezeRekorEntry ? 1 : 0);
  const proofs: [string, PyJson][] = [];
  for (const view of [...m.views].sort((a, b) => (a.proofId < b.proofId ? -1 : 1))) {
    if (view.raw !== null && view.status !== 'absent') {
      await put(proofFile(view.proofId), view.raw);
      files++;
    }
    const sha = view.raw !== null && view.status !== 'absent' ? sha256Hex(view.raw) : null;
    proofs.push([
      view.proofId,
      pyObjectFrom([
        ['status', view.status],
        ['sha256', sha],
        ['last_read_at', new Date(view.lastReadAtMs).toISOString()],
      ]),
    ]);
  }
  const rekor: [string, PyJson][] = [];
  for (const entry of [...m.rekorEntries].sort((a, b) => (a.uuid < b.uuid ? -1 : 1))) {
    await put(rekorFile(entry.uuid), entry.raw);
    rekor.push([entry.uuid, sha256Hex(entry.raw)]);
    files++;
  }
  const archived = await archiveTrustBundle(m.trust.bundle, m.trust.dir, inBundle(bundleDir, BUNDLE.trust));
  if (!archived.ok) return archived;
  files += archived.value.files.length;
  const index = pyObjectFrom([
    ['format', REPLAY_BUNDLE_FORMAT],
    ['season', BigInt(m.season)],
    ['track', m.track],
    ['freeze_proof_id', m.publication.in_force],
    ['closed_at', new Date(m.closedAtMs).toISOString()],
    ['trust_bundle_digest', archived.value.digest],
    ['proofs', pyObjectFrom(proofs)],
    ['rekor_entries', pyObjectFrom(rekor)],
  ]);
  await put(BUNDLE.index, documentBytes(index));
  return { ok: true, value: { files: files + 1, written } };
}
