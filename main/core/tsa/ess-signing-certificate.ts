import * as asn1js from 'asn1js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { SignerInfo } from 'pkijs';
import { fail, ok, type Result } from '../result.ts';
import type { ParsedCertificate } from '../x509/certificate.ts';
import { digestFor } from './digest.ts';
import { OID_ATTR_SIGNING_CERTIFICATE, OID_ATTR_SIGNING_CERTIFICATE_V2, OID_SHA256 } from './oids.ts';
import { signedAttributeValue } from './signed-attributes.ts';
import type { TsaCode } from './model.ts';

interface EssCertId {
  hashAlgorithm: string;
  certHash: Uint8Array;
  serialNumber: Uint8Array | null;
}

const SHA1 = '1.3.14.3.2.26';

function children(node: asn1js.AsnType | undefined): asn1js.AsnType[] | null {
  return node instanceof asn1js.Sequence ? node.valueBlock.value : null;
}

/**
 * The first ESSCertID of SigningCertificate (RFC 2634 §5.4: certHash is SHA-1) or of SigningCertificateV2
 * (RFC 5035 §3: hashAlgorithm DEFAULT sha256). The first one identifies the signer; the others are its chain.
 */
function firstCertId(value: asn1js.AsnType, version: 1 | 2): EssCertId | null {
  const certs = children(children(value)?.[0]);
  const fields = children(certs?.[0]);
  if (!fields || fields.length === 0) return null;
  let position = 0;
  let hashAlgorithm = version === 1 ? SHA1 : OID_SHA256;
  if (version === 2 && fields[0] instanceof asn1js.Sequence) {
    const oid = fields[0].valueBlock.value[0];
    if (!(oid instanceof asn1js.ObjectIdentifier)) return null;
    hashAlgorithm = oid.valueBlock.toString();
    position = 1;
  }
  const certHash = fields[position];
  if (!(certHash instanceof asn1js.OctetString)) return null;
  const issuerSerial = children(fields[position + 1]);
  const serial = issuerSerial?.[1];
  return {
    hashAlgorithm,
    certHash: new Uint8Array(certHash.valueBlock.valueHexView),
    serialNumber: serial instanceof asn1js.Integer ? new Uint8Array(serial.valueBlock.valueHexView) : null,
  };
}

/**
 * RFC 3161 §2.4.2 (with RFC 5816 for v2): the signed attributes carry an ESS signing-certificate attribute
 * whose first ESSCertID hashes the signer certificate. It binds the signature to that certificate, so a
 * certificate swapped in from the bundle or the token cannot be passed off as the signer.
 */
export function checkEssSigningCertificate(
  signerInfo: SignerInfo,
  signer: ParsedCertificate,
): Result<{ version: 1 | 2 }, TsaCode> {
  const present: { version: 1 | 2; value: asn1js.AsnType }[] = [];
  const v1 = signedAttributeValue(signerInfo, OID_ATTR_SIGNING_CERTIFICATE);
  const v2 = signedAttributeValue(signerInfo, OID_ATTR_SIGNING_CERTIFICATE_V2);
  if (v1) present.push({ version: 1, value: v1 });
  if (v2) present.push({ version: 2, value: v2 });
  if (present.length === 0) {
    return fail(
      'TSA_ESS_ATTRIBUTE_MISSING',
      'the signed attributes carry no ESS signing-certificate (v1 or v2) attribute (RFC 3161 §2.4.2)',
    );
  }
  for (const { version, value } of present) {
    const certId = firstCertId(value, version);
    const digest = certId ? digestFor(certId.hashAlgorithm) : null;
    if (!certId || !digest) {
      return fail('TSA_ESS_ATTRIBUTE_MALFORMED', `the ESS signing-certificate v${version} attribute cannot be read`, {
        version,
        hashAlgorithm: certId?.hashAlgorithm,
      });
    }
    const expected = bytesToHex(digest(signer.der));
    const actual = bytesToHex(certId.certHash);
    const serial = bytesToHex(new Uint8Array(signer.cert.serialNumber.valueBlock.valueHexView));
    const claimedSerial = certId.serialNumber ? bytesToHex(certId.serialNumber) : serial;
    if (expected !== actual || claimedSerial !== serial) {
      return fail(
        'TSA_ESS_CERT_MISMATCH',
        `the ESS signing-certificate v${version} attribute names another certificate than the signer's`,
        { version, expected, actual, signerSerial: serial, claimedSerial },
      );
    }
  }
  return ok({ version: present[present.length - 1]!.version });
}
