import { parseNameList } from '../core/index/lint/name-lists.ts';
import { ok, type Result } from '../core/result.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { exportIndex, lintFindingsOf } from '../services/index-export/export-index.ts';
import { anchorAndRecord as anchorAndRecordIndex } from '../services/index-export/anchor-and-record.ts';
import { defaultKeyFile, readSigningKey } from '../services/index-export/signing-key.ts';
import { verifyIndexFolder } from '../services/index-export/verify-index.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { fileProblem, readTextArgumentSync } from './file-arguments.ts';
import { readSecretFile } from './secret-file.ts';
import { publicKeyOption } from './public-key-file.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { group, may, need, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';

const ANCHOR_TRUST_LAYER = need('trust-layer', { help: 'the Trust Layer the manifest hash is anchored through' });
const ANCHOR_SEASON_BASE = need('season-base', { help: 'the season host the anchor is posted to through the proxy' });
const EXPORT = synopsis([
  need('season'),
  may('version', {
    value: 'K',
    help: 'write this recorded Index version again, byte for byte',
    defaultText: 'the latest version again if nothing changed, else a new one',
  }),
  may('db'),
  need('out', { value: 'DIR', help: 'a new folder for the export' }),
  may('key-file'),
  may('names'),
  may('secrets-file'),
  group(ANCHOR_TRUST_LAYER, need('api-key-file'), ANCHOR_SEASON_BASE),
  may('actor'),
  may('json'),
]);
const EXPORT_FOLDER = positional('DIR', 'the export folder');
const VERIFY = synopsis([
  EXPORT_FOLDER,
  may('public-key', {
    help: 'the operator key the reader pinned (64 hex characters, or a signing-key.json obtained elsewhere)',
    defaultText: 'the challenge_did of the trust bundle; with neither, the export is refused INDEX_KEY_NOT_PINNED',
  }),
  may('trust', { help: 'the trust bundle the anchor proof is verified with, and whose challenge_did pins the key' }),
  may('json'),
]);
const ANCHOR = synopsis([
  EXPORT_FOLDER,
  ANCHOR_TRUST_LAYER,
  need('api-key-file'),
  ANCHOR_SEASON_BASE,
  may('db'),
  may('key-file'),
  may('actor'),
  may('json'),
]);

const positiveInt = (text: string | undefined) => (text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : null);

/** `proveit index export` (docs/index-export.md). `clock` dates a new version (tests give their own). */
export function createIndexExportCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['index', 'export'],
    summary:
      'export the season\u2019s public Index (HTML in French and English, JSON, CSV), checked by the publication ' +
      'linter, listed in a manifest signed with the operator\u2019s Ed25519 key',
    synopsis: EXPORT,
    run: (args, io) => runExport(command, clock, args, io),
  };
  return command;
}

const parseExport = (args: string[]) => parseSynopsis(EXPORT, args);
type ExportValues = Extract<ReturnType<typeof parseExport>, { ok: true }>['values'];

/** What an export runs on, past the synopsis' rules: the numbers checked, the linter's lists read. */
interface ExportArgs {
  season: number;
  version: number | undefined;
  modelNames: string[] | undefined;
  secrets: { kind: string; value: string }[];
  json: boolean;
}

function exportArgsOf(v: ExportValues): ExportArgs | string {
  const season = positiveInt(v.season);
  if (season === null) return `--season '${v.season}' is not a season number; e.g. --season 1`;
  const version = v.version === undefined ? undefined : positiveInt(v.version);
  if (version === null || version === 0) return `--version '${v.version}' is not an Index version; e.g. --version 1`;
  let modelNames: string[] | undefined;
  let secrets: { kind: string; value: string }[] = [];
  // Both lists are read bounded (main/services/files/read-bounded.ts): a device or an oversized file is refused unread.
  if (v.names !== undefined) {
    const read = readTextArgumentSync(v.names, '--names file', 'list');
    if (!read.ok) return fileProblem(read.error);
    modelNames = parseNameList(read.value);
  }
  if (v['secrets-file'] !== undefined) {
    const read = readTextArgumentSync(v['secrets-file'], '--secrets-file', 'list');
    if (!read.ok) return fileProblem(read.error);
    secrets = parseNameList(read.value).map((value, i) => ({ kind: `--secrets-file line ${i + 1}`, value }));
  }
  return { season, version, modelNames, secrets, json: v.json ?? false };
}

async function runExport(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseExport(args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const v = parsed.values;
  const e = exportArgsOf(v);
  if (typeof e === 'string') return usageError(io, command, e);
  const db = openDatabase(dbPathFrom(v.db));
  try {
    const outcome = exportIndex(db, {
      season: e.season,
      ...(e.version === undefined ? {} : { version: e.version }),
      outDir: v.out,
      clock,
      actor: actorOf(v),
      ...(v['key-file'] === undefined ? {} : { keyFile: v['key-file'] }),
      ...(e.modelNames === undefined ? {} : { modelNames: e.modelNames }),
      extraSecrets: e.secrets,
    });
    if (!outcome.ok) {
      const findings = lintFindingsOf(outcome.error);
      if (findings.length > 0 && !e.json)
        io.err(findings.map((f) => `  ${f.code} ${f.file} (${f.where}): ${f.message}\n`).join(''));
      printRefusal(io, e.json, 'index export', outcome.error);
      return EXIT.failed;
    }
    const o = outcome.value;
    const anchor = await anchorExport(v, o.outDir);
    if (!anchor.ok) {
      printRefusal(io, e.json, 'index export', anchor.error);
      return EXIT.failed;
    }
    if (e.json) printJson(io, exportJson(o, anchor.value));
    else io.out(`${exportLines(o, anchor.value).join('\n')}\n`);
    return EXIT.ok;
  } finally {
    db.close();
  }
}

type ExportAnchor = { proofId: string; url: string };

/**
 * docs/index-export.md "Anchoring": each export's manifest hash is anchored through the Trust Layer, when its options
 * are given (the synopsis' group has them together). Null: not anchored; a Failure says the export stands unanchored.
 */
async function anchorExport(v: ExportValues, outDir: string): Promise<Result<ExportAnchor | null>> {
  if (v['trust-layer'] === undefined) return ok(null);
  const anchored = await anchorAndRecord(outDir, {
    trustLayer: v['trust-layer'],
    apiKeyFile: v['api-key-file']!,
    seasonBase: v['season-base']!,
    db: v.db,
    keyFile: v['key-file'],
    actor: actorOf(v),
  });
  if (typeof anchored !== 'string' && anchored.ok)
    return ok({ proofId: anchored.value.proofId, url: anchored.value.record.url });
  const error =
    typeof anchored === 'string' ? { code: 'INDEX_ANCHOR_TRUST_LAYER_FAILED', message: anchored } : anchored.error;
  return {
    ok: false,
    error: {
      ...error,
      message: `${error.message}; the export in ${outDir} is written and signed: anchor it later with proveit index anchor ${outDir}`,
    },
  };
}

type Exported = Extract<ReturnType<typeof exportIndex>, { ok: true }>['value'];

/** The one JSON document of an export (--json). */
function exportJson(o: Exported, anchor: ExportAnchor | null) {
  return {
    ok: true,
    season: o.season,
    index_version: o.indexVersion,
    corrects_version: o.correctsVersion,
    new_version: o.newVersion,
    exported_at: o.exportedAt,
    manifest_sha256: o.manifestSha256,
    key_id: o.keyId,
    public_key: o.publicKey,
    key_created: o.keyCreated,
    publications: o.publications,
    files: o.files,
    rows: o.rows,
    out_dir: o.outDir,
    audit_head: { seq: o.audit.seq, hash: o.audit.hash },
    anchor: anchor === null ? null : { proof_id: anchor.proofId, url: anchor.url },
  };
}

/** The lines an export prints without --json. */
function exportLines(o: Exported, anchor: ExportAnchor | null): string[] {
  return [
    `season ${o.season}: Index version ${o.indexVersion}${o.correctsVersion === null ? '' : ` (replaces version ${o.correctsVersion})`}` +
      `${o.newVersion ? '' : ', written again'} in ${o.outDir}`,
    `  ${o.files} files written (the ${o.listedFiles} the signed manifest lists, the manifest and its signature), ${o.rows} rows; publications ${o.publications.map((p) => `${p.track} v${p.version}`).join(', ')}`,
    `  manifest SHA-256 ${o.manifestSha256}`,
    `  signed with key ${o.keyId}${o.keyCreated ? ' (created now)' : ''}; public key ${o.publicKey}`,
    `  audit log head: entry ${o.audit.seq}, ${o.audit.hash}`,
    anchor === null
      ? '  not anchored: proveit index anchor DIR (or --trust-layer, --api-key-file, --season-base) dates it'
      : `  manifest anchored by proof ${anchor.proofId}`,
  ];
}

export const indexVerifyCommand: Command = {
  path: ['index', 'verify'],
  summary: 'check an exported Index: its signature, every file and row against the signed manifest, nothing added',
  synopsis: VERIFY,
  run: async (args, io) => {
    const command = indexVerifyCommand;
    const parsed = parseSynopsis(VERIFY, args);
    if (!parsed.ok) return usageError(io, command, parsed.message);
    const dir = parsed.positionals[0];
    if (dir === undefined || parsed.positionals.length > 1) return usageError(io, command, 'give one export folder');
    let expected: string | undefined;
    if (parsed.values['public-key'] !== undefined) {
      const key = publicKeyOption('--public-key', parsed.values['public-key']);
      if ('problem' in key) return usageError(io, command, key.problem);
      expected = key.key;
    }
    let result;
    let anchor;
    let pinnedBy;
    try {
      ({ result, anchor, pinnedBy } = await verifyIndexFolder(dir, {
        ...(expected === undefined ? {} : { publicKey: expected }),
        ...(parsed.values.trust === undefined ? {} : { trustDir: parsed.values.trust }),
      }));
    } catch (error) {
      return usageError(io, command, `cannot read ${dir}: ${(error as Error).message}`);
    }
    const json = parsed.values.json ?? false;
    if (!result.ok) {
      if (json)
        printJson(io, { ok: false, code: result.error.code, message: result.error.message, problems: result.problems });
      else io.err(result.problems.map((p) => `proveit index verify: ${p.code}: ${p.message}\n`).join(''));
      return EXIT.failed;
    }
    const r = result.value;
    if (json)
      printJson(io, {
        ok: true,
        season: r.season,
        index_version: r.indexVersion,
        corrects_version: r.correctsVersion,
        key_id: r.keyId,
        public_key: r.publicKey,
        pinned_by: pinnedBy,
        manifest_sha256: r.manifestSha256,
        files: r.files,
        rows: r.rows,
        anchor,
      });
    else
      io.out(
        `season ${r.season} Index version ${r.indexVersion}: signature and the ${r.files} files the manifest lists, ${r.rows} rows verified; ` +
          `key ${r.keyId}, pinned by ${pinnedBy}; manifest SHA-256 ${r.manifestSha256}; anchor ${anchor.status}` +
          `${anchor.proof_id ? ` (${anchor.proof_id}${anchor.anchored_at ? `, RFC 3161 time ${anchor.anchored_at}` : ''})` : ''}` +
          `${anchor.one_witness ? `: ${anchor.one_witness.code}, ${anchor.one_witness.message}` : ''}\n`,
      );
    return EXIT.ok;
  },
};

export const indexAnchorCommand: Command = {
  path: ['index', 'anchor'],
  summary:
    'anchor an export\u2019s manifest hash through the Trust Layer (a proxy call to the season host, as a freeze is)',
  synopsis: ANCHOR,
  run: async (args, io) => {
    const command = indexAnchorCommand;
    const parsed = parseSynopsis(ANCHOR, args);
    if (!parsed.ok) return usageError(io, command, parsed.message);
    const v = parsed.values;
    const dir = parsed.positionals[0];
    if (dir === undefined || parsed.positionals.length > 1) return usageError(io, command, 'give one export folder');
    const anchored = await anchorAndRecord(dir, {
      trustLayer: v['trust-layer'],
      apiKeyFile: v['api-key-file'],
      seasonBase: v['season-base'],
      db: v.db,
      keyFile: v['key-file'],
      actor: actorOf(v),
    });
    if (typeof anchored === 'string') return usageError(io, command, anchored);
    if (!anchored.ok) {
      printRefusal(io, v.json ?? false, 'index anchor', anchored.error);
      return EXIT.failed;
    }
    const { proofId, record } = anchored.value;
    if (v.json)
      printJson(io, { ok: true, proof_id: proofId, url: record.url, manifest_sha256: record.manifest_sha256 });
    else io.out(`manifest ${record.manifest_sha256} anchored by proof ${proofId} (${record.url})\n`);
    return EXIT.ok;
  },
};

interface AnchorOptions {
  trustLayer: string;
  apiKeyFile: string;
  seasonBase: string;
  db: string | undefined;
  /** The export's signing key (--key-file, default index-signing-key.pem beside the database): it signs the anchor. */
  keyFile: string | undefined;
  actor: string;
}

/**
 * Anchors an export's manifest hash and appends the act to the audit log (anchor-and-record.ts). A string is a usage
 * problem (the API key file, the signing key file); a Result is the anchoring's outcome.
 */
async function anchorAndRecord(dir: string, o: AnchorOptions) {
  const apiKey = await readSecretFile(o.apiKeyFile, 'API key');
  if (typeof apiKey !== 'string') return apiKey.problem;
  const signingKey = readSigningKey(o.keyFile ?? defaultKeyFile(dbPathFrom(o.db)));
  if (!signingKey.ok) return `${signingKey.error.message}; give the key that signed the export with --key-file FILE`;
  const http = createHttpClient();
  const db = openDatabase(dbPathFrom(o.db));
  try {
    return await anchorAndRecordIndex(db, dir, {
      http,
      trustLayer: o.trustLayer,
      apiKey,
      seasonBase: o.seasonBase,
      signingKey: signingKey.value,
      clock: systemClock,
      actor: o.actor,
    });
  } finally {
    db.close();
    await http.close();
  }
}

export const indexCommands: Command[] = [createIndexExportCommand(), indexVerifyCommand, indexAnchorCommand];
