// The Proofs screen (main/ipc/contract.ts `proofs.*`): pending proofs, the read cache and quota.

import type { HourlyReads } from '../../core/follow/model.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';
import type { JobView } from './jobs.ts';

/** A participant whose scores wait on a pending proof: its latest close left it pending on that proof. */
export interface WaitingParticipant {
  season: number;
  track: string;
  participant_id: string;
  /** The display name set for the Index, else the agent name in the track's scores; null when none is known. */
  name: string | null;
}

export interface PendingProof {
  proof_id: string;
  /** The first of `waiting`, or null when no close is waiting on this proof. */
  participant_id: string | null;
  /** Every participant the latest close of its track left pending on this proof (none before a close). */
  waiting: WaitingParticipant[];
  first_seen_pending_at: string;
  next_recheck_at: string | null;
}

export interface ProofsView {
  running: boolean;
  /** A read under way in this console (the close's reads report through `close.progress` events). */
  progress: FetchProgress | null;
  /** The last progress recorded by the running job, if any. */
  job_progress: JobView['progress'];
  cache: { views: number; rekor_entries: number; absent: number };
  /** The read quota now: reads counted in the sliding window and left in it. */
  quota: { limit: number; window_ms: number; used: number; left: number };
  /** Proof reads per clock hour (UTC) of the last 24 hours, oldest first, the current hour included: the chart. */
  hourly_reads: HourlyReads[];
  pending: PendingProof[];
}

/** A pending proof re-checked now (one read): its state after the read, and the Proofs screen's view. */
export interface ProofRecheck {
  proof_id: string;
  status: string;
  proofs: ProofsView;
}
