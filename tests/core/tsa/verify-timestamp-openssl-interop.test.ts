import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { verifyTimestampToken } from '../../../main/core/tsa/verify-timestamp.ts';
import type { TsaTrust } from '../../../main/core/tsa/model.ts';
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

describe('the token structure RFC 3161 prescribes', () => {
  let tsa: TestTsa;
  beforeAll(() => {
    tsa = createTestTsa({ key: 'ec-p256', name: 'Structure TSA' });
  });
  afterAll(() => tsa?.close());

  it('an imprint over SHA-512 fails with TSA_IMPRINT_ALGORITHM (openssl accepts it: it hashes with the token algorithm)', async () => {
    const tsr = tsa.stamp(anchored, { digest: 'sha512' });
    expect(tsa.opensslVerify(tsr, anchored)).toBe(true);
    const result = await verify(tsa, tsr);
    expect(!result.ok && result.error.code).toBe('TSA_IMPRINT_ALGORITHM');
  });

  it('a SignedData over id-data instead of id-ct-TSTInfo is refused by openssl and fails with TSA_ECONTENT_TYPE', async () => {
    const resigned = tsa.resign(tsa.stamp(anchored), { econtentType: '1.2.840.113549.1.7.1' });
    expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(false);
    const result = await verify(tsa, resigned.tsr);
    expect(!result.ok && result.error.code).toBe('TSA_ECONTENT_TYPE');
  });

  it('a signature without signed attributes is refused by openssl and fails with TSA_SIGNED_ATTRIBUTES_MISSING', async () => {
    const resigned = tsa.resign(tsa.stamp(anchored), { signedAttributes: false });
    expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(false);
    const result = await verify(tsa, resigned.tsr);
    expect(!result.ok && result.error.code).toBe('TSA_SIGNED_ATTRIBUTES_MISSING');
  });

  it('a token with a second signature is refused by openssl and fails with TSA_SIGNER_COUNT', async () => {
    const resigned = tsa.resign(tsa.stamp(anchored), { secondSigner: true });
    expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(false);
    const result = await verify(tsa, resigned.tsr);
    expect(!result.ok && result.error.code).toBe('TSA_SIGNER_COUNT');
  });

  it('a token carrying a web of same-name, same-key CA certificates fails with TSA_CHAIN_UNTRUSTED', async () => {
    // Every certificate of the web verifies as the issuer of every other: a path builder that tries each ordering
    // would run for hours. Each certificate is extended once, so the search ends after a few hundred checks.
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: tsa.dir, stdio: 'ignore' });
    run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'web.key']);
    const web: string[] = [];
    for (let i = 0; i < 10; i++) {
      const subject = ['-subj', '/CN=Web CA', '-set_serial', String(100 + i), '-days', '30'];
      const ca = ['-addext', 'basicConstraints=critical,CA:TRUE', '-out', `web-${i}.pem`];
      run(['req', '-x509', '-new', '-key', 'web.key', ...subject, ...ca]);
      web.push(readFileSync(join(tsa.dir, `web-${i}.pem`), 'utf8'));
    }
    writeFileSync(join(tsa.dir, 'web-chain.pem'), web.join(''));
    const issue = ['-CA', 'web-0.pem', '-CAkey', 'web.key', '-set_serial', '999', '-days', '30'];
    run(['x509', '-req', '-in', 'tsa.csr', ...issue, '-extfile', 'tsa-critical.ext', '-out', 'web-tsa.pem']);
    const resigned = tsa.resign(tsa.stamp(anchored), {
      signerCertFile: 'web-tsa.pem',
      extraCertsFile: 'web-chain.pem',
    });
    expect(tsa.opensslVerify(resigned.tsr, anchored)).toBe(false);
    const result = await verify(tsa, resigned.tsr, { trust: trustOf(tsa, []) });
    expect(!result.ok && result.error.code).toBe('TSA_CHAIN_UNTRUSTED');
  });
});
