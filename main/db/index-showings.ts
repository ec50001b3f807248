import type { IndexShowing } from '../core/disputes/public-versions.ts';
import type { Db } from './open-database.ts';

/**
 * What each exported Index version of a season made public of one track (docs/disputes.md "The calendar"): the
 * publication version its `publications_json` holds for the track, and the export's instant, which the signed Index
 * itself states (`exported_at`), so a participant, the operator and a third party read the same start.
 */
export function indexShowingsOf(db: Db, season: number, track: string): IndexShowing[] {
  const exports = db
    .prepare('SELECT exported_at_ms, publications_json FROM index_versions WHERE season = ?')
    .all(season) as { exported_at_ms: number; publications_json: string }[];
  return exports.flatMap((e) => {
    const held = (JSON.parse(e.publications_json) as Record<string, unknown>)[track];
    return typeof held === 'number' ? [{ publicationVersion: held, publicAtMs: e.exported_at_ms }] : [];
  });
}
