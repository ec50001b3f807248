import { describe, expect, it } from 'vitest';
import { issuerAnomalies } from '../../../main/core/proof/anomalies.ts';
import type { PyJson } from '../../../main/core/json/value.ts';

const A = 'aa'.repeat(32);
const B = 'bb'.repeat(32);
const opened = (entries: [string, PyJson][]) => new Map(entries);

describe('issuer anomalies (flat fields versus opened values)', () => {
  it('hashes.request that differs from the opened request_hash is reported with both values', () => {
    expect(issuerAnomalies({ request_hash: A }, opened([['request_hash', B]]))).toEqual([
      { code: 'ISSUER_FLAT_FIELD_DIFFERS', field: 'request_hash', flat: `"${A}"`, opened: `"${B}"` },
    ]);
  });

  it('a "sha256:" prefix on either side is not a difference for the hash fields', () => {
    expect(issuerAnomalies({ response_hash: A }, opened([['response_hash', `sha256:${A}`]]))).toEqual([]);
  });

  it('types count: the flat string "true" differs from the opened boolean true', () => {
    expect(
      issuerAnomalies({ agent_identity_verified: 'true' }, opened([['agent_identity_verified', true]])),
    ).toHaveLength(1);
  });

  it('fields that were not opened, or not shown, are not compared', () => {
    expect(issuerAnomalies({ seller: 'x', timestamp: undefined }, opened([['timestamp', 'y']]))).toEqual([]);
  });
});
