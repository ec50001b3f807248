import { describe, expect, it } from 'vitest';
import { publicVersions } from '../../../main/core/disputes/public-versions.ts';

// Spec §9.2 "14 days after the score is published": a version is public from the first Index export holding it.
const v = (version: number, publishedAtMs: number) => ({ version, publishedAtMs });

describe('publicVersions', () => {
  it('a version no exported Index holds is not public: it opens no window', () => {
    expect(publicVersions([v(1, 100)], [])).toEqual([]);
  });

  it('a version is public from the export of the first Index holding it, not from its record in the database', () => {
    expect(publicVersions([v(1, 100)], [{ publicationVersion: 1, publicAtMs: 500 }])).toEqual([v(1, 500)]);
  });

  it('an Index holding a later version makes the earlier ones public too, at its export', () => {
    const shown = [
      { publicationVersion: 3, publicAtMs: 900 },
      { publicationVersion: 1, publicAtMs: 400 },
    ];
    expect(publicVersions([v(1, 100), v(2, 600), v(3, 800), v(4, 950)], shown)).toEqual([
      v(1, 400),
      v(2, 900),
      v(3, 900),
    ]);
  });

  it('keeps the other fields of each version as they are', () => {
    const rows = [{ version: 1, publishedAtMs: 100, id: 7, scores: 'x' }];
    expect(publicVersions(rows, [{ publicationVersion: 2, publicAtMs: 300 }])).toEqual([
      { version: 1, publishedAtMs: 300, id: 7, scores: 'x' },
    ]);
  });
});
