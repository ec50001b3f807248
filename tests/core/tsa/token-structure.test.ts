import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuerAndSerialNumber } from 'pkijs';
import {
  parseTimestampResponse,
  parseTimestampResponseFully,
  type TokenParts,
} from '../../../main/core/tsa/token-structure.ts';
import { createTestTsa, type TestTsa } from '../../support/test-tsa.ts';
import { realTokens } from './freetsa-fixtures.ts';

// The DER reader's fast path (token-structure.ts) must read exactly what the full asn1js + pkijs parse reads, on
// real FreeTSA tokens and on openssl tokens with and without carried certificates; and it must hand every token it
// does not fully understand to the full parse.

function fields(parts: TokenParts) {
  const sid = parts.signerInfo.sid as unknown;
  if (!(sid instanceof IssuerAndSerialNumber))
    throw new Error('the reference tokens name their signer by issuer and serial');
  return {
    version: parts.signerInfo.version,
    issuer: new Uint8Array(sid.issuer.toSchema().toBER()),
    serialNumber: new Uint8Array(sid.serialNumber.valueBlock.valueHexView),
    attributes: (parts.signerInfo.signedAttrs?.attributes ?? []).map((a) => ({
      type: a.type,
      values: a.values.map((v: { toBER(): ArrayBuffer }) => new Uint8Array(v.toBER())),
    })),
    tstInfo: parts.tstInfo,
    eContent: parts.eContent,
    certificates: parts.certificates,
    signedAttrs: new Uint8Array(parts.signerInfo.signedAttrs?.encodedValue ?? new ArrayBuffer(0)),
    signature: new Uint8Array(parts.signerInfo.signature.valueBlock.valueHexView),
    digestAlgorithm: parts.signerInfo.digestAlgorithm.algorithmId,
    signatureAlgorithm: parts.signerInfo.signatureAlgorithm.algorithmId,
  };
}

function bothReadings(tsr: Uint8Array) {
  const fast = parseTimestampResponse(tsr);
  const full = parseTimestampResponseFully(tsr);
  if (!fast.ok || !full.ok) throw new Error('a reference token did not parse');
  return { fast: fields(fast.value), full: fields(full.value) };
}

describe('the DER reader reads what pkijs reads', () => {
  let tsa: TestTsa;
  beforeAll(() => {
    tsa = createTestTsa({ key: 'ec-p256' });
  });
  afterAll(() => tsa?.close());

  it('every real FreeTSA token gives the same TSTInfo, eContent, SignerInfo and certificates both ways', () => {
    for (const token of realTokens()) {
      const { fast, full } = bothReadings(token.tsr);
      expect(fast, token.proof).toEqual(full);
    }
  });

  it('an openssl token carrying its certificate (certReq) gives the same parts both ways', () => {
    const tsr = tsa.stamp(sha256(utf8ToBytes('a batch root')), { certReq: true });
    const { fast, full } = bothReadings(tsr);
    expect(fast.certificates.length).toBeGreaterThan(0);
    expect(fast).toEqual(full);
  });

  it('an openssl token without certificates gives the same parts both ways', () => {
    const tsr = tsa.stamp(sha256(utf8ToBytes('another batch root')), { certReq: false });
    const { fast, full } = bothReadings(tsr);
    expect(fast.certificates).toHaveLength(0);
    expect(fast).toEqual(full);
  });

  it('a length written in more octets than needed is not DER: the full parse decides', () => {
    const [token] = realTokens();
    const tsr = token!.tsr;
    // Rewrite the outer SEQUENCE's length with one extra leading octet (0x83 0x00 …): BER, not DER.
    const lengthOctets = tsr[1]! & 0x7f;
    const widened = new Uint8Array(tsr.length + 1);
    widened[0] = tsr[0]!;
    widened[1] = 0x80 | (lengthOctets + 1);
    widened[2] = 0;
    widened.set(tsr.subarray(2), 3);
    expect(parseTimestampResponse(widened)).toEqual(parseTimestampResponseFully(widened));
  });
});
