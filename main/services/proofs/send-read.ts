import { parseBatchAnswer } from '../../core/proofs-plan/batch-answer.ts';
import { retryAfterMs } from '../../core/proofs-plan/retry-after.ts';
import type { Failure } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { recordAnswers } from '../../db/proof-views.ts';
import { insertReadResult } from '../../db/read-ledger.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';

export type ReadOutcome =
  | { kind: 'stored'; anchored: number; pending: number; absent: number; refused: number }
  | { kind: 'rate-limited'; retryAfterMs: number }
  /** Worth another try after a pause: no answer, a 5xx, an unreadable 200. */
  | { kind: 'transient'; failure: Failure }
  /** Another try would get the same answer (a 4xx other than 429). */
  | { kind: 'fatal'; failure: Failure };

export interface SendReadInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  baseUrl: string;
  readId: number;
  ids: readonly string[];
  /** Assumed for a 429 without a usable Retry-After. */
  windowMs: number;
  /**
   * When the read's claim on its ids ends (claimNextRead): the request is abandoned then and recorded as HTTP_TIMEOUT,
   * so a process never stores an answer for ids another process may already be reading.
   */
  deadline?: number;
  signal?: AbortSignal;
}

function excerpt(body: Uint8Array): string {
  const text = new TextDecoder().decode(body.subarray(0, 300));
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Sends one POST /v1/proofs for a read already recorded in the ledger, and records what came back. A 200's views are
 * stored with the read's result in one transaction (main/db/proof-views.ts); any other outcome is recorded on its own.
 */
export async function sendRead(input: SendReadInput): Promise<ReadOutcome> {
  const { db, clock, readId } = input;
  const url = new URL('v1/proofs', input.baseUrl.endsWith('/') ? input.baseUrl : `${input.baseUrl}/`).href;
  const expiry = new AbortController();
  const stopTimer = new AbortController();
  if (input.deadline !== undefined) {
    void clock.sleep(input.deadline - clock.now(), stopTimer.signal).then(() => {
      if (!stopTimer.signal.aborted) expiry.abort();
    });
  }
  const signals = input.signal ? [input.signal, expiry.signal] : [expiry.signal];
  let response: Awaited<ReturnType<HttpClient['request']>>;
  try {
    response = await input.http.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proof_ids: input.ids }),
      signal: AbortSignal.any(signals),
    });
  } finally {
    stopTimer.abort();
  }
  if (!response.ok && expiry.signal.aborted && !input.signal?.aborted) {
    response = {
      ok: false,
      error: {
        code: 'HTTP_TIMEOUT',
        message:
          `POST ${url}: no answer before the read's claim ended at ${new Date(input.deadline!).toISOString()}; ` +
          'its ids are free for another read',
      },
    };
  }
  const finishedAt = clock.now();
  const record = (
    statusCode: number | null,
    errorCode: string | null,
    retryAfter: number | null,
    body: Uint8Array | null,
  ) => insertReadResult(db, { readId, finishedAt, statusCode, errorCode, retryAfterMs: retryAfter, body });

  if (!response.ok) {
    record(null, response.error.code, null, null);
    return response.error.code === 'HTTP_BAD_URL'
      ? { kind: 'fatal', failure: response.error }
      : { kind: 'transient', failure: response.error };
  }
  const { status, headers, body } = response.value;
  if (status === 200) {
    const parsed = parseBatchAnswer(input.ids, body);
    if (!parsed.ok) {
      record(status, parsed.error.code, null, body);
      return { kind: 'transient', failure: parsed.error };
    }
    recordAnswers(
      db,
      { readId, finishedAt, statusCode: status, errorCode: null, retryAfterMs: null, body: null },
      parsed.value,
    );
    const count = (s: string) => parsed.value.filter((a) => a.status === s).length;
    return {
      kind: 'stored',
      anchored: count('anchored'),
      pending: count('pending'),
      absent: count('absent'),
      refused: count('refused'),
    };
  }
  if (status === 429) {
    const wait = retryAfterMs(headers['retry-after'], finishedAt, input.windowMs);
    record(status, 'TRUST_LAYER_RATE_LIMITED', wait, body);
    return { kind: 'rate-limited', retryAfterMs: wait };
  }
  const failure: Failure = {
    code: status >= 500 ? 'TRUST_LAYER_SERVER_ERROR' : 'TRUST_LAYER_REFUSED_READ',
    message: `POST ${url} answered ${status}: ${excerpt(body)}`,
    details: { status },
  };
  record(status, failure.code, null, body);
  return status >= 500 ? { kind: 'transient', failure } : { kind: 'fatal', failure };
}
