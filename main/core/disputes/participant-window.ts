import { fail, type Result } from '../result.ts';
import { isoUtc } from '../time/iso-utc.ts';
import { checkDisputeWindow, DISPUTE_WINDOW_DAYS, disputeWindowEnd, type WindowCode } from './calendar.ts';

/** A publication version as the window rule needs it: its number and when it was published. */
export interface VersionDate {
  version: number;
  publishedAtMs: number;
}

/** The window of one participant: the version it runs from and its last instant (inclusive). */
export interface ParticipantWindow {
  /** The version that last changed the participant's published figures or report. */
  version: number;
  publishedAtMs: number;
  windowEndsMs: number;
}

/**
 * Spec §9.2 ("14 days after the score is published"; docs/disputes.md "The calendar"): a participant's window runs from
 * the publication of the version that last changed *its* published figures or report (version 1 from `season publish`,
 * a later close that scored it, or the correction an upheld decision published for it), never from the track's latest
 * version: a correction for one participant reopens nobody else's window. `reportVersion` is the version holding the
 * participant's report as published at the receipt (publishedReport); undefined when it has none.
 */
export function participantWindow(
  versions: readonly VersionDate[],
  reportVersion: number | undefined,
): ParticipantWindow | undefined {
  const own = versions.find((v) => v.version === reportVersion);
  return own === undefined
    ? undefined
    : { version: own.version, publishedAtMs: own.publishedAtMs, windowEndsMs: disputeWindowEnd(own.publishedAtMs) };
}

/** The latest version published at or before `atMs`, or undefined before the first publication. */
export function versionAt<V extends VersionDate>(versions: readonly V[], atMs: number): V | undefined {
  return [...versions].reverse().find((v) => v.publishedAtMs <= atMs);
}

/**
 * Whether a dispute of `participantId` received at `receivedAtMs` falls in that participant's own window (the
 * calendar's bounds, core/disputes/calendar.ts). The refusal keeps the calendar's codes and names the participant,
 * the version its window runs from and its end.
 */
export function checkParticipantWindow(
  participantId: string,
  window: ParticipantWindow,
  receivedAtMs: number,
): Result<{ windowEndsMs: number }, WindowCode> {
  const checked = checkDisputeWindow(window.publishedAtMs, receivedAtMs);
  if (checked.ok || checked.error.code !== 'DISPUTE_WINDOW_CLOSED') return checked;
  const end = isoUtc(window.windowEndsMs);
  return fail(
    'DISPUTE_WINDOW_CLOSED',
    `participant ${participantId}'s dispute window closed at ${end}: it runs ${DISPUTE_WINDOW_DAYS} days from version ` +
      `${window.version} (published ${isoUtc(window.publishedAtMs)}), the last version that changed this ` +
      `participant's figures or report (spec §9.2; a correction for another participant does not reopen it). ` +
      `${checked.error.message}`,
    { ...checked.error.details, participant_id: participantId, window_version: window.version },
  );
}
