import type * as asn1js from 'asn1js';
import type { Attribute, SignerInfo } from 'pkijs';

/** The single value of a signed attribute (RFC 5652 §11: these attributes are single-valued), or null. */
export function signedAttributeValue(signerInfo: SignerInfo, oid: string): asn1js.AsnType | null {
  const matching = (signerInfo.signedAttrs?.attributes ?? []).filter((a: Attribute) => a.type === oid);
  if (matching.length !== 1) return null;
  const values = (matching[0] as Attribute).values;
  return values.length === 1 ? (values[0] as asn1js.AsnType) : null;
}
