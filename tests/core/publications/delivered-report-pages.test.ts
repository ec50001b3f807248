import { describe, expect, it } from 'vitest';
import { INDEX_FILES } from '../../../main/core/index/model.ts';
import { renderIndexFiles } from '../../../main/core/index/render-files.ts';
import { deliveredReportPages } from '../../../main/core/publications/delivered-report-pages.ts';
import { readParticipantReport, signParticipantReport } from '../../../main/core/publications/participant-report.ts';
import { craftedDocument } from '../index/support/crafted-season.ts';

const doc = craftedDocument();
const ada = doc.reports.find((r) => r.participant_id === 'p-ada')!;
const indexFiles = renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map() });
const mainOf = (html: string) => html.slice(html.indexOf('<main>'), html.indexOf('</main>'));

describe('a report page delivered to its participant (spec §7.5)', () => {
  it("reads as the Index's report page in each language: the same sections, figures and causes", () => {
    const pages = deliveredReportPages(ada, 1, 1);
    for (const lang of ['fr', 'en'] as const) {
      const inIndex = new TextDecoder().decode(indexFiles.get(INDEX_FILES.reportHtml('conformite', 'p-ada', lang))!);
      const withoutBack = (html: string) =>
        mainOf(html).replace(/<p><a href="\.\.\/\.\.\/[^"]+">[^<]+<\/a><\/p>\n/, '');
      expect(withoutBack(pages[lang]).replace('href="conformite"', 'href="p-ada.json"')).toBe(withoutBack(inIndex));
      expect(pages[lang].startsWith(`<!DOCTYPE html>\n<html lang="${lang}">`)).toBe(true);
    }
  });

  it('links where the season service answers it: the signed JSON at the route, the other language beside it, no Index', () => {
    const { fr, en } = deliveredReportPages(ada, 1, 2);
    expect(fr).toContain('href="conformite?format=html&amp;lang=en"');
    expect(en).toContain('href="conformite?format=html&amp;lang=fr"');
    expect(fr).toContain('<a href="conformite">p-ada.json</a>');
    expect(fr).not.toContain('../../');
    expect(fr).not.toContain('name="proveit-index"');
    expect(fr).toContain(
      '<meta name="proveit-report" content="season=1;track=conformite;participant=p-ada;publication_version=2">',
    );
  });

  it('is signed with the report: a document whose page is not an HTML page of its language is REPORT_DOCUMENT_INVALID', () => {
    const pages = deliveredReportPages(ada, 1, 1);
    const fields = {
      season: 1,
      track: 'conformite',
      participantId: 'p-ada',
      publicationVersion: 1,
      publishedAt: '2026-11-02T10:00:00.000Z',
      report: '{}\n',
    };
    const key = new Uint8Array(32).fill(7);
    const good = readParticipantReport(signParticipantReport({ ...fields, reportHtml: pages }, key));
    expect(good.ok && good.value.reportHtml).toEqual(pages);
    const swapped = readParticipantReport(
      signParticipantReport({ ...fields, reportHtml: { fr: pages.en, en: pages.fr } }, key),
    );
    expect(swapped).toMatchObject({
      ok: false,
      error: { code: 'REPORT_DOCUMENT_INVALID', details: { field: 'report_html_fr' } },
    });
  });
});
