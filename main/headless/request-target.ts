import { fail, ok, type Result } from '../core/result.ts';

/** Longest target the console reads: its pages and calls are short paths; the event stream's query is its token. */
export const MAX_TARGET_BYTES = 2048;

export interface RequestTarget {
  /** The path as sent, still percent-encoded: routes compare it exactly. */
  path: string;
  /** The path percent-decoded (UTF-8), for the static files. */
  decodedPath: string;
  query: URLSearchParams;
}

export type TargetRefusal = 'HEADLESS_TARGET_TOO_LONG' | 'HEADLESS_TARGET_FORM' | 'HEADLESS_TARGET_ENCODING';

/**
 * Reads a request target without anything that throws on what a client sends: only the origin form (RFC 9112
 * §3.2.1, a path of one leading `/` and an optional query) is a target of this console. `*`, the absolute and
 * authority forms, `//` (which a URL parser reads as a host), backslashes (which it reads as `/`) and fragments are
 * refused, as is a path whose percent-encoding is not UTF-8.
 */
export function parseRequestTarget(target: string): Result<RequestTarget, TargetRefusal> {
  if (Buffer.byteLength(target) > MAX_TARGET_BYTES)
    return fail(
      'HEADLESS_TARGET_TOO_LONG',
      `the request target is over ${MAX_TARGET_BYTES} bytes: the console's pages and calls have short paths`,
    );
  if (!target.startsWith('/') || target.startsWith('//'))
    return fail(
      'HEADLESS_TARGET_FORM',
      'the request target must be a path starting with a single /, such as /api/invoke (no *, scheme or host)',
    );
  if (/[\\#]/.test(target))
    return fail(
      'HEADLESS_TARGET_FORM',
      'the request target holds a backslash or a #: send the path with / separators and no fragment',
    );
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return fail(
      'HEADLESS_TARGET_ENCODING',
      'the path of the request target has a malformed percent-encoding: write each byte as %XX of valid UTF-8',
    );
  }
  return ok({ path, decodedPath, query: new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1)) });
}
