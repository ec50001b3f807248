import type { IntakeTrack } from '../main/core/intake/context.ts';
import type { Db } from '../main/db/open-database.ts';
import { freezesInForce, type FreezeReceived } from '../main/db/season-service/freezes-received.ts';
import type { GroupCommit } from '../main/db/season-service/group-commit.ts';
import type { InvalidationReceived } from '../main/db/season-service/invalidations-received.ts';
import type { NoticeReceived } from '../main/db/season-service/notices-received.ts';
import type { TokenBuckets } from './limits/token-buckets.ts';
import type { ServiceMetrics } from './operations/metrics.ts';
import type { ReceiptSigner } from './receipt-key.ts';
import type { SeasonMaterial } from './season-material.ts';
import { seasonState, trackState, type TrackState } from './season-windows.ts';
import type { IdentityLookup } from './trust-layer-identity.ts';

export interface ServiceLimits {
  /** Largest submission body (docs/season-service.md "Durability and limits": 1 MiB, the intake parser's own cap). */
  submissionBytes: number;
  /** Largest enrollment or freeze body. */
  smallBodyBytes: number;
  /**
   * Largest delivery of a track's reports (POST /reports/{track}): every participant's signed report of one
   * publication version, a few KiB to some hundred KiB each.
   */
  reportDeliveryBytes: number;
  /**
   * Submissions per participant: a burst, then a steady rate (at least 120 a minute, docs/season-service.md "Durability
   * and limits").
   */
  submitBurst: number;
  submitPerMinute: number;
  /**
   * Enrollment attempts per client address per hour (the socket's, or the one a trusted proxy reports), and per API
   * key (its SHA-256): one participant retrying does not use up the budget of everyone behind its address.
   */
  enrollPerIpPerHour: number;
  enrollPerKeyPerHour: number;
  /**
   * What one participant may store (spec §5.6, §7.4: ten tasks a track, each replaceable until close, a submission a
   * few KiB): the bytes of all its versions, replaced ones included, and the versions of one task.
   */
  participantStoredBytes: number;
  versionsPerTask: number;
  /** Slow clients: the whole request, and its headers, must arrive within these (ms). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** How long a kept-alive connection may stay idle between two requests (ms). */
  keepAliveTimeoutMs: number;
  /** Open connections at once, and from one address that is not a trusted proxy. */
  maxConnections: number;
  maxConnectionsPerAddress: number;
  /** The request line and headers together, in bytes (past it: 431), and the headers read from one request. */
  maxHeaderBytes: number;
  maxHeadersCount: number;
  /**
   * The Trust Layer's batch age (trust-layer-reference §4.5: a batch closes after 600 s at most): a proof counts only
   * if its batch's RFC 3161 time is at or before the close (spec §4.1), so GET /v1/season/{n} tells participants to
   * stop reading the corpus this long before it (`last_safe_call_at`).
   */
  trustLayerBatchAgeSeconds: number;
}

export const DEFAULT_LIMITS: ServiceLimits = {
  submissionBytes: 1_048_576,
  smallBodyBytes: 16_384,
  reportDeliveryBytes: 64 * 1_048_576,
  submitBurst: 120,
  submitPerMinute: 600,
  enrollPerIpPerHour: 20,
  enrollPerKeyPerHour: 5,
  // 50 versions of each of 20 tasks at 8 KiB: what a season can need, far below what one disk holds per participant.
  participantStoredBytes: 8_388_608,
  versionsPerTask: 50,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  maxConnectionsPerAddress: 128,
  maxHeaderBytes: 16_384,
  maxHeadersCount: 100,
  trustLayerBatchAgeSeconds: 600,
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
