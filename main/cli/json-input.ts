import { readFile } from 'node:fs/promises';
import type { CliIo } from './io.ts';
import { parseOptions } from './parse-options.ts';

/** The bytes a `json` command reads: FILE, or stdin when FILE is absent or "-". `name` is how messages refer to it. */
export type JsonInput = { ok: true; bytes: Uint8Array; name: string } | { ok: false; message: string };

export async function readJsonInput(file: string | undefined, io: CliIo): Promise<JsonInput> {
  if (file === undefined || file === '-') return { ok: true, bytes: await io.readStdin(), name: 'stdin' };
  try {
    return { ok: true, bytes: await readFile(file), name: file };
  } catch (error) {
    return { ok: false, message: `cannot read ${file}: ${(error as Error).message}` };
  }
}

type BooleanOptions = Record<string, { type: 'boolean' }>;

/**
 * parseArgs for the `json` commands: the given boolean flags and at most one FILE. A usage error comes back as text
 * that says what was wrong and the usage line to type instead.
 */
export function parseJsonArgs<O extends BooleanOptions>(
  args: string[],
  options: O,
  usage: string,
): { ok: true; flags: Partial<Record<keyof O, boolean>>; file: string | undefined } | { ok: false; message: string } {
  const parsed = parseOptions({ args, options, allowPositionals: true, strict: true });
  if (!parsed.ok) return { ok: false, message: `${parsed.message}\nusage: proveit ${usage}` };
  if (parsed.positionals.length > 1)
    return { ok: false, message: `one FILE at most, got ${parsed.positionals.length}\nusage: proveit ${usage}` };
  return { ok: true, flags: parsed.values as Partial<Record<keyof O, boolean>>, file: parsed.positionals[0] };
}
