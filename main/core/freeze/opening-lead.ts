import { BATCH_MAX_AGE_MS } from '../proofs-plan/batch-age.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * What the freeze allows on top of the batch age (docs/freeze.md "Timeline"): the proxy call, the owner view, a
 * background tick (30 s) and a re-check of the anchor before the opening, with room for a slow Trust Layer.
 */
export const OPENING_MARGIN_MS = 600_000;

/** The shortest lead between a freeze and its opening: the batch age plus the margin (20 minutes). */
export const OPENING_LEAD_MS = BATCH_MAX_AGE_MS + OPENING_MARGIN_MS;

export interface OpeningLeadRequest {
  /** ISO UTC instant the season opens (for a replacement, the earlier of the recorded and the asked one). */
  opensAt: string;
  /** The operator's clock, in milliseconds since the epoch (the core reads no clock). */
  nowMs: number;
  /** How the caller names the opening, said in the advice: `--opens-at` on the command line, `opens_at` elsewhere. */
  field: string;
}

/** The earliest opening a freeze made at `nowMs` may ask for. */
export const earliestOpeningMs = (nowMs: number): number => nowMs + OPENING_LEAD_MS;

/** An instant as the operator types it: whole seconds, `YYYY-MM-DDTHH:MM:SSZ`. */
const typed = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Spec §8: the freeze is anchored before the opening, or the close refuses it (CLOSE_FREEZE_ANCHORED_AFTER_OPENING)
 * and the season cannot be scored. Its proof is anchored when its Trust Layer batch closes, up to the batch age after
 * the proxy call, so an opening closer than the batch age plus the margin is refused before anything is anchored.
 * An opening exactly `OPENING_LEAD_MS` ahead is allowed.
 */
export function checkOpeningLead(request: OpeningLeadRequest): Result<null, 'FREEZE_OPENING_TOO_SOON'> {
  const opensAtMs = Date.parse(request.opensAt);
  const earliestMs = earliestOpeningMs(request.nowMs);
  if (opensAtMs >= earliestMs) return ok(null);
  const earliest = new Date(earliestMs).toISOString();
  // The advice names a whole minute at or after the earliest instant, so the opening typed from it is not refused.
  const suggested = typed(Math.ceil(earliestMs / 60_000) * 60_000);
  return fail(
    'FREEZE_OPENING_TOO_SOON',
    `the opening ${request.opensAt} is too soon: the freeze proof is anchored when its Trust Layer batch closes, up to ` +
      `${BATCH_MAX_AGE_MS / 60_000} minutes after it is made, and must be anchored before the opening (spec §8), so ` +
      `with the ${OPENING_MARGIN_MS / 60_000}-minute margin the earliest opening allowed now is ${earliest}; ` +
      `set ${request.field} ${suggested} or later`,
    {
      field: request.field,
      opens_at: request.opensAt,
      earliest_opens_at: earliest,
      now: new Date(request.nowMs).toISOString(),
      lead_seconds: OPENING_LEAD_MS / 1000,
    },
  );
}
