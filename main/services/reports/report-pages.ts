import { isoUtc } from '../../core/time/iso-utc.ts';
import { shownAgentName } from '../../core/index/build-index.ts';
import { INDEX_FILES, type Lang } from '../../core/index/model.ts';
import { reportSummary } from '../../core/index/report-summary.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { deliveredReportPages } from '../../core/publications/delivered-report-pages.ts';
import { ok, type Result } from '../../core/result.ts';
import { enrolledNamesOf } from '../../db/close-participant-names.ts';
import { displayNamesOf, referenceRunsOf } from '../../db/index-exports.ts';
import type { Db } from '../../db/open-database.ts';
import type { PublicationReportRow } from '../../db/publications.ts';
import { parseObject, trackPublication } from '../index-export/gather-publications.ts';

/** A report in force at the version delivered, as publishedReport reads it. */
export type ReportInForce = PublicationReportRow & { version: number };

/**
 * Each report's page in both languages as `proveit season deliver` signs them (main/core/publications/
 * delivered-report-pages.ts): the Index's report page, from the same publication, names, reference marks, narratives
 * and windows the Index export reads, whether or not the participant made its report public. participant id → pages.
 */
export function reportPagesOf(
  db: Db,
  season: number,
  track: string,
  version: number,
  reports: readonly ReportInForce[],
): Result<Map<string, Record<Lang, string>>, 'INDEX_NARRATIVE_MISSING'> {
  const publication = trackPublication(db, season, track, version);
  if (publication !== undefined && !publication.ok) return publication;
  const shown = publication?.value.publication;
  const names = { displayNames: displayNamesOf(db, season), enrolledNames: enrolledNamesOf(db, season) };
  const referenceRuns = referenceRunsOf(db, season);
  const pages = new Map<string, Record<Lang, string>>();
  for (const r of reports) {
    const id = r.participantId;
    const report = parseObject(r.reportJson) ?? pyObjectFrom([]);
    const windowEndsMs = shown?.reports.get(id)?.disputeWindowEndsMs ?? null;
    const summary = reportSummary({
      track,
      participantId: id,
      agent: shownAgentName(names, id, report),
      isReferenceRun: referenceRuns.has(id),
      report,
      reportSha256: r.reportSha256,
      reportJsonFile: INDEX_FILES.reportJson(track, id),
      publicationVersion: r.version,
      disputeWindowEndsAt: windowEndsMs === null ? null : isoUtc(windowEndsMs),
      narratives: shown?.narratives.get(id) ?? [],
    });
    pages.set(id, deliveredReportPages(summary, season, version));
  }
  return ok(pages);
}
