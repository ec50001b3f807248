// The freeze and its anchoring (main/ipc/contract.ts `freeze.*`, `season.invalidate`; docs/freeze.md): never the
// sealed salt or answer key.

import type { TrackRef } from './track-ref.ts';

export interface PublishedFreezeEntry {
  proof_id: string;
  rules_version: string;
  rules_hash: string;
  manifest_hash: string;
  key_commitment: string;
  url: string;
  replaces: string | null;
  reason: string | null;
  opens_at: string;
  closes_at: string;
  /** When the freeze was recorded (the operator's clock), ISO UTC. */
  created_at: string;
  /** The RFC 3161 time of the freeze proof, once a third party's verification of it succeeded (else null). */
  anchor_time: string | null;
  /** The last anchoring check of the freeze proof (`freeze.anchor`, `freeze.verify`); null: never checked. */
  anchor: FreezeAnchorView | null;
  /** Recorded in the operator database: what `proveit freeze publish` prints from. */
  published: boolean;
}

/** A freeze proof's anchoring as last verified: anchored (RFC 3161 time, Rekor entry) or its batch still pending. */
export interface FreezeAnchorView {
  state: 'anchored' | 'pending';
  anchor_time: string | null;
  rekor_uuid: string | null;
  /** Whether the Rekor entry was verified too (else the RFC 3161 token alone witnessed it). */
  rekor_verified: boolean;
  independent_witnesses: number;
  checked_at: string;
}

/**
 * A track's season invalidated (`season.invalidate`; docs/freeze.md "Invalidating a season"): the invalidation's proof,
 * the freeze it ended, the reason as published, the signed document's SHA-256. Never a key, a salt or the API key.
 */
export interface SeasonInvalidationView extends TrackRef {
  proof_id: string;
  freeze_proof_id: string;
  document_sha256: string;
  reason: string;
  invalidated_at: string;
}

export interface FreezeView extends TrackRef {
  rules_file: string;
  rules_text: string;
  manifest_hash: string;
  in_force: string | null;
  freezes: PublishedFreezeEntry[];
  revealed_at: string | null;
  /** The freeze in force against its anchor deadline (its opening), or null with none in force. */
  anchor_deadline: AnchorDeadlineView | null;
  /** The track's season invalidated (`season.invalidate`), or null: the screen shows it and the reveal it allows. */
  invalidation: SeasonInvalidationView | null;
  /** The track's latest close, or null: a closed track can no longer be invalidated (SEASON_INVALIDATE_CLOSED). */
  latest_close_at: string | null;
}

/**
 * The freeze in force against its anchor deadline (spec §8; docs/freeze.md "Timeline"): its proof must be anchored
 * before the opening, or the close refuses it (CLOSE_FREEZE_ANCHORED_AFTER_OPENING).
 */
export interface AnchorDeadlineView {
  state: 'anchored_in_time' | 'awaiting_anchor' | 'recheck_after_opening' | 'anchored_after_opening';
  /** The opening, ISO UTC. */
  deadline: string;
  /** The last instant a replacement is accepted (the opening less the lead, FREEZE_OPENING_TOO_SOON after it). */
  replace_until: string;
  replacement_allowed: boolean;
  /** The console's clock when this was computed: a countdown runs from it, not from the page's clock. */
  now: string;
}

/** A season's window, as UTC instants (`YYYY-MM-DDTHH:MM:SS[.mmm]Z`, spec §8: the opening decides what may change). */
export interface FreezeWindow {
  opens_at: string;
  closes_at: string;
}
