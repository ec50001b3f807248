import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import type { LintFinding } from '../../core/index/lint/lint-index.ts';
import { buildManifest, manifestBytes } from '../../core/index/manifest.ts';
import { signManifest } from '../../core/index/signature.ts';
import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import { insertIndexVersion, insertSigningKey, latestIndexVersion } from '../../db/index-exports.ts';
import type { Db } from '../../db/open-database.ts';
import { inTransaction, Refused } from '../refused.ts';
import { writeFaultOf, type WriteFaultCode } from '../write-fault.ts';
import { draftIndex, type IndexDraft, type IndexDraftCode, type IndexDraftOptions } from './draft-index.ts';
import { withReplayKit, type ReplayFilesCode } from './replay-files.ts';

export type IndexExportCode =
  | IndexDraftCode
  | ReplayFilesCode
  | WriteFaultCode
  | 'INDEX_LINT_FAILED'
  | 'INDEX_OUT_NOT_EMPTY'
  | 'INDEX_EXPORTED_MEANWHILE';

export interface IndexExportOptions extends IndexDraftOptions {
  outDir: string;
  actor: string;
}

export interface IndexExportOutcome {
  season: number;
  indexVersion: number;
  correctsVersion: number | null;
  /** false when the latest version was written again (nothing changed since, or --version). */
  newVersion: boolean;
  exportedAt: string;
  manifestSha256: string;
  keyId: string;
  publicKey: string;
  keyCreated: boolean;
  publications: { track: string; version: number }[];
  /** Every file written: the `listedFiles` the signed manifest lists, manifest.json and manifest.sig.json. */
  files: number;
  /** The files the signed manifest lists: what `index verify` counts ("signature and N files verified"). */
  listedFiles: number;
  rows: number;
  outDir: string;
  audit: AuditHead;
}

export type IndexExportResult = Result<IndexExportOutcome, IndexExportCode>;

/** The linter's findings an INDEX_LINT_FAILED failure carries in its details; none for any other failure. */
export function lintFindingsOf(failure: Failure): LintFinding[] {
  return failure.code === 'INDEX_LINT_FAILED' ? (failure.details?.['findings'] as LintFinding[]) : [];
}

/** Removes the staging folder; false when the disk refused even that. */
function removeStaging(staging: string): boolean {
  try {
    rmSync(staging, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

const staged = (removed: boolean) =>
  removed
    ? 'nothing was exported or recorded, and the staged files were removed'
    : 'nothing was exported or recorded, but the staged files beside --out could not all be removed';

/** An export moved into place whose record did not commit goes back to the staging folder (then removed). */
function moveBack(outDir: string, staging: string): void {
  try {
    renameSync(outDir, staging);
  } catch {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function isEmptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

interface SignedFiles {
  /** Every file the manifest lists, sorted by path. */
  files: Map<string, Uint8Array>;
  manifest: Uint8Array;
  signature: Uint8Array;
  manifestSha256: string;
}

/**
 * The pages, the replay bundles and the replay kit, listed in one manifest and signed (docs/replay-bundle.md "The
 * replay kit": the replay bundles and the kit, beside the pages and listed in the same signed manifest).
 */
function signedFiles(draft: IndexDraft): Result<SignedFiles, IndexExportCode> {
  if (!draft.bundles.ok) return draft.bundles;
  const replay = withReplayKit(draft.bundles.value);
  if (!replay.ok) return replay;
  const files = new Map([...draft.files, ...replay.value].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const manifest = manifestBytes(buildManifest(draft.doc, files));
  const signature = signManifest(manifest, draft.key.privateKey);
  return ok({ files, manifest, signature, manifestSha256: sha256Hex(manifest) });
}

/** Writes every file into the staging folder; on a failure, the error and whether the staged files were removed. */
function stage(
  staging: string,
  entries: readonly (readonly [string, Uint8Array])[],
): { error: unknown; removed: boolean } | undefined {
  try {
    rmSync(staging, { recursive: true, force: true });
    for (const [path, bytes] of entries) {
      const target = join(staging, ...path.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    }
    return undefined;
  } catch (error) {
    return { error, removed: removeStaging(staging) };
  }
}

/**
 * Records a new version (refused when another export recorded one meanwhile) and the `index.export` audit entry;
 * runs inside the export's transaction.
 */
function recordExport(
  db: Db,
  o: IndexExportOptions,
  { doc, files: pages, isNew, key: k }: IndexDraft,
  publications: { track: string; version: number }[],
  manifestSha256: string,
): AuditHead {
  if (isNew) {
    const latest = latestIndexVersion(db, o.season);
    if ((latest?.indexVersion ?? 0) !== doc.index_version - 1)
      throw new Refused<IndexExportCode>({
        code: 'INDEX_EXPORTED_MEANWHILE',
        message: `another export recorded Index version ${latest?.indexVersion} meanwhile: run the command again`,
      });
    insertSigningKey(db, k.keyId, k.publicKeyHex, o.clock.now());
    const indexJson = pages.get('index.json')!;
    insertIndexVersion(db, {
      season: o.season,
      indexVersion: doc.index_version,
      correctsVersion: doc.corrects_version,
      exportedAtMs: Date.parse(doc.exported_at),
      actor: o.actor,
      keyId: k.keyId,
      publicationsJson: canonical(pyObjectFrom(publications.map((p) => [p.track, BigInt(p.version)] as const))),
      indexJson,
      indexSha256: sha256Hex(indexJson),
    });
  }
  return appendAudit(db, {
    atMs: o.clock.now(),
    actor: o.actor,
    action: 'index.export',
    summary: `exported season ${o.season} Index version ${doc.index_version}${isNew ? '' : ' again'} (manifest ${manifestSha256.slice(0, 16)})`,
    details: pyObjectFrom([
      ['season', BigInt(o.season)],
      ['index_version', BigInt(doc.index_version)],
      ['corrects_version', doc.corrects_version === null ? null : BigInt(doc.corrects_version)],
      ['new_version', isNew],
      ['manifest_sha256', manifestSha256],
      ['key_id', k.keyId],
      // The public key is published with the Index and in the audit log.
      ['public_key', k.publicKeyHex],
      [
        'publications',
        publications.map((p) =>
          pyObjectFrom([
            ['track', p.track],
            ['version', BigInt(p.version)],
          ]),
        ),
      ],
    ]),
  });
}

/**
 * Records the version and its audit entry and moves the staged folder into place, in one transaction: a move the
 * disk refuses rolls the record back, and a commit that fails after the move puts the folder back.
 */
function commitExport(
  db: Db,
  o: IndexExportOptions,
  draft: IndexDraft,
  c: {
    publications: { track: string; version: number }[];
    manifestSha256: string;
    outDir: string;
    staging: string;
    writeFault: (error: unknown, left: string) => Failure<WriteFaultCode> | undefined;
  },
): Result<AuditHead, IndexExportCode> {
  const { outDir, staging, writeFault } = c;
  const writeRecord = (): AuditHead => {
    const head = recordExport(db, o, draft, c.publications, c.manifestSha256);
    // Last, still inside the transaction: a move the disk refuses rolls the record back.
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(dirname(outDir), { recursive: true });
    renameSync(staging, outDir);
    moved = true;
    return head;
  };
  let moved = false;
  let recorded: Result<AuditHead, IndexExportCode> | undefined;
  try {
    recorded = inTransaction(db, writeRecord);
  } catch (error) {
    // The commit itself failed after the move (the database's disk full): the folder goes back to staging, so
    // nothing is in place for a version that is not recorded.
    if (moved) moveBack(outDir, staging);
    const fault = writeFault(error, staged(removeStaging(staging)));
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  } finally {
    // Nothing recorded (refused or failed), nothing moved into place: the staged files go.
    if (!recorded?.ok) removeStaging(staging);
  }
  return recorded;
}

/**
 * `proveit index export` (docs/index-export.md): builds the season's Index from its publication versions
 * (both tracks, never merged), renders HTML (French and English), JSON and CSV, runs the publication linter (the
 * draft, draft-index.ts; any finding blocks the export: nothing is written, nothing recorded), lists every file and row in manifest.json, signs
 * it with the operator's Ed25519 key together with each track's replay bundle and the replay kit (replay-files.ts),
 * writes the folder, and records the version and an `index.export` audit entry
 * (with the public key) in one transaction. The console's demo (docs/console-backend.md "First start and the demo
 * season") calls this function.
 */
export function exportIndex(db: Db, o: IndexExportOptions): IndexExportResult {
  const drafted = draftIndex(db, o);
  if (!drafted.ok) return drafted;
  const draft = drafted.value;
  const { doc, findings } = draft;
  if (findings.length > 0)
    return fail('INDEX_LINT_FAILED', `the publication linter found ${findings.length} problem(s); nothing is written`, {
      findings,
    });

  const outDir = resolve(o.outDir);
  if (!isEmptyOrAbsent(outDir))
    return fail(
      'INDEX_OUT_NOT_EMPTY',
      `${outDir} is not empty: give a new folder (an export is verified file by file, an extra file fails)`,
      { out: outDir },
    );
  const signed = signedFiles(draft);
  if (!signed.ok) return signed;
  const { files, manifest, signature, manifestSha256 } = signed.value;

  // Files go to a sibling folder first and are moved into place in the transaction that records the version, so a
  // version is recorded only with its folder in place, and a folder is in place only with its version recorded
  // (docs/index-export.md; docs/operator-database.md "File write faults").
  const staging = join(dirname(outDir), `.${o.clock.now().toString(36)}-${process.pid}-index-export-staging`);
  const writeFault = (error: unknown, left: string) =>
    writeFaultOf(error, {
      target: outDir,
      writing: 'the Index export',
      left,
      elsewhere: 'give --out a new folder on another disk',
    });
  const stagedFault = stage(staging, [
    ...files,
    ['manifest.json', manifest] as const,
    ['manifest.sig.json', signature] as const,
  ]);
  if (stagedFault !== undefined) {
    const fault = writeFault(stagedFault.error, staged(stagedFault.removed));
    if (fault === undefined) throw stagedFault.error;
    return { ok: false, error: fault };
  }
  const publications = doc.tracks.map((s) => ({ track: s.track, version: s.publication.version }));
  const recorded = commitExport(db, o, draft, { publications, manifestSha256, outDir, staging, writeFault });
  if (!recorded.ok) return recorded;
  return ok({
    season: o.season,
    indexVersion: doc.index_version,
    correctsVersion: doc.corrects_version,
    newVersion: draft.isNew,
    exportedAt: doc.exported_at,
    manifestSha256,
    keyId: draft.key.keyId,
    publicKey: draft.key.publicKeyHex,
    keyCreated: draft.key.created,
    publications,
    files: files.size + 2,
    listedFiles: files.size,
    rows: doc.tracks.reduce((n, s) => n + s.reference_runs.length + s.community.length, 0),
    outDir,
    audit: recorded.value,
  });
}
