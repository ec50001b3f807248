import type { IncidentKind, IncidentLink } from '../core/incidents/group-incidents.ts';
import type {
  IncidentEvent,
  IncidentEventKind,
  IncidentRow,
  StoredIncident,
} from '../core/incidents/incident-record.ts';
import type { Db } from './open-database.ts';

interface IncidentSql {
  id: number;
  season: number;
  track: string;
  kind: IncidentKind;
  cause: string;
  group_key: string;
  window_start_ms: number | null;
  window_end_ms: number | null;
  owner: string;
  opened_at_ms: number;
  opened_by: 'close' | 'operator';
  opened_by_actor: string;
  close_id: number | null;
  summary: string;
}

/** Records an incident and its links; returns its id. Run it in the caller's transaction with its audit entry. */
export function insertIncident(db: Db, row: IncidentRow, links: readonly IncidentLink[]): number {
  const info = db
    .prepare(
      `INSERT INTO incidents (season, track, kind, cause, group_key, window_start_ms, window_end_ms, owner,
         opened_at_ms, opened_by, opened_by_actor, close_id, summary)
       VALUES (@season, @track, @kind, @cause, @groupKey, @windowStartMs, @windowEndMs, @owner, @openedAtMs,
         @openedBy, @openedByActor, @closeId, @summary)`,
    )
    .run(row);
  const id = Number(info.lastInsertRowid);
  insertIncidentLinks(db, id, links);
  return id;
}

export function insertIncidentLinks(db: Db, incidentId: number, links: readonly IncidentLink[]): void {
  const insert = db.prepare(
    'INSERT INTO incident_links (incident_id, participant, task, assertion, proof) VALUES (?, ?, ?, ?, ?)',
  );
  for (const l of links) insert.run(incidentId, l.participant, l.task, l.assertion, l.proof);
}

export function insertIncidentEvent(db: Db, incidentId: number, event: IncidentEvent): void {
  db.prepare('INSERT INTO incident_events (incident_id, at_ms, actor, kind, text) VALUES (?, ?, ?, ?, ?)').run(
    incidentId,
    event.atMs,
    event.actor,
    event.kind,
    event.text,
  );
}

function eventsOf(db: Db, id: number): IncidentEvent[] {
  return (
    db.prepare('SELECT at_ms, actor, kind, text FROM incident_events WHERE incident_id = ? ORDER BY id').all(id) as {
      at_ms: number;
      actor: string;
      kind: IncidentEventKind;
      text: string;
    }[]
  ).map((e) => ({ atMs: e.at_ms, actor: e.actor, kind: e.kind, text: e.text }));
}

function linksOf(db: Db, id: number): IncidentLink[] {
  return db
    .prepare('SELECT participant, task, assertion, proof FROM incident_links WHERE incident_id = ? ORDER BY id')
    .all(id) as IncidentLink[];
}

function fromSql(db: Db, r: IncidentSql): StoredIncident {
  const events = eventsOf(db, r.id);
  const resolution = events.find((e) => e.kind === 'resolve') ?? null;
  const owners = events.filter((e) => e.kind === 'owner');
  return {
    id: r.id,
    season: r.season,
    track: r.track,
    kind: r.kind,
    cause: r.cause,
    groupKey: r.group_key,
    windowStartMs: r.window_start_ms,
    windowEndMs: r.window_end_ms,
    owner: r.owner,
    openedAtMs: r.opened_at_ms,
    openedBy: r.opened_by,
    openedByActor: r.opened_by_actor,
    closeId: r.close_id,
    summary: r.summary,
    state: resolution === null ? 'open' : 'resolved',
    currentOwner: owners.at(-1)?.text ?? r.owner,
    resolution,
    events,
    links: linksOf(db, r.id),
  };
}

export function incidentById(db: Db, id: number): StoredIncident | null {
  const row = db.prepare('SELECT * FROM incidents WHERE id = ?').get(id) as IncidentSql | undefined;
  return row ? fromSql(db, row) : null;
}

/** Incidents, oldest first, of a season and/or track when given. */
export function incidentsOf(db: Db, filter: { season?: number; track?: string } = {}): StoredIncident[] {
  const rows = db
    .prepare(
      `SELECT * FROM incidents WHERE (@season IS NULL OR season = @season) AND (@track IS NULL OR track = @track)
       ORDER BY id`,
    )
    .all({ season: filter.season ?? null, track: filter.track ?? null }) as IncidentSql[];
  return rows.map((r) => fromSql(db, r));
}

/** The incidents of one group of a season and track, oldest first (a later close looks for an open one). */
export function incidentsOfGroup(db: Db, season: number, track: string, groupKey: string): StoredIncident[] {
  const rows = db
    .prepare('SELECT * FROM incidents WHERE season = ? AND track = ? AND group_key = ? ORDER BY id')
    .all(season, track, groupKey) as IncidentSql[];
  return rows.map((r) => fromSql(db, r));
}
