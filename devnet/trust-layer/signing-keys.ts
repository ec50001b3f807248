import { sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadOrCreatePrivateKey, publicKeyDer } from '../keys/key-files.ts';
import type { PublishedSigningKey } from './key-publication.ts';
import type { ProofSigner } from './proof-record.ts';
import { proxyTimestamp } from './trust-layer-context.ts';

/** The first key's file (created on first start) and the file listing the keys later rotations made. */
const FIRST_KEY_FILE = 'arkforge-ed25519.pem';
const ROTATIONS_FILE = 'signing-key-rotations.json';

interface Rotation {
  kid: string;
  file: string;
  valid_from: string;
}

interface LoadedKey extends PublishedSigningKey {
  privateKey: KeyObject;
}

/** "ed25519:" + base64url of the raw key: the last 32 bytes of the Ed25519 SPKI DER (302a300506032b6570032100 ‖ raw32). */
function publicText(privateKey: KeyObject): string {
  return `ed25519:${publicKeyDer(privateKey).subarray(12).toString('base64url')}`;
}

/** A signer that reads the newest key at each use (a rotation takes effect at the next proof). */
function newestKeySigner(current: () => LoadedKey): ProofSigner {
  return {
    signChain: (chainHex) =>
      `ed25519:${sign(null, Buffer.from(chainHex, 'ascii'), current().privateKey).toString('base64url')}`,
    get publicKey() {
      return current().publicKey;
    },
    get kid() {
      return current().kid;
    },
  };
}

/**
 * The devnet Trust Layer's Ed25519 key history (reference §5, devnet/README.md "Key rotation"): devnet-key-1 made on
 * first start, then one key per rotation (devnet-key-2, …), each kept in the state folder so a restart signs with
 * the newest and still publishes the others. Only the newest signs; the earlier ones stay listed and valid.
 */
export class DevnetSigningKeys {
  private readonly keys: LoadedKey[];

  constructor(
    private readonly stateDir: string,
    firstValidFrom: string,
  ) {
    const first = loadOrCreatePrivateKey(stateDir, FIRST_KEY_FILE, 'ed25519');
    this.keys = [{ kid: 'devnet-key-1', publicKey: publicText(first), validFrom: firstValidFrom, privateKey: first }];
    for (const rotation of this.rotations()) {
      const privateKey = loadOrCreatePrivateKey(stateDir, rotation.file, 'ed25519');
      this.keys.push({
        kid: rotation.kid,
        publicKey: publicText(privateKey),
        validFrom: rotation.valid_from,
        privateKey,
      });
    }
  }

  private rotations(): Rotation[] {
    const path = join(this.stateDir, ROTATIONS_FILE);
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Rotation[]) : [];
  }

  /** Every key, oldest first, as key-publication.ts publishes them. */
  published(): PublishedSigningKey[] {
    return this.keys.map(({ kid, publicKey, validFrom }) => ({ kid, publicKey, validFrom }));
  }

  private current(): LoadedKey {
    return this.keys[this.keys.length - 1] as LoadedKey;
  }

  /** Signs with whichever key is newest at the call: proofs made after a rotation carry the new kid. */
  readonly signer: ProofSigner = newestKeySigner(() => this.current());

  /**
   * Makes a new key, valid from `at` (whole seconds, the proxy's timestamp format), which signs every proof from now
   * on; the earlier keys stay in the history. Persisted before it is used, so a restart keeps it.
   */
  rotate(at: Date): PublishedSigningKey {
    const n = this.keys.length + 1;
    const rotation: Rotation = {
      kid: `devnet-key-${n}`,
      file: `arkforge-ed25519-${n}.pem`,
      valid_from: proxyTimestamp(at),
    };
    const privateKey = loadOrCreatePrivateKey(this.stateDir, rotation.file, 'ed25519');
    writeFileSync(
      join(this.stateDir, ROTATIONS_FILE),
      `${JSON.stringify([...this.rotations(), rotation], null, 2)}\n`,
      {
        mode: 0o600,
      },
    );
    const key: LoadedKey = {
      kid: rotation.kid,
      publicKey: publicText(privateKey),
      validFrom: rotation.valid_from,
      privateKey,
    };
    this.keys.push(key);
    return { kid: key.kid, publicKey: key.publicKey, validFrom: key.validFrom };
  }
}
