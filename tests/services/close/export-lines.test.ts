import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { citedKey, trackSubmissions } from '../../../main/services/close/export-lines.ts';
import { firstJsonDifference } from '../../../main/services/close/replay-bundle.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';

const pair = (n: string) => ({ nonce: n.repeat(64), value: n.repeat(64) });
const line = (participant: string, submission: object | null, did = `did:key:z${participant}`) =>
  JSON.stringify({
    participant_id: participant,
    enrolled_did: did,
    agent_name: `agent ${participant}`,
    declared_stack: 'stack',
    received_at: submission ? '2026-10-10T12:00:00.000Z' : null,
    submission_sha256: submission ? 'a'.repeat(64) : null,
    submission,
  });
const submission = (track: string, task: string, proofs: string[]) => ({
  season: 1,
  track,
  task_id: task,
  agent_did: 'did',
  verdict: 'conforme',
  assertions: proofs.map((p, i) => ({ id: `a${i}`, claim: { resource: '/r', field: '/f', value: 1 }, proof_ids: [p] })),
  disclosures: Object.fromEntries(proofs.map((p) => [p, { request_hash: pair('1'), response_hash: pair('2') }])),
  narrative: '',
});
const bytes = (...lines: string[]) => new TextEncoder().encode(`${lines.join('\n')}\n`);
const P1 = 'prf_20261010_120000_aaaaaa';
const P2 = 'prf_20261010_120001_bbbbbb';

describe('the export read for one track', () => {
  it('every participant appears once, in export order; other tracks are ignored; null submissions give an empty map', () => {
    const read = trackSubmissions(
      bytes(
        line('par_a', submission('conformite', 'conf-01', [P1])),
        line('par_a', submission('generique', 'gen-01', [P2])),
        line('par_b', submission('generique', 'gen-01', [P2])),
        line('par_c', null),
      ),
      1,
      'conformite',
    );
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.participants.map((p) => [p.participantId, [...p.submissions.keys()]])).toEqual([
      ['par_a', ['conf-01']],
      ['par_b', []],
      ['par_c', []],
    ]);
    expect(read.value.cited.map((c) => c.proofId)).toEqual([P1]);
    expect(typeof read.value.participants[0]!.submissions.get('conf-01')!['season']).toBe('bigint');
  });

  it('the same proof cited with two disclosures gives two pairs; the same pair twice, one', () => {
    const a = submission('conformite', 'conf-01', [P1, P1]);
    const b = {
      ...submission('conformite', 'conf-02', [P1]),
      disclosures: { [P1]: { request_hash: pair('3'), response_hash: pair('4') } },
    };
    const read = trackSubmissions(bytes(line('par_a', a), line('par_a', b)), 1, 'conformite');
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.cited).toHaveLength(2);
    const [first] = read.value.cited;
    expect(citedKey(first!.proofId, first!.disclosure)).toBe(`${P1}\n${canonical(first!.disclosure)}`);
  });

  it('one disclosure object asked with two proof ids gives each its own key, again and again', () => {
    const disclosure = pyObjectFrom([['request_hash', pair('1')]]);
    for (let round = 0; round < 2; round++) {
      expect(citedKey('prf_a', disclosure)).toBe(`prf_a\n${canonical(disclosure)}`);
      expect(citedKey('prf_b', disclosure)).toBe(`prf_b\n${canonical(disclosure)}`);
    }
  });

  it.each([
    ['a line that is not JSON', ['{'], 'line 1: not JSON'],
    ['a line that is not an object', ['[1]'], 'line 1: not a JSON object'],
    [
      'a participant without a DID',
      [JSON.stringify({ participant_id: 'p', agent_name: 'a', declared_stack: 's' })],
      'line 1',
    ],
    [
      'one participant with two DIDs',
      [line('par_a', null), line('par_a', null, 'did:key:zother')],
      'line 2: participant par_a has two enrolled DIDs',
    ],
    [
      'two submissions in force for one task',
      [
        line('par_a', submission('conformite', 'conf-01', [P1])),
        line('par_a', submission('conformite', 'conf-01', [P2])),
      ],
      'line 2: participant par_a has two submissions in force for conf-01',
    ],
  ])('%s: CLOSE_SUBMISSIONS_INVALID', (_name, lines, message) => {
    const read = trackSubmissions(bytes(...lines), 1, 'conformite');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('CLOSE_SUBMISSIONS_INVALID');
    expect(read.error.message).toContain(message);
  });
});

describe('the first difference between two JSON documents', () => {
  const v = (text: string) => {
    const parsed = loadsText(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
  it('names the pointer of the first differing value, keys in code-point order, arrays by index', () => {
    expect(firstJsonDifference(v('{"b": [1, 2], "a": {"x/y": 1}}'), v('{"b": [1, 3], "a": {"x/y": 2}}'))).toEqual({
      pointer: '/a/x~1y',
      expected: 1n,
      actual: 2n,
    });
    expect(firstJsonDifference(v('[1, 2]'), v('[1, 2, 3]'))).toEqual({
      pointer: '/2',
      expected: undefined,
      actual: 3n,
    });
  });
  it('an int and a float that print alike still differ (type-strict)', () => {
    expect(firstJsonDifference(v('{"n": 1}'), v('{"n": 1.0}'))).toMatchObject({ pointer: '/n' });
    expect(firstJsonDifference(v('{"n": 1}'), v('{"n": 1}'))).toBeNull();
  });
});
