import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseProblem, collectionOf, pathProblem } from '../../../main/core/corpus/canonical-url.ts';

const vectors = JSON.parse(readFileSync(new URL('../../vectors/corpus/canonical-urls.json', import.meta.url), 'utf8')) as {
  canonical_paths: string[];
  refused_paths: string[];
  canonical_bases: string[];
  refused_bases: string[];
};

describe('canonical URLs', () => {
  it.each(vectors.canonical_paths)('%s is canonical', (path) => expect(pathProblem(path)).toBeUndefined());
  it.each(vectors.refused_paths)('%s has a second spelling, so it is refused', (path) =>
    expect(pathProblem(path)).toBeTypeOf('string'),
  );
  it.each(vectors.canonical_bases)('%s is a canonical base', (base) => expect(baseProblem(base)).toBeUndefined());
  it.each(vectors.refused_bases)('%s is refused as a base', (base) => expect(baseProblem(base)).toBeTypeOf('string'));

  it('a path belongs to the longest collection prefix, and a bare collection is in none', () => {
    const collections = ['/listes/', '/listes/agrees/'];
    expect(collectionOf('/listes/agrees/x/page-1', collections)).toBe('/listes/agrees/');
    expect(collectionOf('/listes/agrees/', collections)).toBe('/listes/');
    expect(collectionOf('/autre/1', collections)).toBeUndefined();
  });
});
