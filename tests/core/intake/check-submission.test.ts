import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSubmission, type IntakeResult } from '../../../main/core/intake/check-submission.ts';
import { MAX_NARRATIVE_CHARACTERS } from '../../../main/core/intake/bounds.ts';
import { SUBMISSION_CODES } from '../../../main/core/intake/refusal.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { INTAKE_MAX_BYTES, parseIntake } from '../../../main/core/json/intake.ts';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { mutatedBytes, readVector, vectorBytes } from './support/mutate.ts';
import { demoContext } from './support/season-1.ts';

const context = demoContext();
const enc = new TextEncoder();
const check = (bytes: Uint8Array): IntakeResult => checkSubmission(bytes, context);

const mutations = readVector('mutations.json') as PyObject[];
const refusals = mutations.filter((m) => m['accepted'] !== true);
const acceptances = mutations.filter((m) => m['accepted'] === true);
const chain = readVector('order-chain.json') as PyObject;
const faults = chain['faults'] as PyObject[];

const outcome = (result: IntakeResult) =>
  result.ok ? 'accepted' : `${result.error.code} at "${result.error.pointer}"`;

/** Base conformite with the chain's faults from `start` on, applied in the listed order. */
function withFaults(start: number): Uint8Array {
  return mutatedBytes(
    Object.assign(Object.create(null) as PyObject, {
      base: 'conformite',
      patch: faults.slice(start).flatMap((f) => f['patch'] as PyJson[]),
    }),
  );
}

/** JSON text with every object's keys in reverse code-point order (canonical writes them in order). */
function reversedKeys(value: PyJson): string {
  if (Array.isArray(value)) return `[${value.map(reversedKeys).join(',')}]`;
  if (isPyObject(value)) {
    const keys = Object.keys(value).sort().reverse();
    return `{${keys.map((k) => `${canonical(k)}:${reversedKeys(value[k] as PyJson)}`).join(',')}}`;
  }
  return canonical(value);
}

describe('checkSubmission: the mutation table (tests/vectors/intake/mutations.json)', () => {
  it.each(refusals.map((m) => [m['name'] as string, m] as const))('%s', (_name, m) => {
    const result = check(mutatedBytes(m));
    expect(outcome(result)).toBe(`${m['code'] as string} at "${m['pointer'] as string}"`);
  });

  it.each(acceptances.map((m) => [m['name'] as string, m] as const))('%s', (_name, m) => {
    const result = check(mutatedBytes(m));
    expect(outcome(result), result.ok ? '' : result.error.message).toBe('accepted');
  });
});

describe('checkSubmission: the order of checks (tests/vectors/intake/order-chain.json)', () => {
  it('the base submission of the chain is accepted once every fault is gone', () => {
    expect(outcome(check(withFaults(faults.length)))).toBe('accepted');
  });

  it.each(faults.map((f, i) => [f['name'] as string, i] as const))(
    'with %s and every later fault, that fault is the one reported',
    (_name, i) => {
      const fault = faults[i] as PyObject;
      expect(outcome(check(withFaults(i)))).toBe(`${fault['code'] as string} at "${fault['pointer'] as string}"`);
    },
  );

  it('the chain follows the documented code order (SUBMISSION_CODES)', () => {
    const ranks = faults.map((f) => SUBMISSION_CODES.indexOf(f['code'] as never));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    // Within one assertion the order is the documented one; across assertions, the earlier assertion comes first.
    const assertionOf = (f: PyObject) => /^\/assertions\/(\d+)/.exec(f['pointer'] as string)?.[1];
    const topLevel = faults.filter((f) => assertionOf(f) === undefined);
    const topRanks = topLevel.map((f) => SUBMISSION_CODES.indexOf(f['code'] as never));
    expect(topRanks).toEqual([...topRanks].sort((a, b) => a - b));
  });

  it('a document with every fault gets the same first refusal whatever order its keys are written in', () => {
    const all = parseIntake(withFaults(0));
    expect(all.ok).toBe(true);
    if (!all.ok) return;
    const asWritten = check(withFaults(0));
    const reversed = check(enc.encode(reversedKeys(all.value)));
    expect(outcome(reversed)).toBe(outcome(asWritten));
    expect(!reversed.ok && !asWritten.ok && reversed.error.message).toBe(!asWritten.ok && asWritten.error.message);
  });

  it('two extra keys and two uncited disclosures are named in code-point order, not in the order written', () => {
    const text = new TextDecoder().decode(vectorBytes('base-conformite.json'));
    const extra = text.replace('{\n  "season"', '{\n  "zz": 1,\n  "\u00e9": 2,\n  "a": 3,\n  "season"');
    expect(outcome(check(enc.encode(extra)))).toBe('SUBMISSION_UNKNOWN_KEY at "/a"');
    // Keys that look like array indexes are not moved first: "10" sorts after "1" and before "9", as code points do.
    const numeric = text.replace('{\n  "season"', '{\n  "9": 1,\n  "10": 2,\n  "season"');
    expect(outcome(check(enc.encode(numeric)))).toBe('SUBMISSION_UNKNOWN_KEY at "/10"');
  });
});

describe('checkSubmission: parser refusals pass through', () => {
  const parserVectors = refusals.filter((m) => (m['code'] as string).startsWith('INTAKE_'));

  it.each(parserVectors.map((m) => [m['code'] as string, m] as const))(
    '%s keeps its code and byte position, with the pointer "" (the whole document)',
    (_code, m) => {
      const bytes = mutatedBytes(m);
      const parsed = parseIntake(bytes);
      const result = check(bytes);
      expect(parsed.ok || result.ok).toBe(false);
      if (parsed.ok || result.ok) return;
      expect(result.error.code).toBe(parsed.error.code);
      expect(result.error.pointer).toBe('');
      expect(result.error.position).toEqual({
        offset: parsed.error.details?.['offset'],
        line: parsed.error.details?.['line'],
        column: parsed.error.details?.['column'],
      });
      expect(result.error.message).toBe(`rejected at intake: ${parsed.error.message}`);
    },
  );

  it(`a body of ${INTAKE_MAX_BYTES} + 1 bytes is refused with INTAKE_TOO_LARGE before anything else`, () => {
    const base = vectorBytes('base-conformite.json');
    const padded = new Uint8Array(INTAKE_MAX_BYTES + 1).fill(0x20);
    padded.set(base);
    const result = check(padded);
    expect(outcome(result)).toBe('INTAKE_TOO_LARGE at ""');
    expect(!result.ok && result.error.position?.offset).toBe(INTAKE_MAX_BYTES);
  });

  it('schema refusals carry no byte position (they are found on the parsed value)', () => {
    const result = check(mutatedBytes(refusals.find((m) => m['code'] === 'SUBMISSION_SEASON_MISMATCH')!));
    expect(!result.ok && result.error.position).toBeUndefined();
  });
});

describe('checkSubmission: what an accepted submission carries', () => {
  it('the compliance base is accepted with its track, task, verdict, count, cited proofs and the SHA-256 of its bytes', () => {
    const bytes = vectorBytes('base-conformite.json');
    const result = check(bytes);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { document, citedProofIds, ...rest } = result.value;
    expect(rest).toEqual({
      track: 'conformite',
      taskId: 'conf-01',
      verdict: 'indeterminable',
      assertionCount: 3,
      minAssertions: 2,
      belowMinimum: false,
      bytesSha256: createHash('sha256').update(bytes).digest('hex'),
      byteLength: bytes.length,
    });
    expect([...citedProofIds]).toEqual(['prf_20261001_090000_0a1b2c', 'prf_20261001_090105_3d4e5f']);
    expect(document['task_id']).toBe('conf-01');
  });

  it('the generic base is accepted with its product reference as verdict', () => {
    const result = check(vectorBytes('base-generique.json'));
    expect(result.ok && [result.value.track, result.value.taskId, result.value.verdict]).toEqual([
      'generique',
      'gen-01',
      'PAP-1613',
    ]);
  });

  it('the SHA-256 is of the exact bytes: the same document laid out otherwise gets another hash', () => {
    const bytes = vectorBytes('base-conformite.json');
    const compact = enc.encode(JSON.stringify(JSON.parse(new TextDecoder().decode(bytes))));
    const a = check(bytes);
    const b = check(compact);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(canonical(a.value.document)).toBe(canonical(b.value.document));
    expect(b.value.bytesSha256).toBe(createHash('sha256').update(compact).digest('hex'));
    expect(b.value.bytesSha256).not.toBe(a.value.bytesSha256);
    expect(b.value.byteLength).toBe(compact.length);
  });

  it('values are kept exactly as received: 1.0 stays a float, a big integer stays exact, 1e2 stays the float 100.0', () => {
    const text = new TextDecoder()
      .decode(vectorBytes('base-conformite.json'))
      .replace('"value": "active"', '"value": 1.0')
      .replace('"value": "/agrements/AGR-3121"', '"value": 123456789012345678901234567890')
      .replace('"value": "2028-10-14"', '"value": [1e2, -0.0, 2, {"b": 1, "a": 2, "__proto__": null}]');
    const result = check(enc.encode(text));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const claims = (result.value.document['assertions'] as PyObject[]).map((a) => (a['claim'] as PyObject)['value']);
    expect(claims[0]).toBe(1);
    expect(typeof claims[0]).toBe('number');
    expect(claims[1]).toBe(123456789012345678901234567890n);
    const list = claims[2] as PyJson[];
    expect(list[0]).toBe(100);
    expect(Object.is(list[1], -0)).toBe(true);
    expect(list[2]).toBe(2n);
    const object = list[3] as PyObject;
    expect(Object.getPrototypeOf(object)).toBe(null);
    expect(Object.keys(object)).toEqual(['b', 'a', '__proto__']);
    expect(canonical(result.value.document)).toBe(
      canonical((parseIntake(enc.encode(text)) as { value: PyJson }).value),
    );
  });

  it('the document keeps the keys in the order they were written', () => {
    const text = new TextDecoder().decode(vectorBytes('base-conformite.json'));
    const moved = text.replace('{\n  "season": 1,', '{').replace('\n}', ',\n  "season": 1\n}');
    const result = check(enc.encode(moved));
    expect(result.ok && Object.keys(result.value.document)).toEqual([
      'track',
      'task_id',
      'agent_did',
      'verdict',
      'assertions',
      'disclosures',
      'narrative',
      'season',
    ]);
  });

  it('below the minimum is not an intake error: one assertion on a task whose minimum is two is accepted and flagged', () => {
    const one = acceptances.find((m) => (m['name'] as string).startsWith('one assertion, below'))!;
    const result = check(mutatedBytes(one));
    expect(result.ok && [result.value.assertionCount, result.value.minAssertions, result.value.belowMinimum]).toEqual([
      1,
      2,
      true,
    ]);
  });

  it('cited proof ids are listed once each, in order of first citation', () => {
    const twenty = acceptances.find((m) => (m['name'] as string).startsWith('20 proof ids'))!;
    const result = check(mutatedBytes(twenty));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const first = (result.value.document['assertions'] as PyObject[])[0]!['proof_ids'] as string[];
    expect([...result.value.citedProofIds]).toEqual([...first, 'prf_20261001_090105_3d4e5f']);
  });

  it('leaves the bytes and the context as they were, and answers the same bytes the same way', () => {
    const bytes = mutatedBytes(refusals[refusals.length - 1]!);
    const copy = Uint8Array.from(bytes);
    const tasksBefore = [...context.tracks.values()].map((t) => [...t.tasks.entries()]);
    const first = check(bytes);
    const second = check(bytes);
    expect(second).toEqual(first);
    expect(bytes).toEqual(copy);
    expect([...context.tracks.values()].map((t) => [...t.tasks.entries()])).toEqual(tasksBefore);
  });

  it(`a narrative of ${MAX_NARRATIVE_CHARACTERS} characters with line breaks and tabs is accepted`, () => {
    const narrative = 'ligne\n\t'.repeat(MAX_NARRATIVE_CHARACTERS / 7).padEnd(MAX_NARRATIVE_CHARACTERS, '.');
    const text = new TextDecoder()
      .decode(vectorBytes('base-generique.json'))
      .replace('"narrative": ""', `"narrative": ${JSON.stringify(narrative)}`);
    expect(outcome(check(enc.encode(text)))).toBe('accepted');
  });
});

describe('checkSubmission: codes and messages', () => {
  const allResults = [...refusals.map((m) => check(mutatedBytes(m))), ...faults.map((_f, i) => check(withFaults(i)))];
  const refused = allResults.flatMap((r) => (r.ok ? [] : [r.error]));

  it('every SUBMISSION_* code is produced by at least one vector', () => {
    const seen = new Set(refused.map((e) => e.code));
    expect(SUBMISSION_CODES.filter((code) => !seen.has(code))).toEqual([]);
  });

  it('docs/intake.md documents every code in check order', () => {
    const doc = readFileSync(new URL('../../../docs/intake.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('## Codes'));
    const rows = SUBMISSION_CODES.map((code) => table.indexOf(`| \`${code}\` |`));
    expect(rows.every((row) => row > 0)).toBe(true);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    for (const code of ['INTAKE_SETUP_UNKNOWN_TRACK', 'INTAKE_SETUP_TASKS_MISMATCH', 'INTAKE_SETUP_TASKS_INVALID']) {
      expect(doc).toContain(`\`${code}\``);
    }
  });

  it('codes are SCREAMING_SNAKE with the SUBMISSION_ prefix, each listed once', () => {
    expect(new Set(SUBMISSION_CODES).size).toBe(SUBMISSION_CODES.length);
    for (const code of SUBMISSION_CODES) expect(code).toMatch(/^SUBMISSION_[A-Z0-9]+(_[A-Z0-9]+)*$/);
  });

  it('every message starts with "rejected at intake: " and names the pointer at fault', () => {
    for (const error of refused) {
      expect(error.message.startsWith('rejected at intake: ')).toBe(true);
      if (error.code.startsWith('SUBMISSION_') && error.pointer !== '') expect(error.message).toContain(error.pointer);
    }
  });

  it('every pointer is an RFC 6901 pointer that resolves in the document or names the member that is missing', () => {
    for (const error of refused) expect(error.pointer).toMatch(/^(\/([^~/]|~[01])*)*$/);
  });

  it('no message speaks of proof validity or scoring outcomes, and none imputes intent', () => {
    for (const error of refused) {
      expect(error.message).not.toMatch(/verif|signature|unsupported|overclaim|anchor|witness|valid proof/i);
      expect(error.message).not.toMatch(
        /\b(cheat\w*|fraud\w*|tamper\w*|forged|forgery|attack\w*|malicious|abuse\w*|manipulat\w*|dishonest\w*)\b/i,
      );
    }
  });

  it('a refusal in the disclosures never repeats a nonce or hash value', () => {
    const hex = /[0-9a-fA-F]{16,}/;
    for (const error of refused.filter((e) => e.pointer.startsWith('/disclosures'))) {
      expect(error.message.replace(/prf_\d{8}_\d{6}_[0-9a-f]{6}/g, '')).not.toMatch(hex);
    }
  });
});
