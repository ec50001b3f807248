import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultKeyFile, readSigningKey } from '../../../../main/services/index-export/signing-key.ts';
import { deliverReports } from '../../../../main/services/reports/deliver-reports.ts';
import { readConsents } from '../../../../main/services/reports/read-consents.ts';
import type { Participant } from '../../close/support/close-devnet.ts';
import {
  closeSeasonOnDevnet,
  copyDatabase,
  publish,
  SetClock,
  type ClosedSeason,
} from '../../disputes/support/published-close.ts';

export const PUBLISHED_AT = Date.parse('2026-11-02T10:00:00.000Z');
export const EXPORTED_AT = Date.parse('2026-11-03T09:00:00.000Z');

/**
 * The devnet season of tests/services/disputes (Alice scored with two unsupported assertions, Bob pending), closed
 * and published as version 1 in a database of this file's own; the Index tests export it. The devnet's operator key
 * (the one its season host accepts anchors from) is that database's signing key, index-signing-key.pem beside it, as
 * an operator keeps one key for the freeze and the Index.
 */
export async function publishedSeason(): Promise<{
  season: ClosedSeason;
  db: ReturnType<typeof copyDatabase>;
  clock: SetClock;
  work: string;
}> {
  const season = await closeSeasonOnDevnet();
  const db = copyDatabase(season);
  copyFileSync(season.net.devnet.info.operator_key_file as string, defaultKeyFile(db.dbFile));
  const clock = new SetClock(PUBLISHED_AT);
  const published = await publish(clock, db.dbFile);
  if (published.code !== 0) throw new Error(`publish: ${published.io.stderr} ${published.io.stdout}`);
  clock.current = EXPORTED_AT;
  const ctx = { season, db, clock, work: mkdtempSync(join(tmpdir(), 'index-export-')) };
  // Each participant receives its report and makes it public (docs/publications.md "Private reports, public by
  // choice"), so these tests export every report, as before consents.
  await deliverAll(ctx);
  for (const p of [season.alice, season.bob]) await chooseReport(ctx, p, true);
  return ctx;
}

type Ctx = Awaited<ReturnType<typeof publishedSeason>>;
const service = (ctx: Pick<Ctx, 'season'>) => ({
  season: 1,
  seasonUrl: ctx.season.net.devnet.info.season,
  operatorToken: ctx.season.net.devnet.info.internal_secret,
  actor: 'ana',
});

/** `proveit season deliver` for the compliance track: each participant's signed report to the season service. */
export async function deliverAll(ctx: Pick<Ctx, 'season' | 'db' | 'clock'>): Promise<void> {
  const key = readSigningKey(defaultKeyFile(ctx.db.dbFile));
  if (!key.ok) throw new Error(key.error.message);
  const db = ctx.db.open();
  try {
    const delivered = await deliverReports(
      { ...service(ctx), track: 'conformite', operatorKey: key.value },
      { db, http: ctx.season.net.http, clock: ctx.clock },
    );
    if (!delivered.ok) throw new Error(`deliver: ${delivered.error.code} ${delivered.error.message}`);
  } finally {
    db.close();
  }
}

/** The participant's choice made on the season service with its token, then read by `proveit season consents`. */
export async function chooseReport(
  ctx: Pick<Ctx, 'season' | 'db' | 'clock'>,
  participant: Participant,
  isPublic: boolean,
): Promise<void> {
  const answer = await fetch(`${ctx.season.net.devnet.info.season}/v1/season/1/consent/conformite`, {
    method: 'POST',
    headers: { authorization: `Bearer ${participant.seasonToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ public: isPublic }),
  });
  if (answer.status >= 300) throw new Error(`consent: ${answer.status} ${await answer.text()}`);
  const db = ctx.db.open();
  try {
    const read = await readConsents(service(ctx), { db, http: ctx.season.net.http, clock: ctx.clock });
    if (!read.ok) throw new Error(`consents: ${read.error.code} ${read.error.message}`);
  } finally {
    db.close();
  }
}
