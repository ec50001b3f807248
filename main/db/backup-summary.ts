import type { Db } from './open-database.ts';

/** One freeze as a backup's report lists it: public fields only (never the salt or the answer key). */
export interface BackupFreeze {
  proofId: string;
  season: number;
  track: string;
  createdAtMs: number;
  replaces: string | null;
  revealedAtMs: number | null;
}

/** What a database holds, as `proveit backup verify` reports it (docs/operator-database.md "Backups"). */
export interface BackupSummary {
  freezes: BackupFreeze[];
  closes: { season: number; track: string; count: number; lastClosedAtMs: number }[];
  publications: { season: number; track: string; latestVersion: number }[];
  auditEntries: number;
}

export function backupSummary(db: Db): BackupSummary {
  const freezes = db
    .prepare(
      `SELECT f.proof_id AS proofId, f.season, f.track, f.created_at_ms AS createdAtMs, f.replaces,
              r.revealed_at_ms AS revealedAtMs
         FROM freezes f LEFT JOIN freeze_reveals r ON r.proof_id = f.proof_id
        ORDER BY f.season, f.track, f.created_at_ms`,
    )
    .all() as BackupFreeze[];
  const closes = db
    .prepare(
      `SELECT season, track, count(*) AS count, max(closed_at_ms) AS lastClosedAtMs
         FROM season_closes GROUP BY season, track ORDER BY season, track`,
    )
    .all() as BackupSummary['closes'];
  const publications = db
    .prepare(
      `SELECT season, track, max(version) AS latestVersion
         FROM publication_versions GROUP BY season, track ORDER BY season, track`,
    )
    .all() as BackupSummary['publications'];
  const audit = db.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number };
  return { freezes, closes, publications, auditEntries: audit.n };
}
