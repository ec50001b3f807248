/**
 * The demo season's calendar (fixed, so every run plays the same dates): the devnet's clock is set to each instant
 * in turn, and the devnet's TSA, proofs and season host, and the operator's freeze, reveal and reads all read it.
 */
export const DEMO_CALENDAR = {
  /** Both tracks frozen; the freeze batch is anchored at once. */
  frozenAt: Date.parse('2026-09-20T12:00:00.000Z'),
  opensAt: '2026-10-01T08:00:00.000Z',
  /** Agents enroll, read and submit; their batch is anchored at once. */
  playedAt: Date.parse('2026-10-10T12:00:00.000Z'),
  closesAt: '2026-10-29T08:00:00.000Z',
  /** The close of both tracks (the key is revealed), then their publication. */
  closedAt: Date.parse('2026-10-29T09:00:00.000Z'),
  /** A participant's dispute is received two days after publication (inside the 14-day window). */
  disputedAt: Date.parse('2026-10-31T10:00:00.000Z'),
} as const;

/** Who the demo records as acting in the audit log. */
export const DEMO_ACTOR = 'demo-operator';
