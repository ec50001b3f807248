import type { Db } from './open-database.ts';

/** The latest display name the operator set for a participant of a season (spec §7.2), or undefined. */
export interface DisplayNameRow {
  participantId: string;
  displayName: string;
  setAtMs: number;
  actor: string;
}

/** A participant marked a reference run by the operator (spec §7.1), the latest mark in force. */
export interface ReferenceRunRow {
  participantId: string;
  model: string;
  modelVersion: string;
  framework: string;
  prompt: Uint8Array;
  promptSha256: string;
  markedAtMs: number;
  actor: string;
}

/** One exported Index version (migration 8). */
export interface IndexVersionRow {
  season: number;
  indexVersion: number;
  correctsVersion: number | null;
  exportedAtMs: number;
  actor: string;
  keyId: string;
  /** canonical JSON {track: publication version} of the publications it shows. */
  publicationsJson: string;
  indexJson: Uint8Array;
  indexSha256: string;
}

const bytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export function insertDisplayName(db: Db, season: number, row: DisplayNameRow): void {
  db.prepare(
    'INSERT INTO participant_display_names (season, participant_id, display_name, set_at_ms, actor) VALUES (?, ?, ?, ?, ?)',
  ).run(season, row.participantId, row.displayName, row.setAtMs, row.actor);
}

/** participant id → the display name in force (the latest row). */
export function displayNamesOf(db: Db, season: number): Map<string, string> {
  const rows = db
    .prepare('SELECT participant_id, display_name FROM participant_display_names WHERE season = ? ORDER BY id')
    .all(season) as { participant_id: string; display_name: string }[];
  return new Map(rows.map((r) => [r.participant_id, r.display_name]));
}

/** Spec §7.1: the stack the operator declares for a participant (migration 17), shown instead of the enrolled one. */
export function insertDeclaredStack(
  db: Db,
  season: number,
  row: { participantId: string; declaredStack: string; setAtMs: number; actor: string },
): void {
  db.prepare(
    'INSERT INTO participant_declared_stacks (season, participant_id, declared_stack, set_at_ms, actor) VALUES (?, ?, ?, ?, ?)',
  ).run(season, row.participantId, row.declaredStack, row.setAtMs, row.actor);
}

/** participant id → the declared stack in force (the latest row). */
export function declaredStacksOf(db: Db, season: number): Map<string, string> {
  const rows = db
    .prepare('SELECT participant_id, declared_stack FROM participant_declared_stacks WHERE season = ? ORDER BY id')
    .all(season) as { participant_id: string; declared_stack: string }[];
  return new Map(rows.map((r) => [r.participant_id, r.declared_stack]));
}

export function insertReferenceRun(db: Db, season: number, row: ReferenceRunRow): void {
  db.prepare(
    `INSERT INTO reference_runs (season, participant_id, model, model_version, framework, prompt, prompt_sha256,
       marked_at_ms, actor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    season,
    row.participantId,
    row.model,
    row.modelVersion,
    row.framework,
    Buffer.from(row.prompt),
    row.promptSha256,
    row.markedAtMs,
    row.actor,
  );
}

/** participant id → the reference-run mark in force (the latest row). */
export function referenceRunsOf(db: Db, season: number): Map<string, ReferenceRunRow> {
  const rows = db.prepare('SELECT * FROM reference_runs WHERE season = ? ORDER BY id').all(season) as {
    participant_id: string;
    model: string;
    model_version: string;
    framework: string;
    prompt: Buffer;
    prompt_sha256: string;
    marked_at_ms: number;
    actor: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.participant_id,
      {
        participantId: r.participant_id,
        model: r.model,
        modelVersion: r.model_version,
        framework: r.framework,
        prompt: bytes(r.prompt),
        promptSha256: r.prompt_sha256,
        markedAtMs: r.marked_at_ms,
        actor: r.actor,
      },
    ]),
  );
}

/** The public half of the operator's signing key (the private half is never in the database). */
export function insertSigningKey(db: Db, keyId: string, publicKeyHex: string, createdAtMs: number): void {
  db.prepare('INSERT OR IGNORE INTO index_signing_keys (key_id, public_key_hex, created_at_ms) VALUES (?, ?, ?)').run(
    keyId,
    publicKeyHex,
    createdAtMs,
  );
}

export function signingKeyKnown(db: Db, keyId: string): boolean {
  return db.prepare('SELECT 1 FROM index_signing_keys WHERE key_id = ?').get(keyId) !== undefined;
}

interface SqlIndexVersion {
  season: number;
  index_version: number;
  corrects_version: number | null;
  exported_at_ms: number;
  actor: string;
  key_id: string;
  publications_json: string;
  index_json: Buffer;
  index_sha256: string;
}

function fromSql(r: SqlIndexVersion): IndexVersionRow {
  return {
    season: r.season,
    indexVersion: r.index_version,
    correctsVersion: r.corrects_version,
    exportedAtMs: r.exported_at_ms,
    actor: r.actor,
    keyId: r.key_id,
    publicationsJson: r.publications_json,
    indexJson: bytes(r.index_json),
    indexSha256: r.index_sha256,
  };
}

export function insertIndexVersion(db: Db, row: IndexVersionRow): void {
  db.prepare(
    `INSERT INTO index_versions (season, index_version, corrects_version, exported_at_ms, actor, key_id,
       publications_json, index_json, index_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.season,
    row.indexVersion,
    row.correctsVersion,
    row.exportedAtMs,
    row.actor,
    row.keyId,
    row.publicationsJson,
    Buffer.from(row.indexJson),
    row.indexSha256,
  );
}

export function latestIndexVersion(db: Db, season: number): IndexVersionRow | undefined {
  const r = db
    .prepare('SELECT * FROM index_versions WHERE season = ? ORDER BY index_version DESC LIMIT 1')
    .get(season) as SqlIndexVersion | undefined;
  return r === undefined ? undefined : fromSql(r);
}

export function indexVersionOf(db: Db, season: number, version: number): IndexVersionRow | undefined {
  const r = db.prepare('SELECT * FROM index_versions WHERE season = ? AND index_version = ?').get(season, version) as
    SqlIndexVersion | undefined;
  return r === undefined ? undefined : fromSql(r);
}

/** Salts and answer keys of the season's freezes not yet revealed: secrets no export may hold (docs/freeze.md). */
export function unrevealedSeals(db: Db, season: number): { proofId: string; saltHex: string; answerKey: string }[] {
  return (
    db
      .prepare(
        `SELECT s.proof_id, s.salt_hex, s.answer_key FROM freeze_seals s JOIN freezes f ON f.proof_id = s.proof_id
          WHERE f.season = ? AND NOT EXISTS (SELECT 1 FROM freeze_reveals r WHERE r.proof_id = s.proof_id)`,
      )
      .all(season) as { proof_id: string; salt_hex: string; answer_key: string }[]
  ).map((r) => ({ proofId: r.proof_id, saltHex: r.salt_hex, answerKey: r.answer_key }));
}

/** The latest exported Index version of every season that has one, by season. */
export function latestIndexVersions(db: Db): IndexVersionRow[] {
  const seasons = db.prepare('SELECT DISTINCT season FROM index_versions ORDER BY season').all() as {
    season: number;
  }[];
  return seasons.map((s) => latestIndexVersion(db, s.season)).filter((r): r is IndexVersionRow => r !== undefined);
}
