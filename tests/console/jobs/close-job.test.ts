import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { latestSeasonClose } from '../../../main/db/publications.ts';
import { runCloseJob } from '../../../main/console/jobs/close-job.ts';
import { systemClock } from '../../../main/services/clock.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import type { FetchProgress } from '../../../main/core/proofs-plan/progress.ts';
import { AFTER_CLOSE, DURING } from '../../services/close/support/close-devnet.ts';
import { startSeasonDevnet, type SeasonDevnet } from '../../services/close/support/season-devnet.ts';
import { submissionDocument } from '../../services/close/support/submission-document.ts';

// The console's close job on a real devnet: the compliance track frozen, one participant enrolled, reading through the
// proxy and submitting to the real season service. The track's first close reads the season service's export with
// the operator token the console was given (as `proveit season close --season-url --operator-token-file` does);
// without it, CONSOLE_CLOSE_NEEDS_EXPORT says which options to give. The close runs on the clock it is given (the
// console's, which the job's worker keeps as an offset from the system's): here the devnet's, after the window's close.
let net: SeasonDevnet;
let corpusRoot: string;
const args = { season: 1, track: 'conformite' } as const;

beforeAll(async () => {
  net = await startSeasonDevnet('console-close-job-');
  corpusRoot = join(net.dir, 'corpus-root');
  cpSync(net.corpusDir.conformite, join(corpusRoot, 'season-1', 'conformite'), { recursive: true });
  net.clock.set(DURING);
  const ada = await net.enroll(await net.reader('ada'));
  const entity = await ada.read('/entites/171904347');
  const attestation = await ada.read('/attestations/ATT-93595');
  await net.devnet.closeBatch();
  const answer = await ada.submit(
    submissionDocument(ada, 'conf-01', 'indeterminable', [
      ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
      ['/attestations/ATT-93595', '/existe', false, attestation],
    ]),
  );
  expect(answer.json).toMatchObject({ recorded: true });
  // The export the first close reads is taken after the track's close (CLOSE_EXPORT_BEFORE_CLOSE otherwise).
  net.clock.set(AFTER_CLOSE);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

/** What the console gives a first close: its corpus root, and the season service with the operator token. */
const exportSettings = () => ({
  corpusDir: corpusRoot,
  services: {
    ...NO_SERVICES,
    seasonService: { url: net.devnet.info.season, operatorToken: net.devnet.info.internal_secret },
    trustDir: net.devnet.info.trust_bundle,
  },
});

describe('the console close job', () => {
  it('a first close without --season-url and --operator-token-file is CONSOLE_CLOSE_NEEDS_EXPORT, naming them', async () => {
    const refused = await runCloseJob(net.dbFile, 1, 1, args, net.clock, () => {}, {
      corpusDir: corpusRoot,
      services: NO_SERVICES,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONSOLE_CLOSE_NEEDS_EXPORT' } });
    if (!refused.ok) expect(refused.error.message).toContain('--season-url URL --operator-token-file FILE');
    expect(latestSeasonClose(net.db, 1, 'conformite')).toBeUndefined();
  });

  it('the close is judged on the clock the job is given: before closes_at it is FREEZE_NOT_CLOSED and nothing is recorded', async () => {
    // The export is taken after the close (the devnet's clock); the job's clock alone is still in the window.
    const inWindow = { now: () => DURING, sleep: systemClock.sleep };
    const refused = await runCloseJob(net.dbFile, 9, 1, args, inWindow, () => {}, exportSettings());
    expect(refused).toMatchObject({ ok: false, error: { code: 'FREEZE_NOT_CLOSED' } });
    expect(latestSeasonClose(net.db, 1, 'conformite')).toBeUndefined();
    expect(existsSync(join(dirname(net.dbFile), 'closes', 'season-1', 'conformite-close-9-1'))).toBe(false);
  }, 120_000);

  it('a first close reads the export with the operator token and scores it; the next one runs from its bundle', async () => {
    const progress: FetchProgress[] = [];
    const settings = exportSettings();
    const first = await runCloseJob(net.dbFile, 2, 1, args, net.clock, (p) => progress.push(p), settings);
    expect(first).toMatchObject({ ok: true, value: { scored: 1, pending: 0 } });
    if (!first.ok) return;
    expect(first.value.out).toBe(join(dirname(net.dbFile), 'closes', 'season-1', 'conformite-close-2-1'));
    expect(existsSync(join(first.value.out, 'scores.json'))).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(latestSeasonClose(net.db, 1, 'conformite')?.outDir).toBe(first.value.out);

    // The same track again: its latest close's bundle, not the export (the token is not needed any more).
    const again = await runCloseJob(net.dbFile, 3, 1, args, net.clock, () => {}, {
      corpusDir: corpusRoot,
      services: NO_SERVICES,
    });
    expect(again).toMatchObject({ ok: true, value: { scored: 1, pending: 0 } });
    if (again.ok) expect(again.value.out).toBe(join(dirname(net.dbFile), 'closes', 'season-1', 'conformite-close-3-1'));
  }, 120_000);

  it('a wrong operator token is the season service refusal, CLOSE_EXPORT_REFUSED naming --operator-token-file, and the token is in no message', async () => {
    const wrong = 'f'.repeat(64);
    const other = await startSeasonDevnet('console-close-job-refused-');
    try {
      const refused = await runCloseJob(other.dbFile, 1, 1, args, other.clock, () => {}, {
        corpusDir: corpusRoot,
        services: { ...NO_SERVICES, seasonService: { url: other.devnet.info.season, operatorToken: wrong } },
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'CLOSE_EXPORT_REFUSED' } });
      if (!refused.ok) expect(refused.error.message).toContain('check the token in --operator-token-file FILE');
      expect(JSON.stringify(refused)).not.toContain(wrong);
    } finally {
      await other.close();
    }
  }, 120_000);
});
