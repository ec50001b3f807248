import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { may, positional } from '../../main/cli/options/synopsis.ts';
import { readTrackFolderArgument } from '../../main/cli/track-folder-argument.ts';
import { captureIo } from '../support/capture-io.ts';
import { usageOnlyCommand } from '../support/usage-only-command.ts';

const DEMO = join(import.meta.dirname, '../../corpus/season-1/conformite');
const scratch = mkdtempSync(join(tmpdir(), 'proveit-track-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const command = usageOnlyCommand(['corpus', 'manifest'], [positional('DIR'), may('base'), may('json')]);

describe('readTrackFolderArgument', () => {
  it('reads the one track folder given', async () => {
    const io = captureIo();
    const folder = await readTrackFolderArgument(io, command, [DEMO]);
    expect(typeof folder).toBe('object');
    if (typeof folder === 'number') return;
    expect(folder.dir).toBe(DEMO);
    expect(folder.tree.has('season.json')).toBe(true);
    expect(io.stderr).toBe('');
  });

  it('no folder, or two, is a usage error with the usage line, exit 2', async () => {
    for (const positionals of [[], [DEMO, DEMO]]) {
      const io = captureIo();
      expect(await readTrackFolderArgument(io, command, positionals)).toBe(2);
      expect(io.stderr).toBe(
        'proveit corpus manifest: give exactly one track folder\nusage: proveit corpus manifest DIR [--base URL] [--json]\n',
      );
    }
  });

  it('a folder that cannot be read is named, exit 2', async () => {
    const missing = join(scratch, 'absent');
    const io = captureIo();
    expect(await readTrackFolderArgument(io, command, [missing])).toBe(2);
    expect(io.stderr).toBe(`proveit corpus manifest: cannot read the folder ${missing}\n`);
  });
});
