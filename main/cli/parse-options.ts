import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * node:util parseArgs with its usage error as a value: an unknown flag, a missing option value or an unexpected
 * positional comes back as `{ ok: false, message }` (parseArgs' own message), so each command words its usage error
 * and picks its exit code (docs/conventions.md, CLI) without a try/catch of its own.
 */
export function parseOptions<T extends ParseArgsConfig>(
  config: T,
): ({ ok: true } & ReturnType<typeof parseArgs<T>>) | { ok: false; message: string } {
  try {
    return { ok: true, ...parseArgs(config) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
