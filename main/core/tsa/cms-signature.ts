import * as asn1js from 'asn1js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { SignerInfo } from 'pkijs';
import { fail, ok, type Result } from '../result.ts';
import { pkiEngine } from '../x509/crypto-engine.ts';
import type { ParsedCertificate } from '../x509/certificate.ts';
import { digestFor } from './digest.ts';
import { OID_ATTR_CONTENT_TYPE, OID_ATTR_MESSAGE_DIGEST, OID_CT_TST_INFO } from './oids.ts';
import { signedAttributeValue } from './signed-attributes.ts';
import { verifySignerSignature } from './signer-signature.ts';
import type { TsaCode } from './model.ts';

/**
 * Signature algorithms accepted for the SignerInfo: RSA PKCS#1 v1.5 and PSS (openssl test TSAs, DigiCert,
 * Sectigo) and ECDSA (FreeTSA signs with ecdsa-with-SHA512). rsaEncryption and id-ecPublicKey name only the key
 * type; the hash then comes from the SignerInfo's digestAlgorithm (RFC 3370 §3.2, RFC 5753 §2.1.1).
 */
const KEY_TYPE_ONLY = new Set(['1.2.840.113549.1.1.1', '1.2.840.10045.2.1']);
const SUPPORTED_SIGNATURES = new Set([
  ...KEY_TYPE_ONLY,
  '1.2.840.113549.1.1.10',
  '1.2.840.113549.1.1.11',
  '1.2.840.113549.1.1.12',
  '1.2.840.113549.1.1.13',
  '1.2.840.113549.1.1.14',
  '1.2.840.10045.4.3.2',
  '1.2.840.10045.4.3.3',
  '1.2.840.10045.4.3.4',
]);

/**
 * The CMS signature of RFC 5652 §5.4/§5.6: the signed attributes must name id-ct-TSTInfo as content type and
 * carry the digest of the eContent, and the signature over the DER SET OF signed attributes must verify with the
 * signer certificate's key. Signed attributes are mandatory here: RFC 3161 §2.4.2 requires the ESS
 * signing-certificate attribute among them.
 */
export async function verifySignerInfo(
  signerInfo: SignerInfo,
  eContent: Uint8Array,
  signer: ParsedCertificate,
): Promise<Result<true, TsaCode>> {
  if (!signerInfo.signedAttrs || signerInfo.signedAttrs.attributes.length === 0) {
    return fail(
      'TSA_SIGNED_ATTRIBUTES_MISSING',
      'the SignerInfo has no signed attributes (RFC 3161 §2.4.2 requires them)',
    );
  }
  const contentType = signedAttributeValue(signerInfo, OID_ATTR_CONTENT_TYPE);
  const contentTypeOid = contentType instanceof asn1js.ObjectIdentifier ? contentType.valueBlock.toString() : null;
  if (contentTypeOid !== OID_CT_TST_INFO) {
    return fail(
      'TSA_CONTENT_TYPE_ATTRIBUTE',
      'the signed content-type attribute must be single and name id-ct-TSTInfo',
      {
        expected: OID_CT_TST_INFO,
        actual: contentTypeOid,
      },
    );
  }
  const digestOid = signerInfo.digestAlgorithm.algorithmId;
  const digest = digestFor(digestOid);
  if (!digest) {
    return fail('TSA_DIGEST_ALGORITHM_UNSUPPORTED', `the SignerInfo digest algorithm ${digestOid} is not supported`, {
      algorithm: digestOid,
    });
  }
  const messageDigest = signedAttributeValue(signerInfo, OID_ATTR_MESSAGE_DIGEST);
  if (!(messageDigest instanceof asn1js.OctetString)) {
    return fail('TSA_MESSAGE_DIGEST_MISSING', 'the signed attributes carry no single message-digest attribute');
  }
  const expected = bytesToHex(digest(eContent));
  const actual = bytesToHex(new Uint8Array(messageDigest.valueBlock.valueHexView));
  if (expected !== actual) {
    return fail(
      'TSA_MESSAGE_DIGEST_MISMATCH',
      'the TSTInfo was altered after signing: its digest differs from the signed message-digest attribute',
      { expected, actual, algorithm: digestOid },
    );
  }
  const signatureOid = signerInfo.signatureAlgorithm.algorithmId;
  if (!SUPPORTED_SIGNATURES.has(signatureOid)) {
    return fail('TSA_SIGNATURE_ALGORITHM_UNSUPPORTED', `the signature algorithm ${signatureOid} is not supported`, {
      algorithm: signatureOid,
    });
  }
  const hashName = KEY_TYPE_ONLY.has(signatureOid) ? pkiEngine.getAlgorithmByOID(digestOid, true).name : undefined;
  const signedAttributes = new Uint8Array(signerInfo.signedAttrs.encodedValue);
  const signatureBytes = new Uint8Array(signerInfo.signature.valueBlock.valueHexView);
  // Node's OpenSSL decides for the algorithms it is given; pkijs for the rest (signer-signature.ts).
  const decided = verifySignerSignature(signedAttributes, signatureBytes, signer, signatureOid, digestOid);
  let valid = decided ?? false;
  let reason: string | undefined;
  if (decided === undefined) {
    try {
      valid = await pkiEngine.verifyWithPublicKey(
        signerInfo.signedAttrs.encodedValue,
        signerInfo.signature,
        signer.cert.subjectPublicKeyInfo,
        signerInfo.signatureAlgorithm,
        hashName,
      );
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  if (!valid) {
    return fail(
      'TSA_SIGNATURE_INVALID',
      "the CMS signature over the signed attributes does not verify with the signer certificate's key",
      reason === undefined ? { algorithm: signatureOid } : { algorithm: signatureOid, reason },
    );
  }
  return ok(true);
}
