import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../main/cli/commands.ts';
import { main } from '../../../main/cli/main.ts';
import { usageOf } from '../../../main/cli/options/help-text.ts';
import { captureIo } from '../../support/capture-io.ts';

const CLI_DIR = join(import.meta.dirname, '../../../main/cli');

describe('every registered command, its options from the one pool (docs/conventions.md, CLI)', () => {
  it.each(commands.map((c) => [c.path.join(' '), c] as const))(
    'proveit %s --help and -h print the usage and a help line for every option parseArgs accepts, exit 0',
    async (_name, command) => {
      for (const flag of ['--help', '-h']) {
        const io = captureIo();
        expect(await main([...command.path, flag], io)).toBe(0);
        expect(io.stderr).toBe('');
        expect(io.stdout.startsWith(`usage: proveit ${usageOf(command)}\n\n${command.summary.slice(0, 20)}`)).toBe(
          true,
        );
        const names = Object.keys(command.synopsis.options);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(io.stdout).toMatch(new RegExp(`^  --${name}( \\S+)?( {2,}\\S|\\n {4,})`, 'm'));
      }
    },
  );

  it.each(commands.map((c) => [c.path.join(' '), c] as const))(
    'proveit %s with an unknown flag exits 2 naming it, with the usage line',
    async (_name, command) => {
      const io = captureIo();
      expect(await main([...command.path, '--no-such-flag'], io)).toBe(2);
      expect(io.stderr).toContain("Unknown option '--no-such-flag'");
      // The console answers with where to look (its usage spans lines); every other command prints its usage line,
      // a season-changing one that of the act (the backup flags it also takes come after: usageOf ends with them).
      if (command.path.join(' ') === 'console') expect(io.stderr).toContain('See proveit console --help.');
      else {
        const printed = /\nusage: proveit (.*)\n$/.exec(io.stderr)?.[1];
        expect(printed?.startsWith(`${command.path.join(' ')} `)).toBe(true);
        expect(usageOf(command).startsWith(printed!)).toBe(true);
      }
      expect(io.stdout).toBe('');
    },
  );

  it('proveit --help lists every command with its summary', async () => {
    const io = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    for (const command of commands) {
      const line = io.stdout.split('\n').find((l) => l.startsWith(`  ${command.path.join(' ')}  `));
      expect(line?.trim().endsWith(command.summary)).toBe(true);
    }
  });

  it('no command parses its arguments with options of its own: parseOptions is called only with a synopsis', () => {
    const callers = readdirSync(CLI_DIR, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /\bparseOptions\(/.test(readFileSync(join(CLI_DIR, file), 'utf8')))
      .sort();
    expect(callers).toEqual(['json-input.ts', 'options/parse-synopsis.ts']);
  });
});
