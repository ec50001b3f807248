import { execFile, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { openCorpusCallLog } from '../../main/db/corpus-call-log/corpus-calls.ts';
import { readCorpusTree } from '../../main/services/corpus/corpus-folder.ts';
import { captureIo } from '../support/capture-io.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFORMITE = join(ROOT, 'corpus/season-1/conformite');
const GENERIQUE = join(ROOT, 'corpus/season-1/generique');
const LAUNCHER = join(ROOT, 'bin/proveit.mjs');
const made: string[] = [];

afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proveit-corpus-cli-'));
  made.push(dir);
  return dir;
}

async function run(...argv: string[]) {
  const io = captureIo();
  const code = await main(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('proveit corpus check', () => {
  it('the demo season passes: exit 0, and --json says the solver reproduces 10/10 verdicts', async () => {
    const text = await run('corpus', 'check', CONFORMITE);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('10/10');
    const json = await run('corpus', 'check', GENERIQUE, '--json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { ok: boolean; problems: unknown[]; solved: unknown[] };
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.solved).toHaveLength(10);
  });

  it('a corpus with a number in a body: exit 1, the problem listed with its code', async () => {
    const dir = join(await tempDir(), 'broken');
    await cp(CONFORMITE, dir, { recursive: true });
    const referentiel = join(dir, 'responses/referentiel.json');
    const body = JSON.parse(await readFile(referentiel, 'utf8')) as Record<string, unknown>;
    await writeFile(referentiel, JSON.stringify({ ...body, version_numero: 3 }));
    const result = await run('corpus', 'check', dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^CORPUS_BODY_NUMBER .*\/version_numero/m);
  });

  it('no folder, or an unknown option: usage error, exit 2', async () => {
    expect((await run('corpus', 'check')).code).toBe(2);
    expect((await run('corpus', 'check', CONFORMITE, '--frobnicate')).code).toBe(2);
  });
});

describe('proveit corpus manifest', () => {
  it('--json prints exactly {base, resources, system, tasks_hash, manifest_hash}', async () => {
    const result = await run('corpus', 'manifest', CONFORMITE, '--json');
    expect(result.code).toBe(0);
    const manifest = JSON.parse(result.stdout) as Record<string, unknown> & { resources: Record<string, unknown>[] };
    expect(Object.keys(manifest).sort()).toEqual(['base', 'manifest_hash', 'resources', 'system', 'tasks_hash']);
    expect(Object.keys(manifest.resources[0] ?? {}).sort()).toEqual(
      ['method', 'path', 'payload', 'request_hash', 'response_hash', 'target'].sort(),
    );
    expect(Object.keys(manifest['system'] as object).sort()).toEqual(['400', '403', '404', '503']);
    expect(manifest['base']).toBe('http://conformite.corpus.devnet.localhost');
  });

  it('each track of the demo season has its own base, so its /referentiel has its own URL and request hash', async () => {
    const referentiel = async (dir: string) => {
      const manifest = JSON.parse((await run('corpus', 'manifest', dir, '--json')).stdout) as {
        base: string;
        resources: { path: string; target: string; request_hash: string }[];
      };
      return { base: manifest.base, ...manifest.resources.find((r) => r.path === '/referentiel') };
    };
    const [c, g] = [await referentiel(CONFORMITE), await referentiel(GENERIQUE)];
    expect([c.base, g.base]).toEqual([
      'http://conformite.corpus.devnet.localhost',
      'http://generique.corpus.devnet.localhost',
    ]);
    expect([c.target, g.target]).toEqual([`${c.base}/referentiel`, `${g.base}/referentiel`]);
    expect(c.request_hash).not.toBe(g.request_hash);
  });

  it('--base sets the targets; a base with a path is refused', async () => {
    const real = JSON.parse(
      (await run('corpus', 'manifest', CONFORMITE, '--base', 'https://corpus.arkforge.tech', '--json')).stdout,
    ) as {
      resources: { target: string }[];
    };
    expect(real.resources.every((r) => r.target.startsWith('https://corpus.arkforge.tech/'))).toBe(true);
    const bad = await run('corpus', 'manifest', CONFORMITE, '--base', 'https://corpus.arkforge.tech/');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('CORPUS_MANIFEST_INCOMPLETE');
  });
});

describe('proveit corpus generate', () => {
  it('the same seed writes byte-identical folders that pass check; the seed is not printed', async () => {
    const root = await tempDir();
    const a = await run(
      'corpus',
      'generate',
      '--track',
      'generique',
      '--seed',
      'cli-secret-seed',
      '--out',
      join(root, 'a'),
    );
    const b = await run(
      'corpus',
      'generate',
      '--track',
      'generique',
      '--seed',
      'cli-secret-seed',
      '--out',
      join(root, 'b'),
      '--json',
    );
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stdout + b.stdout).not.toContain('cli-secret-seed');
    const [treeA, treeB] = [await readCorpusTree(join(root, 'a')), await readCorpusTree(join(root, 'b'))];
    expect([...treeA.keys()].sort()).toEqual([...treeB.keys()].sort());
    for (const [file, bytes] of treeA)
      expect(Buffer.from(bytes).equals(Buffer.from(treeB.get(file) as Uint8Array))).toBe(true);
    expect((await run('corpus', 'check', join(root, 'a'))).code).toBe(0);
    // Without --base, the track's own demo base.
    const season = JSON.parse(await readFile(join(root, 'a', 'season.json'), 'utf8')) as { base: string };
    expect(season.base).toBe('http://generique.corpus.devnet.localhost');
  });

  it('refuses to write over an existing season, and an unknown track is a usage error', async () => {
    const root = await tempDir();
    await writeFile(join(root, 'keep.json'), '{}');
    expect((await run('corpus', 'generate', '--track', 'conformite', '--seed', 's', '--out', root)).code).toBe(1);
    expect((await run('corpus', 'generate', '--track', 'autre', '--seed', 's', '--out', join(root, 'x'))).code).toBe(2);
  });
});

describe('proveit corpus through the real launcher', () => {
  it('node bin/proveit.mjs corpus check exits 0 on the demo season', async () => {
    const { stdout } = await promisify(execFile)('node', [LAUNCHER, 'corpus', 'check', GENERIQUE, '--json'], {
      cwd: ROOT,
    });
    expect(JSON.parse(stdout)).toMatchObject({ ok: true });
  });

  it('node bin/proveit.mjs corpus serve answers over HTTP and stops on SIGTERM', async () => {
    const child = spawn('node', [LAUNCHER, 'corpus', 'serve', CONFORMITE, '--port', '0', '--json'], {
      cwd: ROOT,
      env: { ...process.env, PROVEIT_CORPUS_SECRET: 'launcher-secret' },
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
      child.once('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
    });
    const { url, tracks } = JSON.parse(line) as { url: string; tracks: unknown };
    expect(tracks).toEqual([{ track: 'conformite', base: 'http://conformite.corpus.devnet.localhost' }]);
    const ok = await fetch(`${url}/referentiel`, { headers: { 'X-Challenge-Secret': 'launcher-secret' } });
    const denied = await fetch(`${url}/referentiel`);
    expect([ok.status, denied.status]).toEqual([200, 403]);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('corpus serve --call-log FILE keeps the call log in that file: a second run on it appends to the first run’s calls', async () => {
    const file = join(await tempDir(), 'corpus-calls.sqlite');
    /** One run of the launcher: starts, answers one GET of `path`, stops on SIGTERM; its JSON line and exit code. */
    const runOnce = async (path: string) => {
      const child = spawn(
        'node',
        [LAUNCHER, 'corpus', 'serve', CONFORMITE, '--port', '0', '--call-log', file, '--json'],
        {
          cwd: ROOT,
          env: { ...process.env, PROVEIT_CORPUS_SECRET: 'launcher-secret' },
        },
      );
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) resolve(out.split('\n')[0] as string);
        });
        child.once('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
      });
      const printed = JSON.parse(line) as { url: string; call_log: string | null };
      const answer = await fetch(`${printed.url}${path}`, { headers: { 'X-Challenge-Secret': 'launcher-secret' } });
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return { printed, status: answer.status, code: await exit };
    };
    const first = await runOnce('/referentiel');
    const second = await runOnce('/agrements/AGR-0001');
    expect([first.status, first.code, second.status, second.code]).toEqual([200, 0, 200, 0]);
    expect(first.printed.call_log).toBe(file);
    const log = openCorpusCallLog(file);
    expect(log.all().map((c) => [c.path, c.status, c.secretPresent])).toEqual([
      ['/referentiel', 200, true],
      ['/agrements/AGR-0001', 200, true],
    ]);
    log.close();
  });

  it('corpus serve --call-log with an empty file name is a usage error (exit 2)', async () => {
    const result = await run('corpus', 'serve', CONFORMITE, '--secret', 's', '--call-log', '');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--call-log');
  });

  it('corpus serve of the season folder serves both tracks, each on its base host; another host gets 421', async () => {
    const child = spawn('node', [LAUNCHER, 'corpus', 'serve', join(ROOT, 'corpus/season-1'), '--port', '0', '--json'], {
      cwd: ROOT,
      env: { ...process.env, PROVEIT_CORPUS_SECRET: 'launcher-secret' },
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
      child.once('exit', (code) => reject(new Error(`serve exited early with ${code}`)));
    });
    const { url, tracks } = JSON.parse(line) as { url: string; tracks: { track: string; base: string }[] };
    expect(tracks).toEqual([
      { track: 'conformite', base: 'http://conformite.corpus.devnet.localhost' },
      { track: 'generique', base: 'http://generique.corpus.devnet.localhost' },
    ]);
    const { port } = new URL(url);
    const get = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/referentiel',
            headers: { Host: host, 'X-Challenge-Secret': 'launcher-secret' },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const { track, base } of tracks) {
      const answer = await get(new URL(base).host);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(
        await readFile(join(ROOT, 'corpus/season-1', track, 'responses/referentiel.json'), 'utf8'),
      );
    }
    expect((await get(`127.0.0.1:${port}`)).status).toBe(421);
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});
