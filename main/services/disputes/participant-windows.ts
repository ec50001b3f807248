import type { ParticipantWindowListing } from '../../core/disputes/listings.ts';
import { participantWindow } from '../../core/disputes/participant-window.ts';
import { publicVersions } from '../../core/disputes/public-versions.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { indexShowingsOf } from '../../db/index-showings.ts';
import type { Db } from '../../db/open-database.ts';
import { publicationVersionsOf, publishedReport, publishedTracks } from '../../db/publications.ts';

/**
 * Each participant's own dispute window (spec §9.2, docs/disputes.md "The calendar", core/disputes/participant-window.ts), per
 * season and track published, participants in the latest version's scores.json order (the scorer's). A window runs
 * from the export of the first Index holding the participant's figures (core/disputes/public-versions.ts).
 */
export function participantWindows(
  db: Db,
  nowMs: number,
  filter: { season?: number; track?: string } = {},
): ParticipantWindowListing[] {
  const out: ParticipantWindowListing[] = [];
  for (const { season, track } of publishedTracks(db, filter)) {
    const versions = publicationVersionsOf(db, season, track);
    const made = publicVersions(versions, indexShowingsOf(db, season, track));
    const latest = versions.at(-1)!;
    const scores = loads(latest.scoresJson);
    const rows = scores.ok && isPyObject(scores.value) ? scores.value['participants'] : undefined;
    for (const row of Array.isArray(rows) ? rows.filter(isPyObject) : []) {
      const participantId = String(row['participant_id']);
      const report = publishedReport(db, season, track, latest.version, participantId);
      if (!report) continue;
      const pending = row['status'] === 'pending';
      const window = participantWindow(made, report.version);
      out.push({
        season,
        track,
        participant_id: participantId,
        status: pending ? 'pending' : window ? 'scored' : 'not_public',
        version: report.version,
        published_at: window ? isoUtc(window.publishedAtMs) : null,
        window_ends_at: pending || !window ? null : isoUtc(window.windowEndsMs),
        open: !pending && window !== undefined && nowMs <= window.windowEndsMs,
      });
    }
  }
  return out;
}

/** The last instant any participant of the track can still dispute (the latest of their windows), or null. */
export function lastWindowEndMs(windows: readonly ParticipantWindowListing[]): number | null {
  const ends = windows.flatMap((w) => (w.window_ends_at === null ? [] : [Date.parse(w.window_ends_at)]));
  return ends.length === 0 ? null : Math.max(...ends);
}
