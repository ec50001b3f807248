/**
 * A failure as the console's log shows it: the error's class and code, then its stack frames (file and line of the
 * console's own code), never its message, which may quote what a request carried (a path, a body, a token).
 */
export function failureSummary(failure: unknown): string {
  if (!(failure instanceof Error)) return `a thrown ${typeof failure} (not an Error)`;
  const code = (failure as NodeJS.ErrnoException).code;
  const frames = (failure.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8);
  return [`${failure.name}${typeof code === 'string' ? ` ${code}` : ''}`, ...frames].join('\n');
}
