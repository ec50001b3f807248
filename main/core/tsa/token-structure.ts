import * as asn1js from 'asn1js';
import { AlgorithmIdentifier, EncapsulatedContentInfo, SignedData, SignerInfo, TimeStampResp, TSTInfo } from 'pkijs';
import { fail, ok, type Result } from '../result.ts';
import { OID_CT_TST_INFO, OID_SIGNED_DATA } from './oids.ts';
import type { TsaCode } from './verify-timestamp.ts';

/** The parts of a TimeStampResp the later checks need. */
export interface TokenParts {
  signerInfo: SignerInfo;
  /** The eContent octets: what the message-digest attribute covers (RFC 5652 §5.4). */
  eContent: Uint8Array;
  tstInfo: TSTInfo;
  /** The exact DER of each certificate the token carries (the ESS attribute hashes these bytes). */
  certificates: Uint8Array[];
}

/** RFC 3161 §2.4.2 PKIStatus: granted (0) and grantedWithMods (1) carry a token; every other value refuses. */
const GRANTED_STATUSES = new Set([0, 1]);

/**
 * The certificates field `[0] IMPLICIT CertificateSet` of the SignedData (RFC 5652 §5.1), as the bytes received:
 * re-encoding a parsed certificate could change them, and the ESS attribute hashes the original DER.
 */
function carriedCertificates(signedDataSchema: asn1js.AsnType): Uint8Array[] {
  if (!(signedDataSchema instanceof asn1js.Sequence)) return [];
  const field = signedDataSchema.valueBlock.value.find(
    (node) => node.idBlock.tagClass === 3 && node.idBlock.tagNumber === 0,
  );
  if (!(field instanceof asn1js.Constructed)) return [];
  return field.valueBlock.value
    .filter((node) => node.idBlock.tagClass === 1 && node.idBlock.tagNumber === 16)
    .map((node) => new Uint8Array(node.valueBeforeDecodeView));
}

/**
 * One DER value. OCTET and BIT STRING contents are not parsed speculatively (asn1js does by default): every layer
 * the verifier reads inside one (the TSTInfo, an ECDSA signature) is parsed on its own, and that speculative pass
 * was most of the cost of a token.
 */
function parseDer(bytes: Uint8Array): asn1js.AsnType | null {
  const asn1 = asn1js.fromBER(bytes, { parseEmbedded: false });
  return asn1.offset === -1 || asn1.offset !== bytes.byteLength ? null : asn1.result;
}

/** The parts of a SignedData the checks read: what pkijs's SignedData gives for them. */
interface SignedDataParts {
  encapContentInfo: EncapsulatedContentInfo;
  signerInfos: SignerInfo[];
}

/**
 * The SignedData of a token without certificates or CRLs (FreeTSA's, the Trust Layer's: certReq is not set),
 * read component by component with the schemas pkijs's SignedData applies to each: version, digestAlgorithms,
 * encapContentInfo, signerInfos. pkijs's SignedData builds the CertificateSet and RevocationInfoChoices schemas on
 * every call, most of a token's cost. Null for any other shape or any component that does not parse: the caller
 * then parses with pkijs's SignedData, so a malformed token gets the same code as before.
 */
function signedDataWithoutCertificates(content: unknown): SignedDataParts | null {
  if (!(content instanceof asn1js.Sequence)) return null;
  const [version, digestAlgorithms, encap, signerInfos, ...rest] = content.valueBlock.value;
  if (
    rest.length > 0 ||
    !(version instanceof asn1js.Integer) ||
    !(digestAlgorithms instanceof asn1js.Set) ||
    !(encap instanceof asn1js.Sequence) ||
    !(signerInfos instanceof asn1js.Set)
  ) {
    return null;
  }
  try {
    for (const algorithm of digestAlgorithms.valueBlock.value) new AlgorithmIdentifier({ schema: algorithm });
    return {
      encapContentInfo: new EncapsulatedContentInfo({ schema: encap }),
      signerInfos: signerInfos.valueBlock.value.map((schema) => new SignerInfo({ schema })),
    };
  } catch {
    return null;
  }
}

/**
 * Unwraps TimeStampResp → ContentInfo → SignedData → TSTInfo (RFC 3161 §2.4.2, RFC 5652 §5), one code per
 * layer, so a report says which layer was wrong.
 */
export function parseTimestampResponse(tsr: Uint8Array): Result<TokenParts, TsaCode> {
  const schema = parseDer(tsr);
  let response: TimeStampResp;
  try {
    if (schema === null) throw new Error('not one DER value');
    response = new TimeStampResp({ schema });
  } catch (error) {
    return fail('TSA_RESPONSE_MALFORMED', 'the timestamp response is not a DER TimeStampResp (RFC 3161 §2.4.2)', {
      reason: error instanceof Error ? error.message : String(error),
      length: tsr.byteLength,
    });
  }
  const status = response.status.status;
  if (!GRANTED_STATUSES.has(status)) {
    return fail(
      'TSA_STATUS_NOT_GRANTED',
      `the TSA answered PKIStatus ${status}, not granted (0) or grantedWithMods (1)`,
      {
        status,
      },
    );
  }
  const token = response.timeStampToken;
  if (!token) {
    return fail('TSA_TOKEN_ABSENT', 'the response is granted but carries no timeStampToken', { status });
  }
  let signedData: SignedDataParts;
  try {
    if (token.contentType !== OID_SIGNED_DATA) throw new Error(`content type ${token.contentType}`);
    signedData = signedDataWithoutCertificates(token.content) ?? new SignedData({ schema: token.content });
  } catch (error) {
    return fail('TSA_CONTENT_NOT_SIGNED_DATA', 'the timeStampToken is not a CMS SignedData (RFC 3161 §2.4.2)', {
      reason: error instanceof Error ? error.message : String(error),
      contentType: token.contentType,
    });
  }
  const eContentType = signedData.encapContentInfo.eContentType;
  const eContentValue = signedData.encapContentInfo.eContent;
  if (eContentType !== OID_CT_TST_INFO || !eContentValue) {
    return fail('TSA_ECONTENT_TYPE', 'the SignedData does not encapsulate a TSTInfo (id-ct-TSTInfo)', {
      expected: OID_CT_TST_INFO,
      actual: eContentType,
      eContentPresent: Boolean(eContentValue),
    });
  }
  // RFC 5652 §5.2: eContent is an OCTET STRING; pkijs keeps whatever element it found there.
  if (!(eContentValue instanceof asn1js.OctetString)) {
    return fail('TSA_CONTENT_NOT_SIGNED_DATA', 'the SignedData eContent is not an OCTET STRING (RFC 5652 §5.2)', {
      tag: (eContentValue as asn1js.BaseBlock).idBlock.tagNumber,
    });
  }
  const eContent = new Uint8Array(eContentValue.getValue());
  let tstInfo: TSTInfo;
  try {
    const tstSchema = parseDer(eContent);
    if (tstSchema === null) throw new Error('not one DER value');
    tstInfo = new TSTInfo({ schema: tstSchema });
  } catch (error) {
    return fail('TSA_TSTINFO_MALFORMED', 'the encapsulated content is not a DER TSTInfo (RFC 3161 §2.4.2)', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  // RFC 3161 §2.4.2: the token MUST NOT contain any signature other than the TSA's.
  if (signedData.signerInfos.length !== 1) {
    return fail(
      'TSA_SIGNER_COUNT',
      `the token carries ${signedData.signerInfos.length} signatures; RFC 3161 requires exactly one`,
      {
        expected: 1,
        actual: signedData.signerInfos.length,
      },
    );
  }
  return ok({
    signerInfo: signedData.signerInfos[0] as SignerInfo,
    eContent,
    tstInfo,
    certificates: carriedCertificates(token.content as asn1js.AsnType),
  });
}
