import { describe, expect, it } from 'vitest';
import { SHAPES, validateCall } from '../../main/ipc/validate-call.ts';

const codeOf = (channel: unknown, args: unknown) => {
  const r = validateCall(channel, args);
  return r.ok ? 'ok' : r.error.code;
};
const messageOf = (channel: unknown, args: unknown) => {
  const r = validateCall(channel, args);
  return r.ok ? '' : r.error.message;
};

describe('the contract refuses malformed calls in main (IPC_BAD_ARGUMENTS names the field and what to send)', () => {
  it('a well-formed call of each kind passes', () => {
    expect(codeOf('scores.view', { season: 1, track: 'conformite', offset: 0, limit: 50 })).toBe('ok');
    expect(codeOf('corpus.resource', { season: 1, track: 'generique', path: '/produits/PAP-1613' })).toBe('ok');
    expect(
      codeOf('assertion.evidence', {
        season: 1,
        track: 'conformite',
        participant_id: 'par_1',
        assertion: 'conf-01/a2',
      }),
    ).toBe('ok');
    expect(
      codeOf('dispute.decide', {
        dispute_id: 'dsp-1-conformite-0001',
        decision: 'upheld',
        reason: 'the value was served',
        reviewer: 'ana',
        change: 'supported',
      }),
    ).toBe('ok');
  });

  it('a missing required field is refused, naming it', () => {
    expect(codeOf('freeze.view', { season: 1 })).toBe('IPC_BAD_ARGUMENTS');
    expect(messageOf('freeze.view', { season: 1 })).toContain("needs 'track'");
  });

  it('an unknown field is refused (no extra argument reaches a handler)', () => {
    expect(messageOf('season.status', { admin: true })).toContain("takes no argument 'admin'");
    expect(codeOf('incident.resolve', { id: 1, resolution: 'fixed', actor: 'root' })).toBe('IPC_BAD_ARGUMENTS');
  });

  it('wrong types and out-of-range values are refused: a string season, a float, a negative offset, a page over 1000', () => {
    for (const args of [
      { season: '1', track: 'conformite' },
      { season: 1.5, track: 'conformite' },
      { season: 0, track: 'conformite' },
      { season: 1, track: 'CONFORMITE' },
      { season: 1, track: 'conformite', offset: -1 },
      { season: 1, track: 'conformite', limit: 1001 },
    ])
      expect(codeOf('scores.view', args), JSON.stringify(args)).toBe('IPC_BAD_ARGUMENTS');
  });

  it('a corpus path leaving the catalogue is refused: .., a query, a NUL, no leading slash', () => {
    for (const path of [
      '/../sealed/answer-key.json',
      '/entites/1?x=1',
      '/a\0b',
      'sealed/answer-key.json',
      '/a/../../etc',
    ])
      expect(codeOf('corpus.resource', { season: 1, track: 'conformite', path }), path).toBe('IPC_BAD_ARGUMENTS');
  });

  it('a decision needs a written reason and a reviewer; blank or oversized text is refused', () => {
    const base = { dispute_id: 'dsp-1-conformite-0001', decision: 'rejected', reviewer: 'ana' };
    expect(codeOf('dispute.decide', { ...base, reason: '   ' })).toBe('IPC_BAD_ARGUMENTS');
    expect(codeOf('dispute.decide', { ...base, reason: 'x'.repeat(4001) })).toBe('IPC_BAD_ARGUMENTS');
    expect(codeOf('dispute.decide', { ...base, reason: 'ok', decision: 'maybe' })).toBe('IPC_BAD_ARGUMENTS');
  });

  it('a dispute may carry a submission receipt: one flat JSON object, else refused naming receipt', () => {
    const base = {
      season: 1,
      track: 'conformite',
      participant_id: 'par_0123456789abcdef01234567',
      assertion: 'conf-01/a3',
      reason: 'the receipt says version 2',
    };
    const receipt = {
      recorded: true,
      replaces_previous: true,
      season: 1,
      track: 'conformite',
      task_id: 'conf-01',
      participant_id: 'par_0123456789abcdef01234567',
      version: 2,
      received_at: '2026-10-10T13:00:00.000Z',
      submission_sha256: 'ab'.repeat(32),
      receipt_signature: `${'A'.repeat(86)}==`,
    };
    expect(codeOf('dispute.open', base)).toBe('ok');
    expect(codeOf('dispute.open', { ...base, receipt })).toBe('ok');
    for (const bad of [
      JSON.stringify(receipt),
      [receipt],
      null,
      { ...receipt, nested: { version: 1 } },
      { ...receipt, list: [1] },
      { ...receipt, version: Number.NaN },
      { ...receipt, padding: 'x'.repeat(4096) },
      Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`f${i}`, i])),
      Object.create({ polluted: true }),
    ])
      expect(codeOf('dispute.open', { ...base, receipt: bad }), JSON.stringify(bad)).toBe('IPC_BAD_ARGUMENTS');
    expect(messageOf('dispute.open', { ...base, receipt: 'text' })).toContain("'receipt' must be a submission receipt");
  });

  it('a freeze window is two UTC instants; a replacement also needs a written reason', () => {
    const window = {
      season: 1,
      track: 'conformite',
      opens_at: '2026-10-01T08:00:00Z',
      closes_at: '2026-10-29T08:00:00Z',
    };
    expect(codeOf('freeze.create', window)).toBe('ok');
    expect(codeOf('freeze.replace', { ...window, reason: 'the rules text had a typo' })).toBe('ok');
    for (const at of ['2026-10-01T08:00:00', '2026-10-01T10:00:00+02:00', '2026-10-01', '2026-13-01T08:00:00Z', 1789])
      expect(codeOf('freeze.create', { ...window, opens_at: at }), String(at)).toBe('IPC_BAD_ARGUMENTS');
    expect(messageOf('freeze.create', { ...window, closes_at: '2026-10-29 08:00' })).toContain(
      "'closes_at' must be a UTC instant",
    );
    expect(codeOf('freeze.replace', window)).toBe('IPC_BAD_ARGUMENTS');
    expect(messageOf('freeze.replace', { ...window, reason: ' \n ' })).toContain("'reason' must be a written text");
    expect(codeOf('freeze.create', { ...window, reason: 'a first freeze has none' })).toBe('IPC_BAD_ARGUMENTS');
    expect(codeOf('freeze.publish', { season: 1, track: 'conformite', out: '/tmp/x' })).toBe('IPC_BAD_ARGUMENTS');
    expect(codeOf('freeze.reveal', { season: 1, track: 'conformite' })).toBe('ok');
  });

  it('ids with other characters are refused (no SQL or path text through an id)', () => {
    for (const id of ["x' OR 1=1 --", '../x', '', 'a'.repeat(200)])
      expect(codeOf('dispute.view', { dispute_id: id }), id).toBe('IPC_BAD_ARGUMENTS');
  });

  it('arguments built with another prototype or as an array are refused before their fields are read', () => {
    expect(codeOf('season.status', Object.create({ polluted: true }))).toBe('IPC_BAD_ARGUMENTS');
    expect(codeOf('season.status', JSON.parse('{"__proto__": {"x": 1}}'))).toBe('IPC_BAD_ARGUMENTS');
    expect(codeOf('freeze.view', [1, 'conformite'])).toBe('IPC_BAD_ARGUMENTS');
  });

  it('every channel of the contract has a shape; an unknown channel is IPC_UNKNOWN_CHANNEL', () => {
    expect(Object.keys(SHAPES).length).toBeGreaterThan(20);
    expect(codeOf('index.delete', {})).toBe('IPC_UNKNOWN_CHANNEL');
    expect(codeOf(42, {})).toBe('IPC_UNKNOWN_CHANNEL');
  });
});
