import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CORPUS_DIR } from '../../../devnet/season/demo-corpus.ts';

/** The demo season folder `devnet up` serves by default (both tracks, each on the host of its base). */
export const DEMO_SEASON_DIR = DEFAULT_CORPUS_DIR;

/** A track of the demo season as the devnet tests read it: its folder, its base, its catalogue's GET paths. */
export function demoTrack(track: 'conformite' | 'generique') {
  const dir = join(DEMO_SEASON_DIR, track);
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
  const base = (read('season.json') as { base: string }).base;
  const catalogue = read('catalogue.json') as { resources: { path: string; method: string; response: string }[] };
  const getPaths = catalogue.resources.filter((entry) => entry.method === 'GET').map((entry) => entry.path);
  return {
    dir,
    base,
    /** The frozen bytes of a catalogue path's response file. */
    bytes(path: string): Buffer {
      const entry = catalogue.resources.find((r) => r.path === path);
      if (!entry) throw new Error(`${path} is not in the ${track} catalogue`);
      return readFileSync(join(dir, entry.response));
    },
    /** Its catalogue's canonical GET URLs on the track's host, in catalogue order (cycling past the end). */
    targets(n: number): string[] {
      return Array.from({ length: n }, (_, i) => `${base}${getPaths[i % getPaths.length]}`);
    },
  };
}

/**
 * The corpus most devnet tests serve: the demo season's compliance track alone (a track folder, as startDevnet
 * still accepts). Targets are its catalogue's canonical GET URLs on its host, in catalogue order.
 */
export const journeyCorpus = demoTrack('conformite');
