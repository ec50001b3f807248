import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as asn1js from 'asn1js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { verifyTimestampToken } from '../../../main/core/tsa/verify-timestamp.ts';
import type { TsaTrust } from '../../../main/core/tsa/model.ts';
import { pemBlocks } from '../../../main/core/x509/pem.ts';
import { timeStampResp } from '../../support/test-tsa.ts';
import { certificate, freetsaTrust, PROVIDER, realTokens } from './freetsa-fixtures.ts';

const tokens = realTokens();
const [freeze, july] = tokens as [(typeof tokens)[0], (typeof tokens)[0]];

async function codeOf(input: { tsr: Uint8Array; anchoredHash?: Uint8Array; provider?: string; trust?: TsaTrust }) {
  const result = await verifyTimestampToken({
    tsr: input.tsr,
    anchoredHash: input.anchoredHash ?? freeze.anchoredHash,
    provider: input.provider ?? PROVIDER,
    trust: input.trust ?? freetsaTrust(),
  });
  return result.ok ? 'OK' : result.error.code;
}

function flipped(bytes: Uint8Array, position: number): Uint8Array {
  const copy = bytes.slice();
  copy[position]! ^= 0x01;
  return copy;
}

/** Where `needle` starts in `bytes` (the test fails loudly if the fixture changed). */
function offsetOf(bytes: Uint8Array, needle: number[]): number {
  const at = Buffer.from(bytes).indexOf(Buffer.from(needle));
  if (at < 0) throw new Error('pattern not found in the token');
  return at;
}

/** The timeStampToken (ContentInfo) DER inside a TimeStampResp. */
function tokenOf(tsr: Uint8Array): Uint8Array {
  const response = asn1js.fromBER(tsr).result as asn1js.Sequence;
  return new Uint8Array(response.valueBlock.value[1]!.valueBeforeDecodeView);
}

describe('the real FreeTSA tokens of the production proofs', () => {
  it.each(tokens.map((t) => [t.proof, t] as const))('%s verifies with cacert.pem + tsa.crt', async (_, token) => {
    const result = await verifyTimestampToken({
      tsr: token.tsr,
      anchoredHash: token.anchoredHash,
      provider: PROVIDER,
      trust: freetsaTrust(),
    });
    expect(result).toEqual({ ok: true, value: token.expected });
  });

  it('the freeze proof token is stamped at the reference genTime 2026-09-23T07:31:48Z', async () => {
    const result = await verifyTimestampToken({
      tsr: freeze.tsr,
      anchoredHash: freeze.anchoredHash,
      provider: 'freetsa.org',
      trust: freetsaTrust(),
    });
    expect(result.ok && result.value.genTime).toBe('2026-09-23T07:31:48Z');
  });

  it('a grantedWithMods (1) response carrying the same token verifies', async () => {
    expect(await codeOf({ tsr: timeStampResp(1, tokenOf(freeze.tsr)) })).toBe('OK');
  });

  it('the untrusted list may hold unrelated certificates besides the signer', async () => {
    const trust = freetsaTrust();
    trust[PROVIDER]!.untrusted.unshift(certificate('cacert.pem'));
    expect(await codeOf({ tsr: freeze.tsr, trust })).toBe('OK');
  });
});

describe('attacks on the RFC 3161 witness', () => {
  it('a token from another proof fails with TSA_IMPRINT_MISMATCH and reports both values', async () => {
    const result = await verifyTimestampToken({
      tsr: july.tsr,
      anchoredHash: freeze.anchoredHash,
      provider: PROVIDER,
      trust: freetsaTrust(),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('TSA_IMPRINT_MISMATCH');
      expect(result.error.details).toMatchObject({
        // SHA-256 of the freeze batch root's 32 bytes (trust-layer-reference §3.2 example A) vs the July token's.
        expected: '60aa84070bf39358acdf4e3c40e20424c6f714a21291955bb82b989b163800d1',
        actual: '9c5c0dc12a8702fd8b5cb24deb3e23c24b2ea67d9c83908c3e609aad69307699',
      });
    }
  });

  it('the hex text of the anchored hash instead of its 32 raw bytes fails with TSA_ANCHORED_HASH_LENGTH', async () => {
    expect(await codeOf({ tsr: freeze.tsr, anchoredHash: utf8ToBytes(freeze.anchoredHex) })).toBe(
      'TSA_ANCHORED_HASH_LENGTH',
    );
  });

  it('a flipped byte in the CMS signature fails with TSA_SIGNATURE_INVALID', async () => {
    expect(await codeOf({ tsr: flipped(freeze.tsr, freeze.tsr.length - 1) })).toBe('TSA_SIGNATURE_INVALID');
  });

  it('a flipped byte in the TSTInfo serial number fails with TSA_MESSAGE_DIGEST_MISMATCH', async () => {
    const serial = offsetOf(freeze.tsr, [0x02, 0x04, 0x08, 0x54, 0xb8, 0x53]);
    expect(await codeOf({ tsr: flipped(freeze.tsr, serial + 5) })).toBe('TSA_MESSAGE_DIGEST_MISMATCH');
  });

  it('a changed digit of the TSTInfo genTime fails with TSA_MESSAGE_DIGEST_MISMATCH', async () => {
    const genTime = offsetOf(freeze.tsr, [...utf8ToBytes('20260923073148Z')]);
    expect(await codeOf({ tsr: flipped(freeze.tsr, genTime + 3) })).toBe('TSA_MESSAGE_DIGEST_MISMATCH');
  });

  it('a flipped byte in the imprint fails with TSA_IMPRINT_MISMATCH before any signature check', async () => {
    const imprint = offsetOf(freeze.tsr, [0x04, 0x20, 0x60, 0xaa, 0x84, 0x07]);
    expect(await codeOf({ tsr: flipped(freeze.tsr, imprint + 10) })).toBe('TSA_IMPRINT_MISMATCH');
  });

  it('a flipped byte in the signed message-digest attribute fails with TSA_MESSAGE_DIGEST_MISMATCH', async () => {
    const attribute = offsetOf(freeze.tsr, [0x04, 0x40, 0xe7, 0xf3, 0xcc, 0x33]);
    expect(await codeOf({ tsr: flipped(freeze.tsr, attribute + 20) })).toBe('TSA_MESSAGE_DIGEST_MISMATCH');
  });

  it('a wrong root CA (a system root instead of FreeTSA) fails with TSA_CHAIN_UNTRUSTED', async () => {
    const systemRoot = pemBlocks(readFileSync('/etc/ssl/certs/ca-certificates.crt', 'utf8'))[0]!.der;
    const trust = { [PROVIDER]: { roots: [systemRoot], untrusted: [certificate('tsa.crt')] } };
    expect(await codeOf({ tsr: freeze.tsr, trust })).toBe('TSA_CHAIN_UNTRUSTED');
  });

  it('the TSA certificate pinned as its own root is no trust anchor: TSA_CHAIN_UNTRUSTED', async () => {
    const tsaCert = certificate('tsa.crt');
    const trust = { [PROVIDER]: { roots: [tsaCert], untrusted: [tsaCert] } };
    expect(await codeOf({ tsr: freeze.tsr, trust })).toBe('TSA_CHAIN_UNTRUSTED');
  });

  it('a missing untrusted TSA certificate fails with TSA_SIGNER_CERT_NOT_FOUND (FreeTSA tokens carry none)', async () => {
    const trust = { [PROVIDER]: { roots: [certificate('cacert.pem')], untrusted: [] } };
    expect(await codeOf({ tsr: freeze.tsr, trust })).toBe('TSA_SIGNER_CERT_NOT_FOUND');
  });

  it.each(['digicert.com', 'freetsa.org.evil', '__proto__', 'toString'])(
    'an unknown provider "%s" fails with TSA_UNKNOWN_PROVIDER, never a pass',
    async (provider) => {
      expect(await codeOf({ tsr: freeze.tsr, provider })).toBe('TSA_UNKNOWN_PROVIDER');
    },
  );

  it('a trust bundle certificate that is not DER fails with TSA_TRUST_CERT_MALFORMED', async () => {
    const trust = { [PROVIDER]: { roots: [utf8ToBytes('not a certificate')], untrusted: [certificate('tsa.crt')] } };
    expect(await codeOf({ tsr: freeze.tsr, trust })).toBe('TSA_TRUST_CERT_MALFORMED');
  });

  it('a truncated response fails with TSA_RESPONSE_MALFORMED', async () => {
    expect(await codeOf({ tsr: freeze.tsr.slice(0, 200) })).toBe('TSA_RESPONSE_MALFORMED');
  });

  it('a response with trailing bytes fails with TSA_RESPONSE_MALFORMED', async () => {
    expect(await codeOf({ tsr: new Uint8Array([...freeze.tsr, 0x00]) })).toBe('TSA_RESPONSE_MALFORMED');
  });

  it('a rejection (PKIStatus 2) fails with TSA_STATUS_NOT_GRANTED even with a valid token attached', async () => {
    expect(await codeOf({ tsr: timeStampResp(2, tokenOf(freeze.tsr)) })).toBe('TSA_STATUS_NOT_GRANTED');
  });

  it('a token whose content is not SignedData fails with TSA_CONTENT_NOT_SIGNED_DATA', async () => {
    const data = new asn1js.Sequence({
      value: [
        new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' }),
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: [new asn1js.OctetString({ valueHex: new Uint8Array(32) })],
        }),
      ],
    });
    expect(await codeOf({ tsr: timeStampResp(0, new Uint8Array(data.toBER())) })).toBe('TSA_CONTENT_NOT_SIGNED_DATA');
  });

  /** The FreeTSA freeze token (no certificates) with one SignedData component replaced. */
  function withSignedDataChild(index: number, replacement: asn1js.AsnType): Uint8Array {
    const contentInfo = asn1js.fromBER(tokenOf(freeze.tsr)).result as asn1js.Sequence;
    const explicit = contentInfo.valueBlock.value[1] as asn1js.Constructed;
    const signedData = explicit.valueBlock.value[0] as asn1js.Sequence;
    const children = [...signedData.valueBlock.value];
    children[index] = replacement as asn1js.BaseBlock;
    const rebuilt = new asn1js.Sequence({
      value: [
        contentInfo.valueBlock.value[0] as asn1js.BaseBlock,
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: [new asn1js.Sequence({ value: children })],
        }),
      ],
    });
    return timeStampResp(0, new Uint8Array(rebuilt.toBER()));
  }

  it('a SignedData without certificates whose SignerInfo is not one fails with TSA_CONTENT_NOT_SIGNED_DATA', async () => {
    const tsr = withSignedDataChild(3, new asn1js.Set({ value: [new asn1js.Integer({ value: 1 })] }));
    expect(await codeOf({ tsr })).toBe('TSA_CONTENT_NOT_SIGNED_DATA');
  });

  it('a SignedData whose digestAlgorithms hold no AlgorithmIdentifier fails with TSA_CONTENT_NOT_SIGNED_DATA', async () => {
    const tsr = withSignedDataChild(1, new asn1js.Set({ value: [new asn1js.Integer({ value: 1 })] }));
    expect(await codeOf({ tsr })).toBe('TSA_CONTENT_NOT_SIGNED_DATA');
  });

  it('the same token verifies to the same facts again (imported key and chain links memoised)', async () => {
    const trust = freetsaTrust();
    const verify = () =>
      verifyTimestampToken({ tsr: july.tsr, anchoredHash: july.anchoredHash, provider: PROVIDER, trust });
    const first = await verify();
    expect(await verify()).toEqual(first);
    expect(first).toEqual({ ok: true, value: july.expected });
    expect(
      await codeOf({ tsr: flipped(july.tsr, july.tsr.length - 10), anchoredHash: july.anchoredHash, trust }),
    ).not.toBe('OK');
  });

  it('an encapsulated content that is no TSTInfo (its SEQUENCE tag changed) fails with TSA_TSTINFO_MALFORMED', async () => {
    const tstInfo = offsetOf(freeze.tsr, [0x04, 0x82, 0x01, 0x71, 0x30, 0x82, 0x01, 0x6d]);
    expect(await codeOf({ tsr: flipped(freeze.tsr, tstInfo + 4) })).toBe('TSA_TSTINFO_MALFORMED');
  });

  it('a signed content-type attribute naming another type fails with TSA_CONTENT_TYPE_ATTRIBUTE', async () => {
    const oid = [0x06, 0x0b, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x01, 0x04];
    const first = offsetOf(freeze.tsr, oid);
    const attribute = first + 1 + offsetOf(freeze.tsr.slice(first + 1), oid);
    expect(await codeOf({ tsr: flipped(freeze.tsr, attribute + oid.length - 1) })).toBe('TSA_CONTENT_TYPE_ATTRIBUTE');
  });

  it('a granted response without a token fails with TSA_TOKEN_ABSENT', async () => {
    expect(await codeOf({ tsr: timeStampResp(0) })).toBe('TSA_TOKEN_ABSENT');
  });
});
