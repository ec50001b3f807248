import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { insertIndexVersion, insertSigningKey } from '../../../main/db/index-exports.ts';
import type { Db } from '../../../main/db/open-database.ts';
import { publicationVersionsOf } from '../../../main/db/publications.ts';
import { systemClock } from '../../../main/services/clock.ts';
import { openDispute } from '../../../main/services/disputes/open-dispute.ts';
import { publishSeason } from '../../../main/services/publications/publish-season.ts';
import { REPORT, SCORES, recordedClose } from './support/recorded-close.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A close recorded in a fresh database (support/recorded-close.ts), published at a fixed instant. */
function fakeClose(edit?: (out: string) => void): { db: Db; out: string; clock: typeof systemClock } {
  const { db, dir, out } = recordedClose(edit);
  dirs.push(dir);
  return { db, out, clock: { ...systemClock, now: () => Date.parse('2026-11-02T10:00:00.000Z') } };
}

const publish = (f: ReturnType<typeof fakeClose>) =>
  publishSeason({ db: f.db, clock: f.clock, season: 1, track: 'conformite', actor: 'ana' });
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('publishSeason refuses material that is not the close\u2019s, and writes nothing then', () => {
  it('an edited scores.json fails with PUBLISH_SCORES_CHANGED', async () => {
    const f = fakeClose((out) => writeFileSync(join(out, 'scores.json'), SCORES.replace('scored', 'pending')));
    expect(code(await publish(f))).toBe('PUBLISH_SCORES_CHANGED');
    expect(publicationVersionsOf(f.db, 1, 'conformite')).toEqual([]);
    f.db.close();
  });

  it('a report that differs from the bundle\u2019s expected copy fails with PUBLISH_REPORT_CHANGED', async () => {
    const f = fakeClose((out) =>
      writeFileSync(join(out, 'reports', 'p1.json'), REPORT.replace('unsupported', 'supported')),
    );
    expect(code(await publish(f))).toBe('PUBLISH_REPORT_CHANGED');
    f.db.close();
  });

  it('a deleted report or bundle fails with PUBLISH_CLOSE_FILES_MISSING', async () => {
    const f = fakeClose((out) => rmSync(join(out, 'reports', 'p1.json')));
    expect(code(await publish(f))).toBe('PUBLISH_CLOSE_FILES_MISSING');
    f.db.close();
    const g = fakeClose((out) => rmSync(join(out, 'bundle'), { recursive: true }));
    expect(code(await publish(g))).toBe('PUBLISH_CLOSE_FILES_MISSING');
    g.db.close();
  });

  it('once published, the close\u2019s folder may go: the version holds the bytes; a dispute then fails with DISPUTE_EVIDENCE_UNAVAILABLE and writes nothing', async () => {
    const f = fakeClose();
    expect(code(await publish(f))).toBe('ok');
    rmSync(f.out, { recursive: true });
    const [v1] = publicationVersionsOf(f.db, 1, 'conformite');
    expect(Buffer.from(v1!.scoresJson).toString('utf8')).toBe(SCORES);
    // The Index holding version 1, exported at once: its windows run (the export's own files play no part here).
    insertSigningKey(f.db, 'k1', '00'.repeat(32), f.clock.now());
    insertIndexVersion(f.db, {
      season: 1,
      indexVersion: 1,
      correctsVersion: null,
      exportedAtMs: f.clock.now(),
      actor: 'ana',
      keyId: 'k1',
      publicationsJson: '{"conformite":1}',
      indexJson: new TextEncoder().encode('{}'),
      indexSha256: '00'.repeat(32),
    });
    const r = await openDispute(f.db, f.clock, {
      season: 1,
      track: 'conformite',
      participantId: 'p1',
      taskId: 't1',
      assertionId: 'a1',
      reason: 'r',
      actor: 'ana',
    });
    expect(code(r)).toBe('DISPUTE_EVIDENCE_UNAVAILABLE');
    expect(f.db.prepare('SELECT count(*) FROM disputes').pluck().get()).toBe(0);
    f.db.close();
  });
});
