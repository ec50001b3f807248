import { createHash, webcrypto, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { loadOrCreatePrivateKey, publicKeyDer } from '../keys/key-files.ts';

const OID = {
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  timeStamping: '1.3.6.1.5.5.7.3.8',
};

export interface TsaMaterial {
  /** The TSA's signing key (ECDSA P-256). */
  key: KeyObject;
  /** The TSA certificate (DER) and the devnet root that issued it (PEM files in the state folder). */
  certificate: pkijs.Certificate;
  certificateDer: Uint8Array;
  rootPath: string;
  certificatePath: string;
}

function name(commonName: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value: commonName }) }),
    ],
  });
}

function keyUsageBits(bits: number[]): asn1js.BitString {
  // KeyUsage is a named BIT STRING (RFC 5280 §4.2.1.3): bit 0 is the most significant bit of the first byte.
  let byte = 0;
  for (const bit of bits) byte |= 0x80 >> bit;
  const unused = 7 - Math.max(...bits);
  return new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: unused });
}

function extension(extnID: string, critical: boolean, value: asn1js.BaseBlock): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });
}

export async function importSigningKey(key: KeyObject): Promise<webcrypto.CryptoKey> {
  const pkcs8 = key.export({ type: 'pkcs8', format: 'der' });
  return webcrypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

function keyIdentifier(key: KeyObject): Uint8Array {
  // RFC 5280 §4.2.1.2 method (1) would hash the BIT STRING only; any stable unique value is allowed.
  return createHash('sha1').update(publicKeyDer(key)).digest();
}

interface IssueOptions {
  subject: string;
  subjectKey: KeyObject;
  issuer: string;
  issuerKey: KeyObject;
  serial: number;
  notBefore: Date;
  notAfter: Date;
  ca: boolean;
}

async function issueCertificate(options: IssueOptions): Promise<pkijs.Certificate> {
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: options.serial });
  certificate.issuer = name(options.issuer);
  certificate.subject = name(options.subject);
  certificate.notBefore.value = options.notBefore;
  certificate.notAfter.value = options.notAfter;
  certificate.subjectPublicKeyInfo.fromSchema(asn1js.fromBER(publicKeyDer(options.subjectKey)).result);
  const extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: options.ca }).toSchema()),
    // keyCertSign (5) + cRLSign (6) for the root; digitalSignature (0) + nonRepudiation (1) for the TSA.
    extension(OID.keyUsage, true, keyUsageBits(options.ca ? [5, 6] : [0, 1])),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: keyIdentifier(options.subjectKey) })),
    extension(
      OID.authorityKeyIdentifier,
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: keyIdentifier(options.issuerKey) }),
      }).toSchema(),
    ),
  ];
  if (!options.ca) {
    // RFC 3161 §2.3: the TSA certificate carries exactly one EKU, id-kp-timeStamping, marked critical.
    extensions.push(
      extension(OID.extKeyUsage, true, new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema()),
    );
  }
  certificate.extensions = extensions;
  await certificate.sign(await importSigningKey(options.issuerKey), 'SHA-256');
  return certificate;
}

function toPem(der: ArrayBuffer | Uint8Array, label: string): string {
  const base64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64');
  return `-----BEGIN ${label}-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
}

function fromPem(pem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64'));
}

/**
 * The devnet timestamp authority's PKI: a root CA and a TSA certificate it issued, both ECDSA P-256,
 * created on first start and kept in the state folder (tsa-root.pem, tsa.crt) so tokens verify across restarts.
 */
export async function loadOrCreateTsaMaterial(stateDir: string, now: Date): Promise<TsaMaterial> {
  const rootKey = loadOrCreatePrivateKey(stateDir, 'tsa-root-key.pem', 'p256');
  const key = loadOrCreatePrivateKey(stateDir, 'tsa-key.pem', 'p256');
  const rootPath = join(stateDir, 'tsa-root.pem');
  const certificatePath = join(stateDir, 'tsa.crt');
  if (!existsSync(rootPath) || !existsSync(certificatePath)) {
    const notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
    const notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
    const rootName = 'PROVE IT devnet TSA root';
    const root = await issueCertificate({
      subject: rootName,
      subjectKey: rootKey,
      issuer: rootName,
      issuerKey: rootKey,
      serial: 1,
      notBefore,
      notAfter,
      ca: true,
    });
    const tsa = await issueCertificate({
      subject: 'PROVE IT devnet TSA',
      subjectKey: key,
      issuer: rootName,
      issuerKey: rootKey,
      serial: 2,
      notBefore,
      notAfter,
      ca: false,
    });
    writeFileSync(rootPath, toPem(root.toSchema().toBER(false), 'CERTIFICATE'));
    writeFileSync(certificatePath, toPem(tsa.toSchema().toBER(false), 'CERTIFICATE'));
  }
  const certificateDer = fromPem(readFileSync(certificatePath, 'utf8'));
  const certificate = pkijs.Certificate.fromBER(certificateDer);
  return { key, certificate, certificateDer, rootPath, certificatePath };
}
