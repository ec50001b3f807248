import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignerSignature } from '../../../main/core/tsa/signer-signature.ts';
import { parseTimestampResponse } from '../../../main/core/tsa/token-structure.ts';
import { parseCertificate, type ParsedCertificate } from '../../../main/core/x509/certificate.ts';
import { pkiEngine } from '../../../main/core/x509/crypto-engine.ts';
import { createTestTsa, type TestTsa, type TsaKeyType } from '../../support/test-tsa.ts';
import { freetsaTrust, PROVIDER, realTokens } from './freetsa-fixtures.ts';

// The CMS signature over the signed attributes is decided by Node's OpenSSL for ECDSA and RSA PKCS#1 v1.5, and by
// pkijs (WebCrypto) for anything else: the two must agree on every token either can read.

function partsOf(tsr: Uint8Array) {
  const parts = parseTimestampResponse(tsr);
  if (!parts.ok) throw new Error(`a reference token did not parse: ${parts.error.code}`);
  const { signerInfo } = parts.value;
  return {
    signedAttributes: new Uint8Array(signerInfo.signedAttrs!.encodedValue),
    signature: new Uint8Array(signerInfo.signature.valueBlock.valueHexView),
    signatureOid: signerInfo.signatureAlgorithm.algorithmId,
    digestOid: signerInfo.digestAlgorithm.algorithmId,
    signerInfo,
  };
}

function certificate(der: Uint8Array): ParsedCertificate {
  const cert = parseCertificate(der);
  if (!cert) throw new Error('a reference certificate did not parse');
  return cert;
}

async function pkijsVerdict(parts: ReturnType<typeof partsOf>, signer: ParsedCertificate): Promise<boolean> {
  const keyTypeOnly = ['1.2.840.113549.1.1.1', '1.2.840.10045.2.1'].includes(parts.signatureOid);
  return pkiEngine
    .verifyWithPublicKey(
      parts.signedAttributes.slice().buffer,
      parts.signerInfo.signature,
      signer.cert.subjectPublicKeyInfo,
      parts.signerInfo.signatureAlgorithm,
      keyTypeOnly ? pkiEngine.getAlgorithmByOID(parts.digestOid, true).name : undefined,
    )
    .catch(() => false);
}

const flipped = (bytes: Uint8Array, at: number) => {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};

describe.each<TsaKeyType>(['rsa', 'ec-p256', 'ec-p384'])('an openssl TSA with a %s key', (key) => {
  let tsa: TestTsa;
  beforeAll(() => {
    tsa = createTestTsa({ key });
  });
  afterAll(() => tsa?.close());

  it('Node verifies the token signature, as pkijs does', async () => {
    const parts = partsOf(tsa.stamp(sha256(utf8ToBytes(`a ${key} batch root`))));
    const signer = certificate(tsa.tsaCertDer);
    const { signedAttributes, signature, signatureOid, digestOid } = parts;
    expect(verifySignerSignature(signedAttributes, signature, signer, signatureOid, digestOid)).toBe(true);
    expect(await pkijsVerdict(parts, signer)).toBe(true);
  });

  it('a signed attribute altered by one bit fails with Node, as with pkijs', async () => {
    const parts = partsOf(tsa.stamp(sha256(utf8ToBytes(`another ${key} batch root`))));
    const signer = certificate(tsa.tsaCertDer);
    const altered = { ...parts, signedAttributes: flipped(parts.signedAttributes, parts.signedAttributes.length - 1) };
    const { signatureOid, digestOid } = parts;
    expect(verifySignerSignature(altered.signedAttributes, parts.signature, signer, signatureOid, digestOid)).toBe(
      false,
    );
    expect(await pkijsVerdict(altered, signer)).toBe(false);
  });

  it('a certificate with another key than the signature algorithm names is left to pkijs', () => {
    const parts = partsOf(tsa.stamp(sha256(utf8ToBytes(`a third ${key} batch root`))));
    const signer = certificate(tsa.tsaCertDer);
    const otherFamily = key === 'rsa' ? '1.2.840.10045.4.3.2' : '1.2.840.113549.1.1.11';
    expect(
      verifySignerSignature(parts.signedAttributes, parts.signature, signer, otherFamily, parts.digestOid),
    ).toBeUndefined();
  });
});

/** FreeTSA's signing certificate: the tokens do not carry it, the production trust bundle does. */
function freetsaSigner(): ParsedCertificate {
  const untrusted = freetsaTrust()[PROVIDER]!.untrusted;
  if (untrusted.length !== 1) throw new Error('the FreeTSA fixtures list one untrusted (signing) certificate');
  return certificate(untrusted[0]!);
}

describe('real FreeTSA tokens (ecdsa-with-SHA512)', () => {
  it("every token verifies with Node against FreeTSA's signing certificate", () => {
    const signer = freetsaSigner();
    for (const token of realTokens()) {
      const { signedAttributes, signature, signatureOid, digestOid } = partsOf(token.tsr);
      expect(verifySignerSignature(signedAttributes, signature, signer, signatureOid, digestOid), token.proof).toBe(
        true,
      );
    }
  });

  it('RSASSA-PSS, whose parameters name the hash, is left to pkijs', () => {
    const [token] = realTokens();
    const parts = partsOf(token!.tsr);
    expect(
      verifySignerSignature(
        parts.signedAttributes,
        parts.signature,
        freetsaSigner(),
        '1.2.840.113549.1.1.10',
        parts.digestOid,
      ),
    ).toBeUndefined();
  });
});
