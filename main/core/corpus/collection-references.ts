import { absenceBody } from './absence.ts';
import { collectionOf } from './canonical-url.ts';
import type { PlainJson } from './tree.ts';

/**
 * How the references of one collection are written (docs/corpus-format.md §9 "inside a collection"): the generator
 * writes them in this shape, and the corpus server answers any path of this shape missing from the catalogue with
 * the same absence body the generator writes for an absent catalogue reference (spec §2.5).
 */
export interface CollectionReferences {
  /** The collection, as TrackDefinition.collections names it ("/agrements/"). */
  collection: string;
  /** What follows the collection in a reference, whole ("AGR-0001"); its groups are what `absent` reads. */
  shape: RegExp;
  /** The absence message, from the groups of `shape` (the identifier; for a paged list, its key and page). */
  absent(parts: readonly string[]): string;
}

/** A page of a paged list: `page-<n>`, n from 1, without leading zeros (the generator's `page-${n}`). */
export const PAGE = 'page-([1-9][0-9]*)';

/** An alternation of fixed words for a shape (the vocabulary of a track: activity codes, category prefixes). */
export function oneOf(words: readonly string[]): string {
  return `(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
}

/** A shape from its source: anchored at both ends, so it matches the whole rest of the path or nothing. */
export function anchored(source: string): RegExp {
  return new RegExp(`^${source}$`);
}

/**
 * The body of an absent reference of one of `references`' collections, from its path alone, or undefined when the
 * path is in no collection or not in its collection's shape (a trailing slash, a deeper path, a dot segment, a
 * percent-encoded character, another collection's identifier: none of them matches an anchored shape).
 */
export function absentReferenceBody(references: readonly CollectionReferences[], path: string): PlainJson | undefined {
  const collection = collectionOf(path, references.map((r) => r.collection));
  const reference = references.find((r) => r.collection === collection);
  if (!reference || collection === undefined) return undefined;
  const match = reference.shape.exec(path.slice(collection.length));
  return match ? absenceBody(path, reference.absent(match.slice(1))) : undefined;
}

/** The generator's side: an absent reference it writes always has its collection's shape. */
export function generatedAbsenceBody(references: readonly CollectionReferences[], path: string): PlainJson {
  const body = absentReferenceBody(references, path);
  if (body === undefined) throw new Error(`generator: ${path} has the shape of no collection reference`);
  return body;
}
