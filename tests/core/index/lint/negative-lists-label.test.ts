import { describe, expect, it } from 'vitest';
import { lintIndex } from '../../../../main/core/index/lint/lint-index.ts';
import {
  DEFAULT_HUMOUR_MARKERS,
  DEFAULT_MODEL_AND_PROVIDER_NAMES,
} from '../../../../main/core/index/lint/name-lists.ts';
import type { IndexDocument } from '../../../../main/core/index/model.ts';
import { renderIndexFiles } from '../../../../main/core/index/render-files.ts';
import { lintFoundEn } from '../../../../renderer/src/i18n/lint-findings-en.ts';
import { lintFoundFr } from '../../../../renderer/src/i18n/lint-findings-fr.ts';
import { craftedDocument } from '../support/crafted-season.ts';

const lint = (doc: IndexDocument) =>
  lintIndex({
    doc,
    files: renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map() }),
    modelNames: DEFAULT_MODEL_AND_PROVIDER_NAMES,
    humourMarkers: DEFAULT_HUMOUR_MARKERS,
    secrets: [],
  }).filter((f) => f.code === 'LINT_MODEL_NAME_NEGATIVE');

// Issue 37, point 6: "negative results" was said of a participant at 0 % overclaim whose report only lists a task
// not submitted and an instrument fault. The finding now names the lists the name heads, as its report shows them.
describe('a model name in a negative category names the report’s lists, never "negative results" as such', () => {
  it('a participant at 0 % overclaim with a task not submitted and an instrument fault: the finding names those two lists', () => {
    const doc = craftedDocument({ names: { 'p-ada': 'Gemini scout' } });
    const ada = doc.reports.find((r) => r.participant_id === 'p-ada')!;
    // No unsupported assertion: 0 % overclaim; what remains is a task not submitted and one instrument fault.
    ada.unsupported.length = 0;
    ada.rejected_at_close.length = 0;
    expect(ada.instrument_faults.length).toBeGreaterThan(0);
    expect(ada.not_submitted.length).toBeGreaterThan(0);
    const [finding] = lint(doc);
    expect(finding!.facts).toMatchObject({ name: 'Gemini', site: 'agent', lists: 'instrument_faults,not_submitted' });
    const en = lintFoundEn['LINT_MODEL_NAME_NEGATIVE']!(finding!.facts);
    expect(en).toBe(
      'The model or provider name “Gemini” appears in the agent name heading the negative lists of a participant whose report lists instrument faults and tasks not submitted (spec §7.3: no model or provider name in a negative category).',
    );
    expect(en).not.toContain('negative results');
    expect(lintFoundFr['LINT_MODEL_NAME_NEGATIVE']!(finding!.facts)).toContain(
      'dont le rapport liste des défauts d’instrument et des tâches non soumises',
    );
  });

  it('a participant with unsupported assertions: the finding says so', () => {
    const doc = craftedDocument({ names: { 'p-ada': 'Gemini scout' } });
    const ada = doc.reports.find((r) => r.participant_id === 'p-ada')!;
    ada.not_submitted.length = 0;
    ada.rejected_at_close.length = 0;
    ada.instrument_faults.length = 0;
    const [finding] = lint(doc);
    expect(finding!.facts['lists']).toBe('unsupported');
    expect(lintFoundEn['LINT_MODEL_NAME_NEGATIVE']!(finding!.facts)).toContain(
      'of a participant whose report lists unsupported assertions (spec §7.3',
    );
  });
});
