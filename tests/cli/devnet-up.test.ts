import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';
import { DEMO_SEASON_DIR, journeyCorpus } from '../devnet/support/journey-corpus.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'devnet-cli-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('proveit devnet up', () => {
  it('refuses a read limit of 0 with exit 2 and says what to type instead', async () => {
    const io = captureIo();
    expect(await main(['devnet', 'up', '--read-limit', '0', '--corpus', journeyCorpus.dir], io)).toBe(2);
    expect(io.stderr).toContain("--read-limit '0' must be a whole number from 1");
    expect(io.stderr).toContain('for example --read-limit 100');
  });

  it('refuses an unknown option and a corpus folder that does not exist', async () => {
    const unknown = captureIo();
    expect(await main(['devnet', 'up', '--nope'], unknown)).toBe(2);
    expect(unknown.stderr).toContain('usage: proveit devnet up');
    const missing = captureIo();
    expect(await main(['devnet', 'up', '--corpus', join(tempDir(), 'absent')], missing)).toBe(2);
    expect(missing.stderr).toContain('pass --corpus DIR');
  });

  it('refuses to start on a season whose tracks share a host, saying which (exit 1)', async () => {
    const season = join(tempDir(), 'season-1');
    for (const track of ['conformite', 'generique']) {
      cpSync(join(DEMO_SEASON_DIR, track), join(season, track), { recursive: true });
      const file = join(season, track, 'season.json');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(/"base": "[^"]*"/, '"base": "http://corpus.devnet.localhost"'),
      );
    }
    const io = captureIo();
    expect(await main(['devnet', 'up', '--state', join(tempDir(), 'state'), '--corpus', season], io)).toBe(1);
    expect(io.stderr).toMatch(/could not start: .*CORPUS_BASE_SHARED/);
  });

  it('through the real launcher: prints one JSON line, serves the whole demo season by default until SIGTERM, then exits 0', async () => {
    const state = tempDir();
    const child = spawn(process.execPath, ['bin/proveit.mjs', 'devnet', 'up', '--state', state, '--batch-size', '5'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', () => reject(new Error('devnet up exited before printing its line')));
    });
    const info = JSON.parse(firstLine) as Record<string, string> & {
      virtual_hosts: Record<string, string>;
      corpus_tracks: Record<string, { base: string; dir: string }>;
    };
    expect(Object.keys(info)).toEqual([
      'trust_layer',
      'tsa',
      'log',
      'corpus',
      'season',
      'virtual_hosts',
      'corpus_tracks',
      'internal_secret',
      'corpus_secret',
      'trust_bundle',
      'state',
      'operator_public_key',
      'operator_key_file',
    ]);
    expect(info['trust_bundle']).toBe(join(state, 'trust-bundle'));
    // No --operator-public-key: the devnet made its operator key in the state folder, readable by its owner only.
    expect(info['operator_key_file']).toBe(join(state, 'operator-signing-key.pem'));
    expect(statSync(info['operator_key_file'] as string).mode & 0o777).toBe(0o600);
    expect(info['operator_public_key']).toMatch(/^[0-9a-f]{64}$/);
    expect(info.corpus_tracks).toEqual({
      conformite: { base: 'http://conformite.corpus.devnet.localhost', dir: join(DEMO_SEASON_DIR, 'conformite') },
      generique: { base: 'http://generique.corpus.devnet.localhost', dir: join(DEMO_SEASON_DIR, 'generique') },
    });
    expect(info.virtual_hosts).toEqual({
      corpus: 'http://conformite.corpus.devnet.localhost',
      season: 'http://proveit.devnet.localhost',
    });
    const pubkey = (await (await fetch(`${info['trust_layer']}/v1/pubkey`)).json()) as Record<string, unknown>;
    expect(pubkey).toMatchObject({ algorithm: 'Ed25519', kid: 'devnet-key-1', rekor_kid: 'devnet-rekor-1' });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
