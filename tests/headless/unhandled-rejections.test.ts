import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const runTs = join(process.cwd(), 'bin/run-ts.mjs');
const script = join(import.meta.dirname, 'support/unawaited-rejection.ts');

/** Runs the support script in a process of its own, as the console runs: the policy is process-wide. */
function run(policy: 'with-policy' | 'without', message: string) {
  const child = spawnSync(process.execPath, [runTs, script, policy, message], { encoding: 'utf8', timeout: 60_000 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('the console process keeps serving after a promise rejected with nothing awaiting it', () => {
  it("without the policy Node's default ends the process at the first stray rejection (what the policy guards)", () => {
    const ended = run('without', 'plain failure');
    expect(ended.status).toBe(1);
    expect(ended.stdout).not.toContain('still serving');
  });

  it('with the policy the rejection is logged by class and stack, never its message, and the process goes on', () => {
    const secret = `sst_${randomBytes(12).toString('hex')}`;
    const kept = run('with-policy', `a request carried ${secret}`);
    expect(kept.status, kept.stderr).toBe(0);
    expect(kept.stdout).toBe('still serving\n');
    expect(kept.stderr).toContain('a promise failed with nothing awaiting it; the console keeps serving');
    expect(kept.stderr).toMatch(/^Error\n\s+at /m);
    expect(kept.stderr).not.toContain(secret);
  });
});
