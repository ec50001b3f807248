import { parseIntake } from '../core/json/intake.ts';
import { EXIT, type Command } from './command.ts';
import { printJson } from './io.ts';
import { readJsonCommandInput } from './json-input.ts';
import { may, positional, synopsis } from './options/synopsis.ts';

const SYNOPSIS = synopsis([may('json'), positional('[FILE]', 'the JSON to check (stdin when absent or -)')]);

/**
 * `proveit json check`: the intake parser participants' documents go through (spec §4, docs/canonical-json.md).
 * Exit 0 when it would be read, 1 with the refusal's code, line, column, byte offset and message when not.
 */
export const jsonCheckCommand: Command = {
  path: ['json', 'check'],
  summary: 'check FILE or stdin against the strict intake rules (UTF-8, no duplicate keys, no NaN, size/depth caps)',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const input = await readJsonCommandInput(io, jsonCheckCommand, args);
    if (typeof input === 'number') return input;
    const result = parseIntake(input.bytes);
    if (result.ok) {
      if (input.flags.json) printJson(io, { ok: true, file: input.name, bytes: input.bytes.length });
      else io.out(`${input.name}: accepted (${input.bytes.length} bytes)\n`);
      return EXIT.ok;
    }
    const { code, message, details } = result.error;
    const { offset, line, column } = details as { offset: number; line: number; column: number };
    if (input.flags.json) printJson(io, { ok: false, file: input.name, code, line, column, offset, message });
    else io.out(`${input.name}:${line}:${column}: ${code} (byte ${offset}): ${message}\n`);
    return EXIT.failed;
  },
};
