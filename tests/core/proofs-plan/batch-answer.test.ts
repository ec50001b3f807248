import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { isPyObject } from '../../../main/core/json/value.ts';
import { parseBatchAnswer } from '../../../main/core/proofs-plan/batch-answer.ts';
import { proofsMemberSpans } from '../../../main/core/proofs-plan/batch-answer-spans.ts';

/** A POST /v1/proofs answer holding three real production views verbatim, a `null` and a pending view. */
const body = new Uint8Array(readFileSync(new URL('vectors/batch-answer-real-views.body', import.meta.url)));
const text = new TextDecoder().decode(body);
const ids = [
  'prf_20260923_072144_2ad720',
  'prf_20260723_055735_502cad',
  'prf_20260303_161853_4d0904',
  'prf_20260101_000000_abcdef',
  'prf_20260923_072150_0a0b0c',
];
const bytes = (s: string) => new TextEncoder().encode(s);

describe('reading a POST /v1/proofs answer', () => {
  it('each view is kept as the exact bytes served, and they parse to the same value as the whole answer', () => {
    const parsed = parseBatchAnswer(ids, body);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const whole = loads(body);
    if (!whole.ok || !isPyObject(whole.value) || !isPyObject(whole.value.proofs)) throw new Error('vector broken');
    for (const answer of parsed.value) {
      if (answer.raw === null) continue;
      const served = new TextDecoder().decode(answer.raw);
      expect(text.includes(served)).toBe(true);
      const view = loads(answer.raw);
      expect(view.ok && canonical(view.value)).toBe(canonical(whole.value.proofs[answer.proofId]!));
    }
  });

  it('sorts the real views: spec 3.1 anchored, spec 1.2 and 2.0 anchored alone, null absent, pending', () => {
    const parsed = parseBatchAnswer(ids, body);
    expect(parsed.ok && parsed.value.map((a) => [a.proofId, a.status, a.raw === null])).toEqual([
      ['prf_20260923_072144_2ad720', 'anchored', false],
      ['prf_20260723_055735_502cad', 'anchored', false],
      ['prf_20260303_161853_4d0904', 'anchored', false],
      ['prf_20260101_000000_abcdef', 'absent', true],
      ['prf_20260923_072150_0a0b0c', 'pending', false],
    ]);
    const gel = parsed.ok ? parsed.value[0]! : undefined;
    expect(gel).toMatchObject({
      specVersion: '3.1',
      batchId: 'batch_20260923_072145_099',
      batchRoot: '01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6',
      rekorUuid: '108e9186e8c5677ad7fdd0e1b86b5fc6d178f40d929314428c77f5b35847ef4c10045def8277e795',
    });
  });

  it('an id the answer does not mention is refused with VIEW_MISSING_FROM_ANSWER, the others are kept', () => {
    const parsed = parseBatchAnswer([...ids, 'prf_20260923_072144_ffffff'], body);
    expect(parsed.ok && parsed.value.at(-1)).toMatchObject({
      status: 'refused',
      refusalCode: 'VIEW_MISSING_FROM_ANSWER',
    });
    expect(parsed.ok && parsed.value[0]!.status).toBe('anchored');
  });

  it("another proof's view served under a requested id is refused with VIEW_PROOF_ID_MISMATCH and kept as evidence", () => {
    const swapped = `{"proofs":{"prf_20260101_000000_111111":${text.slice(text.indexOf('{"proof_id"'), text.indexOf(',\n  "prf_20260723'))}}}`;
    const parsed = parseBatchAnswer(['prf_20260101_000000_111111'], bytes(swapped));
    expect(parsed.ok && parsed.value[0]).toMatchObject({ status: 'refused', refusalCode: 'VIEW_PROOF_ID_MISMATCH' });
    expect(parsed.ok && parsed.value[0]!.raw?.length).toBeGreaterThan(4000);
  });

  it('a repeated key keeps its last occurrence for both the value and the bytes, as json.loads does', () => {
    const id = 'prf_20260101_000000_222222';
    const answer = `{"proofs":{"${id}":{"proof_id":"${id}","batch_anchor":{"status":"pending"}},"${id}":null}}`;
    const parsed = parseBatchAnswer([id], bytes(answer));
    expect(parsed.ok && parsed.value[0]).toMatchObject({ status: 'absent', raw: null });
  });

  it('escaped keys and strings holding braces and quotes do not move the spans', () => {
    const view =
      '{"proof_id":"prf_20260101_000000_333333","note":"a } \\" ] { [ \\\\","batch_anchor":{"status":"anchored"}}';
    const answer = `{ "other": [1, {"x": "}"}], "proofs" : { "prf_20260101_000000_33333\\u0033" : ${view} } }`;
    const spans = proofsMemberSpans(bytes(answer));
    const span = spans?.get('prf_20260101_000000_333333');
    expect(span && answer.slice(span.start, span.end)).toBe(view);
    const parsed = parseBatchAnswer(['prf_20260101_000000_333333'], bytes(answer));
    expect(parsed.ok && parsed.value[0]!.status).toBe('anchored');
  });

  it('a truncated answer fails with ANSWER_NOT_JSON; an answer without "proofs" with ANSWER_SHAPE', () => {
    const truncated = parseBatchAnswer(ids, body.subarray(0, 5000));
    expect(!truncated.ok && truncated.error.code).toBe('ANSWER_NOT_JSON');
    const shapeless = parseBatchAnswer(ids, bytes('{"views": {}}'));
    expect(!shapeless.ok && shapeless.error.code).toBe('ANSWER_SHAPE');
    const list = parseBatchAnswer(ids, bytes('{"proofs": []}'));
    expect(!list.ok && list.error.code).toBe('ANSWER_SHAPE');
  });
});
