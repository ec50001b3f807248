/**
 * Canonical URLs (spec §2.4): `target` enters request_data, so a trailing slash, an empty `?` or another parameter
 * order changes the request hash. The corpus therefore admits one spelling per resource: base + path, where
 * - the base is scheme://host[:port] with a lowercase host and nothing after it;
 * - the path starts with "/", has no empty segment, no trailing slash, no "." or ".." segment, no query and no
 *   fragment, and uses only RFC 3986 unreserved characters, so no percent-encoding can give it a second spelling;
 * - paged lists put the page in the path (/listes/agrees/<activite>/page-2), never in a query string.
 */
const BASE = /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[1-9][0-9]{0,4})?$/;
const SEGMENT = /^[A-Za-z0-9._~-]+$/;

export function baseProblem(base: string): string | undefined {
  return BASE.test(base) ? undefined : 'the base must be scheme://host[:port], lowercase, with no path or trailing slash';
}

export function pathProblem(path: string): string | undefined {
  if (!path.startsWith('/')) return 'a path starts with "/"';
  if (path.length > 1 && path.endsWith('/')) return 'a canonical path has no trailing slash';
  if (path.includes('?') || path.includes('#')) return 'a canonical path has no query string or fragment';
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '')) return 'a canonical path has no empty segment ("//")';
  if (segments.some((s) => s === '.' || s === '..')) return 'a canonical path has no "." or ".." segment';
  if (!segments.every((s) => SEGMENT.test(s))) return 'a canonical path uses only A-Z a-z 0-9 . _ ~ - between slashes';
  return undefined;
}

/** The collection a path belongs to: the longest listed prefix, or undefined outside every collection. */
export function collectionOf(path: string, collections: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const c of collections) if (path.startsWith(c) && path.length > c.length && (!best || c.length > best.length)) best = c;
  return best;
}

/** The referentiel is a catalogue resource outside the collections (spec §5.3: "published at /referentiel"). */
export const REFERENTIEL_PATH = '/referentiel';
