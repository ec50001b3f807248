import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAudit, auditRows } from '../../../main/db/audit-log.ts';
import { verifyAuditLog } from '../../../main/services/audit/verify-audit-log.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { addIncidentEvent, openIncidentsFromClose } from '../../../main/services/incidents/incidents.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

let folder: ReturnType<typeof tempFolder>;
let db: Db;

beforeEach(() => {
  folder = tempFolder('proveit-incident-assign-');
  db = openDatabase(folder.file('console.sqlite'));
  // Incidents name their close row; these tests have none, so the fixture turns foreign keys off.
  db.pragma('foreign_keys = OFF');
  openIncidentsFromClose(db, {
    season: 1,
    track: 'conformite',
    closeId: 1,
    atMs: 1000,
    actor: 'ann',
    groups: [
      {
        kind: 'instrument_fault',
        cause: '503',
        groupKey: 'instrument_fault/503/2026-10-12T14:00:00.000Z',
        windowStartMs: 1,
        windowEndMs: 2,
        summary: 'faults',
        links: [{ participant: 'p1', task: 'conf-01', assertion: 'a1', proof: 'prf_a' }],
      },
    ],
  });
});
afterEach(() => {
  db.close();
  folder.remove();
});

describe('the audit action of an incident’s new owner', () => {
  it('a new owner is audited as incident.assign, a note as incident.note', () => {
    expect(addIncidentEvent(db, { id: 1, kind: 'note', text: 'looked at it', actor: 'ben', atMs: 2000 }).ok).toBe(true);
    expect(addIncidentEvent(db, { id: 1, kind: 'owner', text: 'Chris', actor: 'ben', atMs: 3000 }).ok).toBe(true);
    const rows = auditRows(db);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['incident.open', expect.any(String)],
      ['incident.note', 'incident 1 noted: looked at it'],
      ['incident.assign', 'incident 1 assigned to Chris'],
    ]);
    expect(verifyAuditLog(db).ok).toBe(true);
  });

  it('an owner recorded as incident.note before incident.assign existed keeps its action, and the chain verifies', () => {
    // An entry as an earlier console wrote it: the log is never rewritten, so the old action stands beside the new one.
    appendAudit(db, {
      atMs: 2000,
      actor: 'ben',
      action: 'incident.note',
      summary: 'incident 1 assigned to Chris',
      details: pyObjectFrom([['event', 'owner']]),
    });
    expect(addIncidentEvent(db, { id: 1, kind: 'owner', text: 'Dana', actor: 'ben', atMs: 3000 }).ok).toBe(true);
    expect(auditRows(db).map((r) => r.action)).toEqual(['incident.open', 'incident.note', 'incident.assign']);
    expect(verifyAuditLog(db).ok).toBe(true);
  });
});
