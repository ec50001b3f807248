import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProofsFollowCommand } from '../../main/cli/proofs-follow.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'proofs-follow-cli-'));
const tokenFile = join(dir, 'operator.token');
writeFileSync(tokenFile, `${'t'.repeat(48)}\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const required = [
  ...['--season-url', 'http://127.0.0.1:9', '--operator-token-file', tokenFile],
  ...['--trust-layer', 'http://127.0.0.1:9', '--db', join(dir, 'console.sqlite')],
];

async function run(args: string[]) {
  const io = captureIo();
  const code = await createProofsFollowCommand().run(args, io);
  return { code, err: io.stderr, out: io.stdout };
}

describe('proveit proofs follow: usage and refusals', () => {
  it.each([
    [['--operator-token-file', tokenFile, '--trust-layer', 'http://x'], '--season-url URL is required'],
    [[...required, '--every', '0'], "--every '0' is not a number of seconds > 0"],
    [[...required, '--until', 'tomorrow'], '--until'],
    [[...required, '--cycles', '0'], "--cycles '0' is not a number of cycles > 0, e.g. --cycles 3"],
    [[...required, '--cycles', '1.5'], "--cycles '1.5' is not a number of cycles > 0"],
    [[...required, '--cycles', 'two'], "--cycles 'two' is not a number of cycles > 0"],
    [[...required, '--season', 'one'], "--season 'one' is not a season number"],
    [[...required, '--rekor', 'rekor.example'], "--rekor 'rekor.example' is not a URL, e.g. --rekor https://"],
    [[...required, '--service-key', 'abc'], "--service-key 'abc' is not 64 hex characters"],
  ])('%j is a usage error (exit 2) that says what to type', async (args, message) => {
    const { code, err } = await run(args);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(err).toContain('usage: proveit proofs follow --season-url URL');
  });

  it('a database with no open season is refused with FOLLOW_NO_OPEN_SEASON, advising --season N', async () => {
    const { code, err } = await run(required);
    expect(code).toBe(1);
    expect(err).toMatch(/FOLLOW_NO_OPEN_SEASON: .*--season N/);
  });

  it('a season the database holds no freeze of is refused with FOLLOW_NO_FROZEN_TRACK before any read', async () => {
    const { code, err, out } = await run([...required, '--season', '3', '--service-key', 'ab'.repeat(32)]);
    expect(code).toBe(1);
    expect(err).toMatch(/FOLLOW_NO_FROZEN_TRACK: season 3 has no freeze in this operator database/);
    expect(out).toBe('');
  });

  it('the operator token never appears in what the command prints', async () => {
    const { err, out } = await run([...required, '--season', '3', '--service-key', 'ab'.repeat(32)]);
    expect(err + out).not.toContain('t'.repeat(48));
  });
});
