import * as asn1js from 'asn1js';
import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { IssuerAndSerialNumber, type SignerInfo } from 'pkijs';
import { fail, ok, type Result } from '../result.ts';
import { sameDer, type ParsedCertificate } from '../x509/certificate.ts';
import type { TsaCode } from './model.ts';

function subjectKeyIdentifier(candidate: ParsedCertificate): Uint8Array {
  const extension = candidate.cert.extensions?.find((e) => e.extnID === '2.5.29.14');
  const parsed = extension?.parsedValue;
  if (parsed instanceof asn1js.OctetString) return new Uint8Array(parsed.valueBlock.valueHexView);
  // RFC 5280 §4.2.1.2 method (1): SHA-1 of the subjectPublicKey bits, what signers use without the extension.
  return sha1(new Uint8Array(candidate.cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView));
}

/**
 * Finds the certificate the SignerInfo names (RFC 5652 §5.3 sid: issuerAndSerialNumber or
 * subjectKeyIdentifier) among the token's own certificates and the provider's `untrusted` list: FreeTSA tokens
 * carry no certificate at all (trust-layer-reference §6.1), so the bundle supplies it.
 */
export function findSignerCertificate(
  signerInfo: SignerInfo,
  candidates: readonly ParsedCertificate[],
): Result<ParsedCertificate, TsaCode> {
  const sid = signerInfo.sid as unknown;
  let found: ParsedCertificate | undefined;
  let named: Record<string, unknown>;
  if (sid instanceof IssuerAndSerialNumber) {
    const serial = new Uint8Array(sid.serialNumber.valueBlock.valueHexView);
    named = { serialNumber: bytesToHex(serial) };
    found = candidates.find(
      (c) =>
        c.cert.issuer.isEqual(sid.issuer) &&
        sameDer(new Uint8Array(c.cert.serialNumber.valueBlock.valueHexView), serial),
    );
  } else {
    // [0] SubjectKeyIdentifier: pkijs keeps the tagged element, constructed or primitive depending on the encoder.
    const block = sid as asn1js.BaseBlock;
    const inner = block instanceof asn1js.Constructed ? block.valueBlock.value[0] : block;
    const view =
      inner instanceof asn1js.BaseBlock ? (inner.valueBlock as { valueHexView?: Uint8Array }).valueHexView : undefined;
    const keyId = new Uint8Array(view ?? []);
    named = { subjectKeyIdentifier: bytesToHex(keyId) };
    found = candidates.find((c) => sameDer(subjectKeyIdentifier(c), keyId));
  }
  if (!found) {
    return fail(
      'TSA_SIGNER_CERT_NOT_FOUND',
      "the signer's certificate is neither in the token nor in the provider's untrusted certificates of the trust bundle",
      { signer: named, candidates: candidates.length },
    );
  }
  return ok(found);
}
