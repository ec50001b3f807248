// The publication linter's findings in English, as the console words them (docs/index-export.md "Publication rules,
// enforced at export (the linter)"): what was found, from the finding's facts (LintFacts, main/core/index/lint/
// lint-index.ts), and its fix as the Index screen's act, never as a command (the CLI's sentence names its flags).
// lint-findings-fr.ts has the same keys.
import { fact, type Facts } from './facts.ts';

type Found = (facts: Facts) => string;

const SITES: Record<string, string> = {
  agent: 'the agent name heading the negative lists',
  correction: 'a correction’s reason',
  declared_stack: 'the declared stack',
  agent_name: 'the agent name of the report’s JSON copy',
  bundle_agent_name: 'the enrolled agent name, which the replay bundle publishes as it is (no display name changes it)',
  bundle_declared_stack:
    'the enrolled stack, which the replay bundle publishes as it is (no declared stack changes it)',
};
const LISTS: Record<string, string> = {
  unsupported: 'unsupported assertions',
  instrument_faults: 'instrument faults',
  rejected_at_close: 'tasks rejected at close',
  not_submitted: 'tasks not submitted',
};
/** The report's lists the name heads (the finding's `lists`), as a phrase: "tasks not submitted and instrument faults". */
function listsOf(d: Facts): string {
  const named = fact(d, 'lists', '')
    .split(',')
    .filter((l) => l !== '')
    .map((l) => LISTS[l] ?? l);
  if (named.length === 0) return 'negative results';
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]!}`;
}
const FIELDS: Record<string, string> = {
  agent: 'The agent name',
  model: 'The reference run’s model',
  model_version: 'The reference run’s model version',
  framework: 'The reference run’s framework',
};

export const lintFoundEn: Record<string, Found> = {
  LINT_MODEL_NAME_NEGATIVE: (d) =>
    `The model or provider name “${fact(d, 'name')}” appears in ${SITES[fact(d, 'site')] ?? 'a text'} of a participant whose report lists ${listsOf(d)} (spec §7.3: no model or provider name in a negative category).`,
  LINT_HUMOUR_OR_EMOJI: (d) =>
    `${d?.['marker'] === undefined ? 'An emoji' : `“${fact(d, 'marker')}”, which reads as humour,`} is on a named negative result${d?.['site'] === 'agent' ? ', in the agent name' : ''} (spec §7.3).`,
  LINT_COMMUNITY_LABEL_MISSING: (d) =>
    d?.['place'] === 'data'
      ? 'A community row of the CSV file lacks its “declared stack, not verified” label (spec §7.1).'
      : 'A community row of the page lacks “declared stack, not verified” (spec §7.1: on every row, not only in a legend).',
  LINT_AI_ACT_LABEL_MISSING: (d) =>
    d?.['place'] === 'data'
      ? 'The EU AI Act art. 50 label is missing from a data file (spec §7.3: the JSON and CSV files carry it as the pages do).'
      : 'The EU AI Act art. 50 label is missing from a page (spec §7.3: on the Index and on every report).',
  LINT_TRACKS_MIXED: (d) =>
    d?.['other'] === undefined
      ? `Track ${fact(d, 'track')} has two sections (spec §6.6).`
      : `The ${fact(d, 'track')} table or chart holds an element of track ${fact(d, 'other')} (spec §6.6: never the same table or chart).`,
  LINT_SECRET: (d) => `The file would publish a secret (${fact(d, 'kind')}); nothing is written.`,
  LINT_FORMULA_TEXT: (d) =>
    `${FIELDS[fact(d, 'field')] ?? 'A name'} starts with “${fact(d, 'character')}”, which a spreadsheet opening the CSV reads as a formula.`,
  LINT_NAME_DUPLICATE: (d) =>
    `This participant is shown as “${fact(d, 'name')}”, the name of participant ${fact(d, 'other_participant_id')} (${fact(d, 'other_track')}): the Index would show two rows under one name.`,
  LINT_NAME_CONFUSABLE: (d) =>
    `This participant’s name “${fact(d, 'name')}” reads like “${fact(d, 'other_name')}” of participant ${fact(d, 'other_participant_id')} (${fact(d, 'other_track')}): they differ only by look-alike or invisible characters, first at character ${fact(d, 'position')} (${fact(d, 'code_point')} against ${fact(d, 'other_code_point')}).`,
};

/** The fix of a finding an act of staff removes, worded as the control beside it (FindingFix.svelte). */
export const lintFixEn: Record<'display_name' | 'declared_stack' | 'reference', (button: string) => string> = {
  display_name: (button) =>
    `Give the participant a display name here, then press “${button}”: the findings are checked again.`,
  declared_stack: (button) =>
    `Declare a stack naming no model or provider here, then press “${button}”: the findings are checked again.`,
  reference: (button) =>
    `Record the reference run again here with its corrected fields, then press “${button}”: the findings are checked again.`,
};
