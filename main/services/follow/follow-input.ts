import type { TrackName } from '../../core/corpus/model.ts';
import type { FollowCycleLine } from '../../core/follow/model.ts';
import type { Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';
import type { ReadSettings } from '../proofs/read-settings.ts';

/** How often a cycle starts, and how soon a pending view is read again (docs/season-follow.md). */
export const DEFAULT_FOLLOW_EVERY_MS = 600_000;
export const DEFAULT_PENDING_RECHECK_MS = 600_000;

/**
 * A cadence set while the loop runs: read before each wait (a new one applies from the next cycle on), and a wait
 * that may end early to start a cycle at once ("Run a cycle now").
 */
export interface FollowCadence {
  everyMs(): number;
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What following a season needs: the operator database, the season service's export, the Trust Layer and the log. */
export interface FollowInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  season: number;
  /** GET {season service}/v1/season/{n}/export with the operator token: the signed NDJSON, or why it could not be read. */
  readExport: (signal?: AbortSignal) => Promise<Result<Uint8Array>>;
  /** The receipt key the export must be signed by (configured, or announced at GET /v1/season/{n}). */
  serviceKey: string;
  trustLayerUrl: string;
  rekorUrl?: string;
  /** The trust bundle the early warnings verify proofs with (docs/trust-bundle.md). */
  trustDir: string;
  /**
   * A track's corpus folder (its manifest and frozen bodies): what tells an instrument-fault body (spec §4.1) from a
   * participant's own. null: that track's instrument faults are left to the close.
   */
  corpusDirOf: (track: TrackName) => string | null;
  /** Who follows (--actor): the actor of the incidents and audit entries a cycle writes. */
  actor: string;
  /** Between cycle starts (ms); default DEFAULT_FOLLOW_EVERY_MS. */
  everyMs?: number;
  /** The console's cadence, which staff may change and cut short (console-follower.ts); overrides `everyMs`. */
  cadence?: FollowCadence;
  /** A pending view is read again no sooner than this after its last read (ms); default DEFAULT_PENDING_RECHECK_MS. */
  pendingRecheckMs?: number;
  /** The loop stops by itself at this time (ms); default the latest closes_at plus two batch ages. */
  untilMs?: number;
  /** The loop stops by itself after this many cycles, if `untilMs` has not stopped it first; default no limit. */
  cycles?: number;
  /** Read quota overrides (tests shrink the window). */
  readSettings?: Partial<ReadSettings>;
  /** Stops the loop between reads (SIGINT, SIGTERM, the console closing). */
  signal?: AbortSignal;
  onCycle?: (line: FollowCycleLine) => void;
  onProgress?: (progress: FetchProgress) => void;
}

/** Why the loop ended. */
export type FollowEnd =
  | { kind: 'until'; at: number }
  /** The `cycles` cycles ran before `untilMs`: `at` is the last one's start. */
  | { kind: 'cycles'; cycles: number; at: number }
  | { kind: 'aborted' };
