import { createHash, sign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/** FreeTSA's policy OID ("tsa_policy1" in openssl's sample config), so devnet tokens look like the real ones. */
export const DEVNET_TSA_POLICY = '1.2.3.4.1';

// RFC 3161 §2.4.2 PKIStatus and PKIFailureInfo bit numbers.
const STATUS_GRANTED = 0;
const STATUS_REJECTION = 2;
const FAIL_BAD_ALG = 0;
const FAIL_BAD_REQUEST = 2;
const FAIL_BAD_DATA_FORMAT = 5;
const FAIL_UNACCEPTED_POLICY = 15;

export interface TsaSigner {
  key: KeyObject;
  certificate: pkijs.Certificate;
  certificateDer: Uint8Array;
}

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

function sha256Algorithm(): pkijs.AlgorithmIdentifier {
  return new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() });
}

function attribute(type: string, value: asn1js.BaseBlock): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/** ESS SigningCertificateV2 (RFC 5035 §3): binds the signer certificate by SHA-256 hash and issuer/serial. */
function signingCertificateV2(signer: TsaSigner): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new pkijs.GeneralName({ type: 4, value: signer.certificate.issuer }).toSchema()] }),
      signer.certificate.serialNumber,
    ],
  });
  // hashAlgorithm is omitted: its DEFAULT is id-sha256 and DER forbids encoding a default.
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: sha256(signer.certificateDer) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

function rejection(failBit: number, text: string): Uint8Array {
  const failInfo = new Uint8Array([0, 0, 0]);
  failInfo[failBit >> 3] = 0x80 >> (failBit & 7);
  const bytes = Math.floor(failBit / 8) + 1;
  const status = new pkijs.PKIStatusInfo({
    status: STATUS_REJECTION,
    statusStrings: [new asn1js.Utf8String({ value: text })],
    failInfo: new asn1js.BitString({ valueHex: failInfo.slice(0, bytes).buffer, unusedBits: 7 - (failBit & 7) }),
  });
  return new Uint8Array(new pkijs.TimeStampResp({ status }).toSchema().toBER(false));
}

export interface TimestampInput {
  request: Uint8Array;
  genTime: Date;
  serial: bigint;
  signer: TsaSigner;
}

/**
 * Answers one RFC 3161 TimeStampReq with a DER TimeStampResp: a granted token (SignedData over TSTInfo, ECDSA
 * P-256 over signed attributes that include the ESS signing-certificate-v2) or a rejection with its failInfo.
 */
export function timestampReply(input: TimestampInput): Uint8Array {
  let request: pkijs.TimeStampReq;
  try {
    request = pkijs.TimeStampReq.fromBER(new Uint8Array(input.request));
  } catch {
    return rejection(FAIL_BAD_DATA_FORMAT, 'the body is not a DER TimeStampReq');
  }
  const imprint = request.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256) {
    return rejection(FAIL_BAD_ALG, 'the devnet TSA accepts SHA-256 message imprints only');
  }
  if (imprint.hashedMessage.valueBlock.valueHexView.length !== 32) {
    return rejection(FAIL_BAD_REQUEST, 'a SHA-256 message imprint is 32 bytes');
  }
  if (request.reqPolicy !== undefined && request.reqPolicy !== DEVNET_TSA_POLICY) {
    return rejection(FAIL_UNACCEPTED_POLICY, `the devnet TSA issues under policy ${DEVNET_TSA_POLICY} only`);
  }
  // genTime is whole seconds, as FreeTSA issues it.
  const genTime = new Date(Math.floor(input.genTime.getTime() / 1000) * 1000);
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: DEVNET_TSA_POLICY,
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ value: Number(input.serial) }),
    genTime,
    ordering: false,
    ...(request.nonce ? { nonce: request.nonce } : {}),
  });
  const tstInfoDer = new Uint8Array(tstInfo.toSchema().toBER(false));

  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.tstInfo })),
    attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: genTime })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: sha256(tstInfoDer) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(input.signer)),
  ];
  // DER orders a SET OF by the encodings of its elements; the signature covers that exact encoding.
  const encoded = attributes.map((a) => ({ a, der: new Uint8Array(a.toSchema().toBER(false)) }));
  encoded.sort((x, y) => compareBytes(x.der, y.der));
  const sortedAttributes = encoded.map((e) => e.a);
  const signedAttributesDer = new Uint8Array(
    new asn1js.Set({ value: sortedAttributes.map((a) => a.toSchema()) }).toBER(false),
  );
  const signature = sign('sha256', signedAttributesDer, input.signer.key);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: input.signer.certificate.issuer,
      serialNumber: input.signer.certificate.serialNumber,
    }),
    digestAlgorithm: sha256Algorithm(),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: sortedAttributes }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 }),
    signature: new asn1js.OctetString({ valueHex: signature }),
  });
  const signedData = new pkijs.SignedData({
    version: 3,
    digestAlgorithms: [sha256Algorithm()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: tstInfoDer }),
    }),
    // RFC 3161 §2.4.1: the TSA certificate is included only when the request sets certReq.
    ...(request.certReq ? { certificates: [input.signer.certificate] } : {}),
    signerInfos: [signerInfo],
  });
  const token = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: STATUS_GRANTED }),
    timeStampToken: token,
  });
  return new Uint8Array(response.toSchema().toBER(false));
}
