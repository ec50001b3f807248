import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SEASON_FILE, TASKS_FILE } from '../main/core/corpus/assemble.ts';
import { readJsonFile, readSeason } from '../main/core/corpus/load-corpus.ts';
import { parseTasks, type ParsedTask } from '../main/core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../main/core/corpus/problems.ts';
import { buildIntakeTrack, type IntakeTrack } from '../main/core/intake/context.ts';
import { loadTrackCatalogue, type TrackCatalogue } from './track-catalogue.ts';

/**
 * A task as participants receive it (docs/season-service.md "For participants: where the season stands"): what the spec
 * publishes, in this order. The task graph and its own resources stay with the scorer until the reveal (spec §4
 * "rejected at close: what only the scorer sees ... the task's graph"; docs/corpus-format.md): they name the pages
 * where a task's traps sit.
 */
export interface PublishedTask {
  id: string;
  prompt: string;
  target: Record<string, string>;
  min_assertions: number;
  cap_assertions: number;
}

/** One track as the season service knows it: its published tasks, never its sealed key. */
export interface ServiceTrack {
  track: string;
  rulesVersion: string;
  /** What enrollment and GET /tasks answer of each task (never its graph). */
  publishedTasks: PublishedTask[];
  tasks: ParsedTask[];
  /** What intake checks submissions of this track against (main/core/intake). */
  intake: IntakeTrack;
  /**
   * The catalogue GET /v1/season/{n}/catalogue/{track} serves (season-service/track-catalogue.ts); null when the
   * folder holds no catalogue.json.
   */
  catalogue: TrackCatalogue | null;
}

export interface SeasonMaterial {
  season: number;
  tracks: ReadonlyMap<string, ServiceTrack>;
}

export class SeasonMaterialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeasonMaterialError';
  }
}

/**
 * Reads the published part of a season folder (docs/corpus-format.md): for each track folder, season.json and
 * tasks.json, and what its catalogue is made of (season-service/track-catalogue.ts: catalogue.json, the response
 * files, the /_systeme bodies). The service never opens sealed/ (spec §5.5: the key is revealed at close, by the
 * operator).
 */
export async function loadSeasonMaterial(seasonDir: string): Promise<SeasonMaterial> {
  const entries = await readdir(seasonDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new SeasonMaterialError(`cannot read the season folder ${seasonDir}: ${error.code ?? error.message}`);
  });
  // A track folder given alone is a season of that one track (as the corpus server and the devnet accept it).
  const trackDirs = entries.some((e) => e.isFile() && e.name === SEASON_FILE)
    ? [seasonDir]
    : entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
        .map((name) => join(seasonDir, name));
  const tracks = new Map<string, ServiceTrack>();
  let season: number | undefined;
  for (const dir of trackDirs) {
    const tree = new Map<string, Uint8Array>();
    for (const file of [SEASON_FILE, TASKS_FILE]) {
      const bytes = await readFile(join(dir, file)).catch(() => undefined);
      if (bytes) tree.set(file, bytes);
    }
    if (!tree.has(SEASON_FILE)) continue;
    const problems = new Problems();
    const read = readSeason(tree, problems);
    const tasksValue = readJsonFile(tree, TASKS_FILE, problems)?.value;
    const tasks = parseTasks(tasksValue, problems);
    if (!read || problems.list.length > 0) {
      const first = problems.list[0];
      throw new SeasonMaterialError(`${dir}: ${first ? first.message : 'season.json is unreadable'}`);
    }
    if (season !== undefined && Number(read.season) !== season) {
      throw new SeasonMaterialError(`${dir} belongs to season ${read.season}, the folder's other tracks to ${season}`);
    }
    season = Number(read.season);
    const intake = buildIntakeTrack({ season, track: read.track, tasks: tasksValue ?? null });
    if (!intake.ok) throw new SeasonMaterialError(`${dir}: ${intake.error.message}`);
    const catalogue = await loadTrackCatalogue(dir).catch((error: unknown) => {
      throw new SeasonMaterialError((error as Error).message);
    });
    tracks.set(read.track, {
      track: read.track,
      rulesVersion: read.rulesVersion,
      publishedTasks: tasks.map((t) => ({
        id: t.id,
        prompt: t.prompt,
        target: { ...t.target },
        min_assertions: t.min,
        cap_assertions: t.cap,
      })),
      tasks,
      intake: intake.value,
      catalogue,
    });
  }
  if (season === undefined) {
    throw new SeasonMaterialError(`${seasonDir} holds no track folder with a season.json (docs/corpus-format.md)`);
  }
  return { season, tracks };
}
