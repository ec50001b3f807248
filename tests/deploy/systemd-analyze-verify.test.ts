import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNIT_FILE } from './support/systemd-unit.ts';

const ANALYZE = '/usr/bin/systemd-analyze';

// systemd's own reading of the unit: every key known, every value parsed, the program it starts executable.
describe.skipIf(!existsSync(ANALYZE))('the season service’s systemd unit, read by systemd-analyze verify', () => {
  it('has no setting systemd refuses or ignores', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unit-verify-'));
    try {
      const file = join(dir, 'proveit-season.service');
      // Node where this machine has it: the unit names Debian's /usr/bin/node.
      const node = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;
      writeFileSync(file, readFileSync(UNIT_FILE, 'utf8').replace('ExecStart=/usr/bin/node ', `ExecStart=${node} `));
      // A value it cannot parse is only a warning on stderr (the exit status stays 0): both outputs are read.
      const run = spawnSync(ANALYZE, ['verify', file], { encoding: 'utf8' });
      const output = `${run.stdout}${run.stderr}`;
      expect(output.split('\n').filter((line) => line.includes('proveit-season.service'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
