import type { IntakeTrack } from '../main/core/intake/context.ts';
import type { Db } from '../main/db/open-database.ts';
import { freezesInForce, type FreezeReceived } from '../main/db/season-service/freezes-received.ts';
import type { GroupCommit } from '../main/db/season-service/group-commit.ts';
import type { TokenBuckets } from './limits/token-buckets.ts';
import type { SeasonMaterial } from './season-material.ts';
import { seasonState, trackState, type TrackState } from './season-windows.ts';
import type { IdentityLookup } from './trust-layer-identity.ts';

export interface ServiceLimits {
  /** Largest submission body (issue 10: 1 MiB, the intake parser's own cap). */
  submissionBytes: number;
  /** Largest enrollment or freeze body. */
  smallBodyBytes: number;
  /** Submissions per participant: a burst, then a steady rate (at least 120 a minute, issue 10). */
  submitBurst: number;
  submitPerMinute: number;
  /** Enrollment attempts per client address per hour. */
  enrollPerIpPerHour: number;
  /** Slow clients: the whole request, and its headers, must arrive within these (ms). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  submissionBytes: 1_048_576,
  smallBodyBytes: 16_384,
  submitBurst: 120,
  submitPerMinute: 600,
  enrollPerIpPerHour: 20,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
};

/** Everything a route needs; built once by startSeasonService. */
export interface ServiceContext {
  db: Db;
  writes: GroupCommit;
  material: SeasonMaterial;
  /** Each track's intake data, by track name (main/core/intake). */
  intakeTracks: ReadonlyMap<string, IntakeTrack>;
  identity: IdentityLookup;
  operatorTokenSha256: string;
  challengeSecretSha256: string | null;
  now: () => Date;
  random: (size: number) => Uint8Array;
  limits: ServiceLimits;
  submitBuckets: TokenBuckets;
  enrollBuckets: TokenBuckets;
  /**
   * The freeze in force per track, kept in memory: read at start and replaced by the freeze route after it records
   * one (the only writer), so a submission does not query it again.
   */
  freezes: Map<string, FreezeReceived>;
}

export interface TrackWindow {
  freeze: FreezeReceived | undefined;
  state: TrackState;
}

/** Each known track's freeze in force and state at `now`. */
export function trackWindows(context: ServiceContext, now: Date): Map<string, TrackWindow> {
  const freezes = context.freezes;
  const windows = new Map<string, TrackWindow>();
  for (const track of context.material.tracks.keys()) {
    const freeze = freezes.get(track);
    windows.set(track, { freeze, state: trackState(freeze, now) });
  }
  return windows;
}

/** The freezes in force as the database holds them (at start, and after the freeze route recorded one). */
export function loadFreezes(db: Db, season: number): Map<string, FreezeReceived> {
  return new Map(freezesInForce(db, season).map((f) => [f.track, f]));
}

export function seasonStateAt(context: ServiceContext, now: Date) {
  return seasonState([...trackWindows(context, now).values()].map((w) => w.state));
}
