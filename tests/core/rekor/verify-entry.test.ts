import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { verifyRekorEntry, type RekorTrust } from '../../../main/core/rekor/verify-entry.ts';
import { b64, checkpointText, hashedRekordBody, logEntry, signDer, testKey } from './synthetic-log.ts';
import { productionRekorTrust, readArtefact, vectors } from './real-entries.ts';

interface EntryFields {
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

const real = vectors.verified[0]!;
const anchoredHex = real.anchoredHex;
const otherHex = '01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6';

/** A deep copy of the real entry with `change` applied to its fields (the uuid can be changed too). */
function tampered(change: (fields: EntryFields) => void, uuid?: string): Record<string, EntryFields> {
  const entry = structuredClone(readArtefact(real.entry)) as Record<string, EntryFields>;
  const [key, fields] = Object.entries(entry)[0]!;
  change(fields);
  return { [uuid ?? key]: fields };
}

function codeOf(entry: unknown, options: { hex?: string; trust?: RekorTrust; expectedUuid?: string } = {}) {
  const result = verifyRekorEntry({
    entry,
    anchoredHex: options.hex ?? anchoredHex,
    trust: options.trust ?? productionRekorTrust(),
    ...(options.expectedUuid === undefined ? {} : { expectedUuid: options.expectedUuid }),
  });
  return result.ok ? 'OK' : result.error.code;
}

const editCheckpoint = (fields: EntryFields, edit: (lines: string[]) => void) => {
  const lines = fields.verification.inclusionProof.checkpoint.split('\n');
  edit(lines);
  fields.verification.inclusionProof.checkpoint = lines.join('\n');
};

/** Flips one bit of byte `position` of the base64 signature on the checkpoint's signature line. */
const flipCheckpointSignatureByte = (position: number) => (fields: EntryFields) =>
  editCheckpoint(fields, (lines) => {
    const [dash, name, signature] = lines[4]!.split(' ');
    const bytes = Buffer.from(signature!, 'base64');
    bytes[position]! ^= 0x01;
    lines[4] = [dash, name, bytes.toString('base64')].join(' ');
  });

describe('the real Rekor entries', () => {
  it.each(vectors.verified.map((v) => [v.entry, v] as const))(
    '%s verifies fully with the public-good log key and rekor-1',
    (_, vector) => {
      const result = verifyRekorEntry({
        entry: readArtefact(vector.entry),
        anchoredHex: vector.anchoredHex,
        expectedUuid: vector.expected.uuid,
        trust: productionRekorTrust(),
      });
      expect(result).toEqual({ ok: true, value: vector.expected });
    },
  );

  it('the anchored hex of proof_rekor.json is its chain hash (legacy proof: no batch)', () => {
    const proof = readArtefact(real.proof) as { hashes: { chain: string }; transparency_log: { uuid: string } };
    expect(proof.hashes.chain).toBe(`sha256:${anchoredHex}`);
    expect(proof.transparency_log.uuid).toBe(real.expected.uuid);
  });

  it.each(vectors.refused.map((v) => [v.entry, v] as const))('%s is refused', (_, vector) => {
    expect(codeOf(readArtefact(vector.entry), { hex: vector.anchoredHex })).toBe(vector.code);
  });

  it('with no published ArkForge Rekor key the entry verifies with attribution "unverifiable"', () => {
    const trust = { ...productionRekorTrust(), arkforgeKeys: [] };
    const result = verifyRekorEntry({ entry: readArtefact(real.entry), anchoredHex, trust });
    expect(result.ok && result.value.attribution).toEqual({ status: 'unverifiable' });
  });

  it('the entry read as PyJson (null-prototype objects, bigint integers) verifies the same', () => {
    const toPy = (value: unknown): unknown => {
      if (typeof value === 'number') return BigInt(value);
      if (Array.isArray(value)) return value.map(toPy);
      if (value && typeof value === 'object') {
        const object = Object.create(null) as Record<string, unknown>;
        for (const [key, item] of Object.entries(value)) object[key] = toPy(item);
        return object;
      }
      return value;
    };
    expect(codeOf(toPy(readArtefact(real.entry)))).toBe('OK');
  });
});

describe('attacks on the Rekor witness', () => {
  it('a wrong log key fails with REKOR_LOG_UNKNOWN', () => {
    const impostor = testKey('impostor log');
    const trust = {
      ...productionRekorTrust(),
      logKeys: [{ name: 'rekor.sigstore.dev', logId: bytesToHex(sha256(impostor.spkiDer)), spkiDer: impostor.spkiDer }],
    };
    expect(codeOf(readArtefact(real.entry), { trust })).toBe('REKOR_LOG_UNKNOWN');
  });

  it('a wrong log key listed under the real logID fails with REKOR_LOG_UNKNOWN (the id is recomputed)', () => {
    const impostor = testKey('impostor log');
    const realLogId = productionRekorTrust().logKeys[0]!.logId;
    const trust = {
      ...productionRekorTrust(),
      logKeys: [{ name: 'rekor.sigstore.dev', logId: realLogId, spkiDer: impostor.spkiDer }],
    };
    expect(codeOf(readArtefact(real.entry), { trust })).toBe('REKOR_LOG_UNKNOWN');
  });

  it('a checkpoint whose root differs fails with REKOR_CHECKPOINT_ROOT_MISMATCH', () => {
    const entry = tampered((fields) =>
      editCheckpoint(fields, (lines) => {
        lines[2] = b64(sha256(utf8ToBytes('another root')));
      }),
    );
    expect(codeOf(entry)).toBe('REKOR_CHECKPOINT_ROOT_MISMATCH');
  });

  it('a checkpoint whose tree size differs fails with REKOR_CHECKPOINT_TREE_SIZE', () => {
    const entry = tampered((fields) =>
      editCheckpoint(fields, (lines) => {
        lines[1] = String(Number(lines[1]) + 1);
      }),
    );
    expect(codeOf(entry)).toBe('REKOR_CHECKPOINT_TREE_SIZE');
  });

  it('a checkpoint with a wrong key hint fails with REKOR_CHECKPOINT_KEY_HINT', () => {
    expect(codeOf(tampered(flipCheckpointSignatureByte(0)))).toBe('REKOR_CHECKPOINT_KEY_HINT');
  });

  it('a checkpoint signature moved under another key name fails with REKOR_CHECKPOINT_KEY_NAME', () => {
    const entry = tampered((fields) => {
      fields.verification.inclusionProof.checkpoint = fields.verification.inclusionProof.checkpoint.replace(
        '\u2014 rekor.sigstore.dev ',
        '\u2014 rekor.example.org ',
      );
    });
    expect(codeOf(entry)).toBe('REKOR_CHECKPOINT_KEY_NAME');
  });

  it('a flipped byte in the checkpoint signature fails with REKOR_CHECKPOINT_SIGNATURE_INVALID', () => {
    expect(codeOf(tampered(flipCheckpointSignatureByte(40)))).toBe('REKOR_CHECKPOINT_SIGNATURE_INVALID');
  });

  it('a checkpoint without its blank separator line fails with REKOR_CHECKPOINT_MALFORMED', () => {
    const entry = tampered((fields) => {
      fields.verification.inclusionProof.checkpoint = fields.verification.inclusionProof.checkpoint.replace(
        '\n\n',
        '\n',
      );
    });
    expect(codeOf(entry)).toBe('REKOR_CHECKPOINT_MALFORMED');
  });

  it('a SET over another body (integratedTime moved by one second) fails with REKOR_SET_INVALID', () => {
    expect(codeOf(tampered((fields) => (fields.integratedTime += 1)))).toBe('REKOR_SET_INVALID');
  });

  it('a SET over another log index fails with REKOR_SET_INVALID', () => {
    expect(codeOf(tampered((fields) => (fields.logIndex += 1)))).toBe('REKOR_SET_INVALID');
  });

  it('an entry without its SET fails with REKOR_SET_MISSING', () => {
    expect(codeOf(tampered((fields) => delete fields.verification.signedEntryTimestamp))).toBe('REKOR_SET_MISSING');
  });

  it.each(Array.from({ length: 32 }, (_, i) => i))(
    'a flipped byte in inclusion hash %i fails with REKOR_INCLUSION_ROOT_MISMATCH',
    (position) => {
      const entry = tampered((fields) => {
        const hashes = fields.verification.inclusionProof.hashes;
        const bytes = Buffer.from(hashes[position]!, 'hex');
        bytes[position % 32]! ^= 0x80;
        hashes[position] = bytes.toString('hex');
      });
      expect(codeOf(entry)).toBe('REKOR_INCLUSION_ROOT_MISMATCH');
    },
  );

  it('an inclusion path one element short fails with REKOR_INCLUSION_PATH_LENGTH', () => {
    expect(codeOf(tampered((fields) => fields.verification.inclusionProof.hashes.pop()))).toBe(
      'REKOR_INCLUSION_PATH_LENGTH',
    );
  });

  it('an inclusion path one element long fails with REKOR_INCLUSION_PATH_LENGTH', () => {
    const entry = tampered((fields) => fields.verification.inclusionProof.hashes.push('00'.repeat(32)));
    expect(codeOf(entry)).toBe('REKOR_INCLUSION_PATH_LENGTH');
  });

  it('walking with the global logIndex instead of the shard-local one fails', () => {
    const entry = tampered((fields) => (fields.verification.inclusionProof.logIndex = fields.logIndex));
    expect(codeOf(entry)).toMatch(/^REKOR_INCLUSION_(ROOT_MISMATCH|PATH_LENGTH)$/);
  });

  it('a stated rootHash other than the walk result fails with REKOR_INCLUSION_ROOT_MISMATCH', () => {
    const entry = tampered((fields) => (fields.verification.inclusionProof.rootHash = '11'.repeat(32)));
    expect(codeOf(entry)).toBe('REKOR_INCLUSION_ROOT_MISMATCH');
  });

  it('a body whose hash is of another artefact fails with REKOR_HASH_MISMATCH and reports both values', () => {
    const result = verifyRekorEntry({
      entry: readArtefact(real.entry),
      anchoredHex: otherHex,
      trust: productionRekorTrust(),
    });
    expect(!result.ok && result.error.code).toBe('REKOR_HASH_MISMATCH');
    expect(!result.ok && result.error.details).toMatchObject({
      expected: bytesToHex(sha256(utf8ToBytes(otherHex))),
      actual: '25a93efdebf454f029fcd69eb6442c0e2855ab51e5dff67ed3860abd31a5a0ae',
    });
  });

  it('a body hashing the anchored hash as raw bytes instead of ASCII hex fails with REKOR_HASH_MISMATCH', () => {
    const submitter = testKey('submitter');
    const body = hashedRekordBody(anchoredHex, submitter, { hashOf: 'not the anchored hex' });
    expect(codeOf(tampered((fields) => (fields.body = body)))).toBe('REKOR_HASH_MISMATCH');
  });

  it('an entry signed by a non-ArkForge key fails with REKOR_SIGNER_UNKNOWN', () => {
    const body = hashedRekordBody(anchoredHex, testKey('someone else'));
    expect(codeOf(tampered((fields) => (fields.body = body)))).toBe('REKOR_SIGNER_UNKNOWN');
  });

  it("an entry carrying ArkForge's rekor-1 PEM with another key's signature fails with REKOR_ENTRY_SIGNATURE_INVALID", () => {
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
    const body = b64(utf8ToBytes(JSON.stringify(forged)));
    expect(codeOf(tampered((fields) => (fields.body = body)))).toBe('REKOR_ENTRY_SIGNATURE_INVALID');
  });

  it('a hashedrekord over sha512 fails with REKOR_HASH_ALGORITHM', () => {
    const document = JSON.parse(
      Buffer.from(
        (readArtefact(real.entry) as Record<string, EntryFields>)[real.expected.uuid]!.body,
        'base64',
      ).toString(),
    );
    document.spec.data.hash.algorithm = 'sha512';
    const body = b64(utf8ToBytes(JSON.stringify(document)));
    expect(codeOf(tampered((fields) => (fields.body = body)))).toBe('REKOR_HASH_ALGORITHM');
  });

  it('a body that is not base64 JSON fails with REKOR_BODY_MALFORMED', () => {
    expect(codeOf(tampered((fields) => (fields.body = `${fields.body}!`)))).toBe('REKOR_BODY_MALFORMED');
    expect(codeOf(tampered((fields) => (fields.body = b64(utf8ToBytes('[1, 2')))))).toBe('REKOR_BODY_MALFORMED');
  });

  it('a uuid naming another leaf fails with REKOR_UUID_LEAF_MISMATCH (the SET does not cover the uuid)', () => {
    const uuid = `${real.expected.uuid.slice(0, -1)}${real.expected.uuid.endsWith('0') ? '1' : '0'}`;
    expect(codeOf(tampered(() => undefined, uuid))).toBe('REKOR_UUID_LEAF_MISMATCH');
  });

  it('the entry named by its bare leaf hash (without the tree id) is the same entry', () => {
    expect(codeOf(readArtefact(real.entry), { expectedUuid: real.expected.uuid.slice(16) })).toBe('OK');
  });

  it('the same leaf under another tree id fails with REKOR_UUID_MISMATCH', () => {
    const otherTree = `0000000000000000${real.expected.uuid.slice(16)}`;
    expect(codeOf(readArtefact(real.entry), { expectedUuid: otherTree })).toBe('REKOR_UUID_MISMATCH');
  });

  it('an entry other than the one the proof names fails with REKOR_UUID_MISMATCH', () => {
    const other = vectors.refused[0]!;
    const named = Object.keys(readArtefact(other.entry) as object)[0]!;
    expect(codeOf(readArtefact(real.entry), { expectedUuid: named })).toBe('REKOR_UUID_MISMATCH');
  });

  it.each([
    ['an array', []],
    ['two entries', { ...(readArtefact(real.entry) as object), ['0'.repeat(64)]: {} }],
    ['a uuid that is not hex', { 'not-a-uuid': {} }],
    ['a float logIndex', tampered((fields) => (fields.logIndex = 1.5))],
    ['a logID that is not hex', tampered((fields) => (fields.logID = 'rekor'))],
  ])('%s fails with REKOR_ENTRY_SHAPE', (_, entry) => {
    expect(codeOf(entry)).toBe('REKOR_ENTRY_SHAPE');
  });

  it.each(['SHA256:' + anchoredHex, anchoredHex.toUpperCase(), `sha256:${anchoredHex}`, anchoredHex.slice(1)])(
    'an anchored hash written as %s fails with REKOR_ANCHORED_HEX_INVALID',
    (hex) => {
      expect(codeOf(readArtefact(real.entry), { hex })).toBe('REKOR_ANCHORED_HEX_INVALID');
    },
  );
});

describe('a Rekor-compatible log other than the public-good one (the devnet case)', () => {
  const logKey = testKey('devnet log');
  const submitter = testKey('devnet issuer rekor key');
  const trust: RekorTrust = {
    logKeys: [{ name: 'devnet.local', logId: bytesToHex(sha256(logKey.spkiDer)), spkiDer: logKey.spkiDer }],
    arkforgeKeys: [
      { kid: 'rekor-devnet', publicPem: submitter.pem, validFrom: '2026-01-01T00:00:00Z', retiredAt: null },
    ],
  };
  const body = hashedRekordBody(otherHex, submitter);

  it.each([
    [0, 1],
    [6, 7],
    [4, 11],
    [12, 13],
  ])('entry %i of a %i-entry log verifies with the devnet log key from trust', (index, size) => {
    const entry = logEntry({ body, logKey, index, size, integratedTime: 1790148708, treeId: '0000000000000001' });
    const result = verifyRekorEntry({ entry, anchoredHex: otherHex, trust });
    expect(result).toMatchObject({
      ok: true,
      value: {
        logIndex: index,
        attribution: { status: 'verified', kid: 'rekor-devnet' },
        checkpointOrigin: 'devnet.local - 1',
      },
    });
  });

  it('a checkpoint validly signed by the log over another root fails with REKOR_CHECKPOINT_ROOT_MISMATCH', () => {
    const entry = logEntry({ body, logKey, index: 2, size: 5, integratedTime: 1790148708 }) as Record<
      string,
      EntryFields
    >;
    const fields = Object.values(entry)[0]!;
    const otherRoot = sha256(utf8ToBytes('a root the log signed for someone else'));
    fields.verification.inclusionProof.checkpoint = checkpointText(
      'devnet.local - 1',
      'devnet.local',
      logKey,
      5,
      otherRoot,
    );
    expect(codeOf(entry, { hex: otherHex, trust })).toBe('REKOR_CHECKPOINT_ROOT_MISMATCH');
  });

  it('a checkpoint signed by another key under the log key hint fails with REKOR_CHECKPOINT_SIGNATURE_INVALID', () => {
    const entry = logEntry({ body, logKey, index: 2, size: 5, integratedTime: 1790148708 }) as Record<
      string,
      EntryFields
    >;
    const proof = Object.values(entry)[0]!.verification.inclusionProof;
    const root = Buffer.from(proof.rootHash, 'hex');
    const forged = checkpointText('devnet.local - 1', 'devnet.local', testKey('forger'), 5, root);
    const [note, signatureLine] = forged.split('\n\n') as [string, string];
    const [dash, name, signature] = signatureLine.trim().split(' ') as [string, string, string];
    const bytes = Buffer.from(signature, 'base64');
    bytes.set(sha256(logKey.spkiDer).slice(0, 4), 0);
    proof.checkpoint = `${note}\n\n${dash} ${name} ${bytes.toString('base64')}\n`;
    expect(codeOf(entry, { hex: otherHex, trust })).toBe('REKOR_CHECKPOINT_SIGNATURE_INVALID');
  });

  it('the same entry checked with the production trust fails with REKOR_SIGNER_UNKNOWN (trust decides, not code)', () => {
    const entry = logEntry({ body, logKey, index: 0, size: 3, integratedTime: 1790148708 });
    expect(codeOf(entry, { hex: otherHex })).toBe('REKOR_SIGNER_UNKNOWN');
  });
});
