import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultKeyFile } from '../../../../main/services/index-export/signing-key.ts';
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
  return { season, db, clock, work: mkdtempSync(join(tmpdir(), 'index-export-')) };
}
