import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { buildIndexDocument, type TrackPublication } from '../../core/index/build-index.ts';
import { indexJsonText, parseIndexJson } from '../../core/index/index-json.ts';
import { DEFAULT_HUMOUR_MARKERS, DEFAULT_MODEL_AND_PROVIDER_NAMES } from '../../core/index/lint/name-lists.ts';
import { lintIndex, type KnownSecret, type LintFinding } from '../../core/index/lint/lint-index.ts';
import { buildManifest, manifestBytes } from '../../core/index/manifest.ts';
import type { IndexDocument } from '../../core/index/model.ts';
import { renderIndexFiles } from '../../core/index/render-files.ts';
import { signManifest } from '../../core/index/signature.ts';
import { canonical } from '../../core/json/canonical.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import {
  displayNamesOf,
  indexVersionOf,
  insertIndexVersion,
  insertSigningKey,
  latestIndexVersion,
  referenceRunsOf,
  unrevealedSeals,
} from '../../db/index-exports.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import { trackPublication, TRACKS } from './gather-publications.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from './signing-key.ts';

export type IndexExportCode =
  | 'INDEX_NOTHING_PUBLISHED'
  | 'INDEX_VERSION_NOT_FOUND'
  | 'INDEX_SIGNING_KEY_UNREADABLE'
  | 'INDEX_SIGNING_KEY_CHANGED'
  | 'INDEX_LINT_FAILED'
  | 'INDEX_OUT_NOT_EMPTY'
  | 'INDEX_JSON_INVALID'
  | 'INDEX_EXPORTED_MEANWHILE';

export interface IndexExportOptions {
  season: number;
  /** An Index version already exported: its files are written again, byte for byte. Default: the latest publications. */
  version?: number;
  outDir: string;
  clock: Clock;
  actor: string;
  /** The signing key file (default: index-signing-key.pem beside the database). */
  keyFile?: string;
  /** The model and provider names of LINT_MODEL_NAME_NEGATIVE (default: the shipped list). */
  modelNames?: readonly string[];
  humourMarkers?: readonly string[];
  /** Values no file may hold, besides those the database knows (the corpus secret, tokens at hand). */
  extraSecrets?: readonly KnownSecret[];
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
  files: number;
  rows: number;
  outDir: string;
  audit: AuditHead;
}

export type IndexExportResult = Result<IndexExportOutcome, IndexExportCode> & { findings?: LintFinding[] };

class Refused extends Error {
  constructor(
    readonly code: IndexExportCode,
    message: string,
  ) {
    super(message);
  }
}

/** The document for the latest publications, numbered as a new version after `latest` unless nothing changed. */
function currentDocument(
  db: Db,
  o: IndexExportOptions,
  key: { publicKeyHex: string; keyId: string },
): { doc: IndexDocument; isNew: boolean; reportBytes: Map<string, Uint8Array> } | null {
  const tracks: TrackPublication[] = [];
  const reportBytes = new Map<string, Uint8Array>();
  for (const track of TRACKS) {
    const p = trackPublication(db, o.season, track);
    if (!p) continue;
    tracks.push(p.publication);
    for (const [k, v] of p.reportBytes) reportBytes.set(k, v);
  }
  if (tracks.length === 0) return null;
  const refs = referenceRunsOf(db, o.season);
  const input = {
    season: o.season,
    signingKey: key,
    tracks,
    displayNames: displayNamesOf(db, o.season),
    referenceRuns: new Map(
      [...refs].map(([id, r]) => [
        id,
        { model: r.model, modelVersion: r.modelVersion, framework: r.framework, promptSha256: r.promptSha256 },
      ]),
    ),
  };
  const latest = latestIndexVersion(db, o.season);
  if (latest) {
    // Nothing changed since the latest version (same publications, names, marks, key): write it again as it was.
    const same = buildIndexDocument({
      ...input,
      indexVersion: latest.indexVersion,
      correctsVersion: latest.correctsVersion,
      exportedAtMs: latest.exportedAtMs,
    });
    if (indexJsonText(same) === new TextDecoder().decode(latest.indexJson))
      return { doc: same, isNew: false, reportBytes };
  }
  const doc = buildIndexDocument({
    ...input,
    indexVersion: (latest?.indexVersion ?? 0) + 1,
    correctsVersion: latest?.indexVersion ?? null,
    exportedAtMs: o.clock.now(),
  });
  return { doc, isNew: true, reportBytes };
}

/** A stored version's document and the report bytes of the publications it shows. */
function storedDocument(db: Db, season: number, version: number) {
  const row = indexVersionOf(db, season, version);
  if (!row) return null;
  const parsed = parseIndexJson(new TextDecoder().decode(row.indexJson));
  if (!parsed.ok) return parsed;
  const reportBytes = new Map<string, Uint8Array>();
  for (const s of parsed.value.tracks) {
    const p = trackPublication(db, season, s.track, s.publication.version);
    for (const [k, v] of p?.reportBytes ?? []) reportBytes.set(k, v);
  }
  return ok({ doc: parsed.value, reportBytes });
}

function isEmptyOrAbsent(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * `proveit index export` (issue 13, docs/index-export.md): builds the season's Index from its publication versions
 * (both tracks, never merged), renders HTML (French and English), JSON and CSV, runs the publication linter (any
 * finding blocks the export: nothing is written, nothing recorded), lists every file and row in manifest.json, signs
 * it with the operator's Ed25519 key, writes the folder, and records the version and an `index.export` audit entry
 * (with the public key) in one transaction. The console's demo (issue 14) calls this function.
 */
export function exportIndex(db: Db, o: IndexExportOptions): IndexExportResult {
  const key = loadOrCreateSigningKey(o.keyFile ?? defaultKeyFile(db.name));
  if (!key.ok) return key;
  const k = key.value;
  let doc: IndexDocument;
  let reportBytes: Map<string, Uint8Array>;
  let isNew = false;
  if (o.version !== undefined) {
    const stored = storedDocument(db, o.season, o.version);
    if (stored === null)
      return fail(
        'INDEX_VERSION_NOT_FOUND',
        `season ${o.season} has no Index version ${o.version}: omit --version to export the latest publications`,
        { season: o.season, version: o.version },
      );
    if (!stored.ok) return stored;
    ({ doc, reportBytes } = stored.value);
  } else {
    const current = currentDocument(db, o, k);
    if (current === null)
      return fail(
        'INDEX_NOTHING_PUBLISHED',
        `season ${o.season} has no publication: run proveit season publish first`,
        { season: o.season },
      );
    ({ doc, reportBytes, isNew } = current);
  }
  if (doc.signing_key.public_key !== k.publicKeyHex)
    return fail(
      'INDEX_SIGNING_KEY_CHANGED',
      `Index version ${doc.index_version} was signed with key ${doc.signing_key.key_id}, not with the key in use (${k.keyId}): give that key's file with --key-file`,
      { expected: doc.signing_key.key_id, actual: k.keyId },
    );
  const prompts = new Map([...referenceRunsOf(db, o.season)].map(([id, r]) => [id, r.prompt]));
  const files = renderIndexFiles(doc, { reportJson: reportBytes, prompts });

  const secrets: KnownSecret[] = [
    { kind: 'operator signing key (PEM)', value: k.pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '') },
    { kind: 'operator signing key (hex)', value: Buffer.from(k.privateKey).toString('hex') },
    ...unrevealedSeals(db, o.season).flatMap((s) => [
      { kind: `freeze salt before reveal (${s.proofId})`, value: s.saltHex },
      { kind: `answer key before reveal (${s.proofId})`, value: s.answerKey },
    ]),
    ...(o.extraSecrets ?? []),
  ];
  const findings = lintIndex({
    doc,
    files,
    modelNames: [
      ...(o.modelNames ?? DEFAULT_MODEL_AND_PROVIDER_NAMES),
      ...[...referenceRunsOf(db, o.season).values()].map((r) => r.model),
    ],
    humourMarkers: o.humourMarkers ?? DEFAULT_HUMOUR_MARKERS,
    secrets,
  });
  if (findings.length > 0)
    return {
      ...fail('INDEX_LINT_FAILED', `the publication linter found ${findings.length} problem(s); nothing is written`, {
        findings,
      }),
      findings,
    };

  const outDir = resolve(o.outDir);
  if (!isEmptyOrAbsent(outDir))
    return fail(
      'INDEX_OUT_NOT_EMPTY',
      `${outDir} is not empty: give a new folder (an export is verified file by file, an extra file fails)`,
      { out: outDir },
    );
  const manifest = manifestBytes(buildManifest(doc, files));
  const signature = signManifest(manifest, k.privateKey);
  const manifestSha256 = sha256Hex(manifest);

  // Files go to a sibling folder first and are moved into place once the version is recorded.
  const staging = join(dirname(outDir), `.${o.clock.now().toString(36)}-${process.pid}-index-export-staging`);
  rmSync(staging, { recursive: true, force: true });
  for (const [path, bytes] of [
    ...files,
    ['manifest.json', manifest] as const,
    ['manifest.sig.json', signature] as const,
  ]) {
    const target = join(staging, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  const publications = doc.tracks.map((s) => ({ track: s.track, version: s.publication.version }));
  const record = db.transaction((): AuditHead => {
    if (isNew) {
      const latest = latestIndexVersion(db, o.season);
      if ((latest?.indexVersion ?? 0) !== doc.index_version - 1)
        throw new Refused(
          'INDEX_EXPORTED_MEANWHILE',
          `another export recorded Index version ${latest?.indexVersion} meanwhile: run the command again`,
        );
      insertSigningKey(db, k.keyId, k.publicKeyHex, o.clock.now());
      const indexJson = files.get('index.json')!;
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
        // Issue 13: the public key is published with the Index and in the audit log.
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
  });
  let head: AuditHead;
  try {
    head = record.immediate();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof Refused) return fail(error.code, error.message);
    throw error;
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(staging, outDir);
  return ok({
    season: o.season,
    indexVersion: doc.index_version,
    correctsVersion: doc.corrects_version,
    newVersion: isNew,
    exportedAt: doc.exported_at,
    manifestSha256,
    keyId: k.keyId,
    publicKey: k.publicKeyHex,
    keyCreated: k.created,
    publications,
    files: files.size + 2,
    rows: doc.tracks.reduce((n, s) => n + s.reference_runs.length + s.community.length, 0),
    outDir,
    audit: head,
  });
}
