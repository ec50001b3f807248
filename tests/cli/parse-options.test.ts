import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../main/cli/parse-options.ts';

const options = { out: { type: 'string' }, json: { type: 'boolean', default: false } } as const;

/** parseArgs' own error message for these arguments, or undefined when it accepts them. */
function parseArgsMessage(args: string[], allowPositionals: boolean): string | undefined {
  try {
    parseArgs({ args, options, allowPositionals });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('parseOptions', () => {
  it('returns the values and positionals parseArgs gives, defaults included', () => {
    const parsed = parseOptions({ args: ['--out', 'x.json', 'DIR'], options, allowPositionals: true });
    expect(parsed).toEqual({ ok: true, values: { out: 'x.json', json: false }, positionals: ['DIR'] });
  });

  it('an unknown flag comes back as parseArgs message instead of a throw', () => {
    const parsed = parseOptions({ args: ['--bogus'], options });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toBe(parseArgsMessage(['--bogus'], false));
    expect(!parsed.ok && parsed.message).toContain("'--bogus'");
  });

  it('a string option without its value comes back as a message', () => {
    const parsed = parseOptions({ args: ['--out'], options });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toBe(parseArgsMessage(['--out'], false));
  });

  it('a positional where none is allowed comes back as a message', () => {
    const parsed = parseOptions({ args: ['extra'], options, allowPositionals: false });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toBe(parseArgsMessage(['extra'], false));
    expect(!parsed.ok && parsed.message).toContain("'extra'");
  });
});
