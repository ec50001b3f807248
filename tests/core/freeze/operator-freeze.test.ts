import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  freezeDocumentSha256,
  freezeDocumentValue,
  freezeRequestHash,
  type FreezeDocument,
} from '../../../main/core/freeze/freeze-document.ts';
import {
  freezeOperatorSignatureFailure,
  readOperatorFreeze,
  signFreezeDocument,
} from '../../../main/core/freeze/operator-freeze.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { isPyObject, type PyObject } from '../../../main/core/json/value.ts';
import { operatorSignatureProblem, operatorSignedBytes } from '../../../main/core/operator/operator-signature.ts';

// The vector: an operator seed, a first freeze and its replacement (version 3), with the bytes signed, each
// document_sha256 and the request hash of a post to `url`. Its hashes were checked against CPython's json.dumps.
const vector = JSON.parse(
  readFileSync(new URL('../../vectors/freeze/operator-signed-v3.json', import.meta.url), 'utf8'),
) as {
  operator_seed_hex: string;
  operator_public_key: string;
  url: string;
  documents: {
    document: Record<string, unknown>;
    signed_bytes: string;
    document_sha256: string;
    request_hash: string;
  }[];
};
const seed = new Uint8Array(Buffer.from(vector.operator_seed_hex, 'hex'));

function parsed(document: Record<string, unknown>): PyObject {
  const value = loads(new TextEncoder().encode(JSON.stringify(document)));
  if (!value.ok || !isPyObject(value.value)) throw new Error('not an object');
  return value.value;
}

function read(document: Record<string, unknown>): FreezeDocument {
  const doc = readOperatorFreeze(parsed(document));
  if (!doc.ok) throw new Error(doc.error.message);
  return doc.value;
}

const [first, second] = vector.documents.map((d) => read(d.document)) as [FreezeDocument, FreezeDocument];

describe('freeze document version 3: signed by the operator', () => {
  it('signing the vector documents reproduces them byte for byte (deterministic Ed25519 over the unsigned canonical JSON)', () => {
    for (const [i, doc] of [first, second].entries()) {
      const again = signFreezeDocument({ ...doc, operator_signature: undefined, operator_public_key: undefined }, seed);
      expect(canonical(freezeDocumentValue(again))).toBe(canonical(parsed(vector.documents[i]!.document)));
      expect(new TextDecoder().decode(operatorSignedBytes(freezeDocumentValue(again)))).toBe(
        vector.documents[i]!.signed_bytes,
      );
    }
    expect(first.operator_public_key).toBe(vector.operator_public_key);
  });

  it('the signature verifies with node:crypto (OpenSSL) over the signed bytes, an implementation apart from the signer', () => {
    const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed)]);
    const publicKey = createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
    for (const d of vector.documents) {
      const signature = Buffer.from(String(d.document['operator_signature']), 'base64');
      expect(verify(null, Buffer.from(d.signed_bytes), publicKey, signature)).toBe(true);
    }
  });

  it('document_sha256 and the request hash cover the whole document, signature included', () => {
    for (const [i, doc] of [first, second].entries()) {
      expect(freezeDocumentSha256(doc)).toBe(vector.documents[i]!.document_sha256);
      expect(freezeRequestHash(vector.url, doc)).toBe(vector.documents[i]!.request_hash);
    }
    expect(second.replaces_sha256).toBe(freezeDocumentSha256(first));
  });

  it('an honest version-3 document passes the check; versions 1 and 2 carry no signature and are not judged on one', () => {
    expect(freezeOperatorSignatureFailure(first)).toBeNull();
    const v2: FreezeDocument = { ...first, document_version: 2 };
    expect(freezeOperatorSignatureFailure(v2)).toBeNull();
  });

  it('a signed document edited after signing fails FREEZE_OPERATOR_SIGNATURE_INVALID (invalid)', () => {
    const moved = { ...first, closes_at: '2026-11-08T08:00:00.000Z' };
    expect(freezeOperatorSignatureFailure(moved)).toMatchObject({
      code: 'FREEZE_OPERATOR_SIGNATURE_INVALID',
      details: { field: 'operator_signature', problem: 'invalid' },
    });
  });

  it('a document signed by another key but naming the operator key fails (invalid); its own key makes it valid', () => {
    const other = signFreezeDocument({ ...first, operator_signature: undefined }, new Uint8Array(32).fill(9));
    expect(freezeOperatorSignatureFailure(other)).toBeNull();
    expect(other.operator_public_key).not.toBe(vector.operator_public_key);
    const claimed = { ...other, operator_public_key: vector.operator_public_key };
    expect(freezeOperatorSignatureFailure(claimed)?.details).toMatchObject({ problem: 'invalid' });
  });

  it('a version-3 document without its signature fails (unsigned)', () => {
    expect(freezeOperatorSignatureFailure({ ...first, operator_signature: undefined })?.details).toMatchObject({
      problem: 'unsigned',
    });
  });
});

describe('the operator signature rule (main/core/operator/operator-signature.ts)', () => {
  const signed = () => parsed(vector.documents[0]!.document);

  it('a second spelling of the same signature bytes (non-canonical base64) is malformed, never a second document', () => {
    const doc = signed();
    const text = doc['operator_signature'] as string;
    // The last character before "==" carries 4 unused bits: flipping one decodes to the same 64 bytes.
    const last = text[85] as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string;
    const respelled = `${text.slice(0, 85)}${twin}==`;
    expect(Buffer.from(respelled, 'base64').equals(Buffer.from(text, 'base64'))).toBe(true);
    expect(operatorSignatureProblem(doc)).toBeNull();
    expect(operatorSignatureProblem({ ...doc, operator_signature: respelled })).toBe('malformed');
  });

  it('a key that is not 64 lowercase hex, or a signature of the wrong length, is malformed; absent fields are unsigned', () => {
    const doc = signed();
    expect(operatorSignatureProblem({ ...doc, operator_public_key: vector.operator_public_key.toUpperCase() })).toBe(
      'malformed',
    );
    expect(operatorSignatureProblem({ ...doc, operator_signature: 'AAAA' })).toBe('malformed');
    const { operator_signature: _dropped, ...unsigned } = doc;
    expect(operatorSignatureProblem(unsigned)).toBe('unsigned');
  });

  it('a key added after signing is covered too: the signature no longer verifies', () => {
    expect(operatorSignatureProblem({ ...signed(), note: 'added later' })).toBe('invalid');
  });
});

describe('reading a posted version-3 document strictly (FREEZE_DOCUMENT_INVALID names the field)', () => {
  const field = (document: Record<string, unknown>) => {
    const r = readOperatorFreeze(parsed(document));
    return r.ok ? 'OK' : r.error.details?.['field'];
  };
  const doc = vector.documents[0]!.document;

  it('the vector document reads back with every field, of its type', () => {
    expect(field(doc)).toBe('OK');
    expect(first).toMatchObject({ document_version: 3, season: 1, replaces_sha256: null, signed_at: doc['signed_at'] });
  });

  it('an extra key, a missing key, a signed_at without milliseconds, a replaces_sha256 not hex are refused', () => {
    expect(field({ ...doc, extra: 1 })).toBe('extra');
    const { signed_at: _s, ...missing } = doc;
    expect(field(missing)).toBe('signed_at');
    expect(field({ ...doc, signed_at: '2026-09-20T12:00:00Z' })).toBe('signed_at');
    expect(field({ ...doc, replaces_sha256: 'x'.repeat(64) })).toBe('replaces_sha256');
    expect(field({ ...doc, document_version: 2 })).toBe('document_version');
    expect(field({ ...doc, reason: 'a reason without a replacement' })).toBe('reason');
  });
});
