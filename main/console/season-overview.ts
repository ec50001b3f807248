import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { TASKS_FILE } from '../core/corpus/assemble.ts';
import { readJsonFile, readSeason } from '../core/corpus/load-corpus.ts';
import { computeManifest } from '../core/corpus/manifest.ts';
import { parseTasks } from '../core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../core/corpus/problems.ts';
import type { CorpusTree } from '../core/corpus/tree.ts';
import type { ConsoleOverview, SeasonTrackOverview, TrackName } from '../ipc/contract.ts';
import { readCorpusTree } from '../services/corpus/corpus-folder.ts';

type Problem = { code: string; message: string };

/** The published part of a track folder: the sealed answer key stays on disk, it never enters the overview. */
function publishedPart(tree: CorpusTree): CorpusTree {
  return new Map([...tree].filter(([file]) => !file.startsWith('sealed/')));
}

async function trackOverview(dir: string, problems: Problem[]): Promise<SeasonTrackOverview | null> {
  const tree = publishedPart(await readCorpusTree(dir));
  // The corpus core's own readers (loads + shape checks), so the console shows what check and the freeze read.
  const reading = new Problems();
  const season = readSeason(tree, reading);
  const tasks = parseTasks(readJsonFile(tree, TASKS_FILE, reading)?.value, reading);
  problems.push(...reading.list.map((p) => ({ code: p.code, message: `${dir}: ${p.message}` })));
  if (!season) return null;
  const manifest = computeManifest(tree);
  if (!manifest.ok) {
    problems.push({ code: manifest.error.code, message: `${dir}: ${manifest.error.message}` });
    return null;
  }
  return {
    season: Number(season.season),
    track: season.track as TrackName,
    rulesVersion: season.rulesVersion,
    base: manifest.value.base,
    resources: manifest.value.resources.length,
    manifestHash: manifest.value.manifest_hash,
    tasks: tasks.map((t) => ({
      id: t.id,
      prompt: t.prompt,
      minAssertions: t.min,
      capAssertions: t.cap,
      graphSize: t.graph.length,
    })),
  };
}

/** Reads every season-N/track folder under the corpus root into what the console's first screen shows. */
export async function seasonOverview(
  corpusDir: string,
  mode: ConsoleOverview['mode'],
  version: string,
): Promise<Omit<ConsoleOverview, 'dbFile' | 'configured' | 'actor'>> {
  const problems: Problem[] = [];
  const tracks: SeasonTrackOverview[] = [];
  const seasons = (await readdir(corpusDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && /^season-\d+$/.test(e.name))
    .map((e) => e.name)
    .sort();
  if (seasons.length === 0) problems.push({ code: 'CONSOLE_NO_SEASON', message: `no season-N folder in ${corpusDir}` });
  for (const season of seasons) {
    const trackDirs = (await readdir(join(corpusDir, season), { withFileTypes: true })).filter((e) => e.isDirectory());
    for (const track of trackDirs.map((e) => e.name).sort()) {
      const overview = await trackOverview(join(corpusDir, season, track), problems);
      if (overview) tracks.push(overview);
    }
  }
  return { version, mode, corpusDir, tracks, problems };
}
