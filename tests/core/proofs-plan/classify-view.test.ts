import { describe, expect, it } from 'vitest';
import { classifyView } from '../../../main/core/proofs-plan/classify-view.ts';
import { pyObjectFrom, type PyJson } from '../../../main/core/json/value.ts';

const id = 'prf_20260101_000000_444444';
const view = (entries: [string, PyJson][]) => pyObjectFrom([['proof_id', id], ...entries]);

describe('sorting one answer', () => {
  it('null is absent, never refused: the Trust Layer says no more than "not a PROVE IT proof"', () => {
    expect(classifyView(id, null)).toMatchObject({ status: 'absent', refusalCode: null });
  });

  it('a spec 3.x view whose batch is still open is pending', () => {
    const pending = view([
      [
        'batch_anchor',
        pyObjectFrom([
          ['status', 'pending'],
          ['batch_id', 'batch_x'],
        ]),
      ],
    ]);
    expect(classifyView(id, pending)).toMatchObject({ status: 'pending', batchId: 'batch_x', batchRoot: null });
  });

  it('a pre-3.0 view is pending while its timestamp is "submitted", anchored once it is "verified" or "failed"', () => {
    const tsa = (status: string) => view([['timestamp_authority', pyObjectFrom([['status', status]])]]);
    expect(classifyView(id, tsa('submitted')).status).toBe('pending');
    expect(classifyView(id, tsa('verified')).status).toBe('anchored');
    expect(classifyView(id, tsa('failed')).status).toBe('anchored');
  });

  it('an unknown batch anchor status is refused with VIEW_ANCHOR_STATUS_UNKNOWN', () => {
    const odd = view([['batch_anchor', pyObjectFrom([['status', 'sealed']])]]);
    expect(classifyView(id, odd)).toMatchObject({ status: 'refused', refusalCode: 'VIEW_ANCHOR_STATUS_UNKNOWN' });
  });

  it('a list or a string in place of a view is refused with VIEW_NOT_AN_OBJECT', () => {
    expect(classifyView(id, [id]).refusalCode).toBe('VIEW_NOT_AN_OBJECT');
    expect(classifyView(id, id).refusalCode).toBe('VIEW_NOT_AN_OBJECT');
  });

  it('fields of the wrong type are read as missing, not thrown on', () => {
    const odd = view([
      [
        'batch_anchor',
        pyObjectFrom([
          ['status', 'anchored'],
          ['root', 7n],
        ]),
      ],
      ['transparency_log', 'uuid'],
      ['spec_version', 3.1],
    ]);
    expect(classifyView(id, odd)).toMatchObject({
      status: 'anchored',
      batchRoot: null,
      rekorUuid: null,
      specVersion: null,
    });
  });
});
