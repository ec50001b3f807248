/**
 * The Trust Layer closes a batch, hence anchors its proofs (RFC 3161, Rekor), at most this long after the batch's
 * first proof (BATCH_MAX_AGE_SECONDS=600, trust-layer-reference §4.5): what the freeze's lead before the opening
 * (docs/freeze.md "Timeline") and the season follower's end after the close (docs/season-follow.md) are built on.
 */
export const BATCH_MAX_AGE_MS = 600_000;
