import { afterAll, describe, expect, it } from 'vitest';
import type { LiveSeason, LiveTrack } from '../../../main/core/follow/model.ts';
import { insertFollowCycle } from '../../../main/db/follow-cycles.ts';
import { insertIncident, insertIncidentEvent } from '../../../main/db/incidents.ts';
import type { IncidentRow } from '../../../main/core/incidents/incident-record.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { insertReadResult, reserveRead } from '../../../main/db/read-ledger.ts';
import { liveSeason } from '../../../main/services/follow/live-season.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

const folder = tempFolder('proveit-live-');
afterAll(() => folder.remove());

const HOUR = 3_600_000;
const NOW = Date.parse('2026-10-10T12:34:00.000Z');
const FOLLOWING: LiveSeason['follow'] = {
  state: 'following',
  reason: null,
  cycle: 2,
  last_cycle_at: '2026-10-10T12:30:00.000Z',
  next_cycle_at: '2026-10-10T12:40:00.000Z',
  last_failure: null,
  cycle_running: false,
  every_seconds: 600,
  until: '2026-10-29T08:20:00.000Z',
};

const track = (cited: number): LiveTrack => ({
  track: 'conformite',
  opens_at: '2026-10-01T08:00:00.000Z',
  closes_at: '2026-10-29T08:00:00.000Z',
  enrolled: 3,
  submitting: 2,
  tasks: [
    { task_id: 'conf-01', submissions_in_force: 2 },
    { task_id: 'conf-02', submissions_in_force: 1 },
  ],
  cited,
  read: cited - 1,
  pending: 1,
  not_yet_read: 0,
  backlog_at_close: { ids: 0, reads: 0 },
});

function cycle(db: Db, season: number, at: number, tracks: LiveTrack[]): number {
  return insertFollowCycle(db, {
    season,
    startedAtMs: at,
    finishedAtMs: at + 1_000,
    exportTakenAt: new Date(at).toISOString(),
    outcome: 'done',
    cited: tracks.reduce((n, t) => n + t.cited, 0),
    readNow: 1,
    cached: 0,
    pending: 1,
    notYetRead: 0,
    readsThisCycle: 1,
    readsLeftInWindow: 99,
    nextCycleAtMs: at + 600_000,
    failure: null,
    tracks,
    actor: 'console',
  });
}

/** A POST /v1/proofs read reserved (and answered) at `at`, as the fetcher records it. */
function read(db: Db, at: number, endpoint = 'POST /v1/proofs'): void {
  const granted = reserveRead(
    db,
    { endpoint, baseUrl: 'http://127.0.0.1:1', proofIds: ['prf_20261010_120000_000001'] },
    { limit: 1_000, windowMs: HOUR },
    () => at,
  );
  if (!granted.granted) throw new Error('read refused');
  insertReadResult(db, {
    readId: granted.readId,
    finishedAt: at + 100,
    statusCode: 200,
    errorCode: null,
    retryAfterMs: null,
    body: null,
  });
}

const incident = (season: number, openedBy: IncidentRow['openedBy']): IncidentRow => ({
  season,
  track: 'conformite',
  kind: 'instrument_fault',
  cause: 'http_503',
  groupKey: `instrument_fault/http_503/${openedBy}`,
  windowStartMs: NOW - HOUR,
  windowEndMs: NOW,
  owner: 'staff',
  openedAtMs: NOW - HOUR,
  openedBy,
  openedByActor: 'console',
  closeId: null,
  summary: 'cited proofs hold the corpus 503 body',
});

describe('the live season (season.live)', () => {
  it('shows the tracks of the latest cycle of the season asked, not an earlier cycle or another season', () => {
    const db = openDatabase(folder.file('tracks.sqlite'));
    cycle(db, 1, NOW - 2 * 600_000, [track(4)]);
    cycle(db, 1, NOW - 600_000, [track(7)]);
    cycle(db, 2, NOW - 300_000, [track(40)]);
    const live = liveSeason(db, { season: 1, now: NOW, follow: FOLLOWING });
    expect(live.season).toBe(1);
    expect(live.at).toBe(new Date(NOW).toISOString());
    expect(live.follow).toEqual(FOLLOWING);
    expect(live.tracks).toEqual([track(7)]);
    db.close();
  });

  it('before any cycle, and with no season to follow, there is no track and no incident', () => {
    const db = openDatabase(folder.file('empty.sqlite'));
    insertIncident(db, incident(1, 'follow'), []);
    expect(liveSeason(db, { season: 1, now: NOW, follow: FOLLOWING }).tracks).toEqual([]);
    const none = liveSeason(db, { season: null, now: NOW, follow: { ...FOLLOWING, state: 'no_open_track' } });
    expect(none.tracks).toEqual([]);
    expect(none.incidents).toEqual([]);
    expect(none.reads_per_hour).toHaveLength(24);
    db.close();
  });

  it('counts the reads of each of the last 24 clock hours, oldest first, the current hour included, proof reads only', () => {
    const db = openDatabase(folder.file('hours.sqlite'));
    const current = Date.parse('2026-10-10T12:00:00.000Z');
    read(db, current + 60_000);
    read(db, current + 120_000);
    read(db, current - HOUR + 5);
    read(db, current - 23 * HOUR);
    // Outside the 24 hours shown, and a Rekor fetch: not on the chart.
    read(db, current - 24 * HOUR);
    read(db, current - HOUR + 10, 'GET /api/v1/log/entries');
    const hours = liveSeason(db, { season: 1, now: NOW, follow: FOLLOWING }).reads_per_hour;
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ hour_start: '2026-10-09T13:00:00.000Z', reads: 1 });
    expect(hours[22]).toEqual({ hour_start: '2026-10-10T11:00:00.000Z', reads: 1 });
    expect(hours[23]).toEqual({ hour_start: '2026-10-10T12:00:00.000Z', reads: 2 });
    expect(hours.reduce((n, h) => n + h.reads, 0)).toBe(4);
    db.close();
  });

  it('states the limit, its window and the reads counted in the sliding window now', () => {
    const db = openDatabase(folder.file('limit.sqlite'));
    read(db, NOW - 2 * HOUR);
    read(db, NOW - 30 * 60_000);
    read(db, NOW - 60_000);
    expect(liveSeason(db, { season: 1, now: NOW, follow: FOLLOWING }).read_limit).toEqual({
      limit: 100,
      window_seconds: 3600,
      used_in_window: 2,
    });
    db.close();
  });

  it("lists the season's incidents the reads opened, with their state and links, never the close's or another season's", () => {
    const db = openDatabase(folder.file('incidents.sqlite'));
    const links = [
      { participant: 'par_000000000000000000000001', task: 'conf-01', assertion: 'a1', proof: null },
      { participant: null, task: null, assertion: null, proof: 'prf_20261010_120000_000001' },
    ];
    const opened = insertIncident(db, incident(1, 'follow'), links);
    insertIncident(db, incident(1, 'close'), links);
    insertIncident(db, incident(1, 'operator'), []);
    insertIncident(db, incident(2, 'follow'), []);
    const resolved = insertIncident(
      db,
      { ...incident(1, 'follow'), groupKey: 'flat', kind: 'flat_field_divergence' },
      [],
    );
    insertIncidentEvent(db, resolved, { atMs: NOW, actor: 'console', kind: 'resolve', text: 'announced' });
    const live = liveSeason(db, { season: 1, now: NOW, follow: FOLLOWING });
    expect(live.incidents).toEqual([
      {
        id: opened,
        track: 'conformite',
        kind: 'instrument_fault',
        cause: 'http_503',
        summary: 'cited proofs hold the corpus 503 body',
        opened_at: new Date(NOW - HOUR).toISOString(),
        state: 'open',
        links: 2,
      },
      expect.objectContaining({ id: resolved, kind: 'flat_field_divergence', state: 'resolved', links: 0 }),
    ]);
    db.close();
  });
});
