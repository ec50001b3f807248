import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIdList } from '../../../main/core/proofs-plan/id-list.ts';

const vector = (name: string) => readFileSync(new URL(`vectors/${name}`, import.meta.url), 'utf8');

describe('the ids file', () => {
  it('blank lines, # comments, spaces and CRLF are ignored; repeats are kept once in first-seen order', () => {
    const parsed = parseIdList(vector('ids-with-comments.txt'));
    expect(parsed).toEqual({
      ok: true,
      value: ['prf_20260923_072144_2ad720', 'prf_20260723_055735_502cad', 'prf_20260303_161853_4d0904'],
    });
  });

  it('an id with an uppercase hex digit fails with PROOF_ID_MALFORMED naming its line', () => {
    const parsed = parseIdList(vector('ids-malformed-line-4.txt'));
    expect(!parsed.ok && parsed.error.code).toBe('PROOF_ID_MALFORMED');
    expect(!parsed.ok && parsed.error.details).toEqual({ line: 4, text: 'prf_20260723_055735_502CAD' });
    expect(!parsed.ok && parsed.error.message).toMatch(/^line 4: /);
  });

  it('an empty file is an empty list', () => {
    expect(parseIdList('')).toEqual({ ok: true, value: [] });
  });
});
