import { describe, expect, it } from 'vitest';
import { DEMO_BASES } from '../../../main/core/corpus/generate-options.ts';
import { baseHost, hostHeaderName, seasonTracksProblems, sortedTracks, type SeasonTrack } from '../../../main/core/corpus/season-tracks.ts';
import { DEMO_DIRS, readJson, readTree } from './demo-trees.ts';

const track = (name: string, base: string, season = 1n): SeasonTrack => ({ dir: `season-1/${name}`, season, track: name, base });

describe('the tracks of one season, served together', () => {
  it('each committed demo track carries its own demo base, and the two hosts differ', () => {
    const bases = (['conformite', 'generique'] as const).map((name) => (readJson(readTree(DEMO_DIRS[name]), 'season.json') as { base: string }).base);
    expect(bases).toEqual([DEMO_BASES.conformite, DEMO_BASES.generique]);
    expect(bases).toEqual(['http://conformite.corpus.devnet.localhost', 'http://generique.corpus.devnet.localhost']);
    expect(seasonTracksProblems([track('conformite', bases[0] as string), track('generique', bases[1] as string)])).toEqual([]);
  });

  it('the host of a base drops the scheme and the port', () => {
    expect(baseHost('http://conformite.corpus.devnet.localhost')).toBe('conformite.corpus.devnet.localhost');
    expect(baseHost('https://generique.corpus.arkforge.tech')).toBe('generique.corpus.arkforge.tech');
    expect(baseHost('http://127.0.0.1:8080')).toBe('127.0.0.1');
  });

  it('a Host header names its host lowercased without the port; none is undefined', () => {
    expect(hostHeaderName('Generique.Corpus.Devnet.Localhost:80')).toBe('generique.corpus.devnet.localhost');
    expect(hostHeaderName('conformite.corpus.devnet.localhost')).toBe('conformite.corpus.devnet.localhost');
    expect(hostHeaderName('[::1]:8080')).toBe('[::1]');
    expect(hostHeaderName('127.0.0.1:')).toBe('127.0.0.1');
    expect(hostHeaderName('')).toBeUndefined();
    expect(hostHeaderName(undefined)).toBeUndefined();
  });

  it('two tracks on one host: CORPUS_BASE_SHARED with both bases (another scheme or port is still the same host)', () => {
    for (const other of ['http://corpus.devnet.localhost', 'https://corpus.devnet.localhost', 'http://corpus.devnet.localhost:8080']) {
      const problems = seasonTracksProblems([track('conformite', 'http://corpus.devnet.localhost'), track('generique', other)]);
      expect(problems.map((p) => p.code)).toEqual(['CORPUS_BASE_SHARED']);
      expect(problems[0]?.details).toMatchObject({ host: 'corpus.devnet.localhost', tracks: ['conformite', 'generique'] });
      expect(problems[0]?.message).toContain('give each track a base of its own');
    }
  });

  it('one track in two folders, tracks of two seasons, a base that is not canonical: each its own code', () => {
    const codes = (tracks: SeasonTrack[]) => seasonTracksProblems(tracks).map((p) => p.code);
    expect(codes([track('conformite', DEMO_BASES.conformite), track('conformite', DEMO_BASES.generique)])).toEqual(['CORPUS_TRACK_DUPLICATE']);
    expect(codes([track('conformite', DEMO_BASES.conformite), track('generique', DEMO_BASES.generique, 2n)])).toEqual(['CORPUS_SEASON_TRACKS_MIXED']);
    expect(codes([track('conformite', 'http://Conformite.corpus.devnet.localhost/')])).toEqual(['CORPUS_BASE_NOT_CANONICAL']);
  });

  it('tracks are listed by name in code-point order', () => {
    expect(sortedTracks([track('generique', 'http://b.localhost'), track('conformite', 'http://a.localhost')]).map((t) => t.track)).toEqual([
      'conformite',
      'generique',
    ]);
  });
});
