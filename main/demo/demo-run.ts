import type { Devnet } from '../../devnet/start-devnet.ts';
import type { VirtualClock } from '../../devnet/scripted/virtual-clock.ts';
import type { DemoCalendar } from '../core/demo/demo-calendar.ts';
import type { ScriptedAgent } from '../core/demo/scripted-agents.ts';
import { TRACK_NAMES, type TrackName } from '../core/corpus/model.ts';
import type { Db } from '../db/open-database.ts';
import type { HttpClient } from '../services/http/http-client.ts';
import type { SigningKey } from '../services/index-export/signing-key.ts';
import type { DemoProgress } from '../core/demo/demo-progress.ts';

/** The demo plays every track. */
export const DEMO_TRACKS: readonly TrackName[] = TRACK_NAMES;
/** The track whose careful agent meets the instrument fault (one incident opens there). */
export const FAULT_TRACK: TrackName = 'conformite';
/** Who the demo records as acting in the audit log. */
export const DEMO_ACTOR = 'demo-operator';

/** What every step of the demo season plays with: its folders, its devnet, its database and its one clock. */
export interface DemoRun {
  outDir: string;
  dbFile: string;
  /** The season folder played, copied track by track into `corpusDir` when frozen. */
  seasonDir: string;
  season: number;
  /** Each track's frozen copy, beside the database (OUT/corpus/season-N/<track>). */
  corpusDir: Record<TrackName, string>;
  /** The operator's key beside the database: it signs the freezes and the Index export. */
  signingKey: SigningKey;
  devnet: Devnet;
  db: Db;
  http: HttpClient;
  /** The devnet's clock and the operator's, set to each date of the calendar in turn. */
  clock: VirtualClock;
  calendar: DemoCalendar;
  emit: (step: DemoProgress['step'], message: string, done?: number, total?: number) => void;
}

/** One scripted agent on one track, once enrolled: it reads with its API key and submits with its season token. */
export type Participant = ScriptedAgent & {
  track: TrackName;
  participantId: string;
  seasonToken: string;
  did: string;
  apiKey: string;
};
