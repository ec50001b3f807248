import { esc, page } from './html.ts';
import {
  INDEX_FILES,
  type CitedProof,
  type IndexDocument,
  type Lang,
  type PrivateReport,
  type ReportSummary,
} from './model.ts';
import { PROOFS_TEXTS } from './proofs-texts.ts';

/** A link only to a web address: a Trust Layer base the operator typed never becomes a `javascript:` link. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function proofRow(p: CitedProof, lang: Lang): string {
  const t = PROOFS_TEXTS[lang];
  const view =
    p.view_url === null
      ? esc(t.noView)
      : isWebUrl(p.view_url)
        ? `<a class="mono" href="${esc(p.view_url)}">${esc(p.view_url)}</a>`
        : `<span class="mono">${esc(p.view_url)}</span>`;
  // The page sits at proofs/<track>/, the bundle at the export's root.
  const bundled =
    p.bundled_view === null
      ? esc(t.noBundled)
      : `<a class="mono" href="../../${esc(p.bundled_view)}">${esc(p.bundled_view)}</a>`;
  const citations = p.citations
    .map(
      (c) =>
        `<li data-task="${esc(c.task_id)}" data-assertion="${esc(c.assertion_id)}" data-status="${esc(c.status)}"` +
        `${c.cause === null ? '' : ` data-cause="${esc(c.cause)}"`}>${esc(t.status(c))}</li>`,
    )
    .join('');
  return (
    `<tr data-proof="${esc(p.proof_id)}"><th scope="row" class="mono">${esc(p.proof_id)}</th>` +
    `<td>${view}</td><td>${bundled}</td><td><ul>${citations}</ul></td></tr>`
  );
}

/**
 * A participant's proofs page (spec §7.2 "link to proofs"; docs/index-export.md "Proofs pages"): every proof its
 * submissions cite, its Trust Layer public view, the view the close read (in this export's replay bundle) and, for
 * each assertion citing it, the status the close found. Names the agent by its display name, as the report does
 * (spec §7.3), and shows no claim value.
 */
export function renderProofsHtml(doc: IndexDocument, r: ReportSummary, lang: Lang): string {
  const t = PROOFS_TEXTS[lang];
  const proofs = r.cited_proofs ?? [];
  const c = t.cols;
  const table =
    proofs.length === 0
      ? `<p data-section="cited-proofs">${esc(t.none)}</p>`
      : `<table data-section="cited-proofs" data-track="${esc(r.track)}"><thead><tr>` +
        `<th scope="col">${esc(c.proof)}</th><th scope="col">${esc(c.view)}</th>` +
        `<th scope="col">${esc(c.bundled)}</th><th scope="col">${esc(c.citations)}</th></tr></thead><tbody>` +
        proofs.map((p) => proofRow(p, lang)).join('') +
        '</tbody></table>';
  return proofsPage(doc, r, lang, `<p>${esc(t.intro)}</p>\n<p>${esc(t.check(r.track))}</p>\n${table}\n`);
}

/** The page around a proofs table: back to the Index, the participant and its DID, then what the page holds. */
function proofsPage(
  doc: IndexDocument,
  r: { participant_id: string; agent: string; did: string; track: string },
  lang: Lang,
  content: string,
): string {
  const t = PROOFS_TEXTS[lang];
  return page({
    lang,
    title: t.title(r.agent, r.track),
    season: doc.season,
    version: doc.index_version,
    otherHref: `${r.participant_id}${lang === 'fr' ? '.en' : ''}.html`,
    body:
      `<p><a href="../../${INDEX_FILES.html(lang)}">${esc(t.back)}</a></p>\n` +
      `<h1>${esc(t.title(r.agent, r.track))}</h1>\n<p class="mono">DID ${esc(r.did)}</p>\n${content}`,
  });
}

/**
 * The proofs page of a report kept private (docs/publications.md "Private reports, public by choice"): the proof ids
 * and their public Trust Layer views only. A citation's status carries the unsupported cause and code, the detail
 * spec §7.5 leaves to the participant to publish, so none is shown.
 */
export function renderPrivateProofsHtml(doc: IndexDocument, r: PrivateReport, lang: Lang): string {
  const t = PROOFS_TEXTS[lang];
  const proofs = r.cited_proofs ?? [];
  const view = (url: string | null) =>
    url === null
      ? esc(t.noView)
      : isWebUrl(url)
        ? `<a class="mono" href="${esc(url)}">${esc(url)}</a>`
        : `<span class="mono">${esc(url)}</span>`;
  const table =
    proofs.length === 0
      ? `<p data-section="cited-proofs">${esc(t.none)}</p>`
      : `<table data-section="cited-proofs" data-track="${esc(r.track)}" data-report="private"><thead><tr>` +
        `<th scope="col">${esc(t.cols.proof)}</th><th scope="col">${esc(t.cols.view)}</th></tr></thead><tbody>` +
        proofs
          .map(
            (p) =>
              `<tr data-proof="${esc(p.proof_id)}"><th scope="row" class="mono">${esc(p.proof_id)}</th>` +
              `<td>${view(p.view_url)}</td></tr>`,
          )
          .join('') +
        '</tbody></table>';
  return proofsPage(doc, r, lang, `<p data-report="private">${esc(t.privateNote)}</p>\n${table}\n`);
}
