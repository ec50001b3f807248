import { anchorDeadlineOf, type FreezeAnchorFact } from '../freeze/anchor-deadline.ts';
import { OPENING_LEAD_MS } from '../freeze/opening-lead.ts';

/**
 * Where a track stands in its season (docs/console.md "Season"). `invalidated`: its season was invalidated (spec §8,
 * docs/freeze.md "Invalidating a season"): nothing of it is closed, scored or ranked; it starts over as the next season.
 */
export type SeasonState = 'draft' | 'frozen' | 'open' | 'closed' | 'published' | 'corrected' | 'invalidated';

export interface SeasonFacts {
  /**
   * The freeze in force: its anchored window (ISO UTC) and its proof's last anchor check (null: never checked), or
   * null when the track is not frozen.
   */
  freeze: { opensAt: string; closesAt: string; anchor: FreezeAnchorFact | null } | null;
  latestCloseAtMs: number | null;
  /** The latest publication version, or null. */
  latestVersion: number | null;
  /** The publication version of this track the season's latest Index export shows, or null (never exported). */
  indexShowsVersion: number | null;
  /** The last instant any participant can still dispute: the latest of the participants' own windows. */
  disputeWindowEndsMs: number | null;
  disputesUndecided: number;
  /** When the track's latest freeze (first or replacement) was recorded, or null when it has none. */
  latestFreezeAtMs: number | null;
  /** When the operator database was last backed up (its last backup.create audit entry), or null: never. */
  lastBackupAtMs: number | null;
  /**
   * Proofs the read cache holds pending or refused: what "Read the proofs" (`proofs.fetch`) would read. Absent: not
   * known, and an open track advises reading as before.
   */
  proofsToRead?: number;
  /**
   * The track's season invalidated (the operator database's `season_invalidations`): when, the reason as published,
   * and the season it starts over as; absent or null: not invalidated.
   */
  invalidation?: { at: string; reason: string; nextSeason: number } | null;
  /** When the key and salt of the track's freezes were revealed, or null (absent: not known). */
  revealedAtMs?: number | null;
  nowMs: number;
}

export interface SeasonStep {
  state: SeasonState;
  code: string;
  text: string;
}

/**
 * Where a season's track stands and what the operator does next (pure: the facts come from the operator database
 * and the clock). draft: no freeze; frozen: before the opening; open: inside the window; closed: the window is over
 * (scored or not yet); published: version 1 is out; corrected: a later version is out. Once published: export the
 * Index of the latest version first, then decide the undecided disputes, then wait for the last window to close.
 * A backup due (backupDue) is shown before it.
 */
export function seasonStep(f: SeasonFacts): SeasonStep {
  return stepOfInvalidation(f) ?? stepOfCalendar(f);
}

/**
 * An invalidated season is over at its invalidation, whatever its calendar says: the close refuses it
 * (CLOSE_TRACK_INVALIDATED) and no freeze of that season and track can be made (FREEZE_TRACK_INVALIDATED), so the only
 * steps left are the reveal (allowed at once, so anyone can check the commitment) and starting over as the next season.
 * Never RUN_CLOSE, READ_PROOFS or PUBLISH.
 */
function stepOfInvalidation(f: SeasonFacts): SeasonStep | null {
  const inv = f.invalidation ?? null;
  if (inv === null) return null;
  if ((f.revealedAtMs ?? null) === null)
    return {
      state: 'invalidated',
      code: 'REVEAL_INVALIDATED',
      text:
        `Invalidated at ${inv.at} (reason: ${inv.reason}): nothing is scored or ranked. Reveal the key and salt now ` +
        `(Freeze screen, or proveit freeze reveal), so anyone can check the commitment; then freeze season ${inv.nextSeason}.`,
    };
  return {
    state: 'invalidated',
    code: 'FREEZE_NEXT_SEASON',
    text:
      `Invalidated at ${inv.at} (reason: ${inv.reason}) and revealed: start over as season ${inv.nextSeason}, with a ` +
      `track folder whose season.json names it, frozen at least ${OPENING_LEAD_MS / 60_000} minutes before its opening.`,
  };
}

/**
 * docs/operator-database.md "Backups": from its freeze until the reveal the salt and the key exist only in the operator database, so a
 * freeze recorded after the last backup is the first thing to fix: shown first, above the calendar's step, which
 * stays what it is (a dispute deadline is not hidden by it).
 */
export function backupDue(f: SeasonFacts): boolean {
  return f.freeze !== null && f.latestFreezeAtMs !== null && (f.lastBackupAtMs ?? -Infinity) < f.latestFreezeAtMs;
}

function stepOfCalendar(f: SeasonFacts): SeasonStep {
  if (f.freeze === null)
    return {
      state: 'draft',
      code: 'FREEZE_TRACK',
      text: 'Freeze the track: rules, manifest and key commitment (proveit freeze create).',
    };
  const opens = Date.parse(f.freeze.opensAt);
  const closes = Date.parse(f.freeze.closesAt);
  const calendar: SeasonState = f.nowMs < opens ? 'frozen' : f.nowMs <= closes ? 'open' : 'closed';
  const anchor = anchorDeadlineOf(f.freeze.opensAt, f.freeze.anchor, f.nowMs).state;
  // Never advise an act that cannot succeed (docs/freeze.md "Timeline"): a freeze anchored after its opening makes the close
  // refuse (CLOSE_FREEZE_ANCHORED_AFTER_OPENING), and one not seen anchored makes it wait (FREEZE_PROOF_PENDING).
  if (f.latestVersion === null && anchor === 'anchored_after_opening')
    return {
      state: calendar,
      code: 'FREEZE_CANNOT_SCORE',
      text:
        'The freeze was anchored after the opening: this track cannot be scored (the close refuses it, ' +
        'CLOSE_FREEZE_ANCHORED_AFTER_OPENING). A change during the season invalidates it (spec §8): publish that, ' +
        `close the season and start a new one, frozen at least ${OPENING_LEAD_MS / 60_000} minutes before its opening.`,
    };
  if (f.latestVersion === null && f.latestCloseAtMs === null && anchor === 'awaiting_anchor')
    return {
      state: 'frozen',
      code: 'AWAIT_FREEZE_ANCHOR',
      text: 'Frozen, its proof not anchored yet: check the anchor (Freeze screen) before the opening; a freeze anchored after it cannot score.',
    };
  if (f.latestVersion === null && f.latestCloseAtMs === null && anchor === 'recheck_after_opening')
    return {
      state: calendar,
      code: 'CHECK_FREEZE_ANCHOR',
      text: 'The season has opened and the freeze proof was last seen pending: check the anchor now (Freeze screen, uses 1 read) to know whether it was anchored before the opening.',
    };
  if (f.latestVersion !== null) {
    const state: SeasonState = f.latestVersion > 1 ? 'corrected' : 'published';
    // Spec §9.2: a window runs from the publication, and the scores are published when the Index holding them is out
    // (docs/disputes.md "The calendar"): export it first, never after the windows.
    if (f.indexShowsVersion !== f.latestVersion)
      return {
        state,
        code: 'EXPORT_INDEX',
        text: `Export and verify the Index of version ${f.latestVersion}: the scores are public, and the dispute windows run, from its export.`,
      };
    if (f.disputesUndecided > 0)
      return {
        state,
        code: 'DECIDE_DISPUTES',
        text: `Decide the ${f.disputesUndecided} open dispute(s) before their deadlines.`,
      };
    if (f.disputeWindowEndsMs !== null && f.nowMs <= f.disputeWindowEndsMs)
      return { state, code: 'AWAIT_DISPUTES', text: 'A dispute window is open: disputes may still arrive.' };
    return {
      state,
      code: 'WINDOWS_CLOSED',
      text: 'Every dispute window is closed and the Index shows the latest version: nothing is due on this track.',
    };
  }
  if (f.nowMs < opens)
    return { state: 'frozen', code: 'AWAIT_OPENING', text: 'Frozen: the season opens at its anchored opening time.' };
  // The advice matches what reading would do: "Read the proofs" reads what the cache holds pending or refused; the
  // citations no view was read for yet are the follower's, at its next cycle.
  if (f.nowMs <= closes && f.proofsToRead === 0)
    return {
      state: 'open',
      code: 'AWAIT_CLOSE',
      text:
        'Open: the follower reads the cited proofs as submissions arrive (the Season screen shows them); no proof ' +
        'waits to be read again. Nothing to do until the close.',
    };
  if (f.nowMs <= closes)
    return {
      state: 'open',
      code: 'READ_PROOFS',
      text: 'Open: read proofs under the hourly limit as submissions arrive.',
    };
  if (f.latestCloseAtMs === null)
    return {
      state: 'closed',
      code: 'RUN_CLOSE',
      text: 'The window is over: run the close (reveal the key, read, score).',
    };
  return {
    state: 'closed',
    code: 'PUBLISH',
    text: 'Scored: publish version 1, then export the Index (the 14-day dispute windows start with it).',
  };
}
