import { describe, expect, it } from 'vitest';
import { humanDuration, progressBar, progressLine, terminalReporter } from '../../main/cli/proofs-progress.ts';
import type { FetchProgress } from '../../main/core/proofs-plan/progress.ts';
import { captureIo } from '../support/capture-io.ts';

const NOW = Date.parse('2026-10-01T12:00:00.000Z');
const HOUR = 3_600_000;

function progress(over: Partial<FetchProgress> = {}): FetchProgress {
  return {
    phase: 'waiting',
    now: NOW,
    total: 300,
    done: 120,
    anchored: 118,
    absent: 2,
    unsettled: 180,
    readsThisRun: 3,
    readsUsedInWindow: 43,
    readsLeftInWindow: 57,
    readsPlanned: 4,
    nextReadAt: NOW + 12_000,
    eta: NOW + 3_725_000,
    nextRecheckAt: null,
    claimedElsewhere: 0,
    ...over,
  };
}

describe('the progress bar drawn on a terminal (pure)', () => {
  it('shows done/total, the reads left this hour, the next read and the ETA, each with its countdown', () => {
    const bar = progressBar(progress(), { columns: 160, windowMs: HOUR });
    expect(bar).toBe(
      'waiting [############------------------] 120/300 proofs · 57 reads left this hour · ' +
        'next read 12:00:12 UTC (in 12s) · ETA 13:02:05 UTC (in 1h 02m)',
    );
  });

  it('never exceeds the terminal width: the ETA, the next read, the bar, then the reads left give way in that order', () => {
    for (const columns of [200, 120, 100, 80, 60, 40, 30, 20, 5]) {
      expect(progressBar(progress(), { columns, windowMs: HOUR }).length).toBeLessThanOrEqual(columns - 1);
    }
    const at = (columns: number) => progressBar(progress(), { columns, windowMs: HOUR });
    expect(at(100)).toMatch(
      /^waiting \[#+-+\] 120\/300 proofs · 57 reads left this hour · next read 12:00:12 UTC \(in 12s\)$/,
    );
    expect(at(80)).toMatch(/^waiting \[#+-+\] 120\/300 proofs · 57 reads left this hour$/);
    expect(at(60)).toBe('waiting 120/300 proofs · 57 reads left this hour');
    expect(at(40)).toBe('waiting [######--------] 120/300 proofs');
    expect(at(30)).toBe('waiting 120/300 proofs');
  });

  it('names another window than the hour, another process holding ids, a 429 wait, and the pending left at the end', () => {
    expect(
      progressBar(progress({ phase: 'rate-limited', claimedElsewhere: 5 }), { columns: 200, windowMs: 2_000 }),
    ).toMatch(/^429, waiting .* 57 reads left in the 2s window · 5 read by another process · next read/);
    const end = progressBar(progress({ phase: 'finished', done: 300, unsettled: 7, total: 307, readsPlanned: 0 }), {
      columns: 200,
      windowMs: HOUR,
    });
    expect(end).toBe('done [#############################-] 300/307 proofs · 7 pending · 57 reads left this hour');
  });

  it('a time already reached reads "now"; durations read as people say them', () => {
    expect(progressBar(progress({ nextReadAt: NOW, readsPlanned: 1 }), { columns: 200, windowMs: HOUR })).toMatch(
      /next read now$/,
    );
    expect([0, 999, 45_000, 725_000, 3_725_000].map(humanDuration)).toEqual(['0s', '1s', '45s', '12m 05s', '1h 02m']);
  });
});

describe('the progress on stderr', () => {
  it('off a terminal: one plain line per report, times in ISO', () => {
    expect(progressLine(progress())).toBe(
      'waiting: [########------------] proofs 120/300 done | 180 pending | reads 3 this run, 43 used / 57 left in ' +
        'window | next read 2026-10-01T12:00:12.000Z | ETA 2026-10-01T13:02:05.000Z',
    );
  });

  it('on a terminal: one line redrawn in place (carriage return, erase to the end), a newline when finished', () => {
    const io = captureIo();
    const reporter = terminalReporter(io, { columns: 100, windowMs: HOUR, now: () => NOW });
    reporter.update(progress({ phase: 'reading', done: 0 }));
    reporter.update(progress({ phase: 'finished', done: 300, unsettled: 0, readsPlanned: 0 }));
    reporter.finish();
    reporter.finish();
    const frames = io.stderr.replaceAll('\x1b[K', '<EL>').split('\r').slice(1);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatch(/^reading \[-+\] 0\/300 proofs .*<EL>$/);
    expect(frames[1]).toBe(`done [${'#'.repeat(30)}] 300/300 proofs · 57 reads left this hour<EL>\n`);
  });
});
