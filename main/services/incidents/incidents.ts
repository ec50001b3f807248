import type { IncidentGroup, IncidentKind, IncidentLink } from '../../core/incidents/group-incidents.ts';
import { checkResolvable, checkWindow, writtenText, type IncidentCode } from '../../core/incidents/incident-rules.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit } from '../../db/audit-log.ts';
import {
  incidentById,
  incidentsOfGroup,
  insertIncident,
  insertIncidentEvent,
  insertIncidentLinks,
} from '../../db/incidents.ts';
import type { IncidentRow, StoredIncident } from '../../core/incidents/incident-record.ts';
import type { Db } from '../../db/open-database.ts';
import { inTransaction, Refused } from '../refused.ts';

const linkKey = (l: IncidentLink) => JSON.stringify([l.participant, l.task, l.assertion, l.proof]);

const int = (n: number) => BigInt(n);
const intOrNull = (n: number | null): PyJson => (n === null ? null : BigInt(n));

function incidentDetails(id: number, i: IncidentRow, links: number): PyObject {
  return pyObjectFrom([
    ['incident_id', int(id)],
    ['season', int(i.season)],
    ['track', i.track],
    ['kind', i.kind],
    ['cause', i.cause],
    ['group_key', i.groupKey],
    ['window_start_ms', intOrNull(i.windowStartMs)],
    ['window_end_ms', intOrNull(i.windowEndMs)],
    ['owner', i.owner],
    ['opened_by', i.openedBy],
    ['close_id', intOrNull(i.closeId)],
    ['links', int(links)],
  ]);
}

export interface CloseIncidents {
  /** New incidents. */
  opened: number[];
  /** Incidents already open for the same group that this close added links to. */
  extended: number[];
  /** Groups already open (or resolved) with nothing new: left as they are. */
  unchanged: number[];
}

/** What a close (or the season's reads) found for one season and track, grouped (group-incidents.ts). */
export interface FoundIncidents {
  season: number;
  track: string;
  /** The close row; null for a refused close and for the season's reads. */
  closeId: number | null;
  atMs: number;
  actor: string;
  groups: readonly IncidentGroup[];
}

/**
 * Opens the incidents a close found (grouped by main/core/incidents/group-incidents.ts), in the caller's transaction
 * (the close's, with its audit entry). A group already open for this season and track is not opened again: the
 * close's new links are added to it with a note. A group whose incident was resolved opens a new incident only when
 * the close finds links the resolved one did not have. `closeId` is null for a close refused before it recorded a
 * row (its stored bytes did not match their digests: docs/operator-database.md "Stored bytes digests"), whose incident
 * is the only record it leaves.
 */
export function openIncidentsFromClose(db: Db, close: FoundIncidents): CloseIncidents {
  return openFoundIncidents(db, {
    ...close,
    openedBy: 'close',
    by: close.closeId === null ? 'a refused close' : `close ${close.closeId}`,
  });
}

/**
 * Opens the incidents the season's reads found (docs/incidents.md "During the season"), by the same
 * rule and group keys as a close: one already open gains the new links with a note, so the close that follows finds
 * it open and adds only what the season did not see. The notes and the audit log name the cycle by its start.
 */
export function openIncidentsFromFollow(db: Db, follow: Omit<FoundIncidents, 'closeId'>): CloseIncidents {
  const by = `the season's reads of ${new Date(follow.atMs).toISOString()}`;
  return openFoundIncidents(db, { ...follow, closeId: null, openedBy: 'follow', by });
}

function openFoundIncidents(
  db: Db,
  close: FoundIncidents & {
    openedBy: 'close' | 'follow';
    /** How the notes and the audit log name what found them: "close 3", "a refused close", "the season's reads of …". */
    by: string;
  },
): CloseIncidents {
  const outcome: CloseIncidents = { opened: [], extended: [], unchanged: [] };
  const byClose = close.by;
  for (const group of close.groups) {
    const existing = incidentsOfGroup(db, close.season, close.track, group.groupKey);
    const open = existing.find((i) => i.state === 'open');
    const known = new Set(existing.flatMap((i) => i.links.map(linkKey)));
    const fresh = group.links.filter((l) => !known.has(linkKey(l)));
    if (open) {
      if (fresh.length === 0) {
        outcome.unchanged.push(open.id);
        continue;
      }
      insertIncidentLinks(db, open.id, fresh);
      const text = `${byClose} found ${fresh.length} more affected item(s) of this group`;
      insertIncidentEvent(db, open.id, { atMs: close.atMs, actor: close.actor, kind: 'note', text });
      appendAudit(db, {
        atMs: close.atMs,
        actor: close.actor,
        action: 'incident.note',
        summary: `incident ${open.id}: ${text}`,
        details: pyObjectFrom([
          ['incident_id', int(open.id)],
          ['close_id', intOrNull(close.closeId)],
          ['links_added', int(fresh.length)],
        ]),
      });
      outcome.extended.push(open.id);
      continue;
    }
    if (existing.length > 0 && fresh.length === 0) {
      outcome.unchanged.push(existing.at(-1)!.id);
      continue;
    }
    const row = {
      season: close.season,
      track: close.track,
      kind: group.kind,
      cause: group.cause,
      groupKey: group.groupKey,
      windowStartMs: group.windowStartMs,
      windowEndMs: group.windowEndMs,
      owner: close.actor,
      openedAtMs: close.atMs,
      openedBy: close.openedBy,
      openedByActor: close.actor,
      closeId: close.closeId,
      summary: group.summary,
    };
    const id = insertIncident(db, row, group.links);
    appendAudit(db, {
      atMs: close.atMs,
      actor: close.actor,
      action: 'incident.open',
      summary: `incident ${id} opened by ${byClose}: ${group.summary}`,
      details: incidentDetails(id, row, group.links.length),
    });
    outcome.opened.push(id);
  }
  return outcome;
}

export interface OpenIncidentRequest {
  season: number;
  track: string;
  kind: IncidentKind;
  cause: string;
  summary: string;
  owner: string;
  /** Entered by hand: recorded as such in the audit log. */
  windowStartMs: number | null;
  windowEndMs: number | null;
  links: readonly IncidentLink[];
  actor: string;
  atMs: number;
}

/** `proveit incident open`: an incident opened by hand, with its audit entry, in one transaction. */
export function openIncident(db: Db, request: OpenIncidentRequest): Result<StoredIncident, IncidentCode> {
  const summary = writtenText('INCIDENT_SUMMARY_REQUIRED', 'the summary', request.summary);
  if (!summary.ok) return summary;
  const window = checkWindow(request.windowStartMs, request.windowEndMs);
  if (!window.ok) return window;
  const written = inTransaction<number, IncidentCode>(db, () => {
    const row = {
      season: request.season,
      track: request.track,
      kind: request.kind,
      cause: request.cause,
      // A hand-opened incident is its own group: a close never merges into it.
      groupKey: `operator/${request.kind}/${request.atMs}`,
      windowStartMs: request.windowStartMs,
      windowEndMs: request.windowEndMs,
      owner: request.owner,
      openedAtMs: request.atMs,
      openedBy: 'operator' as const,
      openedByActor: request.actor,
      closeId: null,
      summary: summary.value,
    };
    const newId = insertIncident(db, row, request.links);
    const details = incidentDetails(newId, row, request.links.length);
    const handEntered = [
      ...(request.windowStartMs === null ? [] : ['window_start_ms']),
      ...(request.windowEndMs === null ? [] : ['window_end_ms']),
    ];
    if (handEntered.length > 0) details['hand_entered_times'] = handEntered;
    appendAudit(db, {
      atMs: request.atMs,
      actor: request.actor,
      action: 'incident.open',
      summary: `incident ${newId} opened by hand: ${summary.value}`,
      details,
    });
    return newId;
  });
  return written.ok ? ok(incidentById(db, written.value)!) : written;
}

const EVENT_WORDING = {
  note: { code: 'INCIDENT_NOTE_REQUIRED', what: 'the note', done: 'noted', action: 'incident.note' },
  resolve: {
    code: 'INCIDENT_RESOLUTION_REQUIRED',
    what: 'the resolution',
    done: 'resolved',
    action: 'incident.resolve',
  },
  owner: {
    code: 'INCIDENT_OWNER_REQUIRED',
    what: 'the new owner',
    done: 'assigned to',
    action: 'incident.assign',
  },
} as const;

/**
 * `proveit incident note`, `resolve` and `assign`: one event row and its audit entry, in one IMMEDIATE transaction,
 * so two operators cannot both resolve the same incident. A note is allowed on a resolved incident; a resolution or a
 * new owner is not (INCIDENT_ALREADY_RESOLVED). A change of owner is audited as `incident.assign`
 * (entries written before that action existed say `incident.note`, and keep it: the log is never rewritten).
 */
export function addIncidentEvent(
  db: Db,
  change: { id: number; kind: 'note' | 'resolve' | 'owner'; text: string | undefined; actor: string; atMs: number },
): Result<StoredIncident, IncidentCode> {
  const wording = EVENT_WORDING[change.kind];
  const text = writtenText(wording.code, wording.what, change.text);
  if (!text.ok) return text;
  return inTransaction<StoredIncident, IncidentCode>(db, () => {
    const current = incidentById(db, change.id);
    if (change.kind !== 'note') {
      const allowed = checkResolvable(change.id, current?.state ?? null);
      if (!allowed.ok) throw new Refused(allowed.error);
    } else if (current === null) {
      throw new Refused(
        fail('INCIDENT_NOT_FOUND', `no incident ${change.id} in this database`, { id: change.id }).error,
      );
    }
    insertIncidentEvent(db, change.id, {
      atMs: change.atMs,
      actor: change.actor,
      kind: change.kind,
      text: text.value,
    });
    appendAudit(db, {
      atMs: change.atMs,
      actor: change.actor,
      action: wording.action,
      summary: `incident ${change.id} ${wording.done}${change.kind === 'owner' ? ' ' : ': '}${text.value}`,
      details: pyObjectFrom([
        ['incident_id', int(change.id)],
        ['season', int(current!.season)],
        ['track', current!.track],
        ['kind', current!.kind],
        ['event', change.kind],
      ]),
    });
    return incidentById(db, change.id)!;
  });
}
