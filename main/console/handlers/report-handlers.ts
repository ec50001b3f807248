import type { ConsentsView, ReportDeliveryView, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { createHttpClient, type HttpClient } from '../../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../../services/index-export/signing-key.ts';
import { deliverReports } from '../../services/reports/deliver-reports.ts';
import { readConsents } from '../../services/reports/read-consents.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { seasonServiceOf } from './required-services.ts';

/** What a report act needs the season service for, in its refusal when none was given at start. */
const throughSeasonService = (act: string) =>
  `${act} goes through the season service with its operator token: start the console with --season-url URL --operator-token-file FILE`;

/** A client for one act, closed after it whatever the act gives. */
async function withHttp<T>(act: (http: HttpClient) => Promise<T>): Promise<T> {
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    return await act(http);
  } finally {
    await http.close();
  }
}

/**
 * `season.deliver`, as `proveit season deliver` does it (docs/publications.md "Private reports, public by choice"):
 * each participant's report of the track's latest publication version, signed with the operator key beside the
 * database (read, never created here), posted to the season service given at start, recorded and audited
 * `season.deliver` under the person acting.
 */
export async function seasonDeliver(ctx: ConsoleContext, args: TrackRef): Promise<ReportDeliveryView> {
  const db = dbOf(ctx);
  const service = seasonServiceOf(ctx, throughSeasonService('a delivery of reports'));
  if (ctx.dbFile === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'the operator key is kept beside the database: start with --db FILE',
    );
  const operatorKey = valueOrRefuse(readSigningKey(defaultKeyFile(ctx.dbFile)));
  const delivered = await withHttp(async (http) =>
    valueOrRefuse(
      await deliverReports(
        {
          season: args.season,
          track: args.track,
          seasonUrl: service.url,
          operatorToken: service.operatorToken,
          operatorKey,
          actor: actingAs(ctx),
        },
        { db, http, clock: ctx.clock },
      ),
    ),
  );
  const { season, track, publication_version, reports, recorded, delivered_at } = delivered;
  return { season, track, publication_version, reports, recorded, delivered_at };
}

/**
 * `season.consents`, as `proveit season consents` does it: the participants' choices the season service holds, copied
 * into the operator database (audited once per read that brought new ones), each track's in force answered.
 */
export async function seasonConsents(ctx: ConsoleContext, args: { season: number }): Promise<ConsentsView> {
  const db = dbOf(ctx);
  const service = seasonServiceOf(ctx, throughSeasonService('a read of the participants’ choices'));
  const read = await withHttp(async (http) =>
    valueOrRefuse(
      await readConsents(
        { season: args.season, seasonUrl: service.url, operatorToken: service.operatorToken, actor: actingAs(ctx) },
        { db, http, clock: ctx.clock },
      ),
    ),
  );
  return { season: read.season, new_consents: read.new_consents, in_force: read.in_force };
}
