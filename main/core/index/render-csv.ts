import { sha256Canonical } from '../json/sha256-canonical.ts';
import { csvCell } from './csv-cell.ts';
import { indexRowValue } from './index-json.ts';
import type { IndexDocument, IndexRow, TrackSection } from './model.ts';
import { TEXTS } from './texts.ts';

// Every cell is inert in a spreadsheet (OWASP CSV injection; docs/index-export.md "CSV"): csvCell.
const line = (values: (string | number)[]) => `${values.map(csvCell).join(',')}\r\n`;

/** Counts as printed in the CSV: empty while pending or undefined (the HTML shows "pending" / "—"). */
function counts(row: IndexRow): (string | number)[] {
  const f = row.figures;
  const pending = f.status === 'pending';
  return [
    f.status,
    pending || f.overclaim === null ? '' : f.overclaim.unsupported,
    pending || f.overclaim === null ? '' : f.overclaim.submitted,
    pending || f.success === null ? '' : f.success.grounded_exact,
    pending || f.success === null ? '' : f.success.out_of,
    pending ? '' : f.tasks_submitted,
  ];
}

const FIXED = ['season', 'index_version', 'track', 'row', 'participant_id', 'agent', 'did'];
const FIGURES = [
  'status',
  'overclaim_unsupported',
  'overclaim_submitted',
  'success_grounded_exact',
  'success_out_of',
  'tasks_submitted',
];

/**
 * One CSV per table (docs/index-export.md "CSV"), UTF-8, CRLF. The first data row is the best constant answer (spec
 * §7.2). Each participant row carries its `row_sha256` (SHA-256 of the row's canonical JSON in index.json), which the
 * manifest lists: a row taken from another export names itself. Counts, never rates: a rate is a reading of the two
 * counts.
 */
export function renderTableCsv(doc: IndexDocument, section: TrackSection, table: 'reference' | 'community'): string {
  const label = `${TEXTS.fr.communityLabel} / ${TEXTS.en.communityLabel}`;
  const extra =
    table === 'reference'
      ? ['model', 'model_version', 'framework', 'prompt_sha256']
      : ['declared_stack', 'stack_label'];
  // Spec §7.3: the art. 50 label on every row, like the stack label (a document exported before it has none).
  const aiAct = doc.ai_act_label ? [`${doc.ai_act_label.fr} / ${doc.ai_act_label.en}`] : [];
  const header = line([...FIXED, ...FIGURES, ...extra, 'report', 'row_sha256', ...aiAct.map(() => 'ai_act_label')]);
  const b = section.best_constant_answer;
  const best = line([
    doc.season,
    doc.index_version,
    section.track,
    'best_constant_answer',
    '',
    `verdict ${b.verdict}`,
    '',
    'fixed',
    '',
    '',
    b.exact,
    b.out_of,
    '',
    ...extra.map(() => ''),
    '',
    '',
    ...aiAct,
  ]);
  const rows = (table === 'reference' ? section.reference_runs : section.community).map((row) =>
    line([
      doc.season,
      doc.index_version,
      row.track,
      table,
      row.participant_id,
      row.agent,
      row.did,
      ...counts(row),
      ...(table === 'reference'
        ? [row.reference!.model, row.reference!.model_version, row.reference!.framework, row.reference!.prompt_sha256]
        : [row.declared_stack, label]),
      row.report_file ?? '',
      sha256Canonical(indexRowValue(row)),
      ...aiAct,
    ]),
  );
  return header + best + rows.join('');
}
