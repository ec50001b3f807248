import type { TrackName } from '../../core/corpus/model.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';
import type { ReadSettings } from '../proofs/read-settings.ts';

/** What `proveit season close` and the console's close job give a close (main/services/close/close-season.ts). */
export interface CloseSeasonInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  season: number;
  track: TrackName;
  corpusDir: string;
  /** The season service's export as read (NDJSON bytes ending with its signed trailer, docs/season-service.md). */
  submissions: Uint8Array;
  /**
   * The season service's receipt key (64 hex) the export must be signed by: the one the operator configured, or the
   * one the service announces at GET /v1/season/{n} when the export is read from it (docs/season-service.md
   * "Receipts").
   */
  serviceKey: string;
  trustLayerUrl: string;
  rekorUrl?: string;
  /** The trust bundle folder the proofs are verified with (archived into the bundle). */
  trustDir: string;
  outDir: string;
  readSettings?: Partial<ReadSettings>;
  /** Who runs the close (--actor): recorded in the audit log with the close and the incidents it opens. */
  actor: string;
  /** Progress of the proof reads (the console's events); the CLI draws its own from the report. */
  onReadProgress?: (progress: FetchProgress) => void;
}
