import type { Failure } from '../core/result.ts';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * One refusal line per difference: code, field, then both values when it is a mismatch. Shared by `season close`,
 * `season replay` and the replay kit (replay-kit-main.ts), which must not load the close's database code.
 */
export function failureLines(failures: readonly Failure[]): string {
  return failures
    .map((f) => {
      const d = f.details ?? {};
      const field =
        typeof d['field'] === 'string' ? ` [${d['field']}]` : typeof d['file'] === 'string' ? ` [${d['file']}]` : '';
      const diff =
        'anchored' in d || 'recomputed' in d
          ? `\n      anchored   ${show(d['anchored'])}\n      recomputed ${show(d['recomputed'])}`
          : '';
      return `  ${f.code}${field}: ${f.message}${diff}`;
    })
    .join('\n');
}

/** Failure details as plain JSON: a Python int (bigint) becomes a number when exact, else its decimal text. */
export function plainFailures(failures: readonly Failure[]): unknown[] {
  return failures.map((f) =>
    JSON.parse(
      JSON.stringify({ code: f.code, message: f.message, details: f.details ?? null }, (_key, value: unknown) =>
        typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()) : value,
      ),
    ),
  );
}
