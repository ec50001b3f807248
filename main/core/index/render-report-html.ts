import { esc, exportMeta, page } from './html.ts';
import { INDEX_FILES, type IndexDocument, type Lang, type ReportSummary } from './model.ts';
import { overclaimText, successText } from './rates.ts';
import { TEXTS } from './texts.ts';

function list(items: string[], none: string, section: string): string {
  return items.length === 0
    ? `<p data-section="${section}">${esc(none)}</p>`
    : `<ul data-section="${section}">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
}

/**
 * Where a report page sits, hence its links: in an Index (the default: back to the Index, the JSON copy beside it), or
 * delivered alone to its participant by the season service (no Index to go back to; the signed JSON and the other
 * language at the addresses the service answers them).
 */
export interface ReportPagePlacement {
  back: string | null;
  json: string;
  other: string;
  /** The page's marker: the Index's (exportMeta) or the delivery's. */
  marker: string;
}

/** A report page's place in an Index export (INDEX_FILES.reportHtml). */
export const inIndex = (doc: IndexDocument, r: ReportSummary, lang: Lang): ReportPagePlacement => ({
  back: `../../${INDEX_FILES.html(lang)}`,
  json: `${r.participant_id}.json`,
  other: `${r.participant_id}${lang === 'fr' ? '.en' : ''}.html`,
  marker: exportMeta(doc.season, doc.index_version),
});

/**
 * One participant's report page (spec §7.5): every unsupported assertion with its cause among the four of §4.1,
 * instrument faults, pending proofs, tasks rejected at close or not submitted, missing grounding facts, the
 * correction history, the narratives (published, not scored) and how to replay it. The heading names the agent by
 * its display name: model and provider names stay out of these negative lists (spec §7.3).
 */
export function renderReportHtml(r: ReportSummary, lang: Lang, placement: ReportPagePlacement): string {
  const t = TEXTS[lang];
  const rt = t.report;
  const body =
    headingAndFigures(r, lang, placement) +
    instrumentationNote(r, rt.instrumentationCheckFailed) +
    `<h2>${esc(rt.unsupported)}</h2>\n${unsupportedTable(r, t)}\n` +
    findingLists(r, rt) +
    narrativesAndReplay(r, rt, placement);
  return page({
    lang,
    title: rt.title(r.agent, r.track),
    marker: placement.marker,
    otherHref: placement.other,
    body,
  });
}

type Texts = (typeof TEXTS)[Lang];

/** The link back, the heading, the figures and the dispute window. */
function headingAndFigures(r: ReportSummary, lang: Lang, placement: ReportPagePlacement): string {
  const t = TEXTS[lang];
  const rt = t.report;
  const f = r.figures;
  return (
    (placement.back === null ? '' : `<p><a href="${esc(placement.back)}">${esc(rt.back)}</a></p>\n`) +
    `<h1>${esc(rt.title(r.agent, r.track))}</h1>\n` +
    (r.is_reference_run ? `<p><strong>${esc(rt.referenceNote)}</strong></p>\n` : '') +
    `<p class="mono">DID ${esc(r.did)}</p>\n<h2>${esc(rt.figures)}</h2>\n<dl>` +
    `<dt>${esc(t.columns.overclaim)}</dt><dd>${esc(overclaimText(f, lang, t.pending))}</dd>` +
    `<dt>${esc(t.columns.success)}</dt><dd>${esc(successText(f, lang, t.pending))}</dd>` +
    `<dt>${esc(t.columns.tasksSubmitted)}</dt><dd>${f.status === 'pending' ? esc(t.pending) : f.tasks_submitted}</dd></dl>\n` +
    // Absent from an index.json recorded before the windows were published: rendered again as it was.
    ((r as Partial<ReportSummary>).dispute_window_ends_at === undefined
      ? ''
      : `<p data-section="dispute-window">${esc(rt.disputeWindow(r.dispute_window_ends_at))}</p>\n`)
  );
}

/** Every unsupported assertion with its cause among the four of spec §4.1. */
function unsupportedTable(r: ReportSummary, t: Texts): string {
  const rt = t.report;
  const c = rt.unsupportedCols;
  return r.unsupported.length === 0
    ? `<p data-section="unsupported">${esc(rt.none)}</p>`
    : `<table data-section="unsupported"><caption>${esc(rt.unsupported)}</caption><thead><tr>` +
        `<th scope="col">${c.task}</th><th scope="col">${c.assertion}</th><th scope="col">${c.claim}</th>` +
        `<th scope="col">${c.cause}</th><th scope="col">${c.code}</th><th scope="col">${c.proof}</th></tr></thead><tbody>` +
        r.unsupported
          .map(
            (u) =>
              `<tr><td>${esc(u.task_id)}</td><th scope="row">${esc(u.assertion_id)}</th>` +
              `<td class="mono">${esc(u.resource)} ${esc(u.field)} = ${esc(u.value)}</td>` +
              `<td>${esc(t.causes[u.cause] ?? u.cause)}</td><td class="mono">${esc(u.code)}</td>` +
              `<td class="mono">${esc(u.proof_id)}</td></tr>`,
          )
          .join('') +
        '</tbody></table>';
}

/** Instrument faults, Trust Layer faults, pending proofs, tasks rejected or not submitted, missing facts, corrections. */
function findingLists(r: ReportSummary, rt: Texts['report']): string {
  return (
    `<h2>${esc(rt.instrumentFaults)}</h2>\n` +
    list(
      r.instrument_faults.map((i) => rt.instrumentFaultLine(i.task_id, i.assertion_id, i.systeme_status)),
      rt.none,
      'instrument-faults',
    ) +
    (r.trust_layer_faults === undefined
      ? ''
      : `\n<h2>${esc(rt.trustLayerFaults)}</h2>\n` +
        list(
          r.trust_layer_faults.map((x) => rt.trustLayerFaultLine(x.task_id, x.assertion_id, x.code)),
          rt.none,
          'trust-layer-faults',
        )) +
    `\n<h2>${esc(rt.pendingTitle)}</h2>\n` +
    list(
      r.pending.map((p) => rt.pendingLine(p.task_id, p.assertion_id, p.proof_ids.join(', '))),
      rt.none,
      'pending',
    ) +
    `\n<h2>${esc(rt.rejected)}</h2>\n` +
    list(
      r.rejected_at_close.map((x) => rt.rejectedLine(x.task_id, x.rule, x.assertion_id)),
      rt.none,
      'rejected-at-close',
    ) +
    `\n<h2>${esc(rt.notSubmitted)}</h2>\n` +
    list(
      r.not_submitted.map((x) => rt.notSubmittedLine(x.task_id, x.reason)),
      rt.none,
      'not-submitted',
    ) +
    `\n<h2>${esc(rt.missingFacts)}</h2>\n` +
    list(
      r.missing_facts.map((m) => rt.missingFactLine(m.task_id, m.fact, m.resource, m.field, m.value)),
      rt.none,
      'missing-facts',
    ) +
    `\n<h2>${esc(rt.corrections)}</h2>\n` +
    list(
      r.corrections.map((x) =>
        rt.correctionLine(
          x.version,
          x.corrects_version,
          x.task_id,
          x.assertion_id,
          x.from_status,
          x.to_status,
          x.reason,
        ),
      ),
      rt.none,
      'corrections',
    )
  );
}

/** The narratives (published, not scored) and how to replay the report. */
function narrativesAndReplay(r: ReportSummary, rt: Texts['report'], placement: ReportPagePlacement): string {
  return (
    `\n<h2>${esc(rt.narratives)}</h2>\n<p><em>${esc(rt.narrativesNote)}</em></p>\n` +
    (r.narratives.length === 0
      ? `<p>${esc(rt.none)}</p>`
      : `<dl data-section="narratives">${r.narratives.map((n) => `<dt>${esc(n.task_id)}</dt><dd>${esc(n.text)}</dd>`).join('')}</dl>`) +
    `\n<h2>${esc(rt.replay)}</h2>\n<p>${esc(rt.replayText(r.report_json_file, r.report_sha256, r.publication_version))} ` +
    `<a href="${esc(placement.json)}">${esc(`${r.participant_id}.json`)}</a></p>\n`
  );
}

/**
 * Spec §5.5: a control task answered but not exact and grounded says the instruments need looking at; one not
 * submitted or rejected at close checked nothing and says nothing (main/core/scoring/control-reading.ts).
 */
function instrumentationNote(r: ReportSummary, failed: (task: string) => string): string {
  const control = r.control_task;
  if (!control || control.exact_and_grounded) return '';
  if ([...r.not_submitted, ...r.rejected_at_close].some((t) => t.task_id === control.task_id)) return '';
  return `<p data-section="instrumentation-check"><strong>${esc(failed(control.task_id))}</strong></p>\n`;
}
