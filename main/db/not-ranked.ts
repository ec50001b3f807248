import type { Db } from './open-database.ts';

/**
 * Spec §9.1 "only the first enrollment is ranked": the participants a close of the season and track found to be one
 * with an earlier enrollment (SAME_PARTICIPANT_PROOF_DID, docs/scoring.md "One participant under two DIDs"), as each
 * close's `season.close` audit entry records them: participant id → the enrollment ranked in its place. Every close
 * of the track counts: a later close that scores only the pending participants finds only the ties their proofs show.
 */
export function notRankedOf(db: Db, season: number, track: string): Map<string, string> {
  const rows = db.prepare("SELECT details FROM audit_log WHERE action = 'season.close' ORDER BY rowid").all() as {
    details: string;
  }[];
  const out = new Map<string, string>();
  for (const row of rows) {
    const details = JSON.parse(row.details) as {
      season?: unknown;
      track?: unknown;
      same_participant?: { ranked?: unknown; not_ranked?: unknown }[];
    };
    if (details.season !== season || details.track !== track) continue;
    for (const finding of details.same_participant ?? []) {
      if (typeof finding.ranked !== 'string' || !Array.isArray(finding.not_ranked)) continue;
      for (const id of finding.not_ranked) if (typeof id === 'string') out.set(id, finding.ranked);
    }
  }
  return out;
}
