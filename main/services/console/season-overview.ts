import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { computeManifest } from '../../core/corpus/manifest.ts';
import type { SeasonFile, TasksFile } from '../../core/corpus/model.ts';
import type { CorpusTree } from '../../core/corpus/tree.ts';
import type { ConsoleOverview, SeasonTrackOverview } from '../../ipc/contract.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';

type Problem = { code: string; message: string };

/** The published part of a track folder: the sealed answer key stays on disk, it never enters the overview. */
function publishedPart(tree: CorpusTree): CorpusTree {
  return new Map([...tree].filter(([file]) => !file.startsWith('sealed/')));
}

function readJson<T>(tree: CorpusTree, file: string): T | undefined {
  const bytes = tree.get(file);
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    return undefined;
  }
}

async function trackOverview(dir: string, problems: Problem[]): Promise<SeasonTrackOverview | null> {
  const tree = publishedPart(await readCorpusTree(dir));
  const season = readJson<SeasonFile>(tree, 'season.json');
  const tasks = readJson<TasksFile>(tree, 'tasks.json');
  if (!season || !tasks) {
    problems.push({
      code: 'CONSOLE_TRACK_UNREADABLE',
      message: `${dir}: season.json or tasks.json is missing or not JSON`,
    });
    return null;
  }
  const manifest = computeManifest(tree);
  if (!manifest.ok) {
    problems.push({ code: manifest.error.code, message: `${dir}: ${manifest.error.message}` });
    return null;
  }
  return {
    season: season.season,
    track: season.track,
    rulesVersion: season.rules_version,
    base: manifest.value.base,
    resources: manifest.value.resources.length,
    manifestHash: manifest.value.manifest_hash,
    tasks: tasks.tasks.map((t) => ({
      id: t.id,
      prompt: t.prompt,
      minAssertions: t.min_assertions,
      capAssertions: t.cap_assertions,
      graphSize: t.graph.length,
    })),
  };
}

/** Reads every season-N/track folder under the corpus root into what the console's first screen shows. */
export async function seasonOverview(
  corpusDir: string,
  mode: ConsoleOverview['mode'],
  version: string,
): Promise<ConsoleOverview> {
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
