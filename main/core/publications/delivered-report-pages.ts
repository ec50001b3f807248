import { esc } from '../index/html.ts';
import { LANGS, type Lang, type ReportSummary } from '../index/model.ts';
import { renderReportHtml } from '../index/render-report-html.ts';

/**
 * A participant's report page in both languages as the season service delivers it to that participant alone
 * (`GET /v1/season/{n}/report/{track}?format=html&lang=fr|en`, docs/season-service.md "Reports and consent"; spec §7.5
 * "Each participant receives, and may publish, the detail of its unsupported assertions with the cause"): the Index's
 * own report page, so a report kept private reads exactly as it would once made public, with links that work where it
 * is served (the signed JSON at the route's own address, the other language beside it) and no link back to an Index
 * that does not show it. Pure: the same summary gives the same bytes, so a delivery made again signs the same pages.
 */
export function deliveredReportPages(
  summary: ReportSummary,
  season: number,
  publicationVersion: number,
): Record<Lang, string> {
  const route = encodeURIComponent(summary.track);
  const marker = `<meta name="proveit-report" content="${esc(
    `season=${season};track=${summary.track};participant=${summary.participant_id};publication_version=${publicationVersion}`,
  )}">`;
  const page = (lang: Lang) =>
    renderReportHtml(summary, lang, {
      back: null,
      json: route,
      other: `${route}?format=html&lang=${lang === 'fr' ? 'en' : 'fr'}`,
      marker,
    });
  return Object.fromEntries(LANGS.map((lang) => [lang, page(lang)])) as Record<Lang, string>;
}
