import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { verifyTimestampToken, type TsaTrust } from '../../../main/core/tsa/verify-timestamp.ts';
import { createTestTsa, type TestTsa, type TsaKeyType } from '../../support/test-tsa.ts';

// Interop with an independent RFC 3161 implementation: tokens made by `openssl ts -reply` verify with our code
// and with `openssl ts -verify`; tokens `openssl ts -verify` refuses, our code refuses too.

const anchored = sha256(utf8ToBytes('a batch root anchored by the interop tests'));
const otherAnchored = sha256(utf8ToBytes('another batch root'));
const PROVIDER = 'test-tsa.local';

function trustOf(tsa: TestTsa, untrusted: Uint8Array[] = [tsa.tsaCertDer]): TsaTrust {
  return { [PROVIDER]: { roots: [tsa.rootDer], untrusted } };
}

async function verify(tsa: TestTsa, tsr: Uint8Array, options: { data?: Uint8Array; trust?: TsaTrust } = {}) {
  return verifyTimestampToken({
    tsr,
    anchoredHash: options.data ?? anchored,
    provider: PROVIDER,
    trust: options.trust ?? trustOf(tsa),
  });
}

const keyTypes: TsaKeyType[] = ['rsa', 'ec-p256', 'ec-p384'];

describe.each(keyTypes)('a test TSA with a %s key, driven by openssl', (key) => {
  let tsa: TestTsa;
  let other: TestTsa;

  beforeAll(() => {
    tsa = createTestTsa({ key });
    other = createTestTsa({ key, name: 'Unrelated TSA' });
  });
  afterAll(() => {
    tsa?.close();
    other?.close();
  });

  it('a token from openssl ts -reply verifies with openssl ts -verify and with our code', async () => {
    const tsr = tsa.stamp(anchored);
    expect(tsa.opensslVerify(tsr, anchored)).toBe(true);
    const result = await verify(tsa, tsr);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (result.ok) {
      expect(result.value.policy).toBe('1.2.3.4.1');
      expect(result.value.genTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
      expect(result.value.serialNumber).toMatch(/^[0-9a-f]+$/);
    }
  });

  it('a token that carries its certificate (certReq) verifies without the untrusted list', async () => {
    const tsr = tsa.stamp(anchored, { certReq: true });
    const result = await verify(tsa, tsr, { trust: trustOf(tsa, []) });
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it('a token over other data is refused by openssl and fails with TSA_IMPRINT_MISMATCH', async () => {
    const tsr = tsa.stamp(otherAnchored);
    expect(tsa.opensslVerify(tsr, anchored)).toBe(false);
    const result = await verify(tsa, tsr);
    expect(!result.ok && result.error.code).toBe('TSA_IMPRINT_MISMATCH');
  });

  it('a token checked against another CA is refused by openssl and fails with TSA_CHAIN_UNTRUSTED', async () => {
    const tsr = tsa.stamp(anchored);
    expect(tsa.opensslVerify(tsr, anchored, { rootDer: other.rootDer })).toBe(false);
    const trust = { [PROVIDER]: { roots: [other.rootDer], untrusted: [tsa.tsaCertDer] } };
    const result = await verify(tsa, tsr, { trust });
    expect(!result.ok && result.error.code).toBe('TSA_CHAIN_UNTRUSTED');
  });

  it('the same TSTInfo re-signed with openssl cms -cades by a critical-EKU certificate still verifies (control)', async () => {
    const resigned = tsa.resign(tsa.stamp(anchored));
    expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(true);
    const result = await verify(tsa, resigned.tsr);
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it.each([
    ['non-critical', 'TSA_SIGNER_EKU_NOT_CRITICAL'],
    ['absent', 'TSA_SIGNER_EKU_MISSING'],
    ['with-server-auth', 'TSA_SIGNER_EKU_NOT_EXCLUSIVE'],
  ] as const)(
    'a token signed by a certificate whose timeStamping EKU is %s is refused by openssl and fails with %s',
    async (eku, code) => {
      const resigned = tsa.resign(tsa.stamp(anchored), { eku });
      expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(false);
      const result = await verify(tsa, resigned.tsr);
      expect(!result.ok && result.error.code).toBe(code);
    },
  );
  it('a token without the ESS signing-certificate attribute is refused by openssl and fails with TSA_ESS_ATTRIBUTE_MISSING', async () => {
    const resigned = tsa.resign(tsa.stamp(anchored), { ess: false });
    expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(false);
    const result = await verify(tsa, resigned.tsr);
    expect(!result.ok && result.error.code).toBe('TSA_ESS_ATTRIBUTE_MISSING');
  });

  it("a substituted certificate with the signer's issuer, serial and key is refused by openssl and fails with TSA_ESS_CERT_MISMATCH", async () => {
    const tsr = tsa.stamp(anchored);
    const twin = tsa.twinOfTsaCertificate();
    expect(tsa.opensslVerify(tsr, anchored, { untrustedDer: twin })).toBe(false);
    const result = await verify(tsa, tsr, { trust: trustOf(tsa, [twin]) });
    expect(!result.ok && result.error.code).toBe('TSA_ESS_CERT_MISMATCH');
  });
});

describe('certificate validity is judged at the token genTime, not at the time of checking', () => {
  let tsa: TestTsa;
  beforeAll(() => {
    tsa = createTestTsa({ key: 'ec-p256' });
  });
  afterAll(() => tsa?.close());

  it('a token signed by a certificate issued after its genTime fails with TSA_CERT_NOT_VALID_AT_GENTIME', async () => {
    const late = tsa.resign(tsa.stamp(anchored), { issuedAfterGenTime: true });
    // openssl ts -verify checks the chain at the current time (no -attime), so it accepts this token; the
    // console judges a timestamp at its own genTime, with no clock in the core.
    expect(tsa.opensslVerify(late.tsr, anchored)).toBe(true);
    const result = await verify(tsa, late.tsr);
    expect(!result.ok && result.error.code).toBe('TSA_CERT_NOT_VALID_AT_GENTIME');
  });
});

describe('a test TSA certified through an intermediate CA (as DigiCert and Sectigo are)', () => {
  let tsa: TestTsa;
  let notCa: TestTsa;
  beforeAll(() => {
    tsa = createTestTsa({ key: 'rsa', intermediate: 'ca' });
    notCa = createTestTsa({ key: 'ec-p256', intermediate: 'not-ca' });
  });
  afterAll(() => {
    tsa?.close();
    notCa?.close();
  });

  it('a token carrying its chain (certReq) verifies with the root alone, as openssl does', async () => {
    const tsr = tsa.stamp(anchored, { certReq: true });
    expect(tsa.opensslVerify(tsr, anchored)).toBe(true);
    const result = await verify(tsa, tsr, { trust: trustOf(tsa, []) });
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it('a token without certificates verifies with the TSA and intermediate certificates as untrusted', async () => {
    const tsr = tsa.stamp(anchored);
    expect(tsa.opensslVerify(tsr, anchored)).toBe(true);
    const result = await verify(tsa, tsr, { trust: trustOf(tsa, [tsa.tsaCertDer, tsa.intermediateDer!]) });
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it('without the intermediate, openssl refuses and ours fails with TSA_CHAIN_UNTRUSTED', async () => {
    const tsr = tsa.stamp(anchored);
    expect(tsa.opensslVerify(tsr, anchored, { untrustedDer: tsa.tsaCertDer })).toBe(false);
    const result = await verify(tsa, tsr, { trust: trustOf(tsa, [tsa.tsaCertDer]) });
    expect(!result.ok && result.error.code).toBe('TSA_CHAIN_UNTRUSTED');
  });

  it('an intermediate that is not a CA is refused by openssl and fails with TSA_CHAIN_UNTRUSTED', async () => {
    const tsr = notCa.stamp(anchored);
    expect(notCa.opensslVerify(tsr, anchored)).toBe(false);
    const result = await verify(notCa, tsr, { trust: trustOf(notCa, [notCa.tsaCertDer, notCa.intermediateDer!]) });
    expect(!result.ok && result.error.code).toBe('TSA_CHAIN_UNTRUSTED');
  });
});
