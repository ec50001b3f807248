import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { JobView } from '../ipc/contract.ts';
import type { DemoProgress } from '../core/demo/demo-progress.ts';
import type { ConsoleEvents } from './console-events.ts';
import type { WorkerMessage } from './jobs/worker-messages.ts';

/** One play of the demo season: the database it writes, the folder its corpus and closes go to, its clock. */
export interface DemoPlay {
  dbFile: string;
  outDir: string;
  startedAt: number;
}

/**
 * The demo season as the first start plays it, given by the faces (main/demo/demo-thread.ts): the demo stands above the
 * console (docs/conventions.md "Layers"), so the console takes it as this port and never imports it.
 */
export interface DemoPlayer {
  /** The folders the demo writes beside the database (one per track), cleared before an interrupted run plays again. */
  readonly trackFolders: readonly string[];
  /** Starts a play in a worker thread, which posts `demo.progress` messages, then `done` or `failed`. */
  start(play: DemoPlay): Pick<Worker, 'on' | 'terminate'>;
}

/** Written beside the database while the demo plays; found at start, it means the last run was interrupted. */
const MARKER = 'demo-playing.marker';

/**
 * The console's first start with no operator database (docs/console-backend.md "First start and the demo season"): the
 * demo season plays in a worker thread into the database's folder, its progress pushed as `demo.progress` events; the
 * database is written under a partial name and renamed once complete, so a stop mid-way never leaves a half-played
 * database in place. A restart after such a stop clears what the interrupted run wrote (only the demo's own folders,
 * named by the marker) and plays it again.
 */
export class FirstStartDemo {
  private view: JobView;
  private worker: { terminate(): Promise<number> } | null = null;

  constructor(
    private readonly dbFile: string,
    private readonly events: ConsoleEvents,
    private readonly player: DemoPlayer,
    private readonly now: () => number = Date.now,
  ) {
    this.view = {
      id: 0,
      kind: 'demo',
      state: 'queued',
      args: { db: dbFile },
      created_at: new Date(now()).toISOString(),
      started_at: null,
      finished_at: null,
      attempts: 0,
      progress: null,
      result: null,
      error: null,
    };
  }

  jobs(): JobView[] {
    return [this.view];
  }

  /** Plays the demo; resolves true once the database is in place. */
  run(): Promise<boolean> {
    const dir = dirname(this.dbFile);
    const partial = `${this.dbFile}.partial`;
    mkdirSync(dir, { recursive: true });
    if (existsSync(join(dir, MARKER))) {
      for (const path of [
        partial,
        `${partial}-wal`,
        `${partial}-shm`,
        join(dir, 'corpus'),
        join(dir, 'index'),
        ...this.player.trackFolders.map((t) => join(dir, t)),
      ])
        rmSync(path, { recursive: true, force: true });
    }
    writeFileSync(join(dir, MARKER), 'the demo season is being played into this folder\n');
    this.update({ state: 'running', started_at: new Date().toISOString(), attempts: this.view.attempts + 1 });
    // The console's clock, not the worker's: the demo's calendar is set back from it, so its dispute deadline is the
    // one the console's deadline check and the screens measure against.
    const worker = this.player.start({ dbFile: partial, outDir: dir, startedAt: this.now() });
    this.worker = worker;
    return new Promise((resolve) => {
      let settled = false;
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'demo.progress') {
          const p: DemoProgress = message.progress;
          this.view = { ...this.view, progress: { step: p.step, message: p.message, done: p.done, total: p.total } };
          this.events.publish({ type: 'demo.progress', job_id: 0, ...p });
        } else if (message.type === 'done') {
          settled = true;
          renameSync(partial, this.dbFile);
          rmSync(join(dir, MARKER), { force: true });
          this.update({ state: 'done', finished_at: new Date().toISOString(), result: { db: this.dbFile } });
          resolve(true);
        } else if (message.type === 'failed') {
          settled = true;
          this.update({ state: 'failed', finished_at: new Date().toISOString(), error: message });
          resolve(false);
        }
      });
      worker.on('exit', () => {
        if (!settled) resolve(false);
      });
    });
  }

  /** Stops a demo still playing (the console is stopping): the marker stays, so the next start plays it again. */
  async stop(): Promise<void> {
    if (this.view.state === 'running') await this.worker?.terminate();
  }

  private update(change: Partial<JobView>): void {
    this.view = { ...this.view, ...change };
    this.events.publish({ type: 'job', job: this.view });
  }
}
