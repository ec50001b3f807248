import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../main/core/disputes/calendar.ts';
import {
  checkDisputeOpening,
  type DisputeOpeningFacts,
  type DisputeOpeningRequest,
} from '../../../main/core/disputes/dispute-opening.ts';

const V1 = Date.parse('2026-11-02T10:00:00.000Z');
const enc = new TextEncoder();

const report = (status = 'scored') =>
  enc.encode(
    JSON.stringify({
      status,
      tasks: [{ task_id: 't1', status: 'submitted' }],
      assertions: [{ task_id: 't1', assertion_id: 'a2', status: 'unsupported', cause: 'value_mismatch' }],
    }),
  );

type Version = { id: number; version: number; publishedAtMs: number };
/** Version 1 recorded on day 0 and exported in the Index on day 1; version 2 (a correction) recorded on day 10. */
const versions: Version[] = [
  { id: 11, version: 1, publishedAtMs: V1 },
  { id: 12, version: 2, publishedAtMs: V1 + 10 * DAY_MS },
];

const request = (over: Partial<DisputeOpeningRequest> = {}): DisputeOpeningRequest => ({
  season: 1,
  track: 'generique',
  participantId: 'p-a',
  taskId: 't1',
  assertionId: 'a2',
  reason: 'the price was right',
  ...over,
});

const facts = (over: Partial<DisputeOpeningFacts<Version>> = {}): DisputeOpeningFacts<Version> => ({
  nowMs: V1 + 5 * DAY_MS,
  versions,
  showings: [{ publicationVersion: 1, publicAtMs: V1 + DAY_MS }],
  report: { version: 1, reportJson: report() },
  undecided: undefined,
  ...over,
});

const codeOf = (r: ReturnType<typeof checkDisputeOpening>) => (r.ok ? 'OK' : r.error.code);

describe('whether a dispute may be opened (spec §9.2), before its evidence is computed', () => {
  it.each([
    { what: 'a blank reason', code: 'DISPUTE_REASON_REQUIRED', req: request({ reason: '  ' }), given: facts() },
    {
      what: 'a receipt typed later than now',
      code: 'DISPUTE_RECEIVED_IN_FUTURE',
      req: request({ receivedAtMs: V1 + 6 * DAY_MS }),
      given: facts(),
    },
    {
      what: 'a track not published',
      code: 'DISPUTE_NOT_PUBLISHED',
      req: request(),
      given: facts({ versions: [], report: undefined }),
    },
    {
      what: 'figures no exported Index holds yet',
      code: 'DISPUTE_SCORES_NOT_PUBLIC',
      req: request(),
      given: facts({ showings: [] }),
    },
    {
      what: 'a receipt after the participant\u2019s own window',
      code: 'DISPUTE_WINDOW_CLOSED',
      req: request(),
      given: facts({ nowMs: V1 + 16 * DAY_MS }),
    },
    {
      what: 'a receipt before the Index made the figures public',
      code: 'DISPUTE_BEFORE_PUBLICATION',
      req: request({ receivedAtMs: V1 + DAY_MS - 1 }),
      given: facts(),
    },
    {
      what: 'a participant with no report',
      code: 'DISPUTE_PARTICIPANT_UNKNOWN',
      req: request(),
      given: facts({ report: undefined }),
    },
    {
      what: 'a pending participant',
      code: 'DISPUTE_PARTICIPANT_PENDING',
      req: request(),
      given: facts({ report: { version: 1, reportJson: report('pending') } }),
    },
    {
      what: 'an assertion the report does not list',
      code: 'DISPUTE_ASSERTION_UNKNOWN',
      req: request({ assertionId: 'a9' }),
      given: facts(),
    },
    {
      what: 'an assertion whose dispute is not decided yet',
      code: 'DISPUTE_ALREADY_OPEN',
      req: request(),
      given: facts({ undecided: 'D-1-generique-001' }),
    },
    {
      what: 'a receipt file that is no receipt',
      code: 'DISPUTE_RECEIPT_INVALID',
      req: request({ submissionReceipt: 'not a receipt' }),
      given: facts(),
    },
  ])('a dispute with $what is refused $code', ({ code, req, given }) => {
    expect(codeOf(checkDisputeOpening(req, given))).toBe(code);
  });

  it('a closed window names the version disputed in its details', () => {
    const r = checkDisputeOpening(request(), facts({ nowMs: V1 + 16 * DAY_MS }));
    expect(r.ok ? null : r.error.details).toMatchObject({ version: 1, participant_id: 'p-a', window_version: 1 });
  });

  it('an opened dispute disputes the version holding the report, its window from the Index export', () => {
    const r = checkDisputeOpening(request({ receivedAtMs: V1 + 2 * DAY_MS }), facts());
    expect(r).toEqual({
      ok: true,
      value: {
        disputed: { id: 11, version: 1, publishedAtMs: V1 + DAY_MS },
        receivedAtMs: V1 + 2 * DAY_MS,
        receivedAtEnteredByHand: true,
        windowEndsMs: V1 + 15 * DAY_MS,
        assertionStatus: 'unsupported',
      },
    });
  });

  it('a receipt left out is now, not typed by hand', () => {
    const r = checkDisputeOpening(request(), facts());
    expect(r.ok && r.value).toMatchObject({ receivedAtMs: V1 + 5 * DAY_MS, receivedAtEnteredByHand: false });
  });
});
