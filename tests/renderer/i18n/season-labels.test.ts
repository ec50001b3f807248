import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en.ts';
import { fr } from '../../../renderer/src/i18n/fr.ts';

// Issue 37, point 6: each label read against the state it describes.
describe('the Season screen’s labels say what the state is', () => {
  it('the publication line shows the date of the version it names, and version 1’s date beside a correction', () => {
    expect(en.season.publishedVersion('Dec 4', 2, 'Dec 1')).toBe('Dec 4 · version 2 (version 1 on Dec 1)');
    expect(en.season.publishedVersion('Dec 1', 1, null)).toBe('Dec 1 · version 1');
    expect(fr.season.publishedVersion('4 déc.', 2, '1 déc.')).toBe('4 déc. · version 2 (version 1 le 1 déc.)');
  });

  it('the cited proofs’ three states add up to the cited ones, and the backlog says which it counts', () => {
    // 60 cited: 48 anchored, 12 with no final view (pending or a null answer), none never read.
    expect(en.live.proofCounts(48, 12, 0, 60)).toBe(
      '48 read and anchored · 12 to read again (pending, or no view yet) · 0 not yet read (60 cited)',
    );
    expect(en.live.backlogAt(12, 1, 'D', 12)).toBe(
      '12 cited proofs (1 read) at the current pace, on D: of the 12 not read and anchored now, and those cited in the last cycle',
    );
    expect(en.live.backlogAt(12, 1, 'D', 0)).toMatch(/^nothing of what is cited now; /);
  });
});
