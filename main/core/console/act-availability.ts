import type { AnchorDeadlineState } from '../freeze/anchor-deadline.ts';
import { BATCH_MAX_AGE_MS } from '../proofs-plan/batch-age.ts';

/**
 * Whether an act of the screens can succeed now (docs/console.md "Acts that know the season's state"): allowed, or
 * why not with the code main would refuse it with (or, for a wait that is no refusal, a code of its own) and, when
 * time alone lifts it, the instant it becomes possible. Pure: the facts are what the screens already read
 * (`season.status`, `console.overview`, `scores.view`, `freeze.view`, `index.status`, `jobs.list`) and the console's
 * clock. Main still refuses each act with its code: this only keeps a button from offering what cannot succeed.
 */
export type Availability = { allowed: true } | { allowed: false; code: ActWaitCode; from: string | null };

/**
 * Codes main refuses the act with, reused, and three of this file's own for a wait main does not refuse:
 * CLOSE_JOB_RUNNING, INDEX_EXPORT_RUNNING (a job under way) and INDEX_ALREADY_ANCHORED.
 */
export type ActWaitCode =
  | 'FREEZE_NOT_FOUND'
  | 'FREEZE_NOT_CLOSED'
  | 'CLOSE_FREEZE_ANCHORED_AFTER_OPENING'
  | 'CONSOLE_CLOSE_NEEDS_EXPORT'
  | 'CLOSE_JOB_RUNNING'
  | 'PUBLISH_NO_CLOSE'
  | 'PUBLISH_ALREADY_PUBLISHED'
  | 'CONSOLE_REPLAY_NO_CLOSE'
  | 'INDEX_NOTHING_PUBLISHED'
  | 'INDEX_LINT_FAILED'
  | 'INDEX_NOT_EXPORTED'
  | 'INDEX_EXPORT_RUNNING'
  | 'INDEX_ALREADY_ANCHORED'
  | 'CONSOLE_TRUST_LAYER_NOT_CONFIGURED'
  | 'SEASON_INVALIDATE_NOT_OPENED'
  | 'SEASON_ALREADY_INVALIDATED'
  | 'SEASON_INVALIDATE_CLOSED';

const allowed: Availability = { allowed: true };
const wait = (code: ActWaitCode, from: string | null = null): Availability => ({ allowed: false, code, from });

/** A track's facts for its close, publication, replay and reveal. */
export interface TrackActFacts {
  /** The freeze in force's window (ISO UTC), null when the track has no freeze. */
  closesAt: string | null;
  /** The freeze in force against its anchor deadline (null: no freeze in force). */
  anchorState: AnchorDeadlineState | null;
  /** The latest close's time, or null: never closed. */
  latestCloseAt: string | null;
  /** Whether a close job of this track is queued or running. */
  closeRunning: boolean;
  /** Whether the console was given the season service (a first close reads its export). */
  seasonService: boolean;
  /**
   * What scores.view says can be shown: the number of published versions, and whether a close no version publishes
   * is there (null: not read yet; the publication is then judged by the close alone).
   */
  figures: { published: number; unpublishedClose: boolean } | null;
}

/**
 * Run the close: a track's close reveals the key at `closes_at` (FREEZE_NOT_CLOSED before, from that instant); a
 * freeze anchored after its opening can never be scored (CLOSE_FREEZE_ANCHORED_AFTER_OPENING); a first close reads the
 * season service's export (CONSOLE_CLOSE_NEEDS_EXPORT without it); one close at a time (CLOSE_JOB_RUNNING).
 */
export function closeAvailability(f: TrackActFacts, nowMs: number): Availability {
  if (f.closesAt === null) return wait('FREEZE_NOT_FOUND');
  if (f.anchorState === 'anchored_after_opening' && f.latestCloseAt === null)
    return wait('CLOSE_FREEZE_ANCHORED_AFTER_OPENING');
  if (f.closeRunning) return wait('CLOSE_JOB_RUNNING');
  if (nowMs < Date.parse(f.closesAt)) return wait('FREEZE_NOT_CLOSED', f.closesAt);
  if (f.latestCloseAt === null && !f.seasonService) return wait('CONSOLE_CLOSE_NEEDS_EXPORT');
  return allowed;
}

/**
 * When the close is offered to run now ("Run the close now"): once `closes_at` plus the Trust Layer's batch age has
 * passed (the last batches of the season are anchored by then, docs/season-follow.md) and no close was run since
 * `closes_at`; null while it is not due. The offer is a prompt to staff, never a run by itself.
 */
export function closeDueAt(f: TrackActFacts): string | null {
  if (f.closesAt === null) return null;
  const closes = Date.parse(f.closesAt);
  if (f.latestCloseAt !== null && Date.parse(f.latestCloseAt) >= closes) return null;
  return new Date(closes + BATCH_MAX_AGE_MS).toISOString();
}

/** Whether the close is due now and can run: the offer is shown. */
export function closeOffered(f: TrackActFacts, nowMs: number): boolean {
  const due = closeDueAt(f);
  return due !== null && nowMs >= Date.parse(due) && closeAvailability(f, nowMs).allowed;
}

/**
 * Publish the scores: a close first (PUBLISH_NO_CLOSE); nothing to publish when every close is published
 * (PUBLISH_ALREADY_PUBLISHED: a change is then a correction); not while a close runs.
 */
export function publishAvailability(f: TrackActFacts): Availability {
  if (f.closeRunning) return wait('CLOSE_JOB_RUNNING');
  if (f.latestCloseAt === null) return wait('PUBLISH_NO_CLOSE');
  if (f.figures !== null && f.figures.published > 0 && !f.figures.unpublishedClose)
    return wait('PUBLISH_ALREADY_PUBLISHED');
  return allowed;
}

/** Replay the latest close: a close first (CONSOLE_REPLAY_NO_CLOSE), not while a close runs. */
export function replayAvailability(f: TrackActFacts): Availability {
  if (f.closeRunning) return wait('CLOSE_JOB_RUNNING');
  if (f.latestCloseAt === null) return wait('CONSOLE_REPLAY_NO_CLOSE');
  return allowed;
}

/**
 * Reveal the key and the salt (docs/freeze.md "The reveal"): at the close, not before (FREEZE_NOT_CLOSED); once the
 * track's season was invalidated (`invalidatedAt`), at once (docs/freeze.md "Invalidating a season").
 */
export function revealAvailability(
  closesAt: string | null,
  nowMs: number,
  invalidatedAt: string | null = null,
): Availability {
  if (closesAt === null) return wait('FREEZE_NOT_FOUND');
  if (invalidatedAt !== null && nowMs >= Date.parse(invalidatedAt)) return allowed;
  if (nowMs < Date.parse(closesAt)) return wait('FREEZE_NOT_CLOSED', closesAt);
  return allowed;
}

/** A track's facts for invalidating its season (what `freeze.view` and `console.overview` answer). */
export interface InvalidateActFacts {
  /** The freeze in force's opening (ISO UTC), null when the track has no freeze. */
  opensAt: string | null;
  /** When the track's season was invalidated, or null. */
  invalidatedAt: string | null;
  /** Whether a close of the track was recorded. */
  closed: boolean;
  /** Whether the console was given the Trust Layer (the invalidation is anchored through it). */
  trustLayer: boolean;
}

/**
 * Invalidate the track's season (`season.invalidate`, docs/freeze.md "Invalidating a season"), judged as main judges it
 * (main/core/freeze/invalidation.ts `checkInvalidationRequest`): once only (SEASON_ALREADY_INVALIDATED), never after a
 * close was recorded (SEASON_INVALIDATE_CLOSED: a fault is then a correction), from the opening on
 * (SEASON_INVALIDATE_NOT_OPENED before it, from that instant: a change before is a replacement), through the Trust
 * Layer. A freeze in force not signed by the operator key (version 1 or 2) is refused by main alone
 * (SEASON_INVALIDATE_FREEZE_UNSIGNED): the freeze view does not carry the document's version.
 */
export function invalidateAvailability(f: InvalidateActFacts, nowMs: number): Availability {
  if (f.opensAt === null) return wait('FREEZE_NOT_FOUND');
  if (f.invalidatedAt !== null) return wait('SEASON_ALREADY_INVALIDATED');
  if (f.closed) return wait('SEASON_INVALIDATE_CLOSED');
  if (nowMs < Date.parse(f.opensAt)) return wait('SEASON_INVALIDATE_NOT_OPENED', f.opensAt);
  if (!f.trustLayer) return wait('CONSOLE_TRUST_LAYER_NOT_CONFIGURED');
  return allowed;
}

/** A season's facts for the Index screen's acts. */
export interface IndexActFacts {
  /** Whether any track of the season has a published version. */
  published: boolean;
  /** The publication rules' findings of the next export (each blocks it). */
  findings: number;
  /** Whether an export job of the season is queued or running. */
  exportRunning: boolean;
  /** The newest export's anchor, or null when nothing is exported. */
  newest: { anchor: 'absent' | 'pending' | 'anchored' | 'not_verified' } | null;
  /** Whether the console was given the Trust Layer (anchoring goes through it). */
  trustLayer: boolean;
}

/** Export the Index: something published (INDEX_NOTHING_PUBLISHED), no finding left (INDEX_LINT_FAILED), one at a time. */
export function indexExportAvailability(f: IndexActFacts): Availability {
  if (!f.published) return wait('INDEX_NOTHING_PUBLISHED');
  if (f.exportRunning) return wait('INDEX_EXPORT_RUNNING');
  if (f.findings > 0) return wait('INDEX_LINT_FAILED');
  return allowed;
}

/** Verify the newest export: one exported (INDEX_NOT_EXPORTED), not while an export is being written. */
export function indexVerifyAvailability(f: IndexActFacts): Availability {
  if (f.exportRunning) return wait('INDEX_EXPORT_RUNNING');
  if (f.newest === null) return wait(f.published ? 'INDEX_NOT_EXPORTED' : 'INDEX_NOTHING_PUBLISHED');
  return allowed;
}

/**
 * Anchor the newest export: one exported, the Trust Layer given, not while an export is written, and once only: an
 * export already anchored (pending or anchored) is dated by that proof; "Check the anchor" reads it again instead.
 */
export function indexAnchorAvailability(f: IndexActFacts): Availability {
  const verify = indexVerifyAvailability(f);
  if (!verify.allowed) return verify;
  if (!f.trustLayer) return wait('CONSOLE_TRUST_LAYER_NOT_CONFIGURED');
  if (f.newest !== null && (f.newest.anchor === 'pending' || f.newest.anchor === 'anchored'))
    return wait('INDEX_ALREADY_ANCHORED');
  return allowed;
}
