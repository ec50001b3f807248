import * as asn1js from 'asn1js';
import { AlgorithmIdentifier, Attribute, IssuerAndSerialNumber, SignedAndUnsignedAttributes, SignerInfo } from 'pkijs';
import {
  childrenOf,
  isAlgorithmIdentifier,
  isContext,
  isUniversal,
  oidText,
  smallInteger,
  type Tlv,
} from './der-reader.ts';
import { OID_ATTR_CONTENT_TYPE, OID_ATTR_SIGNING_CERTIFICATE, OID_ATTR_SIGNING_CERTIFICATE_V2 } from './oids.ts';

/** One DER value parsed by asn1js, as the full parse holds it (OCTET STRING contents not parsed speculatively). */
function element(bytes: Uint8Array, tlv: Tlv): asn1js.AsnType | null {
  const parsed = asn1js.fromBER(bytes.subarray(tlv.start, tlv.end), { parseEmbedded: false });
  return parsed.offset === tlv.end - tlv.start ? parsed.result : null;
}

/**
 * The signer identifier and algorithm identifiers of one TSA recur in every token it signs: parsed once by their
 * DER, with pkijs's own schemas. Bounded: emptied when full.
 */
const CACHE_LIMIT = 256;
const recurring = new Map<string, IssuerAndSerialNumber | AlgorithmIdentifier | null>();

function cached<T extends IssuerAndSerialNumber | AlgorithmIdentifier>(
  bytes: Uint8Array,
  tlv: Tlv,
  make: (schema: asn1js.AsnType) => T,
): T | null {
  const der = bytes.subarray(tlv.start, tlv.end);
  const id = `${tlv.tagNumber}:${Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64')}`;
  if (!recurring.has(id)) {
    const schema = element(bytes, tlv);
    let value: T | null = null;
    try {
      value = schema === null ? null : make(schema);
    } catch {
      value = null;
    }
    if (recurring.size >= CACHE_LIMIT) recurring.clear();
    recurring.set(id, value);
  }
  return recurring.get(id) as T | null;
}

/**
 * Attributes whose value is the same in every token of one TSA (the content type, and the ESS signing certificate,
 * which hashes the TSA's own certificate): their values are parsed once by DER. The message digest and signing time
 * differ per token and are parsed each time. Parsed values are only read (cms-signature.ts,
 * ess-signing-certificate.ts), so sharing them between tokens is safe.
 */
const RECURRING_ATTRIBUTES: ReadonlySet<string> = new Set([
  OID_ATTR_CONTENT_TYPE,
  OID_ATTR_SIGNING_CERTIFICATE,
  OID_ATTR_SIGNING_CERTIFICATE_V2,
]);
const recurringValues = new Map<string, asn1js.AsnType | null>();

function recurringElement(bytes: Uint8Array, tlv: Tlv): asn1js.AsnType | null {
  const der = bytes.subarray(tlv.start, tlv.end);
  const id = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  if (!recurringValues.has(id)) {
    if (recurringValues.size >= CACHE_LIMIT) recurringValues.clear();
    recurringValues.set(id, element(bytes, tlv));
  }
  return recurringValues.get(id) ?? null;
}

/**
 * A SignerInfo (RFC 5652 §5.3) in the shape every TSA in use writes: issuerAndSerialNumber, signed attributes, no
 * unsigned attributes. Built with pkijs's constructors from the fields the DER reader found, with what pkijs's
 * SignerInfo schema would give (signedAttrs.encodedValue is the [0] field re-tagged as SET, RFC 5652 §5.4): that
 * schema's comparison costs milliseconds a token. Null for any other shape: the full parse then reads it.
 */
export function readSignerInfo(bytes: Uint8Array, tlv: Tlv): SignerInfo | null {
  const [version, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signature, ...rest] =
    childrenOf(bytes, tlv) ?? [];
  if (rest.length > 0 || !isUniversal(version, 2) || !isUniversal(sid, 16)) return null;
  if (
    !isAlgorithmIdentifier(bytes, digestAlgorithm ?? null) ||
    !isAlgorithmIdentifier(bytes, signatureAlgorithm ?? null)
  ) {
    return null;
  }
  if (!isContext(signedAttrs, 0) || !signedAttrs.constructed || !isUniversal(signature, 4) || signature.constructed) {
    return null;
  }
  const versionValue = smallInteger(bytes, version);
  const attributes: Attribute[] = [];
  for (const attribute of childrenOf(bytes, signedAttrs) ?? [null]) {
    const [type, values, ...extra] =
      attribute && isUniversal(attribute, 16) ? (childrenOf(bytes, attribute) ?? []) : [];
    const typeText = isUniversal(type, 6) ? oidText(bytes, type) : null;
    if (typeText === null || !isUniversal(values, 17) || extra.length > 0) return null;
    const parse = RECURRING_ATTRIBUTES.has(typeText) ? recurringElement : element;
    const parsed = (childrenOf(bytes, values) ?? [null]).map((v) => (v === null ? null : parse(bytes, v)));
    if (parsed.some((v) => v === null)) return null;
    attributes.push(new Attribute({ type: typeText, values: parsed }));
  }
  const issuerAndSerial = cached(bytes, sid, (schema) => new IssuerAndSerialNumber({ schema }));
  const digest = cached(bytes, digestAlgorithm!, (schema) => new AlgorithmIdentifier({ schema }));
  const algorithm = cached(bytes, signatureAlgorithm!, (schema) => new AlgorithmIdentifier({ schema }));
  const signatureValue = element(bytes, signature);
  if (versionValue === null || attributes.length === 0 || !issuerAndSerial || !digest || !algorithm) return null;
  if (!(signatureValue instanceof asn1js.OctetString)) return null;
  const encoded = bytes.slice(signedAttrs.start, signedAttrs.end);
  encoded[0] = 0x31;
  return new SignerInfo({
    version: versionValue,
    sid: issuerAndSerial,
    digestAlgorithm: digest,
    signedAttrs: new SignedAndUnsignedAttributes({ type: 0, attributes, encodedValue: encoded.buffer }),
    signatureAlgorithm: algorithm,
    signature: signatureValue,
  });
}
