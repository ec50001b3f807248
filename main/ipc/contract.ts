// The one typed contract between the renderer and main (design brief §3). The renderer imports types from here
// only; main validates every call against it (main/ipc/validate-call.ts) whether it arrives over Electron IPC or
// over the headless mode's loopback HTTP.

export type TrackName = 'conformite' | 'generique';

/** A published task, as participants see it: never the sealed answer key (secrets never reach the renderer). */
export interface TaskSummary {
  id: string;
  prompt: string;
  minAssertions: number;
  capAssertions: number;
  graphSize: number;
}

export interface SeasonTrackOverview {
  season: number;
  track: TrackName;
  rulesVersion: string;
  base: string;
  resources: number;
  manifestHash: string;
  tasks: TaskSummary[];
}

export interface ConsoleOverview {
  version: string;
  mode: 'desktop' | 'headless';
  corpusDir: string;
  tracks: SeasonTrackOverview[];
  /** Problems met while reading the corpus, with their stable codes. */
  problems: { code: string; message: string }[];
}

/** Channel name → argument and result types. */
export interface IpcContract {
  'console.overview': { args: Record<string, never>; result: ConsoleOverview };
}

export type Channel = keyof IpcContract;
export type ArgsOf<C extends Channel> = IpcContract[C]['args'];
export type ResultOf<C extends Channel> = IpcContract[C]['result'];

/** What every call answers: a value, or an error with a stable code (never a stack trace). */
export type IpcAnswer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
