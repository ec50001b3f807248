import { describe, expect, it } from 'vitest';
import { loadsText } from '../../../main/core/json/loads.ts';
import type { PyObject } from '../../../main/core/json/value.ts';
import { scoresWithLaterClose } from '../../../main/core/publications/later-close.ts';
import { documentBytes } from '../../../main/core/scoring/documents.ts';

const doc = (value: unknown) => {
  const r = loadsText(JSON.stringify(value));
  if (!r.ok) throw new Error(r.error.message);
  return r.value as PyObject;
};

describe('scoresWithLaterClose', () => {
  it('replaces only the rows of the participants the later close scores, and names the version, the one it follows and the close', () => {
    const scores = doc({
      season: 1,
      participants: [
        { participant_id: 'a', status: 'scored', overclaim: { unsupported: 1, submitted: 4 } },
        { participant_id: 'b', status: 'pending', overclaim: { unsupported: null, submitted: null } },
      ],
    });
    const before = documentBytes(scores);
    const bRow = doc({ participant_id: 'b', status: 'scored', overclaim: { unsupported: 2, submitted: 2 } });
    const out = scoresWithLaterClose(scores, [bRow], { version: 2, correctsVersion: 1, closeId: 7 });
    const rows = out['participants'] as PyObject[];
    expect(rows[0]).toBe((scores['participants'] as PyObject[])[0]);
    expect(rows[1]).toBe(bRow);
    expect(out['correction']).toEqual({ version: 2n, corrects_version: 1n, dispute_ids: [], close_id: 7n });
    expect(documentBytes(scores)).toEqual(before);
  });
});
