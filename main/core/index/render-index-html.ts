import { trackChartSvg } from './chart-svg.ts';
import { esc, page } from './html.ts';
import {
  INDEX_FILES,
  type IndexDocument,
  type IndexInvalidation,
  type IndexNotice,
  type IndexRow,
  type Lang,
  type TrackSection,
} from './model.ts';
import { PROOFS_TEXTS } from './proofs-texts.ts';
import { overclaimText, rateText, successText } from './rates.ts';
import { TEXTS } from './texts.ts';

/** A link from the index page (at the root) to a participant's report in the same language. */
const reportHref = (row: IndexRow, lang: Lang) => INDEX_FILES.reportHtml(row.track, row.participant_id, lang);

/**
 * The row's link to its individual report (spec §7.5), or, when the participant keeps it private (`report_public`
 * false, docs/publications.md "Private reports, public by choice"), the sentence saying so and no link.
 */
const reportContent = (row: IndexRow, lang: Lang) =>
  row.report_public === false
    ? `<span data-report="private">${esc(PROOFS_TEXTS[lang].reportPrivate)}</span>`
    : `<a href="${esc(reportHref(row, lang))}">${esc(TEXTS[lang].reportLink)}</a>`;

/** The row's report cell, a cell of its own once the table has proofs pages. */
const reportCell = (row: IndexRow, lang: Lang) => `<td data-cell="report">${reportContent(row, lang)}</td>`;

/**
 * Spec §7.2 "link to proofs": the row's link to its proofs page in the same language. A table recorded before proofs
 * pages (no `proofs_pages`) has one last cell, the report's link, under the header "Proofs and report", as it was.
 */
function proofsCells(section: TrackSection, row: IndexRow, lang: Lang): string {
  if (!section.proofs_pages) return `<td>${reportContent(row, lang)}</td>`;
  const proofs =
    row.proofs_file === undefined
      ? '<td data-cell="proofs"></td>'
      : `<td data-cell="proofs"><a href="${esc(INDEX_FILES.proofsHtml(row.track, row.participant_id, lang))}">` +
        `${esc(PROOFS_TEXTS[lang].proofsLink)}</a></td>`;
  return reportCell(row, lang) + proofs;
}

/** The last header cells: "Proofs and report" before proofs pages, then the report and the spec's "link to proofs". */
function proofsHeaders(section: TrackSection, lang: Lang): string {
  if (!section.proofs_pages) return `<th scope="col">${TEXTS[lang].columns.proofs}</th>`;
  const t = PROOFS_TEXTS[lang];
  return `<th scope="col">${esc(t.reportColumn)}</th><th scope="col">${esc(t.proofsColumn)}</th>`;
}

function bestConstantRow(section: TrackSection, lang: Lang, span: number): string {
  const t = TEXTS[lang];
  const b = section.best_constant_answer;
  // Spec §7.2: the fixed row on top of each table; overclaim not applicable.
  return (
    `<tr class="fixed" data-row="best-constant" data-track="${esc(section.track)}">` +
    `<th scope="row" colspan="2">${esc(t.bestConstant(b.verdict))}</th>` +
    `<td class="num">${esc(t.notApplicable)}</td>` +
    `<td class="num">${esc(b.out_of === 0 ? '—' : rateText(b.exact, b.out_of, lang))}</td>` +
    `<td colspan="${span}"></td></tr>`
  );
}

function figureCells(row: IndexRow, lang: Lang): string {
  const t = TEXTS[lang];
  const f = row.figures;
  return (
    `<td class="num">${esc(overclaimText(f, lang, t.pending))}</td>` +
    `<td class="num">${esc(successText(f, lang, t.pending))}</td>` +
    `<td class="num">${f.status === 'pending' ? esc(t.pending) : f.tasks_submitted}</td>`
  );
}

function referenceTable(section: TrackSection, lang: Lang): string {
  const t = TEXTS[lang];
  const c = t.columns;
  const rows = section.reference_runs.map(
    (row) =>
      `<tr data-row="reference" data-track="${esc(row.track)}" data-participant="${esc(row.participant_id)}">` +
      `<th scope="row">${esc(row.agent)}</th><td class="mono">${esc(row.did)}</td>${figureCells(row, lang)}` +
      `<td>${esc(row.reference!.model)}</td><td>${esc(row.reference!.model_version)}</td>` +
      `<td>${esc(row.reference!.framework)}</td>` +
      `<td><a href="${esc(row.reference!.prompt_file)}">${esc(t.promptLink)}</a> <span class="mono">${esc(row.reference!.prompt_sha256.slice(0, 16))}</span></td>` +
      `${proofsCells(section, row, lang)}</tr>`,
  );
  const extra = section.proofs_pages ? 1 : 0;
  return (
    `<table data-track="${esc(section.track)}" data-table="reference">\n` +
    `<caption>${esc(t.referenceCaption)}. <strong>${esc(t.referenceLabel)}</strong></caption>\n` +
    `<thead><tr><th scope="col">${c.agent}</th><th scope="col">${c.did}</th><th scope="col">${c.overclaim}</th>` +
    `<th scope="col">${c.success}</th><th scope="col">${c.tasksSubmitted}</th><th scope="col">${c.model}</th>` +
    `<th scope="col">${c.version}</th><th scope="col">${c.framework}</th><th scope="col">${c.prompt}</th>` +
    `${proofsHeaders(section, lang)}</tr></thead>\n<tbody>\n${bestConstantRow(section, lang, 6 + extra)}\n` +
    (rows.length === 0 ? `<tr><td colspan="${10 + extra}">${esc(t.noRows)}</td></tr>\n` : `${rows.join('\n')}\n`) +
    '</tbody>\n</table>\n'
  );
}

function communityTable(section: TrackSection, lang: Lang): string {
  const t = TEXTS[lang];
  const c = t.columns;
  const rows = section.community.map(
    (row) =>
      `<tr data-row="community" data-track="${esc(row.track)}" data-participant="${esc(row.participant_id)}">` +
      `<th scope="row">${esc(row.agent)}</th><td class="mono">${esc(row.did)}</td>${figureCells(row, lang)}` +
      // Spec §7.1: the label on each row, not only in a legend.
      `<td>${esc(row.declared_stack)}<span class="label" data-lint="community-label">${esc(t.communityLabel)}</span></td>` +
      `${proofsCells(section, row, lang)}</tr>`,
  );
  const extra = section.proofs_pages ? 1 : 0;
  return (
    `<table data-track="${esc(section.track)}" data-table="community">\n<caption>${esc(t.communityCaption)}</caption>\n` +
    `<thead><tr><th scope="col">${c.agent}</th><th scope="col">${c.did}</th><th scope="col">${c.overclaim}</th>` +
    `<th scope="col">${c.success}</th><th scope="col">${c.tasksSubmitted}</th><th scope="col">${c.declaredStack}</th>` +
    `${proofsHeaders(section, lang)}</tr></thead>\n<tbody>\n${bestConstantRow(section, lang, 3 + extra)}\n` +
    (rows.length === 0 ? `<tr><td colspan="${7 + extra}">${esc(t.noRows)}</td></tr>\n` : `${rows.join('\n')}\n`) +
    '</tbody>\n</table>\n'
  );
}

/**
 * Spec §9.1 "only the first enrollment is ranked": the later enrollments a close found to be one participant with an
 * earlier one, named apart from the table with the enrollment ranked in their place (nothing when there is none).
 */
function notRankedList(section: TrackSection, lang: Lang): string {
  const t = TEXTS[lang];
  if (!section.not_ranked) return '';
  const nameOf = (id: string) => section.community.find((row) => row.participant_id === id)?.agent ?? id;
  return `<h3>${esc(t.notRankedTitle)}</h3>\n<ul data-section="not-ranked">${section.not_ranked
    .map(
      (n) =>
        `<li data-participant="${esc(n.participant_id)}">${esc(t.notRankedLine(n.agent, n.did, nameOf(n.ranked_as)))}</li>`,
    )
    .join('')}</ul>\n`;
}

/**
 * Spec §9.2 (docs/disputes.md "The calendar"): until when each participant's dispute is received, from the publication
 * on.
 */
function disputeWindows(section: TrackSection, lang: Lang): string {
  const t = TEXTS[lang];
  const rows = [...section.reference_runs, ...section.community];
  // An index.json recorded before the windows were published has none: rendered again as it was.
  if (rows.some((row) => (row as Partial<IndexRow>).dispute_window_ends_at === undefined)) return '';
  return (
    `<h3>${esc(t.disputeWindowsTitle)}</h3>\n<p>${esc(t.disputeWindowsNote)}</p>\n` +
    (rows.length === 0
      ? `<p data-section="dispute-windows">${esc(t.noRows)}</p>\n`
      : `<ul data-section="dispute-windows">${rows
          .map(
            (row) =>
              `<li data-participant="${esc(row.participant_id)}">` +
              `${esc(t.disputeWindowLine(row.agent, row.dispute_window_ends_at))}</li>`,
          )
          .join('')}</ul>\n`)
  );
}

function trackHtml(section: TrackSection, lang: Lang): string {
  const t = TEXTS[lang];
  const p = section.publication;
  const bundle = INDEX_FILES.bundle(section.track);
  const corrections =
    section.corrections.length === 0
      ? `<p>${esc(t.noCorrections)}</p>`
      : `<ul>${section.corrections.map((c) => `<li>${esc(t.correctionLine(c.version, c.corrects_version, c.published_at, c.reason))}</li>`).join('')}</ul>`;
  return (
    `<section data-track="${esc(section.track)}" aria-labelledby="track-${esc(section.track)}">\n` +
    `<h2 id="track-${esc(section.track)}">${esc(t.trackName(section.track))} <span class="mono">(${esc(section.rules_version)})</span></h2>\n` +
    `<p>${esc(t.publicationLine(p.version, p.published_at, p.scores_sha256))}</p>\n` +
    `<p data-section="replay">${esc(t.replayIntro)} <code>${esc(t.replayCommand(INDEX_FILES.replayKit, bundle))}</code>. ` +
    `${esc(t.replayAfter(bundle))}</p>\n` +
    `<p class="reading-rule">${esc(t.readingRule)}</p>\n` +
    referenceTable(section, lang) +
    `<p class="reading-rule">${esc(t.readingRule)}</p>\n` +
    communityTable(section, lang) +
    notRankedList(section, lang) +
    `<figure>\n${trackChartSvg(section, lang)}\n<figcaption>${esc(t.chartTitle(section.track))}</figcaption>\n</figure>\n` +
    disputeWindows(section, lang) +
    `<h3>${esc(t.correctionsTitle)}</h3>\n${corrections}\n</section>\n`
  );
}

/** An invalidated track (docs/freeze.md "Invalidating a season"): its name and one line, never a table or a rank. */
function invalidatedTrackHtml(invalidation: IndexInvalidation, lang: Lang): string {
  const t = TEXTS[lang];
  const id = `track-${esc(invalidation.track)}-invalidated`;
  return (
    `<section data-invalidated-track="${esc(invalidation.track)}" aria-labelledby="${id}">\n` +
    `<h2 id="${id}">${esc(t.trackName(invalidation.track))}</h2>\n` +
    `<p>${esc(t.invalidatedLine(invalidation.invalidated_at, invalidation.reason, invalidation.proof_id))}</p>\n</section>\n`
  );
}

/** The season's notices (docs/season-service.md "Notices"): a short list, oldest first, in the page's language. */
function noticesHtml(notices: readonly IndexNotice[], lang: Lang): string {
  if (notices.length === 0) return '';
  const t = TEXTS[lang];
  const items = notices.map(
    (n) =>
      `<li data-notice="${esc(n.document_sha256)}">${esc(t.noticeLine(n.issued_at, t.noticeKind[n.kind], n.track === null ? null : t.trackName(n.track), n.text[lang]))}</li>`,
  );
  return (
    `<section aria-labelledby="notices"><h2 id="notices">${esc(t.noticesTitle)}</h2>\n<p>${esc(t.noticesNote)}</p>\n` +
    `<ul>\n${items.join('\n')}\n</ul>\n</section>\n`
  );
}

/**
 * The Index page in one language (index.html in French, the authority; index.en.html in English). `draft`: the
 * console's preview of a version no export has written yet, whose version line names no export time (the document's
 * `exported_at` is then only the instant the preview was drawn).
 */
export function renderIndexHtml(doc: IndexDocument, lang: Lang, options: { draft?: boolean } = {}): string {
  const t = TEXTS[lang];
  const versionLine = options.draft
    ? t.draftLine(doc.index_version, doc.corrects_version)
    : t.versionLine(doc.index_version, doc.corrects_version, doc.exported_at);
  const body =
    `<h1>${esc(t.title(doc.season))}</h1>\n<p>${esc(versionLine)}</p>\n` +
    doc.tracks.map((s) => trackHtml(s, lang)).join('') +
    (doc.invalidations ?? []).map((i) => invalidatedTrackHtml(i, lang)).join('') +
    noticesHtml(doc.notices ?? [], lang) +
    `<section aria-labelledby="trust-layer-faults"><h2 id="trust-layer-faults">${esc(t.trustLayerFaultTitle)}</h2>\n` +
    `<p>${esc(t.trustLayerFaultRule)}</p>\n</section>\n` +
    `<section aria-labelledby="limits"><h2 id="limits">${esc(t.limitsTitle)}</h2>\n<ul>\n` +
    t.limits.map((l) => `<li>${esc(l)}</li>`).join('\n') +
    `\n</ul>\n</section>\n<section aria-labelledby="signature"><h2 id="signature">${esc(t.keyTitle)}</h2>\n` +
    `<p class="mono">${esc(t.keyLine(doc.signing_key.key_id, doc.signing_key.public_key))}</p>\n</section>\n`;
  return page({
    lang,
    title: t.title(doc.season),
    season: doc.season,
    version: doc.index_version,
    otherHref: INDEX_FILES.html(lang === 'fr' ? 'en' : 'fr'),
    body,
  });
}
