import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { didKeyOfEd25519 } from '../../../main/core/encoding/did-key.ts';
import { parseTrustBundle } from '../../../main/core/trust/bundle.ts';
import { REPO_ROOT } from '../proof/support/real-artefacts.ts';

const DIR = `${REPO_ROOT}trust/production/`;
const productionFiles = () => new Map(readdirSync(DIR).map((name) => [name, new Uint8Array(readFileSync(DIR + name))]));
const systemRoots = readFileSync('/etc/ssl/certs/ca-certificates.crt');
const text = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

function withIndex(change: (index: Record<string, unknown>) => void): Map<string, Uint8Array> {
  const files = productionFiles();
  const index = JSON.parse(new TextDecoder().decode(files.get('bundle.json'))) as Record<string, unknown>;
  change(index);
  files.set('bundle.json', text(index));
  return files;
}

describe('trust bundle', () => {
  it('parses the production bundle: key history, log key and id, TSA roots', () => {
    const parsed = parseTrustBundle({ files: productionFiles(), systemRoots });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const bundle = parsed.value;
    expect(bundle.name).toBe('production');
    expect(bundle.signingKeys.map((k) => k.kid)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(bundle.signingKeys[0]?.publicKey.length).toBe(32);
    expect(bundle.rekor.logKeys).toEqual([
      expect.objectContaining({
        name: 'rekor.sigstore.dev',
        logId: 'c0d23d6ad406973f9559f3ba2d1ca01f84147d8ffc5b8445c224f98b9591801d',
      }),
    ]);
    expect(bundle.rekor.arkforgeKeys.map((k) => k.kid)).toEqual(['rekor-1', 'rekor-2', 'rekor-3']);
    expect(bundle.tsa['freetsa.org']?.roots.length).toBe(1);
    expect(bundle.tsa['freetsa.org']?.untrusted.length).toBe(1);
    expect(bundle.tsa['digicert.com']?.roots.length).toBeGreaterThan(50);
  });

  it('pins no challenge DID in production; a challenge_did did:key pins its Ed25519 key and enters the digest; anything else is BUNDLE_FIELD', () => {
    const production = parseTrustBundle({ files: productionFiles(), systemRoots });
    if (!production.ok) throw new Error(production.error.message);
    expect(production.value.challenge).toBeNull();
    const key = 'ab'.repeat(32);
    const did = didKeyOfEd25519(new Uint8Array(Buffer.from(key, 'hex')));
    const pinned = parseTrustBundle({ files: withIndex((i) => (i['challenge_did'] = did)), systemRoots });
    if (!pinned.ok) throw new Error(pinned.error.message);
    expect(pinned.value.challenge).toEqual({ did, publicKeyHex: key });
    expect(pinned.value.digest).not.toBe(production.value.digest);
    for (const bad of ['did:web:arkforge.tech', 'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme', 42])
      expect(parseTrustBundle({ files: withIndex((i) => (i['challenge_did'] = bad)), systemRoots })).toMatchObject({
        ok: false,
        error: { code: 'BUNDLE_FIELD', message: expect.stringContaining('challenge_did') },
      });
  });

  it('refuses another format, a missing file, a path outside the folder, and "system" without a CA bundle', () => {
    const cases: [string, Map<string, Uint8Array>, Uint8Array | null][] = [
      ['BUNDLE_FORMAT', withIndex((i) => (i.format = 'proveit-trust-bundle/2')), systemRoots],
      ['BUNDLE_FILE_MISSING', withIndex((i) => (i.published_keys = 'keys.json')), systemRoots],
      ['BUNDLE_FILE_NAME', withIndex((i) => (i.published_keys = '../published_keys.json')), systemRoots],
      ['BUNDLE_SYSTEM_ROOTS_MISSING', productionFiles(), null],
      ['BUNDLE_INDEX_MISSING', new Map(), systemRoots],
    ];
    for (const [code, files, roots] of cases) {
      const parsed = parseTrustBundle({ files, systemRoots: roots });
      expect(!parsed.ok && parsed.error.code, code).toBe(code);
    }
  });

  it('refuses a signing key that is not 32 bytes and a kid listed twice', () => {
    const files = productionFiles();
    const history = JSON.parse(new TextDecoder().decode(files.get('published_keys.json'))) as {
      keys: { public: string; kid: string }[];
    };
    history.keys[1]!.public = 'ed25519:AAAA';
    files.set('published_keys.json', text(history));
    const bad = parseTrustBundle({ files, systemRoots });
    expect(!bad.ok && bad.error.code).toBe('BUNDLE_SIGNING_KEY');
    history.keys[1]!.public = history.keys[0]!.public;
    history.keys[1]!.kid = 'key-1';
    files.set('published_keys.json', text(history));
    const twice = parseTrustBundle({ files, systemRoots });
    expect(!twice.ok && twice.error.code).toBe('BUNDLE_DUPLICATE');
  });

  it('refuses a log key file that holds no PEM public key', () => {
    const files = productionFiles();
    files.set('rekor-public-good-log.pem', new TextEncoder().encode('not a key'));
    const parsed = parseTrustBundle({ files, systemRoots });
    expect(!parsed.ok && parsed.error.code).toBe('BUNDLE_PEM');
  });
});
