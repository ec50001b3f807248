import type { Db } from './open-database.ts';

/** One publication version (migration 7): version 1 from a close, version k+1 a correction of version k. */
export interface PublicationVersionRow {
  id: number;
  season: number;
  track: string;
  version: number;
  correctsVersion: number | null;
  publishedAtMs: number;
  actor: string;
  closeId: number;
  scoresJson: Uint8Array;
  scoresSha256: string;
  bundleDigestsJson: Uint8Array;
  correctionJson: Uint8Array | null;
  auditSeq: number;
  auditHash: string;
}

export type NewPublicationVersion = Omit<PublicationVersionRow, 'id'>;

export interface PublicationReportRow {
  participantId: string;
  reportJson: Uint8Array;
  reportSha256: string;
}

interface SqlVersion {
  id: number;
  season: number;
  track: string;
  version: number;
  corrects_version: number | null;
  published_at_ms: number;
  actor: string;
  close_id: number;
  scores_json: Buffer;
  scores_sha256: string;
  bundle_digests_json: Buffer;
  correction_json: Buffer | null;
  audit_seq: number;
  audit_hash: string;
}

const bytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

function fromSql(r: SqlVersion): PublicationVersionRow {
  return {
    id: r.id,
    season: r.season,
    track: r.track,
    version: r.version,
    correctsVersion: r.corrects_version,
    publishedAtMs: r.published_at_ms,
    actor: r.actor,
    closeId: r.close_id,
    scoresJson: bytes(r.scores_json),
    scoresSha256: r.scores_sha256,
    bundleDigestsJson: bytes(r.bundle_digests_json),
    correctionJson: r.correction_json === null ? null : bytes(r.correction_json),
    auditSeq: r.audit_seq,
    auditHash: r.audit_hash,
  };
}

/** Inserts a version and the reports it publishes (all of them for version 1, the corrected ones after); returns its id. */
export function insertPublicationVersion(
  db: Db,
  row: NewPublicationVersion,
  reports: readonly PublicationReportRow[],
): number {
  const info = db
    .prepare(
      `INSERT INTO publication_versions (season, track, version, corrects_version, published_at_ms, actor, close_id,
         scores_json, scores_sha256, bundle_digests_json, correction_json, audit_seq, audit_hash)
       VALUES (@season, @track, @version, @correctsVersion, @publishedAtMs, @actor, @closeId, @scoresJson,
         @scoresSha256, @bundleDigestsJson, @correctionJson, @auditSeq, @auditHash)`,
    )
    .run({
      ...row,
      scoresJson: Buffer.from(row.scoresJson),
      bundleDigestsJson: Buffer.from(row.bundleDigestsJson),
      correctionJson: row.correctionJson === null ? null : Buffer.from(row.correctionJson),
    });
  const id = Number(info.lastInsertRowid);
  const insert = db.prepare(
    'INSERT INTO publication_reports (publication_id, participant_id, report_json, report_sha256) VALUES (?, ?, ?, ?)',
  );
  for (const r of reports) insert.run(id, r.participantId, Buffer.from(r.reportJson), r.reportSha256);
  return id;
}

/** Every version of a season and track, oldest first. */
export function publicationVersionsOf(db: Db, season: number, track: string): PublicationVersionRow[] {
  return (
    db
      .prepare('SELECT * FROM publication_versions WHERE season = ? AND track = ? ORDER BY version')
      .all(season, track) as SqlVersion[]
  ).map(fromSql);
}

/** The latest version of a season and track, or undefined before `season publish`. */
export function latestPublicationVersion(db: Db, season: number, track: string): PublicationVersionRow | undefined {
  const r = db
    .prepare('SELECT * FROM publication_versions WHERE season = ? AND track = ? ORDER BY version DESC LIMIT 1')
    .get(season, track) as SqlVersion | undefined;
  return r === undefined ? undefined : fromSql(r);
}

/** The version by id. */
export function publicationVersionById(db: Db, id: number): PublicationVersionRow | undefined {
  const r = db.prepare('SELECT * FROM publication_versions WHERE id = ?').get(id) as SqlVersion | undefined;
  return r === undefined ? undefined : fromSql(r);
}

/**
 * A participant's report as version `version` publishes it: the report stored with the latest version up to
 * `version` that holds one (version 1 holds every report; a correction holds the reports it corrects).
 */
export function publishedReport(
  db: Db,
  season: number,
  track: string,
  version: number,
  participantId: string,
): (PublicationReportRow & { version: number; publicationId: number }) | undefined {
  const r = db
    .prepare(
      `SELECT r.participant_id, r.report_json, r.report_sha256, v.version, v.id
         FROM publication_reports r JOIN publication_versions v ON v.id = r.publication_id
        WHERE v.season = ? AND v.track = ? AND v.version <= ? AND r.participant_id = ?
        ORDER BY v.version DESC LIMIT 1`,
    )
    .get(season, track, version, participantId) as
    { participant_id: string; report_json: Buffer; report_sha256: string; version: number; id: number } | undefined;
  return r === undefined
    ? undefined
    : {
        participantId: r.participant_id,
        reportJson: bytes(r.report_json),
        reportSha256: r.report_sha256,
        version: r.version,
        publicationId: r.id,
      };
}

/** The reports stored with one version (every report for version 1, the corrected ones for a correction). */
export function reportsOfVersion(db: Db, publicationId: number): PublicationReportRow[] {
  return (
    db
      .prepare(
        'SELECT participant_id, report_json, report_sha256 FROM publication_reports WHERE publication_id = ? ORDER BY participant_id',
      )
      .all(publicationId) as { participant_id: string; report_json: Buffer; report_sha256: string }[]
  ).map((r) => ({ participantId: r.participant_id, reportJson: bytes(r.report_json), reportSha256: r.report_sha256 }));
}

/** The latest close of a season and track (migration 5) with its row id, or undefined. */
export function latestSeasonClose(
  db: Db,
  season: number,
  track: string,
): { id: number; outDir: string; scoresSha256: string; closedAtMs: number } | undefined {
  const r = db
    .prepare(
      'SELECT id, out_dir, scores_sha256, closed_at_ms FROM season_closes WHERE season = ? AND track = ? ORDER BY id DESC LIMIT 1',
    )
    .get(season, track) as { id: number; out_dir: string; scores_sha256: string; closed_at_ms: number } | undefined;
  return r === undefined
    ? undefined
    : { id: r.id, outDir: r.out_dir, scoresSha256: r.scores_sha256, closedAtMs: r.closed_at_ms };
}

/** The latest close of every season and track that has one, by season then track. */
export function latestSeasonCloses(db: Db): { season: number; track: string; id: number; outDir: string }[] {
  const rows = db
    .prepare(
      'SELECT season, track, id, out_dir FROM season_closes WHERE id IN (SELECT max(id) FROM season_closes GROUP BY season, track) ORDER BY season, track',
    )
    .all() as { season: number; track: string; id: number; out_dir: string }[];
  return rows.map((r) => ({ season: r.season, track: r.track, id: r.id, outDir: r.out_dir }));
}

/** A close by id: where its bundle is. */
export function seasonCloseById(db: Db, id: number): { id: number; outDir: string; scoresSha256: string } | undefined {
  const r = db.prepare('SELECT id, out_dir, scores_sha256 FROM season_closes WHERE id = ?').get(id) as
    { id: number; out_dir: string; scores_sha256: string } | undefined;
  return r === undefined ? undefined : { id: r.id, outDir: r.out_dir, scoresSha256: r.scores_sha256 };
}

/**
 * The report of a participant as a close wrote it, in the latest version up to `upToVersion` that published one from
 * a close (version 1, or a version that publishes a later close's figures), with that version's close id: where
 * the dispute evidence is recomputed from. Reports of dispute corrections are skipped.
 */
export function closeReportOf(
  db: Db,
  season: number,
  track: string,
  upToVersion: number,
  participantId: string,
): { closeId: number; version: number; reportJson: Uint8Array } | undefined {
  const rows = db
    .prepare(
      `SELECT v.version, v.close_id, v.correction_json, r.report_json
         FROM publication_reports r JOIN publication_versions v ON v.id = r.publication_id
        WHERE v.season = ? AND v.track = ? AND v.version <= ? AND r.participant_id = ?
        ORDER BY v.version DESC`,
    )
    .all(season, track, upToVersion, participantId) as {
    version: number;
    close_id: number;
    correction_json: Buffer | null;
    report_json: Buffer;
  }[];
  for (const r of rows) {
    const record =
      r.correction_json === null ? null : (JSON.parse(r.correction_json.toString('utf8')) as { disputes?: unknown[] });
    if (record === null || (Array.isArray(record.disputes) && record.disputes.length === 0))
      return { closeId: r.close_id, version: r.version, reportJson: bytes(r.report_json) };
  }
  return undefined;
}

/** Every season and track with at least one publication version (of one season and/or track), by season then track. */
export function publishedTracks(
  db: Db,
  filter: { season?: number; track?: string } = {},
): { season: number; track: string }[] {
  return (
    db
      .prepare(
        `SELECT DISTINCT season, track FROM publication_versions
          WHERE (@season IS NULL OR season = @season) AND (@track IS NULL OR track = @track) ORDER BY season, track`,
      )
      .all({ season: filter.season ?? null, track: filter.track ?? null }) as { season: number; track: string }[]
  ).map((r) => ({ season: r.season, track: r.track }));
}
