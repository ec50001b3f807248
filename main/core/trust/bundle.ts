import { sha256Hex } from '../hash/sha256.ts';
import { compareCodePoints } from '../json/code-point-order.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { decodeEd25519Text } from '../encoding/encodings.ts';
import { loads } from '../json/loads.ts';
import { ed25519KeyOfDidKey } from '../encoding/did-key.ts';
import { fail, ok, type Result } from '../result.ts';
import type { RekorLogKey, ArkforgeRekorKey, RekorTrust } from '../rekor/model.ts';
import type { TsaProviderTrust, TsaTrust } from '../tsa/model.ts';
import { pemBlocks } from './pem.ts';

/** One Ed25519 key of the issuer's append-only history (trust-layer-reference §5). Times are ISO 8601 UTC. */
export interface SigningKey {
  kid: string;
  /** The published text, "ed25519:<base64url>", compared with a proof's `arkforge_pubkey`. */
  publicText: string;
  publicKey: Uint8Array;
  validFrom: string;
  retiredAt: string | null;
}

/** Everything the verifier trusts, and nothing else (docs/trust-bundle.md). */
export interface TrustBundle {
  name: string;
  /**
   * SHA-256 of canonical JSON {file name: SHA-256 hex of its bytes} over bundle.json and every file it names: what
   * a report cites so an archived bundle can be matched to it. The operating system roots ("system") are not in it.
   */
  digest: string;
  /** The files the digest covers, by plain name: what an archive of this bundle must copy. */
  files: string[];
  signingKeys: SigningKey[];
  rekor: RekorTrust;
  tsa: TsaTrust;
  /**
   * The challenge's DID the reader pins (`challenge_did`, docs/trust-bundle.md "The challenge's DID"): the did:key of
   * the operator's Ed25519 key, the only key an Index or a freeze document is accepted signed by. Null: the bundle
   * pins none, and what the operator publishes is verified against `--public-key` only.
   */
  challenge: { did: string; publicKeyHex: string } | null;
}

export type BundleCode =
  | 'BUNDLE_INDEX_MISSING'
  | 'BUNDLE_NOT_JSON'
  | 'BUNDLE_FORMAT'
  | 'BUNDLE_FIELD'
  | 'BUNDLE_FILE_NAME'
  | 'BUNDLE_FILE_MISSING'
  | 'BUNDLE_PEM'
  | 'BUNDLE_SIGNING_KEY'
  | 'BUNDLE_DUPLICATE'
  | 'BUNDLE_SYSTEM_ROOTS_MISSING';

export interface BundleFiles {
  /** The folder's files by plain name, `bundle.json` included. */
  files: ReadonlyMap<string, Uint8Array>;
  /** The operating system's CA bundle (PEM), needed only when a provider says `"roots": "system"`. */
  systemRoots: Uint8Array | null;
}

export const BUNDLE_FORMAT = 'proveit-trust-bundle/1';
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const PLAIN_NAME = /^[A-Za-z0-9._-]+$/;

type Step<T> = Result<T, BundleCode>;

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function field(where: string, message: string, details?: Record<string, unknown>): Step<never> {
  return fail('BUNDLE_FIELD', `${where}: ${message}; fix the bundle (docs/trust-bundle.md)`, details);
}

/** The folder's files, recording which ones the bundle reads (those, and only those, make its digest). */
interface ReadContext extends BundleFiles {
  read: Map<string, Uint8Array>;
}

function readFile(input: ReadContext, name: unknown, where: string): Step<Uint8Array> {
  // Names are plain file names so a bundle cannot point outside its own folder.
  if (typeof name !== 'string' || !PLAIN_NAME.test(name) || name === '.' || name === '..') {
    return fail('BUNDLE_FILE_NAME', `${where}: "${String(name)}" is not a plain file name inside the bundle folder`);
  }
  const bytes = input.files.get(name);
  if (!bytes)
    return fail('BUNDLE_FILE_MISSING', `${where}: the bundle names "${name}" but the folder has no such file`);
  input.read.set(name, bytes);
  return ok(bytes);
}

function pemFile(input: ReadContext, name: unknown, label: string, where: string): Step<Uint8Array[]> {
  const bytes = readFile(input, name, where);
  if (!bytes.ok) return bytes;
  const { ders, undecodable } = pemBlocks(text(bytes.value), label);
  if (ders.length === 0 || undecodable > 0) {
    return fail('BUNDLE_PEM', `${where}: "${String(name)}" must hold PEM "${label}" blocks that decode`, {
      decoded: ders.length,
      undecodable,
    });
  }
  return ok(ders);
}

function isoOrNull(value: PyJson | undefined): value is string | null {
  return value === null || (typeof value === 'string' && ISO_UTC.test(value));
}

function signingKeys(history: PyObject): Step<SigningKey[]> {
  const keys = history.keys;
  if (!Array.isArray(keys)) return field('published_keys', '"keys" must be a list');
  const out: SigningKey[] = [];
  for (const [index, entry] of keys.entries()) {
    const where = `published_keys.keys[${index}]`;
    if (!isPyObject(entry) || typeof entry.kid !== 'string' || entry.type !== 'Ed25519') {
      return field(where, 'each key needs a string "kid" and "type": "Ed25519"');
    }
    const publicKey = decodeEd25519Text(entry.public, 32);
    if (!publicKey) {
      return fail('BUNDLE_SIGNING_KEY', `${where}: "public" must be "ed25519:" + base64url of 32 bytes`, {
        kid: entry.kid,
      });
    }
    if (typeof entry.valid_from !== 'string' || !ISO_UTC.test(entry.valid_from) || !isoOrNull(entry.retired_at)) {
      return field(where, '"valid_from" must be an ISO 8601 UTC time and "retired_at" one or null', { kid: entry.kid });
    }
    if (out.some((k) => k.kid === entry.kid)) {
      return fail('BUNDLE_DUPLICATE', `${where}: kid "${entry.kid}" is listed twice`);
    }
    out.push({
      kid: entry.kid,
      publicText: entry.public as string,
      publicKey,
      validFrom: entry.valid_from,
      retiredAt: entry.retired_at ?? null,
    });
  }
  return ok(out);
}

function rekorKeys(history: PyObject): Step<ArkforgeRekorKey[]> {
  const keys = history.rekor_keys ?? [];
  if (!Array.isArray(keys)) return field('published_keys', '"rekor_keys" must be a list when present');
  const out: ArkforgeRekorKey[] = [];
  for (const [index, entry] of keys.entries()) {
    const where = `published_keys.rekor_keys[${index}]`;
    if (!isPyObject(entry) || typeof entry.kid !== 'string' || typeof entry.public_pem !== 'string') {
      return field(where, 'each Rekor key needs a string "kid" and "public_pem"');
    }
    if (pemBlocks(entry.public_pem, 'PUBLIC KEY').ders.length !== 1) {
      return fail('BUNDLE_PEM', `${where}: "public_pem" must be one PEM PUBLIC KEY block`, { kid: entry.kid });
    }
    if (typeof entry.valid_from !== 'string' || !ISO_UTC.test(entry.valid_from) || !isoOrNull(entry.retired_at)) {
      return field(where, '"valid_from" must be an ISO 8601 UTC time and "retired_at" one or null', { kid: entry.kid });
    }
    out.push({
      kid: entry.kid,
      publicPem: entry.public_pem,
      validFrom: entry.valid_from,
      retiredAt: entry.retired_at ?? null,
    });
  }
  return ok(out);
}

function logKeys(input: ReadContext, logs: PyJson | undefined): Step<RekorLogKey[]> {
  if (!Array.isArray(logs)) return field('bundle.json', '"transparency_logs" must be a list');
  const out: RekorLogKey[] = [];
  for (const [index, entry] of logs.entries()) {
    const where = `bundle.json transparency_logs[${index}]`;
    if (!isPyObject(entry) || typeof entry.name !== 'string') return field(where, 'each log needs a string "name"');
    const ders = pemFile(input, entry.public_key, 'PUBLIC KEY', where);
    if (!ders.ok) return ders;
    const spkiDer = ders.value[0] as Uint8Array;
    // Rekor's logID is SHA-256 of the DER SubjectPublicKeyInfo (docs/trust-bundle.md).
    out.push({ name: entry.name, logId: sha256Hex(spkiDer), spkiDer });
  }
  return ok(out);
}

function providerTrust(input: ReadContext, entry: PyObject, where: string): Step<TsaProviderTrust> {
  let roots: Uint8Array[] = [];
  if (entry.roots === 'system') {
    if (!input.systemRoots) {
      return fail('BUNDLE_SYSTEM_ROOTS_MISSING', `${where}: "roots": "system" needs the operating system CA bundle`);
    }
    roots = pemBlocks(text(input.systemRoots), 'CERTIFICATE').ders;
    if (roots.length === 0) return fail('BUNDLE_PEM', `${where}: the system CA bundle holds no certificate`);
  } else if (Array.isArray(entry.roots) && entry.roots.length > 0) {
    for (const name of entry.roots) {
      const ders = pemFile(input, name, 'CERTIFICATE', where);
      if (!ders.ok) return ders;
      roots = roots.concat(ders.value);
    }
  } else {
    return field(where, '"roots" must be "system" or a non-empty list of certificate files');
  }
  const untrusted: Uint8Array[] = [];
  const untrustedNames = entry.untrusted ?? [];
  if (!Array.isArray(untrustedNames)) return field(where, '"untrusted" must be a list of certificate files');
  for (const name of untrustedNames) {
    const ders = pemFile(input, name, 'CERTIFICATE', where);
    if (!ders.ok) return ders;
    untrusted.push(...ders.value);
  }
  return ok({ roots, untrusted });
}

function tsaTrust(input: ReadContext, authorities: PyJson | undefined): Step<TsaTrust> {
  if (!Array.isArray(authorities)) return field('bundle.json', '"timestamp_authorities" must be a list');
  const out: TsaTrust = Object.create(null) as TsaTrust;
  for (const [index, entry] of authorities.entries()) {
    const where = `bundle.json timestamp_authorities[${index}]`;
    if (!isPyObject(entry) || typeof entry.provider !== 'string') {
      return field(where, 'each authority needs a string "provider"');
    }
    if (entry.provider in out)
      return fail('BUNDLE_DUPLICATE', `${where}: provider "${entry.provider}" is listed twice`);
    const trust = providerTrust(input, entry, where);
    if (!trust.ok) return trust;
    out[entry.provider] = trust.value;
  }
  return ok(out);
}

function jsonObject(bytes: Uint8Array, where: string): Step<PyObject> {
  const parsed = loads(bytes);
  if (!parsed.ok) return fail('BUNDLE_NOT_JSON', `${where} is not JSON: ${parsed.error.message}`);
  if (!isPyObject(parsed.value)) return fail('BUNDLE_NOT_JSON', `${where} must hold a JSON object`);
  return ok(parsed.value);
}

/** Parses a trust bundle from its files' bytes (format: docs/trust-bundle.md). Pure: the caller reads the folder. */
export function parseTrustBundle(files: BundleFiles): Step<TrustBundle> {
  const input: ReadContext = { ...files, read: new Map() };
  const indexBytes = input.files.get('bundle.json');
  if (!indexBytes) return fail('BUNDLE_INDEX_MISSING', 'the bundle folder has no bundle.json');
  input.read.set('bundle.json', indexBytes);
  const index = jsonObject(indexBytes, 'bundle.json');
  if (!index.ok) return index;
  if (index.value.format !== BUNDLE_FORMAT) {
    return fail('BUNDLE_FORMAT', `bundle.json "format" must be "${BUNDLE_FORMAT}"`, { format: index.value.format });
  }
  if (typeof index.value.name !== 'string') return field('bundle.json', '"name" must be a string');
  const historyBytes = readFile(input, index.value.published_keys, 'bundle.json published_keys');
  if (!historyBytes.ok) return historyBytes;
  const history = jsonObject(historyBytes.value, String(index.value.published_keys));
  if (!history.ok) return history;
  const keys = signingKeys(history.value);
  if (!keys.ok) return keys;
  const arkforgeKeys = rekorKeys(history.value);
  if (!arkforgeKeys.ok) return arkforgeKeys;
  const logs = logKeys(input, index.value.transparency_logs);
  if (!logs.ok) return logs;
  const tsa = tsaTrust(input, index.value.timestamp_authorities);
  if (!tsa.ok) return tsa;
  const challenge = challengeDid(index.value.challenge_did);
  if (!challenge.ok) return challenge;
  const names = [...input.read.keys()].sort(compareCodePoints);
  return ok({
    name: index.value.name,
    digest: sha256Canonical(pyObjectFrom(names.map((name) => [name, sha256Hex(input.read.get(name) as Uint8Array)]))),
    files: names,
    signingKeys: keys.value,
    rekor: { logKeys: logs.value, arkforgeKeys: arkforgeKeys.value },
    tsa: tsa.value,
    challenge: challenge.value,
  });
}

/** `challenge_did`: absent or null (no pin), else a did:key of an Ed25519 key (docs/trust-bundle.md). */
function challengeDid(value: PyJson | undefined): Step<TrustBundle['challenge']> {
  if (value === undefined || value === null) return ok(null);
  const key = typeof value === 'string' ? ed25519KeyOfDidKey(value) : undefined;
  if (key === undefined)
    return field('bundle.json', '"challenge_did" must be the did:key of an Ed25519 key (did:key:z6Mk…) or null', {
      challenge_did: value,
    });
  return ok({ did: value as string, publicKeyHex: Buffer.from(key).toString('hex') });
}
