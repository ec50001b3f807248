import { loads } from '../json/loads.ts';
import { isPyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { proofsMemberSpans } from './batch-answer-spans.ts';
import { classifyView, type ClassifiedAnswer } from './classify-view.ts';

export type BatchAnswerCode = 'ANSWER_NOT_JSON' | 'ANSWER_SHAPE';

/**
 * Reads a 200 answer of POST /v1/proofs, `{"proofs": {id: view | null}}` (trust-layer-reference §7), into one answer
 * per requested id. The whole body must be JSON of that shape, or nothing is kept from it (the read is still counted).
 * Within it, each id is sorted on its own: one odd view is refused without losing the other 49.
 */
export function parseBatchAnswer(
  requested: readonly string[],
  body: Uint8Array,
): Result<ClassifiedAnswer[], BatchAnswerCode> {
  const parsed = loads(body);
  if (!parsed.ok) {
    return fail('ANSWER_NOT_JSON', `the POST /v1/proofs answer is not JSON: ${parsed.error.message}`, {
      cause: parsed.error.code,
    });
  }
  const proofs = isPyObject(parsed.value) ? parsed.value.proofs : undefined;
  const spans = proofsMemberSpans(body);
  if (!isPyObject(proofs) || spans === null) {
    return fail('ANSWER_SHAPE', 'the POST /v1/proofs answer is not an object with a "proofs" object', {
      bytes: body.length,
    });
  }
  return ok(
    requested.map((proofId) => {
      const has = Object.prototype.hasOwnProperty.call(proofs, proofId);
      const view = has ? proofs[proofId] : undefined;
      const span = spans.get(proofId);
      const raw = view === undefined || view === null || span === undefined ? null : body.slice(span.start, span.end);
      const sorted = classifyView(proofId, view);
      // A view with no bytes to keep could not be verified later: it is refused like any unreadable answer.
      if (raw === null && sorted.status !== 'absent' && sorted.status !== 'refused') {
        return { proofId, raw, ...classifyView(proofId, undefined) };
      }
      return { proofId, raw, ...sorted };
    }),
  );
}
