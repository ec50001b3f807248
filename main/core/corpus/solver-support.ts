import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';

/** The body served for a catalogue path, or undefined when the path is not in the catalogue. */
export type Lookup = (path: string) => PyJson | undefined;

/** A criterion is established true, established false, or cannot be established (spec §5.3). */
export type CriterionStatus = 'vrai' | 'faux' | 'non_etabli';

export interface CriterionOutcome {
  id: string;
  status: CriterionStatus;
  reason: string;
}

/** Spec §5.3 precedence, also used inside a criterion: false wins, then "cannot be established", then true. */
export function combine(statuses: readonly CriterionStatus[]): CriterionStatus {
  if (statuses.includes('faux')) return 'faux';
  if (statuses.includes('non_etabli')) return 'non_etabli';
  return 'vrai';
}

/** A record that exists: an object whose `existe` is true (an absent reference carries existe/exists false). */
export function record(lookup: Lookup, path: string): PyObject | undefined {
  const body = lookup(path);
  return isPyObject(body) && body['existe'] === true ? body : undefined;
}

export function field(object: PyObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

export function stringList(object: PyObject, key: string): string[] {
  const value = object[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function objectList(object: PyObject, key: string): PyObject[] {
  const value = object[key];
  return Array.isArray(value) ? value.filter((v): v is PyObject => isPyObject(v)) : [];
}

/** The most pages a paged list may have: a page_suivante cycle or runaway ends the walk as "not established". */
export const MAX_PAGES = 50;

/**
 * Walks a paged list from its first page through `page_suivante`. `complete` is false when a page is absent, the
 * chain loops, or it exceeds MAX_PAGES: what was read is then not the whole list.
 */
export function walkPages(lookup: Lookup, first: string): { pages: PyObject[]; complete: boolean } {
  const pages: PyObject[] = [];
  const seen = new Set<string>();
  let next: string | null = first;
  while (next !== null) {
    if (seen.has(next) || pages.length >= MAX_PAGES) return { pages, complete: false };
    seen.add(next);
    const page = record(lookup, next);
    if (!page) return { pages, complete: false };
    pages.push(page);
    const following: PyJson | undefined = page['page_suivante'];
    next = typeof following === 'string' ? following : null;
  }
  return { pages, complete: true };
}
