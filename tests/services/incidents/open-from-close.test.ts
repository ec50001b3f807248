import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IncidentGroup } from '../../../main/core/incidents/group-incidents.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { addIncidentEvent, openIncidentsFromClose } from '../../../main/services/incidents/incidents.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

let folder: ReturnType<typeof tempFolder>;
let db: Db;

beforeEach(() => {
  folder = tempFolder('proveit-incidents-');
  db = openDatabase(folder.file('console.sqlite'));
  // Incidents name their close row; these tests have none, so the fixture turns foreign keys off.
  db.pragma('foreign_keys = OFF');
});
afterEach(() => {
  db.close();
  folder.remove();
});

const link = (proof: string) => ({ participant: 'p1', task: 'conf-01', assertion: 'a1', proof });
const group = (proofs: string[]): IncidentGroup => ({
  kind: 'instrument_fault',
  cause: '503',
  groupKey: 'instrument_fault/503/2026-10-12T14:00:00.000Z',
  windowStartMs: 1,
  windowEndMs: 2,
  summary: 'faults',
  links: proofs.map(link),
});
const close = (closeId: number, groups: IncidentGroup[]) =>
  openIncidentsFromClose(db, { season: 1, track: 'conformite', closeId, atMs: 1000 * closeId, actor: 'ann', groups });

describe('incidents opened by successive closes', () => {
  it('a group already open is not opened again; new items are added to it with a note', () => {
    expect(close(1, [group(['prf_a'])])).toEqual({ opened: [1], extended: [], unchanged: [] });
    expect(close(2, [group(['prf_a'])])).toEqual({ opened: [], extended: [], unchanged: [1] });
    expect(close(3, [group(['prf_a', 'prf_b'])])).toEqual({ opened: [], extended: [1], unchanged: [] });
    const [incident, ...rest] = incidentsOf(db);
    expect(rest).toEqual([]);
    expect(incident!.links.map((l) => l.proof)).toEqual(['prf_a', 'prf_b']);
    expect(incident!.events).toMatchObject([{ kind: 'note', text: expect.stringMatching(/close 3 found 1 more/) }]);
    expect(auditRows(db).map((r) => r.action)).toEqual(['incident.open', 'incident.note']);
  });

  it('a resolved group is reopened only when a close finds items it did not have', () => {
    close(1, [group(['prf_a'])]);
    expect(addIncidentEvent(db, { id: 1, kind: 'resolve', text: 'fixed', actor: 'ben', atMs: 5 }).ok).toBe(true);
    expect(close(2, [group(['prf_a'])])).toEqual({ opened: [], extended: [], unchanged: [1] });
    expect(close(3, [group(['prf_a', 'prf_c'])])).toEqual({ opened: [2], extended: [], unchanged: [] });
    expect(incidentsOf(db).map((i) => i.state)).toEqual(['resolved', 'open']);
  });
});
