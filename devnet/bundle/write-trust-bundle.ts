import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PyObject } from '../../main/core/json/value.ts';
import { didKeyOfEd25519 } from '../../main/core/encoding/did-key.ts';

export interface DevnetBundleInput {
  stateDir: string;
  publishedKeys: PyObject;
  logName: string;
  logPublicKeyPem: string;
  tsaProvider: string;
  tsaRootPath: string;
  tsaCertificatePath: string;
  /** The devnet season host's operator key (64 hex): its did:key is the challenge DID the bundle pins. */
  operatorPublicKey: string;
}

/**
 * Writes the devnet trust bundle (docs/trust-bundle.md, format proveit-trust-bundle/1) into <state>/trust-bundle:
 * the devnet key history, the devnet log key, and the devnet TSA root as a trust anchor with the TSA certificate
 * as untrusted (devnet tokens carry no certificate, like FreeTSA's, because the Trust Layer does not set certReq).
 * Rewritten at every start and at each signing key rotation from the keys in the state folder, so it always matches
 * them. It pins the challenge's DID, the did:key of the season host's operator key (docs/trust-bundle.md "The
 * challenge's DID"), so a devnet Index or freeze verifies against the key a reader of this bundle holds.
 */
export function writeDevnetTrustBundle(input: DevnetBundleInput): string {
  const dir = join(input.stateDir, 'trust-bundle');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'published_keys.json'), `${JSON.stringify(input.publishedKeys, null, 2)}\n`);
  writeFileSync(join(dir, 'devnet-log.pem'), input.logPublicKeyPem);
  copyFileSync(input.tsaRootPath, join(dir, 'devnet-tsa-root.pem'));
  copyFileSync(input.tsaCertificatePath, join(dir, 'devnet-tsa.crt'));
  const bundle = {
    format: 'proveit-trust-bundle/1',
    name: 'devnet',
    description:
      'PROVE IT devnet: test keys generated for one state folder (Ed25519 issuer key, ArkForge Rekor key, log key, TSA root). Never production.',
    published_keys: 'published_keys.json',
    transparency_logs: [{ name: input.logName, public_key: 'devnet-log.pem' }],
    timestamp_authorities: [
      { provider: input.tsaProvider, roots: ['devnet-tsa-root.pem'], untrusted: ['devnet-tsa.crt'] },
    ],
    challenge_did: didKeyOfEd25519(new Uint8Array(Buffer.from(input.operatorPublicKey, 'hex'))),
  };
  writeFileSync(join(dir, 'bundle.json'), `${JSON.stringify(bundle, null, 2)}\n`);
  return dir;
}
