import { sha256Hex } from '../hash/sha256.ts';
import { challengeDidOf } from '../operator/challenge-did.ts';
import { fail, ok, type Failure, type Result } from '../result.ts';
import { parseIndexJson } from './index-json.ts';
import { manifestRows, MANIFEST_FORMAT, type IndexManifest } from './manifest.ts';
import { INDEX_FILES } from './model.ts';
import { SIGNATURE_FORMAT, signingKeyId, verifyManifestSignature } from './signature.ts';

export type IndexVerifyCode =
  | 'INDEX_MANIFEST_MISSING'
  | 'INDEX_MANIFEST_INVALID'
  | 'INDEX_UNSIGNED'
  | 'INDEX_SIGNATURE_INVALID'
  | 'INDEX_KEY_MISMATCH'
  | 'INDEX_MANIFEST_DUPLICATE_ENTRY'
  | 'INDEX_FILE_MISSING'
  | 'INDEX_FILE_EDITED'
  | 'INDEX_FILE_FROM_OTHER_EXPORT'
  | 'INDEX_FILE_UNLISTED'
  | 'INDEX_ROW_UNLISTED'
  | 'INDEX_ROW_MISSING'
  | 'INDEX_ROW_DUPLICATED'
  | 'INDEX_KEY_NOT_PINNED'
  | 'INDEX_FILE_NOT_REGULAR'
  | 'INDEX_TRUST_UNREADABLE';

/**
 * The key the reader holds for the operator (docs/index-export.md "Pinned key"): given on the command line, the
 * challenge DID of the reader's trust bundle, or the operator's own key beside the database. `by` names it in messages.
 */
export interface IndexKeyPin {
  publicKeyHex: string;
  by: string;
}

/** An entry of the export folder that is not a regular file: a symbolic link, an empty folder, a socket… */
export interface IrregularEntry {
  path: string;
  kind: 'symbolic link' | 'empty folder' | 'special file';
}

export interface IndexVerified {
  season: number;
  indexVersion: number;
  correctsVersion: number | null;
  keyId: string;
  publicKey: string;
  manifestSha256: string;
  files: number;
  rows: number;
}

const dec = new TextDecoder('utf-8', { fatal: false });

function parseObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const v = JSON.parse(dec.decode(bytes)) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The export a file says it belongs to: an HTML page's marker, a JSON document's or a CSV row's season and version. */
function declaredExport(path: string, bytes: Uint8Array): { season: number; version: number } | null {
  const text = dec.decode(bytes);
  if (path.endsWith('.html')) {
    const m = /<meta name="proveit-index" content="season=(\d+);version=(\d+)">/.exec(text);
    return m ? { season: Number(m[1]), version: Number(m[2]) } : null;
  }
  if (path === INDEX_FILES.json) {
    const o = parseObject(bytes);
    return o && typeof o['season'] === 'number' && typeof o['index_version'] === 'number'
      ? { season: o['season'], version: o['index_version'] }
      : null;
  }
  if (path.endsWith('.csv')) {
    const second = text.split('\r\n')[1]?.split(',');
    return second && /^\d+$/.test(second[0] ?? '') && /^\d+$/.test(second[1] ?? '')
      ? { season: Number(second[0]), version: Number(second[1]) }
      : null;
  }
  return null;
}

function manifestShape(o: Record<string, unknown>): IndexManifest | null {
  const files = o['files'];
  const rows = o['rows'];
  const key = o['signing_key'] as Record<string, unknown> | undefined;
  if (
    o['format'] !== MANIFEST_FORMAT ||
    typeof o['season'] !== 'number' ||
    typeof o['index_version'] !== 'number' ||
    !Array.isArray(files) ||
    !Array.isArray(rows) ||
    typeof key !== 'object' ||
    key === null ||
    typeof key['public_key'] !== 'string'
  )
    return null;
  for (const f of files as Record<string, unknown>[])
    if (typeof f?.['path'] !== 'string' || typeof f['sha256'] !== 'string') return null;
  for (const r of rows as Record<string, unknown>[])
    if (typeof r?.['table'] !== 'string' || typeof r['sha256'] !== 'string') return null;
  return o as unknown as IndexManifest;
}

/**
 * `proveit index verify` (docs/index-export.md), pure: `files` is every regular file of the export folder (path
 * relative to it, '/'-separated), `irregular` every other entry. Checks the signature over manifest.json's bytes with
 * the key it names and that this key is the one pinned (a valid signature by a key nobody pinned proves nothing: a
 * forger re-signs with a key of their own), then every listed file and row, then that nothing else is there. Returns
 * every problem found; the first one is the result's code. Nothing here trusts a file's own claim until its hash
 * matches the signed list.
 */
export function verifyIndexExport(
  files: ReadonlyMap<string, Uint8Array>,
  pin: IndexKeyPin | null,
  irregular: readonly IrregularEntry[] = [],
): Result<IndexVerified, IndexVerifyCode> & { problems: Failure<IndexVerifyCode>[] } {
  const problems: Failure<IndexVerifyCode>[] = [];
  const done = (value: IndexVerified | null) => {
    if (problems.length > 0)
      return { ...fail(problems[0]!.code, problems[0]!.message, { ...problems[0]!.details, problems }), problems };
    return { ...ok(value!), problems };
  };
  const manifestBytes = files.get(INDEX_FILES.manifest);
  if (!manifestBytes) {
    problems.push({
      code: 'INDEX_MANIFEST_MISSING',
      message: 'no manifest.json: this folder is not an Index export, or its manifest was removed',
    });
    return done(null);
  }
  const parsed = parseObject(manifestBytes);
  const manifest = parsed ? manifestShape(parsed) : null;
  if (!manifest) {
    problems.push({ code: 'INDEX_MANIFEST_INVALID', message: `manifest.json is not a ${MANIFEST_FORMAT} document` });
    return done(null);
  }
  const manifestSha256 = sha256Hex(manifestBytes);
  const sigBytes = files.get(INDEX_FILES.signature);
  const sig = sigBytes ? parseObject(sigBytes) : null;
  if (!sigBytes) {
    problems.push({
      code: 'INDEX_UNSIGNED',
      message: 'no manifest.sig.json: the export is unsigned; nothing in it can be attributed to the operator',
    });
    return done(null);
  }
  if (
    !sig ||
    sig['format'] !== SIGNATURE_FORMAT ||
    typeof sig['signature'] !== 'string' ||
    typeof sig['public_key'] !== 'string'
  ) {
    problems.push({
      code: 'INDEX_SIGNATURE_INVALID',
      message: `manifest.sig.json is not a ${SIGNATURE_FORMAT} document`,
    });
    return done(null);
  }
  const signedKey = sig['public_key'] as string;
  if (signedKey !== manifest.signing_key.public_key)
    problems.push({
      code: 'INDEX_KEY_MISMATCH',
      message: 'the signature is made with another key than the one the manifest publishes: re-signed by someone else',
      details: { manifest_key: manifest.signing_key.public_key, signature_key: signedKey },
    });
  if (pin !== null && signedKey !== pin.publicKeyHex)
    problems.push({
      code: 'INDEX_KEY_MISMATCH',
      message: `signed with key ${signingKeyIdSafe(signedKey)}, not with the operator key pinned by ${pin.by} (${signingKeyIdSafe(pin.publicKeyHex)})`,
      details: { expected: pin.publicKeyHex, actual: signedKey, pinned_by: pin.by },
    });
  if (!verifyManifestSignature(manifestBytes, sig['signature'] as string, signedKey))
    problems.push({
      code: 'INDEX_SIGNATURE_INVALID',
      message: 'the Ed25519 signature does not verify over manifest.json: the manifest was changed after signing',
      details: { manifest_sha256: manifestSha256 },
    });
  if (problems.length > 0) return done(null);
  if (pin === null) problems.push(notPinned(signedKey));

  const seenPaths = new Set<string>();
  for (const f of manifest.files) {
    if (seenPaths.has(f.path))
      problems.push({
        code: 'INDEX_MANIFEST_DUPLICATE_ENTRY',
        message: `the manifest lists ${f.path} twice`,
        details: { path: f.path },
      });
    seenPaths.add(f.path);
    const bytes = files.get(f.path);
    if (!bytes) {
      problems.push({
        code: 'INDEX_FILE_MISSING',
        message: `${f.path} is listed but absent: the export is incomplete`,
        details: { path: f.path },
      });
      continue;
    }
    const actual = sha256Hex(bytes);
    if (actual === f.sha256) continue;
    const declared = declaredExport(f.path, bytes);
    if (declared && (declared.season !== manifest.season || declared.version !== manifest.index_version))
      problems.push({
        code: 'INDEX_FILE_FROM_OTHER_EXPORT',
        message: `${f.path} belongs to season ${declared.season} Index version ${declared.version}, not to this export (season ${manifest.season} version ${manifest.index_version})`,
        details: { path: f.path, declared, anchored: f.sha256, recomputed: actual },
      });
    else
      problems.push({
        code: 'INDEX_FILE_EDITED',
        message: `${f.path} is not the file signed (SHA-256 listed ${f.sha256}, file ${actual})`,
        details: { path: f.path, anchored: f.sha256, recomputed: actual },
      });
  }
  const seenRows = new Set<string>();
  for (const r of manifest.rows) {
    const key = `${r.table}/${r.participant_id}`;
    if (seenRows.has(key))
      problems.push({
        code: 'INDEX_MANIFEST_DUPLICATE_ENTRY',
        message: `the manifest lists row ${key} twice`,
        details: { row: key },
      });
    seenRows.add(key);
  }
  rowProblems(files, manifest, problems);
  for (const path of files.keys())
    // anchor/ is made after signing (it names the manifest's hash) and is checked on its own (docs/index-export.md).
    if (
      !seenPaths.has(path) &&
      path !== INDEX_FILES.manifest &&
      path !== INDEX_FILES.signature &&
      !path.startsWith('anchor/')
    )
      problems.push({
        code: 'INDEX_FILE_UNLISTED',
        message: `${path} is not listed in the signed manifest: added or duplicated after the export`,
        details: { path },
      });
  for (const entry of irregular) problems.push(irregularProblem(entry));
  return done({
    season: manifest.season,
    indexVersion: manifest.index_version,
    correctsVersion: manifest.corrects_version ?? null,
    keyId: signingKeyId(Buffer.from(manifest.signing_key.public_key, 'hex')),
    publicKey: manifest.signing_key.public_key,
    manifestSha256,
    files: manifest.files.length,
    rows: manifest.rows.length,
  });
}

/** A signature valid for a key the reader did not pin: what it is, and the two ways to pin it. */
function notPinned(signedKey: string): Failure<IndexVerifyCode> {
  const did = challengeDidOf(signedKey);
  return {
    code: 'INDEX_KEY_NOT_PINNED',
    message:
      `signature valid for a key nobody pinned (key ${signingKeyIdSafe(signedKey)}, ${did ?? 'no did:key'}): anyone can ` +
      're-sign an edited Index with a key of their own. Compare it with the challenge\u2019s key obtained elsewhere ' +
      '(its site, an earlier export, the audit log\u2019s index.export entry) and give it with --public-key HEX|FILE, ' +
      'or verify with --trust DIR of a trust bundle whose challenge_did is the challenge\u2019s DID',
    details: { public_key: signedKey, challenge_did: did },
  };
}

/** Anything but a regular file: a link can point outside the export (what it shows is not what was signed). */
function irregularProblem(entry: IrregularEntry): Failure<IndexVerifyCode> {
  if (entry.kind === 'empty folder')
    return {
      code: 'INDEX_FILE_UNLISTED',
      message: `${entry.path}/ is a folder the signed manifest lists no file in: added after the export`,
      details: { path: entry.path, kind: entry.kind },
    };
  return {
    code: 'INDEX_FILE_NOT_REGULAR',
    message: `${entry.path} is a ${entry.kind}, not a regular file: an Index holds only the files it lists, and a link shows what it points to, not what was signed`,
    details: { path: entry.path, kind: entry.kind },
  };
}

function signingKeyIdSafe(hexKey: string): string {
  return /^[0-9a-f]{64}$/.test(hexKey) ? signingKeyId(Buffer.from(hexKey, 'hex')).slice(0, 16) : 'malformed key';
}

/** Rows of index.json against the signed row list: a row spliced in, removed or present twice is named. */
function rowProblems(
  files: ReadonlyMap<string, Uint8Array>,
  manifest: IndexManifest,
  problems: Failure<IndexVerifyCode>[],
): void {
  const bytes = files.get(INDEX_FILES.json);
  if (!bytes) return;
  const doc = parseIndexJson(dec.decode(bytes));
  if (!doc.ok) return;
  const listed = new Map(manifest.rows.map((r) => [`${r.table}/${r.participant_id}`, r.sha256]));
  const seen = new Map<string, number>();
  for (const r of manifestRows(doc.value)) {
    const key = `${r.table}/${r.participant_id}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (listed.get(key) !== r.sha256)
      problems.push({
        code: 'INDEX_ROW_UNLISTED',
        message: `index.json row ${key} is not the row signed: edited, or taken from another export`,
        details: { row: key, anchored: listed.get(key) ?? null, recomputed: r.sha256 },
      });
  }
  for (const [key, n] of seen)
    if (n > 1)
      problems.push({
        code: 'INDEX_ROW_DUPLICATED',
        message: `index.json holds row ${key} ${n} times`,
        details: { row: key },
      });
  for (const key of listed.keys())
    if (!seen.has(key))
      problems.push({
        code: 'INDEX_ROW_MISSING',
        message: `index.json lacks the signed row ${key}`,
        details: { row: key },
      });
}
