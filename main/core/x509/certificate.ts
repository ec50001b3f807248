import * as asn1js from 'asn1js';
import { BasicConstraints, Certificate, ExtKeyUsage } from 'pkijs';
import { pkiEngine } from './crypto-engine.ts';

/** A parsed certificate with the exact DER it came from (hashes and equality use those bytes). */
export interface ParsedCertificate {
  der: Uint8Array;
  cert: Certificate;
}

/** Parses one DER certificate; null when the bytes are not exactly one certificate. */
export function parseCertificate(der: Uint8Array): ParsedCertificate | null {
  const asn1 = asn1js.fromBER(der);
  if (asn1.offset === -1 || asn1.offset !== der.byteLength) return null;
  try {
    return { der, cert: new Certificate({ schema: asn1.result }) };
  } catch {
    return null;
  }
}

export function sameDer(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** RFC 5280 §4.1.2.5: the certificate is valid from notBefore to notAfter, both inclusive. */
export function validAt(cert: Certificate, at: Date): boolean {
  const time = at.getTime();
  return cert.notBefore.value.getTime() <= time && time <= cert.notAfter.value.getTime();
}

/** RFC 5280 §4.2.1.9: only a certificate whose basicConstraints says cA may issue certificates. */
export function isCertificateAuthority(cert: Certificate): boolean {
  const extension = cert.extensions?.find((e) => e.extnID === '2.5.29.19');
  if (extension) return extension.parsedValue instanceof BasicConstraints && extension.parsedValue.cA === true;
  // A version 1 self-issued certificate has no extensions at all; some long-lived system roots are such
  // certificates, and OpenSSL accepts them as authorities too.
  return cert.version === 0 && cert.issuer.isEqual(cert.subject);
}

export interface ExtendedKeyUsage {
  critical: boolean;
  purposes: string[];
}

/** The extendedKeyUsage extension (RFC 5280 §4.2.1.12), or null when the certificate has none. */
export function extendedKeyUsage(cert: Certificate): ExtendedKeyUsage | null {
  const extension = cert.extensions?.find((e) => e.extnID === '2.5.29.37');
  if (!extension) return null;
  const parsed = extension.parsedValue;
  return { critical: extension.critical, purposes: parsed instanceof ExtKeyUsage ? parsed.keyPurposes : [] };
}

/**
 * Link results per (subject, issuer) certificate object: a path search checks the same links for every token of a
 * provider (the TSA certificate and its issuers come from the trust bundle, parsed once), and a link depends on
 * the two certificates only. Memory, not I/O; entries go with the certificates.
 */
const links = new WeakMap<Certificate, WeakMap<Certificate, Promise<boolean>>>();

async function checkIssuedBy(subject: Certificate, issuer: Certificate): Promise<boolean> {
  if (!subject.issuer.isEqual(issuer.subject)) return false;
  try {
    return await subject.verify(issuer, pkiEngine);
  } catch {
    return false;
  }
}

/** Whether `issuer` signed `subject`: names chain (RFC 5280 §6.1) and the signature verifies with its key. */
export function issuedBy(subject: Certificate, issuer: Certificate): Promise<boolean> {
  let bySubject = links.get(subject);
  if (!bySubject) {
    bySubject = new WeakMap();
    links.set(subject, bySubject);
  }
  let result = bySubject.get(issuer);
  if (!result) {
    result = checkIssuedBy(subject, issuer);
    bySubject.set(issuer, result);
  }
  return result;
}

export function serialHex(cert: Certificate): string {
  return Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString('hex');
}

const NAME_ATTRIBUTES: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.10': 'O', '2.5.4.11': 'OU', '2.5.4.6': 'C' };

/** A readable subject name for messages (not for comparisons: those use the DER names). */
export function subjectText(cert: Certificate): string {
  return cert.subject.typesAndValues
    .map((tv) => `${NAME_ATTRIBUTES[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`)
    .join(', ');
}
