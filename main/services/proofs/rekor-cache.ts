import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import type { Failure } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { missingRekorEntries, storeRekorEntry } from '../../db/rekor-entries.ts';
import type { Clock } from '../clock.ts';
import { withBackoff, type BackoffPolicy } from '../http/backoff.ts';
import type { HttpClient } from '../http/http-client.ts';

/** A Rekor entry uuid: the 64-hex leaf hash, optionally after a 16-hex tree id (trust-layer-reference §3.2 C). */
const REKOR_UUID = /^([0-9a-f]{16})?[0-9a-f]{64}$/;

export interface RekorFetchReport {
  fetched: string[];
  failed: { uuid: string; failure: Failure }[];
}

export interface RekorFetchInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  /** The log's base URL, e.g. https://rekor.sigstore.dev. */
  rekorUrl: string;
  /** The proofs whose anchored views name the entries wanted. */
  ids: readonly string[];
  backoff: BackoffPolicy;
  signal?: AbortSignal;
}

async function fetchOne(input: RekorFetchInput, uuid: string): Promise<Failure | null> {
  const base = input.rekorUrl.endsWith('/') ? input.rekorUrl : `${input.rekorUrl}/`;
  const url = new URL(`api/v1/log/entries/${uuid}`, base).href;
  return withBackoff(
    async () => {
      const response = await input.http.request({ method: 'GET', url, signal: input.signal });
      if (!response.ok) return { retry: response.error.code !== 'HTTP_BAD_URL', value: response.error };
      const { status, body } = response.value;
      if (status >= 500) {
        return { retry: true, value: { code: 'REKOR_SERVER_ERROR', message: `GET ${url} answered ${status}` } };
      }
      if (status !== 200) {
        return { retry: false, value: { code: 'REKOR_ENTRY_NOT_SERVED', message: `GET ${url} answered ${status}` } };
      }
      const parsed = loads(body);
      if (!parsed.ok || !isPyObject(parsed.value)) {
        return {
          retry: false,
          value: { code: 'REKOR_ANSWER_MALFORMED', message: `GET ${url}: the answer is not a JSON object` },
        };
      }
      storeRekorEntry(input.db, { uuid, url, fetchedAt: input.clock.now(), raw: body });
      return { retry: false, value: null };
    },
    input.backoff,
    input.clock,
    input.signal,
  );
}

/**
 * Fetches the Rekor entries that anchored views point at and the store lacks, once each, and keeps them for good
 * (a log entry never changes). The transparency log is not the Trust Layer: these reads do not count against its limit.
 */
export async function fetchMissingRekorEntries(input: RekorFetchInput): Promise<RekorFetchReport> {
  const report: RekorFetchReport = { fetched: [], failed: [] };
  for (const uuid of missingRekorEntries(input.db, input.ids)) {
    if (input.signal?.aborted) break;
    if (!REKOR_UUID.test(uuid)) {
      report.failed.push({
        uuid,
        failure: { code: 'REKOR_UUID_MALFORMED', message: `'${uuid}' is not a Rekor entry uuid; it was not fetched` },
      });
      continue;
    }
    const failure = await fetchOne(input, uuid);
    if (failure) report.failed.push({ uuid, failure });
    else report.fetched.push(uuid);
  }
  return report;
}
