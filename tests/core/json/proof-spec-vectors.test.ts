import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sha256HexOfText } from '../../../main/core/hash/sha256.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { sha256Canonical } from '../../../main/core/json/sha256-canonical.ts';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { legacyChainHash, valuesChainHash } from '../../../main/core/proof/chain-hash.ts';

// The proof-spec's own vectors (ark-forge/proof-spec test-vectors.json v2.1.0), read through our loads().
const file = readFileSync(
  new URL('../../../artefacts/trust-layer/proof-spec-test-vectors-2.1.0.json', import.meta.url),
);
const parsed = loads(file);
if (!parsed.ok || !isPyObject(parsed.value)) throw new Error('the proof-spec vectors file must load');
const vectors = parsed.value.vectors as PyObject[];

const text = (object: PyObject, key: string): string => object[key] as string;
const optional = (object: PyObject, key: string): string | undefined =>
  typeof object[key] === 'string' ? (object[key] as string) : undefined;

describe('proof-spec test vectors 2.1.0 (trust-layer-reference §4.2, §4.3, §4.6)', () => {
  it('holds the nine vectors: seven legacy, two canonical-JSON', () => {
    expect(vectors).toHaveLength(9);
    expect(vectors.filter((v) => v.algorithm === 'canonical_json')).toHaveLength(2);
  });

  it.each(vectors.map((v) => [text(v, 'name'), v] as const))(
    '%s: request, response, buyer and chain hashes',
    (_name, v) => {
      const input = v.input as PyObject;
      const expected = v.expected as PyObject;
      expect(canonical(input.request as PyJson)).toBe(text(expected, 'canonical_request'));
      expect(canonical(input.response as PyJson)).toBe(text(expected, 'canonical_response'));
      expect(sha256Canonical(input.request as PyJson)).toBe(text(expected, 'request_hash'));
      expect(sha256Canonical(input.response as PyJson)).toBe(text(expected, 'response_hash'));
      expect(sha256HexOfText(text(input, 'api_key'))).toBe(text(expected, 'buyer_fingerprint'));

      const chainInputs = {
        request_hash: text(expected, 'request_hash'),
        response_hash: text(expected, 'response_hash'),
        transaction_id: text(input, 'payment_intent_id'),
        timestamp: text(input, 'timestamp'),
        buyer_fingerprint: text(expected, 'buyer_fingerprint'),
        seller: text(input, 'seller'),
        upstream_timestamp: optional(input, 'upstream_timestamp'),
        receipt_content_hash: optional(input, 'receipt_content_hash'),
      };
      const values = v.algorithm === 'canonical_json';
      expect(values ? valuesChainHash(chainInputs) : legacyChainHash(chainInputs)).toBe(text(expected, 'chain_hash'));
      if (values) {
        const { upstream_timestamp, receipt_content_hash, ...always } = chainInputs;
        const chainData: PyObject = Object.assign(Object.create(null) as PyObject, always);
        if (upstream_timestamp) chainData.upstream_timestamp = upstream_timestamp;
        if (receipt_content_hash) chainData.receipt_content_hash = receipt_content_hash;
        expect(canonical(chainData)).toBe(text(expected, 'canonical_chain_data'));
      }
    },
  );
});
