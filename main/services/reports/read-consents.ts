import { pyObjectFrom } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';
import {
  consentsInForce,
  consentTracksOf,
  insertConsents,
  lastConsentSeq,
  type ConsentRow,
} from '../../db/report-consents.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import { inTransaction } from '../refused.ts';
import { serviceRefusal } from './deliver-reports.ts';

export interface ReadConsentsInput {
  season: number;
  seasonUrl: string;
  /** Sent in the Authorization header only, never stored or printed. */
  operatorToken: string;
  actor: string;
}

export interface ConsentsRead {
  season: number;
  /** Choices copied by this read (0 when the service recorded none since the last read). */
  new_consents: number;
  /** Each track's choices in force, by participant: `public` true or false, and when it was made. */
  in_force: { track: string; participant_id: string; public: boolean; recorded_at: string }[];
  audit_head: { seq: number; hash: string } | null;
}

type ConsentsCode = 'CONSENTS_UNREACHABLE' | 'CONSENTS_REFUSED' | 'WRITE_FAILED';

/** Pages a read follows at most: 5000 choices a page, far more than a season's participants change their minds. */
const MAX_PAGES = 100;

/**
 * `proveit season consents` (docs/publications.md "Private reports, public by choice"): the participants' choices the
 * season service recorded since the last read (`GET /v1/season/{n}/consents?since=SEQ`), copied into the operator
 * database (`report_consents`) with the audit entry `season.consents` when any is new, in one transaction; then every
 * track's choices in force. The Index export reads them from there.
 */
export async function readConsents(
  input: ReadConsentsInput,
  ports: { db: Db; http: HttpClient; clock: Clock },
): Promise<Result<ConsentsRead, ConsentsCode>> {
  const { season } = input;
  const base = `${input.seasonUrl.replace(/\/+$/, '')}/v1/season/${season}/consents`;
  const rows: ConsentRow[] = [];
  let since = lastConsentSeq(ports.db, season);
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = `${base}?since=${since}`;
    const answer = await ports.http.request({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${input.operatorToken}` },
    });
    if (!answer.ok) {
      return fail(
        'CONSENTS_UNREACHABLE',
        `GET ${url}: ${answer.error.message}; check the address given with --season-url URL`,
        {
          cause: answer.error.code,
        },
      );
    }
    if (answer.value.status !== 200) {
      const refusal = serviceRefusal(answer.value.body);
      return fail(
        'CONSENTS_REFUSED',
        `GET ${url}: the season service answered ${answer.value.status} ${refusal.code ?? ''} (${refusal.message}); ${answer.value.status === 401 || answer.value.status === 403 ? 'check the token in --operator-token-file FILE (the season service operator token)' : "check that --season-url URL is the season service's base address"}`,
        { status: answer.value.status, service_code: refusal.code },
      );
    }
    const json = JSON.parse(Buffer.from(answer.value.body).toString('utf8')) as {
      next_since: number;
      more: boolean;
      consents: { seq: number; track: string; participant_id: string; public: boolean; recorded_at: string }[];
    };
    for (const c of json.consents) {
      rows.push({
        serviceSeq: c.seq,
        track: c.track,
        participantId: c.participant_id,
        public: c.public === true,
        recordedAt: c.recorded_at,
      });
    }
    if (!json.more || json.next_since <= since) break;
    since = json.next_since;
  }
  const atMs = ports.clock.now();
  const written = inTransaction<{ added: number; head: AuditHead | null }, ConsentsCode>(ports.db, () => {
    const added = insertConsents(ports.db, season, rows, atMs);
    if (added === 0) return { added, head: null };
    const head = appendAudit(ports.db, {
      atMs,
      actor: input.actor,
      action: 'season.consents',
      summary: `season ${season}: ${added} participant choice(s) on publishing their detailed report read from the season service`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['new_consents', BigInt(added)],
        ['last_seq', BigInt(rows.at(-1)?.serviceSeq ?? 0)],
        ['season_url', input.seasonUrl],
        ['read_at', isoUtc(atMs)],
      ]),
    });
    return { added, head };
  });
  if (!written.ok) return written as { ok: false; error: Failure<ConsentsCode> };
  const tracks = consentTracksOf(ports.db, season);
  return ok({
    season,
    new_consents: written.value.added,
    in_force: tracks.flatMap((track) =>
      [...consentsInForce(ports.db, season, track).values()].map((c) => ({
        track,
        participant_id: c.participantId,
        public: c.public,
        recorded_at: c.recordedAt,
      })),
    ),
    audit_head: written.value.head === null ? null : { seq: written.value.head.seq, hash: written.value.head.hash },
  });
}
