import { fail, ok, type Result } from '../result.ts';
import { isProofId } from './proof-id.ts';

export type IdListCode = 'PROOF_ID_MALFORMED';

/**
 * Parses an ids file: one proof id per line; blank lines and lines starting with `#` are ignored, surrounding spaces
 * and a trailing \r are trimmed. Repeated ids are kept once, in first-seen order. A malformed id fails naming its line.
 */
export function parseIdList(text: string): Result<string[], IdListCode> {
  const seen = new Set<string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (!isProofId(line)) {
      return fail(
        'PROOF_ID_MALFORMED',
        `line ${i + 1}: '${line.length > 80 ? `${line.slice(0, 80)}...` : line}' is not a proof id ` +
          '(expected prf_YYYYMMDD_HHMMSS_xxxxxx with 6 lowercase hex digits); fix or remove the line',
        { line: i + 1, text: line },
      );
    }
    seen.add(line);
  }
  return ok([...seen]);
}
