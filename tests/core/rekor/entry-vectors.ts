import { p384 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonical } from '../../../main/core/json/canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import type { RekorEntryInput } from '../../../main/core/rekor/verify-entry.ts';
import type { RekorCode, RekorTrust } from '../../../main/core/rekor/model.ts';
import { productionRekorTrust, readArtefact, vectors } from './real-entries.ts';
import { b64, checkpointText, hashedRekordBody, logEntry, signDer, testKey } from './synthetic-log.ts';

/**
 * Every Rekor entry the tests verify, real and tampered, with both verdicts: what verifyRekorEntry returns (the
 * in-house code, as the tests have always expected it) and what the @sigstore/verify path alone says ('OK' or
 * @sigstore/verify's error code; SIGSTORE_* when no bundle could be made). The agreement test runs every row.
 */
export interface EntryVector {
  /** The behaviour or attack. */
  name: string;
  input: RekorEntryInput;
  /** verifyRekorEntry's verdict: 'OK' or the failure code. */
  code: 'OK' | RekorCode;
  /** The in-house checks' verdict when it is not `code` (only where the two verifiers disagree). */
  inHouse?: 'OK' | RekorCode;
  /** The sigstore path's verdict: 'OK', @sigstore/verify's VerificationError code, or a SIGSTORE_* code. */
  sigstore: string;
}

export interface EntryFields {
  body: string;
  integratedTime: number;
  logID: string;
  logIndex: number;
  verification: {
    inclusionProof: {
      checkpoint: string;
      hashes: string[];
      logIndex: number;
      rootHash: string;
      treeSize: number;
    };
    signedEntryTimestamp?: string;
  };
}

export const real = vectors.verified[0]!;
export const anchoredHex = real.anchoredHex;
export const otherHex = '01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6';

/** A deep copy of the real entry with `change` applied to its fields (the uuid can be changed too). */
export function tampered(change: (fields: EntryFields) => void, uuid?: string): Record<string, EntryFields> {
  const entry = structuredClone(readArtefact(real.entry)) as Record<string, EntryFields>;
  const [key, fields] = Object.entries(entry)[0]!;
  change(fields);
  return { [uuid ?? key]: fields };
}

export const editCheckpoint = (fields: EntryFields, edit: (lines: string[]) => void) => {
  const lines = fields.verification.inclusionProof.checkpoint.split('\n');
  edit(lines);
  fields.verification.inclusionProof.checkpoint = lines.join('\n');
};

/** Flips one bit of byte `position` of the base64 signature on the checkpoint's signature line. */
export const flipCheckpointSignatureByte = (position: number) => (fields: EntryFields) =>
  editCheckpoint(fields, (lines) => {
    const [dash, name, signature] = lines[4]!.split(' ');
    const bytes = Buffer.from(signature!, 'base64');
    bytes[position]! ^= 0x01;
    lines[4] = [dash, name, bytes.toString('base64')].join(' ');
  });

/** The real entry's body as a document, to edit and re-encode. */
export function realBodyDocument(): { spec: { data: { hash: { algorithm: string } } } } {
  const fields = (readArtefact(real.entry) as Record<string, EntryFields>)[real.expected.uuid]!;
  return JSON.parse(Buffer.from(fields.body, 'base64').toString());
}

const production = (
  name: string,
  entry: unknown,
  code: EntryVector['code'],
  sigstore: string,
  options: { hex?: string; trust?: RekorTrust; expectedUuid?: string } = {},
): EntryVector => ({
  name,
  input: {
    entry,
    anchoredHex: options.hex ?? anchoredHex,
    trust: options.trust ?? productionRekorTrust(),
    ...(options.expectedUuid === undefined ? {} : { expectedUuid: options.expectedUuid }),
  },
  code,
  sigstore,
});

/** The real entries of artefacts/trust-layer as they are. */
export function realVectors(): EntryVector[] {
  return [
    ...vectors.verified.map((v) =>
      production(
        `${v.entry} verifies fully with the public-good log key and rekor-1`,
        readArtefact(v.entry),
        'OK',
        'OK',
        {
          hex: v.anchoredHex,
          expectedUuid: v.expected.uuid,
        },
      ),
    ),
    // A dsse entry has no hashedrekord signature to carry: no bundle is made.
    ...vectors.refused.map((v) =>
      production(
        `${v.entry} is refused`,
        readArtefact(v.entry),
        v.code as RekorCode,
        'SIGSTORE_ENTRY_NOT_CONVERTIBLE',
        {
          hex: v.anchoredHex,
        },
      ),
    ),
    production(
      'with no published ArkForge Rekor key the entry verifies with attribution "unverifiable"',
      readArtefact(real.entry),
      'OK',
      'OK',
      { trust: { ...productionRekorTrust(), arkforgeKeys: [] } },
    ),
    production(
      'the entry named by its bare leaf hash (without the tree id) is the same entry',
      readArtefact(real.entry),
      'OK',
      'OK',
      { expectedUuid: real.expected.uuid.slice(16) },
    ),
  ];
}

/** The real entry tampered with, one attack per row. */
export function tamperedVectors(): EntryVector[] {
  const impostor = testKey('impostor log');
  const impostorTrust = (logId: string) => ({
    ...productionRekorTrust(),
    logKeys: [{ name: 'rekor.sigstore.dev', logId, spkiDer: impostor.spkiDer }],
  });
  const rekor1 = productionRekorTrust().arkforgeKeys[0]!.publicPem;
  const forged = {
    apiVersion: '0.0.1',
    kind: 'hashedrekord',
    spec: {
      data: { hash: { algorithm: 'sha256', value: bytesToHex(sha256(utf8ToBytes(anchoredHex))) } },
      signature: {
        content: b64(signDer(testKey('someone else'), utf8ToBytes(anchoredHex))),
        publicKey: { content: b64(utf8ToBytes(rekor1)) },
      },
    },
  };
  const sha512 = realBodyDocument();
  sha512.spec.data.hash.algorithm = 'sha512';
  const otherLeaf = `${real.expected.uuid.slice(0, -1)}${real.expected.uuid.endsWith('0') ? '1' : '0'}`;
  const otherEntry = Object.keys(readArtefact(vectors.refused[0]!.entry) as object)[0]!;
  const PROMISE = 'TLOG_INCLUSION_PROMISE_ERROR';
  const PROOF = 'TLOG_INCLUSION_PROOF_ERROR';
  return [
    production('a wrong log key fails with REKOR_LOG_UNKNOWN', readArtefact(real.entry), 'REKOR_LOG_UNKNOWN', PROMISE, {
      trust: impostorTrust(bytesToHex(sha256(impostor.spkiDer))),
    }),
    production(
      'a wrong log key listed under the real logID fails with REKOR_LOG_UNKNOWN (the id is recomputed)',
      readArtefact(real.entry),
      'REKOR_LOG_UNKNOWN',
      PROMISE,
      { trust: impostorTrust(productionRekorTrust().logKeys[0]!.logId) },
    ),
    production(
      'a checkpoint whose root differs fails with REKOR_CHECKPOINT_ROOT_MISMATCH',
      tampered((fields) =>
        editCheckpoint(fields, (lines) => {
          lines[2] = b64(sha256(utf8ToBytes('another root')));
        }),
      ),
      'REKOR_CHECKPOINT_ROOT_MISMATCH',
      PROOF,
    ),
    production(
      'a checkpoint whose tree size differs fails with REKOR_CHECKPOINT_TREE_SIZE',
      tampered((fields) =>
        editCheckpoint(fields, (lines) => {
          lines[1] = String(Number(lines[1]) + 1);
        }),
      ),
      'REKOR_CHECKPOINT_TREE_SIZE',
      PROOF,
    ),
    production(
      'a checkpoint with a wrong key hint fails with REKOR_CHECKPOINT_KEY_HINT',
      tampered(flipCheckpointSignatureByte(0)),
      'REKOR_CHECKPOINT_KEY_HINT',
      PROOF,
    ),
    production(
      'a checkpoint signature moved under another key name fails with REKOR_CHECKPOINT_KEY_NAME',
      tampered((fields) => {
        fields.verification.inclusionProof.checkpoint = fields.verification.inclusionProof.checkpoint.replace(
          '\u2014 rekor.sigstore.dev ',
          '\u2014 rekor.example.org ',
        );
      }),
      'REKOR_CHECKPOINT_KEY_NAME',
      PROOF,
    ),
    production(
      'a flipped byte in the checkpoint signature fails with REKOR_CHECKPOINT_SIGNATURE_INVALID',
      tampered(flipCheckpointSignatureByte(40)),
      'REKOR_CHECKPOINT_SIGNATURE_INVALID',
      PROOF,
    ),
    production(
      'a checkpoint without its blank separator line fails with REKOR_CHECKPOINT_MALFORMED',
      tampered((fields) => {
        fields.verification.inclusionProof.checkpoint = fields.verification.inclusionProof.checkpoint.replace(
          '\n\n',
          '\n',
        );
      }),
      'REKOR_CHECKPOINT_MALFORMED',
      PROOF,
    ),
    production(
      'a SET over another body (integratedTime moved by one second) fails with REKOR_SET_INVALID',
      tampered((fields) => (fields.integratedTime += 1)),
      'REKOR_SET_INVALID',
      PROMISE,
    ),
    production(
      'a SET over another log index fails with REKOR_SET_INVALID',
      tampered((fields) => (fields.logIndex += 1)),
      'REKOR_SET_INVALID',
      PROMISE,
    ),
    // Without its inclusion promise, the entry has no timestamp @sigstore/verify accepts (threshold 1).
    production(
      'an entry without its SET fails with REKOR_SET_MISSING',
      tampered((fields) => delete fields.verification.signedEntryTimestamp),
      'REKOR_SET_MISSING',
      'TIMESTAMP_ERROR',
    ),
    ...Array.from({ length: 32 }, (_, position) =>
      production(
        `a flipped byte in inclusion hash ${position} fails with REKOR_INCLUSION_ROOT_MISMATCH`,
        tampered((fields) => {
          const hashes = fields.verification.inclusionProof.hashes;
          const bytes = Buffer.from(hashes[position]!, 'hex');
          bytes[position % 32]! ^= 0x80;
          hashes[position] = bytes.toString('hex');
        }),
        'REKOR_INCLUSION_ROOT_MISMATCH',
        PROOF,
      ),
    ),
    production(
      'an inclusion path one element short fails with REKOR_INCLUSION_PATH_LENGTH',
      tampered((fields) => fields.verification.inclusionProof.hashes.pop()),
      'REKOR_INCLUSION_PATH_LENGTH',
      PROOF,
    ),
    production(
      'an inclusion path one element long fails with REKOR_INCLUSION_PATH_LENGTH',
      tampered((fields) => fields.verification.inclusionProof.hashes.push('00'.repeat(32))),
      'REKOR_INCLUSION_PATH_LENGTH',
      PROOF,
    ),
    production(
      'walking with the global logIndex instead of the shard-local one fails with REKOR_INCLUSION_ROOT_MISMATCH',
      tampered((fields) => (fields.verification.inclusionProof.logIndex = fields.logIndex)),
      'REKOR_INCLUSION_ROOT_MISMATCH',
      PROOF,
    ),
    // @sigstore/verify walks to the checkpoint's root and never reads the proof's rootHash field: in-house only.
    production(
      'a stated rootHash other than the walk result fails with REKOR_INCLUSION_ROOT_MISMATCH',
      tampered((fields) => (fields.verification.inclusionProof.rootHash = '11'.repeat(32))),
      'REKOR_INCLUSION_ROOT_MISMATCH',
      'OK',
    ),
    production(
      'a body whose hash is of another artefact fails with REKOR_HASH_MISMATCH',
      readArtefact(real.entry),
      'REKOR_HASH_MISMATCH',
      'TLOG_BODY_ERROR',
      { hex: otherHex },
    ),
    production(
      'a body hashing the anchored hash as raw bytes instead of ASCII hex fails with REKOR_HASH_MISMATCH',
      tampered(
        (fields) =>
          (fields.body = hashedRekordBody(anchoredHex, testKey('submitter'), { hashOf: 'not the anchored hex' })),
      ),
      'REKOR_HASH_MISMATCH',
      'PUBLIC_KEY_ERROR',
    ),
    production(
      'an entry signed by a non-ArkForge key fails with REKOR_SIGNER_UNKNOWN',
      tampered((fields) => (fields.body = hashedRekordBody(anchoredHex, testKey('someone else')))),
      'REKOR_SIGNER_UNKNOWN',
      'PUBLIC_KEY_ERROR',
    ),
    production(
      "an entry carrying ArkForge's rekor-1 PEM with another key's signature fails with REKOR_ENTRY_SIGNATURE_INVALID",
      tampered((fields) => (fields.body = b64(utf8ToBytes(JSON.stringify(forged))))),
      'REKOR_ENTRY_SIGNATURE_INVALID',
      PROMISE,
    ),
    production(
      'a hashedrekord over sha512 fails with REKOR_HASH_ALGORITHM',
      tampered((fields) => (fields.body = b64(utf8ToBytes(JSON.stringify(sha512))))),
      'REKOR_HASH_ALGORITHM',
      PROMISE,
    ),
    production(
      'a body that is not base64 fails with REKOR_BODY_MALFORMED',
      tampered((fields) => (fields.body = `${fields.body}!`)),
      'REKOR_BODY_MALFORMED',
      'SIGSTORE_ENTRY_NOT_CONVERTIBLE',
    ),
    production(
      'a body that is base64 of no JSON document fails with REKOR_BODY_MALFORMED',
      tampered((fields) => (fields.body = b64(utf8ToBytes('[1, 2')))),
      'REKOR_BODY_MALFORMED',
      'SIGSTORE_ENTRY_NOT_CONVERTIBLE',
    ),
    // A bundle has no uuid: these are in-house only, and the sigstore path accepts the entry itself.
    production(
      'a uuid naming another leaf fails with REKOR_UUID_LEAF_MISMATCH (the SET does not cover the uuid)',
      tampered(() => undefined, otherLeaf),
      'REKOR_UUID_LEAF_MISMATCH',
      'OK',
    ),
    production(
      'the same leaf under another tree id fails with REKOR_UUID_MISMATCH',
      readArtefact(real.entry),
      'REKOR_UUID_MISMATCH',
      'OK',
      { expectedUuid: `0000000000000000${real.expected.uuid.slice(16)}` },
    ),
    production(
      'an entry other than the one the proof names fails with REKOR_UUID_MISMATCH',
      readArtefact(real.entry),
      'REKOR_UUID_MISMATCH',
      'OK',
      { expectedUuid: otherEntry },
    ),
    ...(
      [
        ['an array', []],
        ['two entries', { ...(readArtefact(real.entry) as object), ['0'.repeat(64)]: {} }],
        ['a uuid that is not hex', { 'not-a-uuid': {} }],
        ['a float logIndex', tampered((fields) => (fields.logIndex = 1.5))],
        ['a logID that is not hex', tampered((fields) => (fields.logID = 'rekor'))],
      ] as const
    ).map(([what, entry]) =>
      production(`${what} fails with REKOR_ENTRY_SHAPE`, entry, 'REKOR_ENTRY_SHAPE', 'SIGSTORE_ENTRY_NOT_CONVERTIBLE'),
    ),
    // The artefact is other bytes than the ones logged, so the logged digest differs.
    ...['SHA256:' + anchoredHex, anchoredHex.toUpperCase(), `sha256:${anchoredHex}`, anchoredHex.slice(1)].map((hex) =>
      production(
        `an anchored hash written as ${hex} fails with REKOR_ANCHORED_HEX_INVALID`,
        readArtefact(real.entry),
        'REKOR_ANCHORED_HEX_INVALID',
        'TLOG_BODY_ERROR',
        { hex },
      ),
    ),
  ];
}

/** A Rekor-compatible log other than the public-good one (tests/core/rekor/synthetic-log.ts). */
export const devnetLogKey = testKey('devnet log');
export const devnetSubmitter = testKey('devnet issuer rekor key');
export const devnetTrust: RekorTrust = {
  logKeys: [{ name: 'devnet.local', logId: bytesToHex(sha256(devnetLogKey.spkiDer)), spkiDer: devnetLogKey.spkiDer }],
  arkforgeKeys: [
    { kid: 'rekor-devnet', publicPem: devnetSubmitter.pem, validFrom: '2026-01-01T00:00:00Z', retiredAt: null },
  ],
};
export const devnetBody = hashedRekordBody(otherHex, devnetSubmitter);
export const DEVNET_TIME = 1790148708;

export function devnetEntry(index: number, size: number, options: { body?: string; treeId?: string } = {}) {
  return logEntry({
    body: options.body ?? devnetBody,
    logKey: devnetLogKey,
    index,
    size,
    integratedTime: DEVNET_TIME,
    ...(options.treeId === undefined ? {} : { treeId: options.treeId }),
  }) as Record<string, EntryFields>;
}

const devnet = (
  name: string,
  entry: unknown,
  code: EntryVector['code'],
  sigstore: string,
  hex = otherHex,
  trust = devnetTrust,
): EntryVector => ({
  name,
  input: { entry, anchoredHex: hex, trust },
  code,
  sigstore,
  ...(code === 'REKOR_SIGSTORE_DISAGREES' ? { inHouse: 'OK' as const } : {}),
});

/** The devnet trust with the submitter key's window changed. */
export function devnetTrustWithWindow(validFrom: string, retiredAt: string | null): RekorTrust {
  return { ...devnetTrust, arkforgeKeys: [{ ...devnetTrust.arkforgeKeys[0]!, validFrom, retiredAt }] };
}

/**
 * A devnet entry re-signed by a log whose key is P-384 (Rekor's logs are P-256): new logID, SET and checkpoint. The
 * signatures are over SHA-256, the digest OpenSSL uses for an EC key when none is named, as @sigstore/verify does.
 */
export function p384LogEntry(): { entry: Record<string, EntryFields>; trust: RekorTrust } {
  const secret = sha256(utf8ToBytes('proveit test key: p384 log')).slice(0, 32);
  const spkiDer = concatBytes(
    hexToBytes('3076301006072a8648ce3d020106052b81040022036200'),
    p384.getPublicKey(concatBytes(new Uint8Array(16), secret), false),
  );
  const sign = (message: Uint8Array) =>
    p384.sign(sha256(message), concatBytes(new Uint8Array(16), secret), { prehash: false, format: 'der' });
  const entry = devnetEntry(2, 5);
  const fields = Object.values(entry)[0]!;
  fields.logID = bytesToHex(sha256(spkiDer));
  const set = canonical(
    pyObjectFrom([
      ['body', fields.body],
      ['integratedTime', BigInt(fields.integratedTime)],
      ['logID', fields.logID],
      ['logIndex', BigInt(fields.logIndex)],
    ]),
  );
  fields.verification.signedEntryTimestamp = b64(sign(utf8ToBytes(set)));
  const proof = fields.verification.inclusionProof;
  const note = `devnet.local - 1\n${proof.treeSize}\n${b64(hexToBytes(proof.rootHash))}\n`;
  const signature = concatBytes(sha256(spkiDer).slice(0, 4), sign(utf8ToBytes(note)));
  proof.checkpoint = `${note}\n\u2014 devnet.local ${b64(signature)}\n`;
  return {
    entry,
    trust: { ...devnetTrust, logKeys: [{ name: 'devnet.local', logId: fields.logID, spkiDer }] },
  };
}

/** The same checks on a log whose key only the tests hold: what a real log key cannot be made to sign. */
export function devnetVectors(): EntryVector[] {
  const withCheckpoint = (make: (proof: EntryFields['verification']['inclusionProof']) => string) => {
    const entry = devnetEntry(2, 5);
    const proof = Object.values(entry)[0]!.verification.inclusionProof;
    proof.checkpoint = make(proof);
    return entry;
  };
  const forgedCheckpoint = withCheckpoint((proof) => {
    const root = Buffer.from(proof.rootHash, 'hex');
    const forged = checkpointText('devnet.local - 1', 'devnet.local', testKey('forger'), 5, root);
    const [note, signatureLine] = forged.split('\n\n') as [string, string];
    const [dash, name, signature] = signatureLine.trim().split(' ') as [string, string, string];
    const bytes = Buffer.from(signature, 'base64');
    bytes.set(sha256(devnetLogKey.spkiDer).slice(0, 4), 0);
    return `${note}\n\n${dash} ${name} ${bytes.toString('base64')}\n`;
  });
  const rekorPem = b64(utf8ToBytes(devnetSubmitter.pem));
  const signedBy = (signer: string) => {
    const document = {
      apiVersion: '0.0.1',
      kind: 'hashedrekord',
      spec: {
        data: { hash: { algorithm: 'sha256', value: bytesToHex(sha256(utf8ToBytes(otherHex))) } },
        signature: { content: b64(signDer(testKey(signer), utf8ToBytes(otherHex))), publicKey: { content: rekorPem } },
      },
    };
    return b64(utf8ToBytes(JSON.stringify(document)));
  };
  const labelled = (algorithm: string) => {
    const document = JSON.parse(Buffer.from(devnetBody, 'base64').toString());
    document.spec.data.hash.algorithm = algorithm;
    return b64(utf8ToBytes(JSON.stringify(document)));
  };
  const upper = otherHex.toUpperCase();
  const p384Log = p384LogEntry();
  const retiredLater = devnetTrustWithWindow('2026-01-01T00:00:00Z', '2026-10-01T00:00:00Z');
  return [
    ...(
      [
        [0, 1],
        [6, 7],
        [4, 11],
        [12, 13],
      ] as const
    ).map(([index, size]) =>
      devnet(
        `entry ${index} of a ${size}-entry log verifies with the devnet log key from trust`,
        devnetEntry(index, size, { treeId: '0000000000000001' }),
        'OK',
        'OK',
      ),
    ),
    devnet(
      "an entry logged before its ArkForge key's retired_at verifies (a retired key stays attributable)",
      devnetEntry(3, 4),
      'OK',
      'OK',
      otherHex,
      retiredLater,
    ),
    devnet(
      'a checkpoint validly signed by the log over another root fails with REKOR_CHECKPOINT_ROOT_MISMATCH',
      withCheckpoint(() =>
        checkpointText('devnet.local - 1', 'devnet.local', devnetLogKey, 5, sha256(utf8ToBytes('another root'))),
      ),
      'REKOR_CHECKPOINT_ROOT_MISMATCH',
      'TLOG_INCLUSION_PROOF_ERROR',
    ),
    devnet(
      'a checkpoint signed by another key under the log key hint fails with REKOR_CHECKPOINT_SIGNATURE_INVALID',
      forgedCheckpoint,
      'REKOR_CHECKPOINT_SIGNATURE_INVALID',
      'TLOG_INCLUSION_PROOF_ERROR',
    ),
    {
      ...devnet(
        'the same entry checked with the production trust fails with REKOR_SIGNER_UNKNOWN (trust decides, not code)',
        devnetEntry(0, 3),
        'REKOR_SIGNER_UNKNOWN',
        'PUBLIC_KEY_ERROR',
      ),
      input: { entry: devnetEntry(0, 3), anchoredHex: otherHex, trust: productionRekorTrust() },
    },
    devnet(
      "an entry the log accepted with the ArkForge key's PEM and another key's signature fails with REKOR_ENTRY_SIGNATURE_INVALID",
      devnetEntry(1, 4, { body: signedBy('someone else') }),
      'REKOR_ENTRY_SIGNATURE_INVALID',
      'SIGNATURE_ERROR',
    ),
    // What @sigstore/verify cannot express, on entries the log validly signed: it accepts, the in-house check refuses.
    devnet(
      'a logged body whose hash is labelled sha512 (the value being sha256) fails with REKOR_HASH_ALGORITHM',
      devnetEntry(1, 4, { body: labelled('sha512') }),
      'REKOR_HASH_ALGORITHM',
      'OK',
    ),
    devnet(
      'a logged anchored hash in upper case fails with REKOR_ANCHORED_HEX_INVALID',
      devnetEntry(1, 4, { body: hashedRekordBody(upper, devnetSubmitter) }),
      'REKOR_ANCHORED_HEX_INVALID',
      'OK',
      upper,
    ),
    devnet(
      'a checkpoint signed under a part of the log name fails with REKOR_CHECKPOINT_KEY_NAME',
      withCheckpoint((proof) =>
        checkpointText('devnet.local - 1', 'devnet', devnetLogKey, 5, Buffer.from(proof.rootHash, 'hex')),
      ),
      'REKOR_CHECKPOINT_KEY_NAME',
      'OK',
    ),
    devnet(
      "an inclusion proof stating a tree size other than the note's, on a path that walks to the same root for both, fails with REKOR_CHECKPOINT_TREE_SIZE",
      (() => {
        // Leaf 0 of 4 and leaf 0 of 3 hash the same two-element path the same way.
        const entry = devnetEntry(0, 4);
        Object.values(entry)[0]!.verification.inclusionProof.treeSize = 3;
        return entry;
      })(),
      'REKOR_CHECKPOINT_TREE_SIZE',
      'OK',
    ),
    devnet(
      'an entry of a log whose key is P-384 fails with REKOR_LOG_KEY_UNSUPPORTED',
      p384Log.entry,
      'REKOR_LOG_KEY_UNSUPPORTED',
      'OK',
      otherHex,
      p384Log.trust,
    ),
    devnet(
      'a checkpoint with an unreadable extra line after its signature fails with REKOR_CHECKPOINT_MALFORMED',
      withCheckpoint((proof) => `${proof.checkpoint}not a signature line\n`),
      'REKOR_CHECKPOINT_MALFORMED',
      'OK',
    ),
  ];
}

/**
 * Where the two verifiers disagree: @sigstore/verify holds each ArkForge key to its published window
 * (valid_from ≤ integratedTime < retired_at), the in-house attribution accepts a published key at any time. The
 * verdict is REKOR_SIGSTORE_DISAGREES, a refusal that names both verdicts (docs/witnesses.md).
 */
export function disagreementVectors(): EntryVector[] {
  // DEVNET_TIME is 2026-09-23T07:31:48Z.
  return [
    devnet(
      "an entry logged after its ArkForge key's retired_at is refused with REKOR_SIGSTORE_DISAGREES",
      devnetEntry(1, 2),
      'REKOR_SIGSTORE_DISAGREES',
      'PUBLIC_KEY_ERROR',
      otherHex,
      devnetTrustWithWindow('2026-01-01T00:00:00Z', '2026-09-01T00:00:00Z'),
    ),
    devnet(
      "an entry logged in the very second of its ArkForge key's retired_at is refused with REKOR_SIGSTORE_DISAGREES",
      devnetEntry(1, 2),
      'REKOR_SIGSTORE_DISAGREES',
      'PUBLIC_KEY_ERROR',
      otherHex,
      devnetTrustWithWindow('2026-01-01T00:00:00Z', '2026-09-23T07:31:48Z'),
    ),
    devnet(
      "an entry logged before its ArkForge key's valid_from is refused with REKOR_SIGSTORE_DISAGREES",
      devnetEntry(1, 2),
      'REKOR_SIGSTORE_DISAGREES',
      'PUBLIC_KEY_ERROR',
      otherHex,
      devnetTrustWithWindow('2026-10-01T00:00:00Z', null),
    ),
  ];
}
