import * as asn1js from 'asn1js';
import { AlgorithmIdentifier, EncapsulatedContentInfo, SignedData, SignerInfo, TimeStampResp, TSTInfo } from 'pkijs';
import { fail, ok, type Result } from '../result.ts';
import {
  childrenOf,
  isAlgorithmIdentifier,
  isContext,
  isUniversal,
  oidText,
  readTlv,
  smallInteger,
  type Tlv,
} from './der-reader.ts';
import { readSignerInfo } from './signer-info-reader.ts';
import { OID_CT_TST_INFO, OID_SIGNED_DATA } from './oids.ts';
import type { TsaCode } from './model.ts';

/** The TSTInfo fields the checks read (RFC 3161 §2.4.2). */
export interface TstFields {
  policy: string;
  imprintAlgorithm: string;
  imprintHash: Uint8Array;
  /** The INTEGER's content octets, as encoded. */
  serialNumber: Uint8Array;
  genTime: Date;
}

/** The parts of a TimeStampResp the later checks need. */
export interface TokenParts {
  signerInfo: SignerInfo;
  /** The eContent octets: what the message-digest attribute covers (RFC 5652 §5.4). */
  eContent: Uint8Array;
  tstInfo: TstFields;
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

/** A context-specific [n] constructed field (RFC 5652 §5.1 certificates is [0], crls is [1]). */
const isContextTag = (node: asn1js.AsnType, tag: number): boolean =>
  node instanceof asn1js.Constructed && node.idBlock.tagClass === 3 && node.idBlock.tagNumber === tag;

/**
 * The SignedData of a token without CRLs, with or without certificates (FreeTSA's and the Trust Layer's carry none:
 * certReq is not set; a token requested with certReq carries the TSA's), read component by component with the
 * schemas pkijs's SignedData applies to each: version, digestAlgorithms, encapContentInfo, signerInfos. pkijs's SignedData builds the CertificateSet and RevocationInfoChoices schemas on
 * every call, most of a token's cost. Null for any other shape or any component that does not parse: the caller
 * then parses with pkijs's SignedData, so a malformed token gets the same code as before.
 */
function signedDataWithoutCrls(content: unknown): SignedDataParts | null {
  if (!(content instanceof asn1js.Sequence)) return null;
  // The optional [0] certificates are taken as received by carriedCertificates, never through pkijs.
  const fields = content.valueBlock.value.filter((node, i) => !(i === 3 && isContextTag(node, 0)));
  const [version, digestAlgorithms, encap, signerInfos, ...rest] = fields;
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

const tstFields = (tstInfo: TSTInfo): TstFields => ({
  policy: tstInfo.policy,
  imprintAlgorithm: tstInfo.messageImprint.hashAlgorithm.algorithmId,
  imprintHash: new Uint8Array(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
  serialNumber: new Uint8Array(tstInfo.serialNumber.valueBlock.valueHexView),
  genTime: tstInfo.genTime,
});

/**
 * The TSTInfo read field by field, for the usual shape only: version 1, policy, messageImprint, serialNumber and a
 * genTime in whole seconds ("YYYYMMDDHHMMSSZ", as FreeTSA and openssl write it), then any optional fields, which no
 * check reads. Null otherwise: pkijs's TSTInfo then reads it.
 */
function fastTstFields(bytes: Uint8Array): TstFields | null {
  const top = readTlv(bytes, 0);
  if (!isUniversal(top, 16) || top.end !== bytes.length) return null;
  const [version, policy, imprint, serial, genTime] = childrenOf(bytes, top) ?? [];
  if (!isUniversal(version, 2) || smallInteger(bytes, version) !== 1) return null;
  if (!isUniversal(policy, 6) || !isUniversal(imprint, 16) || !isUniversal(serial, 2)) return null;
  if (!isUniversal(genTime, 24)) return null;
  const [algorithm, hashed, ...extra] = childrenOf(bytes, imprint) ?? [];
  if (!isUniversal(algorithm, 16) || !isUniversal(hashed, 4) || extra.length > 0) return null;
  const algorithmOid = childrenOf(bytes, algorithm)?.[0];
  const policyText = oidText(bytes, policy);
  const algorithmText =
    isAlgorithmIdentifier(bytes, algorithm) && isUniversal(algorithmOid, 6) ? oidText(bytes, algorithmOid) : null;
  if (policyText === null || algorithmText === null || serial.end === serial.contents) return null;
  const time = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(
    String.fromCharCode(...bytes.subarray(genTime.contents, genTime.end)),
  );
  if (!time) return null;
  const [year, month, day, hour, minute, second] = time.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // A date that rolls over (month 13, second 60) is left to pkijs, whatever it makes of it.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date.getUTCSeconds() !== second) return null;
  if (date.getUTCHours() !== hour || date.getUTCMinutes() !== minute || date.getUTCFullYear() !== year) return null;
  return {
    policy: policyText,
    imprintAlgorithm: algorithmText,
    imprintHash: bytes.slice(hashed.contents, hashed.end),
    serialNumber: bytes.slice(serial.contents, serial.end),
    genTime: date,
  };
}

/**
 * TimeStampResp → ContentInfo → SignedData read with the DER reader, for a granted token in the usual shape (RFC
 * 3161 §2.4.2, RFC 5652 §5.1): the certificates are taken as received, the one SignerInfo and the TSTInfo field by
 * field. Null for any other shape: the full parse below then gives its code.
 */
function fastTokenParts(tsr: Uint8Array): TokenParts | null {
  const top = readTlv(tsr, 0);
  if (!isUniversal(top, 16) || top.end !== tsr.length) return null;
  const [statusInfo, contentInfo, ...more] = childrenOf(tsr, top) ?? [];
  if (!isUniversal(statusInfo, 16) || !isUniversal(contentInfo, 16) || more.length > 0) return null;
  const status = childrenOf(tsr, statusInfo)?.[0];
  if (!isUniversal(status, 2) || !GRANTED_STATUSES.has(smallInteger(tsr, status) ?? -1)) return null;
  const [contentType, explicit, ...rest] = childrenOf(tsr, contentInfo) ?? [];
  if (!isUniversal(contentType, 6) || oidText(tsr, contentType) !== OID_SIGNED_DATA) return null;
  if (!isContext(explicit, 0) || !explicit.constructed || rest.length > 0) return null;
  const [signedData, ...after] = childrenOf(tsr, explicit) ?? [];
  if (!isUniversal(signedData, 16) || after.length > 0) return null;
  const fields = childrenOf(tsr, signedData) ?? [];
  const [version, digestAlgorithms, encap] = fields;
  const certificates = isContext(fields[3], 0) ? fields[3] : null;
  const signerInfos = fields[certificates ? 4 : 3];
  if (fields.length !== (certificates ? 5 : 4) || !isUniversal(signerInfos, 17)) return null;
  if (!isUniversal(version, 2) || !isUniversal(digestAlgorithms, 17) || !isUniversal(encap, 16)) return null;
  if (!(childrenOf(tsr, digestAlgorithms) ?? [null]).every((a) => isAlgorithmIdentifier(tsr, a))) return null;
  const [eContentType, eContentExplicit, ...encapRest] = childrenOf(tsr, encap) ?? [];
  if (!isUniversal(eContentType, 6) || oidText(tsr, eContentType) !== OID_CT_TST_INFO) return null;
  if (!isContext(eContentExplicit, 0) || encapRest.length > 0) return null;
  const [octets, ...octetsRest] = childrenOf(tsr, eContentExplicit) ?? [];
  if (!isUniversal(octets, 4) || octets.constructed || octetsRest.length > 0) return null;
  const signers = childrenOf(tsr, signerInfos) ?? [];
  if (signers.length !== 1 || !isUniversal(signers[0], 16)) return null;
  const carried: Tlv[] = certificates ? (childrenOf(tsr, certificates) ?? []) : [];
  const eContent = tsr.slice(octets.contents, octets.end);
  const tstInfo = fastTstFields(eContent);
  const signerInfo = readSignerInfo(tsr, signers[0]);
  if (tstInfo === null || signerInfo === null) return null;
  return {
    signerInfo,
    eContent,
    tstInfo,
    certificates: carried.filter((c) => isUniversal(c, 16)).map((c) => tsr.slice(c.start, c.end)),
  };
}

/**
 * Unwraps TimeStampResp → ContentInfo → SignedData → TSTInfo (RFC 3161 §2.4.2, RFC 5652 §5), one code per
 * layer, so a report says which layer was wrong. The usual shape is read with the DER reader; anything else, and
 * every malformed token, goes through asn1js and pkijs.
 */
export function parseTimestampResponse(tsr: Uint8Array): Result<TokenParts, TsaCode> {
  const fast = fastTokenParts(tsr);
  return fast ? ok(fast) : parseTimestampResponseFully(tsr);
}

/** The same unwrapping with asn1js and pkijs at every layer (exported so tests compare the two readings). */
export function parseTimestampResponseFully(tsr: Uint8Array): Result<TokenParts, TsaCode> {
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
    signedData = signedDataWithoutCrls(token.content) ?? new SignedData({ schema: token.content });
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
    tstInfo: tstFields(tstInfo),
    certificates: carriedCertificates(token.content as asn1js.AsnType),
  });
}
