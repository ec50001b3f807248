import type { Db } from './open-database.ts';

/** One recorded close (migration 5). */
export interface SeasonCloseRow {
  season: number;
  track: string;
  closedAtMs: number;
  freezeProofId: string;
  scorerVersion: string;
  rulesSha256: string;
  manifestHash: string;
  submissionsSha256: string;
  keyCommitment: string;
  trustBundleDigest: string;
  proofsSha256: string;
  scoresSha256: string;
  participants: number;
  scored: number;
  pending: number;
  outDir: string;
}

/** Records a close; the table is append-only, so every run stays listed. Returns the row id. */
export function insertSeasonClose(db: Db, row: SeasonCloseRow): number {
  const info = db
    .prepare(
      `INSERT INTO season_closes (season, track, closed_at_ms, freeze_proof_id, scorer_version, rules_sha256,
         manifest_hash, submissions_sha256, key_commitment, trust_bundle_digest, proofs_sha256, scores_sha256,
         participants, scored, pending, out_dir)
       VALUES (@season, @track, @closedAtMs, @freezeProofId, @scorerVersion, @rulesSha256, @manifestHash,
         @submissionsSha256, @keyCommitment, @trustBundleDigest, @proofsSha256, @scoresSha256, @participants, @scored,
         @pending, @outDir)`,
    )
    .run(row);
  return Number(info.lastInsertRowid);
}

interface SqlRow {
  season: number;
  track: string;
  closed_at_ms: number;
  freeze_proof_id: string;
  scorer_version: string;
  rules_sha256: string;
  manifest_hash: string;
  submissions_sha256: string;
  key_commitment: string;
  trust_bundle_digest: string;
  proofs_sha256: string;
  scores_sha256: string;
  participants: number;
  scored: number;
  pending: number;
  out_dir: string;
}

/** Every close of a season and track, oldest first. */
export function seasonClosesOf(db: Db, season: number, track: string): SeasonCloseRow[] {
  const rows = db
    .prepare('SELECT * FROM season_closes WHERE season = ? AND track = ? ORDER BY id')
    .all(season, track) as SqlRow[];
  return rows.map((r) => ({
    season: r.season,
    track: r.track,
    closedAtMs: r.closed_at_ms,
    freezeProofId: r.freeze_proof_id,
    scorerVersion: r.scorer_version,
    rulesSha256: r.rules_sha256,
    manifestHash: r.manifest_hash,
    submissionsSha256: r.submissions_sha256,
    keyCommitment: r.key_commitment,
    trustBundleDigest: r.trust_bundle_digest,
    proofsSha256: r.proofs_sha256,
    scoresSha256: r.scores_sha256,
    participants: r.participants,
    scored: r.scored,
    pending: r.pending,
    outDir: r.out_dir,
  }));
}
