import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seasonServeCommand } from '../../main/cli/season-serve-command.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'season-serve-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]) {
  const io = captureIo();
  const code = await seasonServeCommand.run(args, io);
  return { code, stderr: io.stderr, stdout: io.stdout };
}

describe('proveit season serve: usage', () => {
  const base = ['--port', '0', '--state', join(dir, 'state'), '--trust-layer', 'http://127.0.0.1:1'];

  it('without --operator-token-file it exits 2 naming the flag', async () => {
    const answer = await run(base);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('--operator-token-file FILE is required');
  });

  it('an operator token shorter than 256 random bits is refused (exit 2), and the token is never printed', async () => {
    const file = join(dir, 'short.token');
    writeFileSync(file, 'tooshortsecret\n');
    const answer = await run([...base, '--operator-token-file', file]);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('use at least 43 random characters');
    expect(answer.stderr).not.toContain('tooshortsecret');
  });

  it('a season folder that does not exist and a port out of range are usage errors', async () => {
    const file = join(dir, 'good.token');
    writeFileSync(file, `${'a'.repeat(64)}\n`);
    expect((await run([...base, '--operator-token-file', file, '--season-dir', join(dir, 'nowhere')])).code).toBe(2);
    const port = await run(['--port', '70000', ...base.slice(2), '--operator-token-file', file]);
    expect([port.code, port.stderr.includes('--port')]).toEqual([2, true]);
  });

  it('a --trusted-proxy that is not an IP address is a usage error naming it, given alone or in a comma-separated list', async () => {
    const file = join(dir, 'proxy.token');
    writeFileSync(file, `${'a'.repeat(64)}\n`);
    for (const flags of [
      ['--trusted-proxy', 'proxy.example.org'],
      ['--trusted-proxy', '10.0.0.1,proxy.example.org'],
    ]) {
      const answer = await run([...base, '--operator-token-file', file, ...flags]);
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain("--trusted-proxy 'proxy.example.org' is not an IP address");
    }
  });

  it('an --operator-public-key file that holds neither 64 hex characters nor a signing-key.json is a usage error', async () => {
    const token = join(dir, 'key.token');
    writeFileSync(token, `${'a'.repeat(64)}\n`);
    const key = join(dir, 'operator.pub');
    writeFileSync(key, 'not a key\n');
    for (const file of [key, join(dir, 'missing.pub')]) {
      const answer = await run([...base, '--operator-token-file', token, '--operator-public-key', file]);
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain('--operator-public-key');
    }
  });

  it('a --metrics-port out of range and a --request-log other than on or off are usage errors naming the flag', async () => {
    const token = join(dir, 'metrics.token');
    writeFileSync(token, `${'a'.repeat(64)}\n`);
    for (const [flags, words] of [
      [['--metrics-port', '70000'], "--metrics-port '70000' must be a port number"],
      [['--metrics-port', 'nine'], "--metrics-port 'nine' must be a port number"],
      [['--request-log', 'quiet'], "--request-log 'quiet' must be on or off"],
    ] as const) {
      const answer = await run([...base, '--operator-token-file', token, ...flags]);
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain(words);
    }
  });
});
