import type { IntakeTrack } from '../main/core/intake/context.ts';
import type { Db } from '../main/db/open-database.ts';
import { freezesInForce, type FreezeReceived } from '../main/db/season-service/freezes-received.ts';
import type { GroupCommit } from '../main/db/season-service/group-commit.ts';
import type { InvalidationReceived } from '../main/db/season-service/invalidations-received.ts';
import type { NoticeReceived } from '../main/db/season-service/notices-received.ts';
import type { ServiceLimits } from './limits/service-limits.ts';
import type { TokenBuckets } from './limits/token-buckets.ts';
import type { ServiceMetrics } from './operations/metrics.ts';
import type { ReceiptSigner } from './receipt-key.ts';
import type { SeasonMaterial } from './season-material.ts';
import { seasonState, trackState, type TrackState } from './season-windows.ts';
import type { IdentityLookup } from './trust-layer-identity.ts';

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
  /**
   * The operator's Ed25519 public key (64 lowercase hex, `--operator-public-key`): only documents it signed change
   * the season (`/freeze`, `/index`; docs/season-service.md "Only the operator changes the season"). Null refuses every
   * one of them.
   */
  operatorPublicKey: string | null;
  /** The service's own receipt key: signs each accepted submission's answer (season-service/receipt-key.ts). */
  receipts: ReceiptSigner;
  now: () => Date;
  random: (size: number) => Uint8Array;
  limits: ServiceLimits;
  submitBuckets: TokenBuckets;
  /** Enrollment attempts by client address, and by API key SHA-256. */
  enrollBuckets: TokenBuckets;
  enrollKeyBuckets: TokenBuckets;
  /** The peers whose X-Forwarded-For names the client (season-service/limits/client-address.ts). */
  trustedProxies: ReadonlySet<string>;
  /**
   * The freeze in force per track, kept in memory: read at start and replaced by the freeze route after it records
   * one (the only writer), so a submission does not query it again.
   */
  freezes: Map<string, FreezeReceived>;
  /**
   * The invalidated tracks (docs/freeze.md "Invalidating a season"), kept in memory like the freezes: read at start
   * and replaced by the invalidate route after it records one (the only writer).
   */
  invalidations: Map<string, InvalidationReceived>;
  /**
   * The season's notices, oldest first (docs/season-service.md "Notices"), kept in memory for GET /v1/season/{n}: read
   * at start and replaced by the notice route after it records one (the only writer).
   */
  notices: NoticeReceived[];
  /** The service's metrics (docs/season-service.md "Operations"): the routes count enrollments and submissions. */
  metrics: ServiceMetrics;
}

export interface TrackWindow {
  freeze: FreezeReceived | undefined;
  state: TrackState;
  invalidation: InvalidationReceived | undefined;
}

/** Each known track's freeze in force, state at `now` and invalidation. */
export function trackWindows(context: ServiceContext, now: Date): Map<string, TrackWindow> {
  const freezes = context.freezes;
  const windows = new Map<string, TrackWindow>();
  for (const track of context.material.tracks.keys()) {
    const freeze = freezes.get(track);
    const invalidation = context.invalidations.get(track);
    windows.set(track, { freeze, state: invalidation ? 'invalidated' : trackState(freeze, now), invalidation });
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
