import { canonical } from '../json/canonical.ts';
import { loads } from '../json/loads.ts';
import { isPyObject, pyObjectFrom } from '../json/value.ts';
import { indexJsonText } from './index-json.ts';
import { INDEX_FILES, LANGS, type IndexDocument } from './model.ts';
import { renderTableCsv } from './render-csv.ts';
import { renderIndexHtml } from './render-index-html.ts';
import { renderPrivateProofsHtml, renderProofsHtml } from './render-proofs-html.ts';
import { inIndex, renderReportHtml } from './render-report-html.ts';

export interface RenderExtras {
  /** `${track}/${participant_id}` → the published report bytes (the scorer's canonical JSON), copied as they are. */
  reportJson: ReadonlyMap<string, Uint8Array>;
  /** participant id → the reference run's prompt as the operator recorded it (spec §7.1: prompt published). */
  prompts: ReadonlyMap<string, Uint8Array>;
}

const enc = new TextEncoder();

/**
 * Every file of an export except manifest.json and its signature, path → bytes, in code-point order of the path.
 * Pure and deterministic: the same document and extras give the same bytes (docs/index-export.md "Files").
 */
export function renderIndexFiles(doc: IndexDocument, extras: RenderExtras): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  files.set(INDEX_FILES.json, enc.encode(indexJsonText(doc)));
  for (const lang of LANGS) files.set(INDEX_FILES.html(lang), enc.encode(renderIndexHtml(doc, lang)));
  for (const section of doc.tracks) {
    files.set(INDEX_FILES.csv(section.track, 'reference'), enc.encode(renderTableCsv(doc, section, 'reference')));
    files.set(INDEX_FILES.csv(section.track, 'community'), enc.encode(renderTableCsv(doc, section, 'community')));
    for (const row of section.reference_runs) {
      const prompt = extras.prompts.get(row.participant_id);
      if (prompt) files.set(INDEX_FILES.prompt(row.participant_id), prompt);
    }
  }
  for (const r of doc.reports) {
    for (const lang of LANGS)
      files.set(
        INDEX_FILES.reportHtml(r.track, r.participant_id, lang),
        enc.encode(renderReportHtml(r, lang, inIndex(doc, r, lang))),
      );
    // Spec §7.2 "link to proofs": absent from an index.json recorded before proofs pages, which renders as it was.
    if (r.cited_proofs !== undefined)
      for (const lang of LANGS)
        files.set(INDEX_FILES.proofsHtml(r.track, r.participant_id, lang), enc.encode(renderProofsHtml(doc, r, lang)));
    const json = extras.reportJson.get(`${r.track}/${r.participant_id}`);
    if (json)
      files.set(
        INDEX_FILES.reportJson(r.track, r.participant_id),
        reportCopy(json, r.agent, doc.report_copies_labelled ? doc.ai_act_label : undefined),
      );
  }
  // A report kept private ships no page and no JSON copy; its proofs page names the proofs and their public views only.
  for (const r of doc.private_reports ?? [])
    if (r.proofs_file !== undefined)
      for (const lang of LANGS)
        files.set(
          INDEX_FILES.proofsHtml(r.track, r.participant_id, lang),
          enc.encode(renderPrivateProofsHtml(doc, r, lang)),
        );
  files.set(
    INDEX_FILES.publicKey,
    enc.encode(
      `${canonical(
        pyObjectFrom([
          ['algorithm', 'ed25519'],
          ['public_key', doc.signing_key.public_key],
          ['key_id', doc.signing_key.key_id],
        ]),
      )}\n`,
    ),
  );
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The report as published: the scorer's bytes, unless the operator gave the participant a display name or the document
 * labels report copies. A display name replaces its `agent_name`, so a model or provider name the linter keeps out of
 * the pages does not come back through the JSON copy (spec §7.3). The label is the EU AI Act art. 50 label in both
 * languages, `ai_act_label` as index.json carries it (spec §7.3: "on the Index and on every report"). Either change
 * writes canonical JSON again; the page states the SHA-256 of the scorer's bytes, which a replay of the close
 * reproduces and the replay bundle holds (docs/index-export.md "index.json").
 */
export function reportCopy(bytes: Uint8Array, agent: string, label?: { fr: string; en: string }): Uint8Array {
  const parsed = loads(bytes);
  if (!parsed.ok || !isPyObject(parsed.value)) return bytes;
  if (parsed.value['agent_name'] === agent && label === undefined) return bytes;
  const copy = pyObjectFrom(Object.entries(parsed.value));
  copy['agent_name'] = agent;
  if (label !== undefined)
    copy['ai_act_label'] = pyObjectFrom([
      ['fr', label.fr],
      ['en', label.en],
    ]);
  return enc.encode(`${canonical(copy)}\n`);
}
