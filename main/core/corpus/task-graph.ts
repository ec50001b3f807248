import { isPyObject, type PyJson } from '../json/value.ts';
import { MAX_PAGES, type Lookup } from './solver-support.ts';

/** The task graph of spec §5.2 as derived from the served bodies: own resources, then common resources. */
export interface DerivedGraph {
  own: string[];
  common: string[];
}

/** Every page of a paged list that the catalogue serves, following page_suivante from `first` (absent pages included). */
export function pageChain(lookup: Lookup, first: string | undefined): string[] {
  const out: string[] = [];
  let next: PyJson | undefined = first;
  while (typeof next === 'string' && lookup(next) !== undefined && !out.includes(next) && out.length < MAX_PAGES) {
    out.push(next);
    const body = lookup(next);
    next = isPyObject(body) ? body['page_suivante'] : undefined;
  }
  return out;
}

export function strings(body: PyJson | undefined, key: string): string[] {
  if (!isPyObject(body)) return [];
  const value = body[key];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
