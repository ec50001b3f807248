import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordReveals } from '../../../main/db/freezes.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { systemClock } from '../../../main/services/clock.ts';
import { dbOf } from '../../../main/console/console-context.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import { freezeView, trackStatus } from '../../../main/console/handlers/season-handlers.ts';
import { openConsole, type OpenedConsole } from '../../../main/console/open-console.ts';
import { recordFreeze, recordInvalidation } from '../../services/freeze/support/invalidated-track.ts';

// Issue 38, point 2: season.status and freeze.view read an invalidated track from the operator database
// (season_invalidations): its state, reason and proof, and a next step that is never the close, which refuses it
// (CLOSE_TRACK_INVALIDATED).
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-05T12:00:00Z');
const REASON = 'Task gen-01’s expected answer was changed after the opening';
let dir: string;
let opened: OpenedConsole;
let freeze: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-invalidated-status-'));
  const dbFile = join(dir, 'console.sqlite');
  openDatabase(dbFile).close();
  const track = join(dir, 'season-1', 'generique');
  mkdirSync(track, { recursive: true });
  writeFileSync(join(track, 'season.json'), JSON.stringify({ rules_file: 'rules.md' }));
  writeFileSync(join(track, 'rules.md'), '## Rules');
  opened = openConsole({
    mode: 'headless',
    dbFile,
    defaultCorpusDir: dir,
    services: NO_SERVICES,
    clock: { now: () => NOW, sleep: systemClock.sleep },
  });
  // The window closed an hour ago and no close was recorded: the calendar alone would say "run the close".
  freeze = recordFreeze(dbOf(opened.ctx), 1, 'generique', NOW - 30 * 24 * HOUR, NOW - HOUR);
});

afterEach(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an invalidated track in season.status and freeze.view', () => {
  it('without its invalidation the closed window advises the close (the rule the invalidation overrides)', () => {
    expect(trackStatus(opened.ctx, { season: 1, track: 'generique' })).toMatchObject({
      state: 'closed',
      next_step_code: 'RUN_CLOSE',
      invalidation: null,
    });
  });

  it('is `invalidated` with its reason and proof, its next step the reveal then season 2, never the close', async () => {
    const db = dbOf(opened.ctx);
    const proof = recordInvalidation(db, 1, 'generique', freeze, NOW - 2 * 24 * HOUR, REASON);
    const status = trackStatus(opened.ctx, { season: 1, track: 'generique' });
    expect(status).toMatchObject({
      state: 'invalidated',
      next_step_code: 'REVEAL_INVALIDATED',
      invalidation: {
        proof_id: proof,
        freeze_proof_id: freeze,
        reason: REASON,
        invalidated_at: '2026-11-03T12:00:00.000Z',
      },
    });
    expect(status.next_step).toContain('freeze season 2');
    expect(status.next_step).not.toMatch(/run the close/i);

    const view = await freezeView(opened.ctx, { season: 1, track: 'generique' });
    expect(view.invalidation).toEqual(status.invalidation);
    expect(view.latest_close_at).toBeNull();

    // Revealed: the next step is the new season.
    recordReveals(db, [{ proofId: freeze, revealedAtMs: NOW - HOUR, revealSha256: '0'.repeat(64) }]);
    expect(trackStatus(opened.ctx, { season: 1, track: 'generique' })).toMatchObject({
      state: 'invalidated',
      next_step_code: 'FREEZE_NEXT_SEASON',
    });
  });
});
