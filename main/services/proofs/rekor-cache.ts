import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { missingRekorEntriesWithViews, storeRekorEntry, type MissingRekorEntry } from '../../db/rekor-entries.ts';
import type { Clock } from '../clock.ts';
import { withBackoff, type BackoffPolicy } from '../http/backoff.ts';
import type { HttpClient } from '../http/http-client.ts';

/** A Rekor entry uuid: the 64-hex leaf hash, optionally after a 16-hex tree id (trust-layer-reference §3.2 C). */
const REKOR_UUID = /^([0-9a-f]{16})?[0-9a-f]{64}$/;
const ENTRY_PATH = '/api/v1/log/entries/';

export interface RekorFetched {
  uuid: string;
  /** The batch the entry witnesses (batch_anchor.batch_id of the views naming it), or null (a proof anchored alone). */
  batchId: string | null;
  /** Where it was fetched from. */
  url: string;
}

export interface RekorFailed {
  uuid: string;
  batchId: string | null;
  /** The URL tried, or null when none could be formed (REKOR_UUID_MALFORMED, REKOR_LOG_URL_INVALID). */
  url: string | null;
  failure: Failure;
}

export interface RekorFetchReport {
  fetched: RekorFetched[];
  failed: RekorFailed[];
}

export interface RekorFetchInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  /**
   * The log's base URL, e.g. https://rekor.sigstore.dev, for every entry. Without it, each entry is fetched from the
   * log its proofs name (`transparency_log.log_url` of the stored view: the public-good log for production proofs).
   */
  rekorUrl?: string;
  /** The proofs whose anchored views name the entries wanted. */
  ids: readonly string[];
  backoff: BackoffPolicy;
  signal?: AbortSignal;
}

/** Failures that say the log itself could not be reached (not that this one entry is wrong). */
const UNREACHABLE = new Set(['HTTP_NETWORK', 'HTTP_TIMEOUT', 'REKOR_SERVER_ERROR']);

/**
 * The entry URL the proof's view names: `transparency_log.log_url`, an http(s) URL whose path ends with
 * /api/v1/log/entries/{uuid} for this very uuid (so a view cannot send the console anywhere else than to a log entry).
 */
export function namedEntryUrl(entry: MissingRekorEntry): Result<{ url: string; log: string }> {
  const parsed = loads(entry.view);
  const log = parsed.ok && isPyObject(parsed.value) ? parsed.value['transparency_log'] : undefined;
  const named = isPyObject(log) ? log['log_url'] : undefined;
  const refuse = (why: string) =>
    fail(
      'REKOR_LOG_URL_INVALID',
      `the view of ${entry.proofId} names no usable log for entry ${entry.uuid} (${why}); ` +
        'give the log with --rekor URL',
      { proof_id: entry.proofId, log_url: typeof named === 'string' ? named : null },
    );
  if (typeof named !== 'string') return refuse('transparency_log.log_url is missing');
  let url: URL;
  try {
    url = new URL(named);
  } catch {
    return refuse(`transparency_log.log_url '${named}' is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(`'${named}' is not an http(s) URL`);
  if (!url.pathname.endsWith(`${ENTRY_PATH}${entry.uuid}`) || url.search !== '' || url.hash !== '') {
    return refuse(`'${named}' is not ${ENTRY_PATH}${entry.uuid} on a log`);
  }
  const base = url.pathname.slice(0, -(ENTRY_PATH.length + entry.uuid.length));
  return ok({ url: url.href, log: `${url.origin}${base}` });
}

function givenEntryUrl(rekorUrl: string, uuid: string): { url: string; log: string } {
  const base = rekorUrl.endsWith('/') ? rekorUrl : `${rekorUrl}/`;
  return { url: new URL(`api/v1/log/entries/${uuid}`, base).href, log: rekorUrl };
}

/** One entry fetched and stored, retried on the clock while the log answers a network error or a 5xx. */
async function fetchOne(input: RekorFetchInput, uuid: string, url: string): Promise<Result<void>> {
  return withBackoff<Result<void>>(
    async () => {
      const response = await input.http.request({ method: 'GET', url, signal: input.signal });
      if (!response.ok) return { retry: response.error.code !== 'HTTP_BAD_URL', value: response };
      const { status, body } = response.value;
      if (status >= 500) return { retry: true, value: fail('REKOR_SERVER_ERROR', `GET ${url} answered ${status}`) };
      if (status !== 200)
        return { retry: false, value: fail('REKOR_ENTRY_NOT_SERVED', `GET ${url} answered ${status}`) };
      const parsed = loads(body);
      if (!parsed.ok || !isPyObject(parsed.value))
        return {
          retry: false,
          value: fail('REKOR_ANSWER_MALFORMED', `GET ${url}: the answer is not a JSON object`),
        };
      storeRekorEntry(input.db, { uuid, url, fetchedAt: input.clock.now(), raw: body });
      return { retry: false, value: ok(undefined) };
    },
    input.backoff,
    input.clock,
    input.signal,
  );
}

/**
 * Fetches the Rekor entries that anchored views point at and the store lacks, once each (one per batch), and keeps
 * them for good (a log entry never changes): from `rekorUrl` when given, else from the log each proof names. The
 * transparency log is not the Trust Layer: these reads do not count against its limit. A failure is reported per
 * entry, with its batch and the URL tried; the views already stored are never touched. Once a log could not be
 * reached (after the retries), its other entries are reported REKOR_LOG_SKIPPED rather than tried one by one; a later
 * run tries them again.
 */
export async function fetchMissingRekorEntries(input: RekorFetchInput): Promise<RekorFetchReport> {
  const report: RekorFetchReport = { fetched: [], failed: [] };
  const unreachable = new Map<string, { uuid: string; failure: Failure }>();
  for (const entry of missingRekorEntriesWithViews(input.db, input.ids)) {
    if (input.signal?.aborted) break;
    const { uuid, batchId } = entry;
    if (!REKOR_UUID.test(uuid)) {
      const failure = {
        code: 'REKOR_UUID_MALFORMED',
        message: `'${uuid}' is not a Rekor entry uuid; it was not fetched`,
      };
      report.failed.push({ uuid, batchId, url: null, failure });
      continue;
    }
    const named = input.rekorUrl !== undefined ? ok(givenEntryUrl(input.rekorUrl, uuid)) : namedEntryUrl(entry);
    if (!named.ok) {
      report.failed.push({ uuid, batchId, url: null, failure: named.error });
      continue;
    }
    const where = named.value;
    const down = unreachable.get(where.log);
    if (down) {
      const failure = {
        code: 'REKOR_LOG_SKIPPED',
        message:
          `not tried: the log ${where.log} could not be reached for entry ${down.uuid} ` +
          `(${down.failure.code}); a later run tries again`,
      };
      report.failed.push({ uuid, batchId, url: where.url, failure });
      continue;
    }
    const fetched = await fetchOne(input, uuid, where.url);
    if (fetched.ok) report.fetched.push({ uuid, batchId, url: where.url });
    else {
      const failure = fetched.error;
      report.failed.push({ uuid, batchId, url: where.url, failure });
      if (UNREACHABLE.has(failure.code)) unreachable.set(where.log, { uuid, failure });
    }
  }
  return report;
}
