import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../../../main/core/hash/sha256.ts';
import { openDatabase, type Db } from '../../../../main/db/open-database.ts';

export const SCORES = `${JSON.stringify({ participants: [{ participant_id: 'p1', status: 'scored' }] })}\n`;
export const REPORT = `${JSON.stringify({
  participant_id: 'p1',
  status: 'scored',
  tasks: [{ task_id: 't1', status: 'submitted' }],
  assertions: [{ task_id: 't1', assertion_id: 'a1', status: 'unsupported' }],
})}\n`;

/**
 * A close's output written by hand (scores.json, one report, a bundle holding only expected/ copies) and recorded in a
 * fresh database, season 1 `conformite`: enough for publishing and its preview, which check bytes and digests, not
 * the scoring (docs/publications.md). `edit` changes the output before it is recorded (a file altered or removed);
 * `dir` is the test's folder to remove; `out` the close's output folder.
 */
export function recordedClose(edit: (out: string) => void = () => {}): { db: Db; dir: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'recorded-close-'));
  const out = join(dir, 'close');
  mkdirSync(join(out, 'reports'), { recursive: true });
  mkdirSync(join(out, 'bundle', 'expected', 'reports'), { recursive: true });
  writeFileSync(join(out, 'scores.json'), SCORES);
  writeFileSync(join(out, 'reports', 'p1.json'), REPORT);
  writeFileSync(join(out, 'bundle', 'expected', 'scores.json'), SCORES);
  writeFileSync(join(out, 'bundle', 'expected', 'reports', 'p1.json'), REPORT);
  edit(out);
  const db = openDatabase(join(dir, 'console.sqlite'));
  // The close row names a freeze proof this database does not hold: the preview reads the close, not the freeze.
  db.pragma('foreign_keys = OFF');
  db.prepare(
    `INSERT INTO season_closes (season, track, closed_at_ms, freeze_proof_id, scorer_version, rules_sha256,
       manifest_hash, submissions_sha256, key_commitment, trust_bundle_digest, proofs_sha256, scores_sha256,
       participants, scored, pending, out_dir)
     VALUES (1, 'conformite', 0, 'prf_x', 's', 'r', 'm', 'u', 'k', 't', 'p', ?, 1, 1, 0, ?)`,
  ).run(sha256Hex(new TextEncoder().encode(SCORES)), out);
  return { db, dir, out };
}
