import { describe, expect, it } from 'vitest';
import { controlTaskReading } from '../../../main/core/scoring/control-reading.ts';
import { renderIndexHtml } from '../../../main/core/index/render-index-html.ts';
import { craftedDocument } from '../../core/index/support/crafted-season.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { fr } from '../../../renderer/src/i18n/fr.ts';

// Issue 37, point 6: each label read against the state it describes.
describe('labels that say what the state is', () => {
  it('"266 files" exported and "264" verified count two things: each label says which (the manifest lists 264; 266 are written)', () => {
    const dir = 'index-exports/season-1-1';
    const exported = en.index.exportedListed(2, 266, 264, dir);
    const verified = en.index.verifiedWhat(2, 264, dir);
    expect(exported).toBe(
      'Version 2 exported: 266 files written in index-exports/season-1-1, the 264 files the signed manifest lists, the manifest and its signature.',
    );
    expect(verified).toBe(
      'Index version 2 in index-exports/season-1-1 verifies: the signature and the 264 files the manifest lists, every row untouched.',
    );
    expect(fr.index.exportedListed(2, 266, 264, dir)).toContain('les 264 fichiers que liste le manifeste signé');
    expect(fr.index.verifiedWhat(2, 264, dir)).toContain('les 264 fichiers que liste le manifeste');
  });

  it('the Index anchor’s refusals get the Index’s advice, not the freeze’s', () => {
    expect(en.advice['CONSOLE_TRUST_LAYER_NOT_CONFIGURED']).toMatch(/^Freezes and Index exports are anchored/);
    expect(fr.advice['CONSOLE_TRUST_LAYER_NOT_CONFIGURED']).toMatch(/^Les gels et les exports de l’Index/);
    for (const code of [
      'INDEX_ANCHOR_TRUST_LAYER_FAILED',
      'INDEX_ANCHOR_SEASON_HOST_REFUSED',
      'INDEX_ANCHOR_KEY_MISMATCH',
      'INDEX_ANCHOR_EXPORT_UNREADABLE',
      'INDEX_ANCHOR_MISMATCH',
      'INDEX_ANCHOR_INVALID',
    ]) {
      expect(en.advice[code], code).toBeDefined();
      expect(fr.advice[code], code).toBeDefined();
      // Not the publication rules' advice the INDEX_ prefix gives, nor a freeze's.
      expect(en.advice[code]).not.toMatch(/findings|freeze/i);
    }
  });

  it('a version not exported yet is previewed as such: no "exported" and no time in its version line, in both languages', () => {
    const doc = craftedDocument();
    const line = (html: string) => /<h1>.*<\/h1>\n<p>(.*)<\/p>/.exec(html)![1]!;
    const en1 = line(renderIndexHtml(doc, 'en', { draft: true }));
    expect(en1).toMatch(/^Index version \d+, not exported yet: a preview of what the next export writes/);
    expect(en1).not.toContain(doc.exported_at);
    expect(line(renderIndexHtml(doc, 'fr', { draft: true }))).toMatch(/pas encore exportée/);
    // Drawn at two times, the draft's page is the same: the preview's time is not on it.
    const later = { ...doc, exported_at: '2099-01-01T00:00:00Z' };
    expect(renderIndexHtml(later, 'en', { draft: true })).toBe(renderIndexHtml(doc, 'en', { draft: true }));
    // An export's page says when it was exported.
    expect(line(renderIndexHtml(doc, 'en'))).toContain(`exported ${doc.exported_at}`);
  });

  it('a control task not submitted (or rejected at close) is no instrumentation check failed', () => {
    const control = { task_id: 'conf-07', exact_and_grounded: false };
    expect(controlTaskReading(control, [{ task_id: 'conf-07', status: 'not_submitted' }])).toEqual({
      reading: 'not_checked',
      status: 'not_submitted',
    });
    expect(controlTaskReading(control, [{ task_id: 'conf-07', status: 'rejected_at_close' }]).reading).toBe(
      'not_checked',
    );
    expect(controlTaskReading(control, [{ task_id: 'conf-07', status: 'submitted' }]).reading).toBe(
      'instrumentation_check_failed',
    );
    expect(
      controlTaskReading({ ...control, exact_and_grounded: true }, [{ task_id: 'conf-07', status: 'submitted' }])
        .reading,
    ).toBe('exact_and_grounded');
    expect(en.report.controlNotChecked(en.taskStatus.not_submitted)).toBe(
      'not submitted: no instrumentation check (it checks a task answered)',
    );
    expect(en.report.controlNotChecked(en.taskStatus.not_submitted)).not.toContain('failed');
  });

  it('the replay names the close it replayed, and says when the figures shown are a later version than that close', () => {
    expect(en.scoring.replayIdentical(12, 1)).toMatch(
      /^Replay of close 1 identical: 12 files .* the ones that close wrote\.$/,
    );
    expect(en.scoring.replayNotShown(1, 2)).toBe(
      'The figures above are published version 2: this replay checks close 1’s own files, not what a later version changed (a later close’s newly scored participants, corrections).',
    );
    expect(fr.scoring.replayNotShown(1, 2)).toContain('version publiée 2');
  });
});
