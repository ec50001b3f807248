import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import { ContentInfo, SignedData } from 'pkijs';
import { pemToDer } from '../../main/core/x509/pem.ts';

/**
 * A throwaway RFC 3161 timestamp authority driven by the openssl command line: an independent implementation
 * to check our verifier against, in both directions (tokens it makes verify with our code; tokens
 * `openssl ts -verify` refuses, our code refuses).
 */

export type TsaKeyType = 'rsa' | 'ec-p256' | 'ec-p384';

/** How a TSA certificate's extendedKeyUsage is written; RFC 3161 §2.3 requires "critical, timeStamping" only. */
export type TsaEku = 'critical' | 'non-critical' | 'absent' | 'with-server-auth';

export interface ResignOptions {
  /** EKU of the certificate that re-signs (same key as the TSA). Default "critical". */
  eku?: TsaEku;
  /** Add the ESS signing-certificate-v2 attribute (`cms -cades`). Default true. */
  ess?: boolean;
  /** Issue the signing certificate now, after the token's genTime, instead of using one issued at creation. */
  issuedAfterGenTime?: boolean;
  /** The encapsulated content type. Default id-ct-TSTInfo. */
  econtentType?: string;
  /** Sign attributes (content type, digest, signing time, ESS). False gives a bare signature (`-noattr`). */
  signedAttributes?: boolean;
  /** Add a second SignerInfo, by the root key. */
  secondSigner?: boolean;
  /** A PEM certificate file in `dir` (for the TSA key) to sign with instead of an EKU variant. */
  signerCertFile?: string;
  /** A PEM file in `dir` whose certificates the token carries besides the signer's (`-certfile`). */
  extraCertsFile?: string;
}

export interface TestTsa {
  dir: string;
  /** The root CA certificate, DER (the provider's trust root). */
  rootDer: Uint8Array;
  /** The TSA certificate `openssl ts -reply` signs with (critical timeStamping EKU), DER. */
  tsaCertDer: Uint8Array;
  /** The intermediate CA between root and TSA certificate, when the TSA was created with one. */
  intermediateDer: Uint8Array | null;
  /** `openssl ts -query -data raw32.bin -no_nonce -sha256`, then `openssl ts -reply`: a full TimeStampResp. */
  stamp(data: Uint8Array, options?: { certReq?: boolean; digest?: 'sha256' | 'sha512' }): Uint8Array;
  /**
   * The same TSTInfo re-signed by `openssl cms -sign` (the signer certificate is carried in the token).
   * `openssl ts -reply` refuses to sign with a certificate whose EKU is not critical timeStamping, so tokens
   * from such certificates, or without the ESS attribute, are built this way.
   */
  resign(tsr: Uint8Array, options?: ResignOptions): { tsr: Uint8Array; certDer: Uint8Array };
  /** A certificate with the TSA certificate's issuer, serial, subject and key but other bytes (validity). */
  twinOfTsaCertificate(): Uint8Array;
  /**
   * `openssl ts -verify -data … -in … -CAfile … -untrusted …`: true when openssl prints "Verification: OK".
   * Defaults: this TSA's root as CA file, its ts -reply certificate and intermediate (if any) as untrusted.
   */
  opensslVerify(
    tsr: Uint8Array,
    data: Uint8Array,
    options?: { rootDer?: Uint8Array; untrustedDer?: Uint8Array },
  ): boolean;
  close(): void;
}

function openssl(cwd: string, args: string[]): string {
  return execFileSync('openssl', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const words = (text: string) => text.split(' ');

const KEY_ARGS: Record<TsaKeyType, string> = {
  rsa: '-newkey rsa:2048',
  'ec-p256': '-newkey ec -pkeyopt ec_paramgen_curve:P-256',
  'ec-p384': '-newkey ec -pkeyopt ec_paramgen_curve:P-384',
};

const EKU_LINE: Record<TsaEku, string> = {
  critical: 'extendedKeyUsage = critical,timeStamping',
  'non-critical': 'extendedKeyUsage = timeStamping',
  absent: '',
  'with-server-auth': 'extendedKeyUsage = critical,timeStamping,serverAuth',
};

const TSA_SERIAL = 0x1000;

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256);
  return [0x80 | bytes.length, ...bytes];
}

function derSequence(...parts: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(parts);
  return new Uint8Array([0x30, ...derLength(body.length), ...body]);
}

/** TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken OPTIONAL } (RFC 3161 §2.4.2). */
export function timeStampResp(status: number, tokenDer?: Uint8Array): Uint8Array {
  const statusInfo = derSequence(new Uint8Array([0x02, 0x01, status]));
  return tokenDer ? derSequence(statusInfo, tokenDer) : derSequence(statusInfo);
}

/** The eContent (DER TSTInfo) of a TimeStampResp. */
export function tstInfoOf(tsr: Uint8Array): Uint8Array {
  const response = asn1js.fromBER(tsr).result as asn1js.Sequence;
  const token = new ContentInfo({ schema: response.valueBlock.value[1] });
  const signedData = new SignedData({ schema: token.content });
  return new Uint8Array(signedData.encapContentInfo.eContent!.getValue());
}

function sleepPastSecond(): void {
  // A certificate's notBefore has one-second resolution: wait until the next second has surely begun.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
}

export interface TestTsaOptions {
  key: TsaKeyType;
  name?: string;
  /**
   * Put an intermediate between root and TSA certificate (as DigiCert and Sectigo do): "ca" has
   * basicConstraints CA:TRUE, "not-ca" has CA:FALSE and so may not issue certificates (RFC 5280 §4.2.1.9).
   */
  intermediate?: 'ca' | 'not-ca';
}

export function createTestTsa(options: TestTsaOptions): TestTsa {
  const dir = mkdtempSync(join(tmpdir(), 'proveit-test-tsa-'));
  const name = options.name ?? `Test TSA ${options.key}`;
  const run = (args: string[]) => openssl(dir, args);
  run([
    ...words('req -x509 -new -newkey rsa:2048 -nodes -keyout root.key -out root.pem -days 3650 -sha256'),
    ...['-subj', `/O=PROVE IT tests/CN=${name} Root`],
    ...words('-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign'),
  ]);
  run([
    ...words(`req -new ${KEY_ARGS[options.key]} -nodes -keyout tsa.key -out tsa.csr`),
    '-subj',
    `/O=PROVE IT tests/CN=${name}`,
  ]);

  let issuer = 'root';
  let intermediateDer: Uint8Array | null = null;
  if (options.intermediate) {
    const ca = options.intermediate === 'ca' ? 'critical,CA:TRUE' : 'critical,CA:FALSE';
    writeFileSync(join(dir, 'inter.ext'), `basicConstraints = ${ca}\nkeyUsage = critical,keyCertSign,cRLSign\n`);
    run([
      ...words('req -new -newkey rsa:2048 -nodes -keyout inter.key -out inter.csr'),
      '-subj',
      `/O=PROVE IT tests/CN=${name} Intermediate`,
    ]);
    run(
      words(
        'x509 -req -in inter.csr -CA root.pem -CAkey root.key -sha256 -set_serial 2 -days 3650 -extfile inter.ext -out inter.pem',
      ),
    );
    intermediateDer = pemToDer(readFileSync(join(dir, 'inter.pem'), 'utf8'), 'CERTIFICATE') as Uint8Array;
    issuer = 'inter';
  }
  // The certificates a certReq token carries besides the signer's, and openssl's -untrusted default.
  writeFileSync(join(dir, 'chain.pem'), options.intermediate ? readFileSync(join(dir, 'inter.pem')) : '');

  let serial = TSA_SERIAL;
  const issue = (eku: TsaEku, file: string, options: { serial?: number; days?: number } = {}) => {
    const extensions = ['basicConstraints = CA:FALSE', 'keyUsage = critical,digitalSignature,nonRepudiation'];
    writeFileSync(join(dir, `${file}.ext`), [...extensions, EKU_LINE[eku], ''].join('\n'));
    const certSerial = options.serial ?? serial++;
    run([
      ...words(`x509 -req -in tsa.csr -CA ${issuer}.pem -CAkey ${issuer}.key -sha256`),
      ...['-set_serial', String(certSerial), '-days', String(options.days ?? 365)],
      ...['-extfile', `${file}.ext`, '-out', `${file}.pem`],
    ]);
    return pemToDer(readFileSync(join(dir, `${file}.pem`), 'utf8'), 'CERTIFICATE') as Uint8Array;
  };
  const tsaCertDer = issue('critical', 'tsa');
  // The re-signing certificates are issued now, before any token exists: a certificate issued after a token's
  // genTime is not valid at that genTime, and the verifier refuses it (one test relies on exactly that).
  const ekus = ['critical', 'non-critical', 'absent', 'with-server-auth'] as const;
  const variants = new Map<TsaEku, Uint8Array>(ekus.map((eku) => [eku, issue(eku, `tsa-${eku}`)]));

  writeFileSync(join(dir, 'serial'), '01\n');
  const config = {
    dir,
    serial: '$dir/serial',
    crypto_device: 'builtin',
    signer_cert: '$dir/tsa.pem',
    certs: options.intermediate ? '$dir/chain.pem' : '$dir/root.pem',
    signer_key: '$dir/tsa.key',
    signer_digest: 'sha256',
    default_policy: '1.2.3.4.1',
    digests: 'sha256, sha384, sha512',
    accuracy: 'secs:1',
    ordering: 'yes',
    tsa_name: 'yes',
    ess_cert_id_chain: 'no',
    ess_cert_id_alg: 'sha256',
  };
  const configLines = Object.entries(config).map(([key, value]) => `${key} = ${value}`);
  writeFileSync(
    join(dir, 'tsa.cnf'),
    ['[ tsa ]', 'default_tsa = tsa_config', '[ tsa_config ]', ...configLines, ''].join('\n'),
  );
  const rootDer = pemToDer(readFileSync(join(dir, 'root.pem'), 'utf8'), 'CERTIFICATE') as Uint8Array;

  let counter = 0;
  const temp = (suffix: string, bytes?: Uint8Array) => {
    counter += 1;
    const file = join(dir, `t${counter}.${suffix}`);
    if (bytes) writeFileSync(file, bytes);
    return file;
  };
  const derToPemFile = (der: Uint8Array) => {
    const body = Buffer.from(der)
      .toString('base64')
      .replace(/(.{64})(?!$)/g, '$1\n');
    return temp('pem', new TextEncoder().encode(`-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`));
  };

  return {
    dir,
    rootDer,
    tsaCertDer,
    intermediateDer,
    stamp(data, stampOptions = {}) {
      const query = temp('tsq');
      const reply = temp('tsr');
      const certReq = stampOptions.certReq ? ['-cert'] : [];
      run([
        'ts',
        '-query',
        '-data',
        temp('bin', data),
        '-no_nonce',
        `-${stampOptions.digest ?? 'sha256'}`,
        ...certReq,
        '-out',
        query,
      ]);
      run(['ts', '-reply', '-config', join(dir, 'tsa.cnf'), '-queryfile', query, '-out', reply]);
      return new Uint8Array(readFileSync(reply));
    },
    resign(tsr, resignOptions = {}) {
      const eku = resignOptions.eku ?? 'critical';
      let file = resignOptions.signerCertFile?.replace(/\.pem$/, '') ?? `tsa-${eku}`;
      let certDer = resignOptions.signerCertFile
        ? (pemToDer(readFileSync(join(dir, resignOptions.signerCertFile), 'utf8'), 'CERTIFICATE') as Uint8Array)
        : (variants.get(eku) as Uint8Array);
      if (resignOptions.issuedAfterGenTime) {
        sleepPastSecond();
        file = `tsa-late-${counter}`;
        certDer = issue(eku, file);
      }
      const token = temp('p7');
      run([
        ...words('cms -sign -binary -nodetach -nosmimecap -md sha256 -outform DER'),
        ...(resignOptions.signedAttributes === false ? ['-noattr'] : resignOptions.ess === false ? [] : ['-cades']),
        ...['-econtent_type', resignOptions.econtentType ?? '1.2.840.113549.1.9.16.1.4'],
        ...['-signer', `${file}.pem`, '-inkey', 'tsa.key'],
        ...(resignOptions.secondSigner ? words('-signer root.pem -inkey root.key') : []),
        ...(resignOptions.extraCertsFile ? ['-certfile', resignOptions.extraCertsFile] : []),
        ...['-in', temp('der', tstInfoOf(tsr)), '-out', token],
      ]);
      return { tsr: timeStampResp(0, new Uint8Array(readFileSync(token))), certDer };
    },
    twinOfTsaCertificate() {
      return issue('critical', `tsa-twin-${counter++}`, { serial: TSA_SERIAL, days: 400 });
    },
    opensslVerify(tsr, data, verifyOptions = {}) {
      const args = ['ts', '-verify', '-data', temp('bin', data), '-in', temp('tsr', tsr)];
      args.push('-CAfile', verifyOptions.rootDer ? derToPemFile(verifyOptions.rootDer) : join(dir, 'root.pem'));
      // FreeTSA-style tokens carry no certificate: openssl then needs the signer's certificate as -untrusted.
      const untrusted = Buffer.concat([readFileSync(join(dir, 'tsa.pem')), readFileSync(join(dir, 'chain.pem'))]);
      args.push(
        '-untrusted',
        verifyOptions.untrustedDer ? derToPemFile(verifyOptions.untrustedDer) : temp('pem', untrusted),
      );
      try {
        return run(args).includes('Verification: OK');
      } catch {
        return false;
      }
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
