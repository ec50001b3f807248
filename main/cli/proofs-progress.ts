import type { FetchProgress } from '../core/proofs-plan/progress.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import type { CliIo } from './io.ts';

/** One plain progress line (stderr is not a terminal): a bar of proofs done, then the window and the timing. */
export function progressLine(p: FetchProgress): string {
  const width = 20;
  const filled = p.total === 0 ? width : Math.round((p.done / p.total) * width);
  const parts = [
    `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] proofs ${p.done}/${p.total} done`,
    `${p.unsettled} pending`,
    `reads ${p.readsThisRun} this run, ${p.readsUsedInWindow} used / ${p.readsLeftInWindow} left in window`,
  ];
  if (p.claimedElsewhere > 0) parts.push(`${p.claimedElsewhere} being read by another process`);
  if (p.readsPlanned > 0) parts.push(`next read ${isoUtc(p.nextReadAt)}`, `ETA ${isoUtc(p.eta)}`);
  return `${p.phase}: ${parts.join(' | ')}`;
}

/** A duration as people read it: 0s, 45s, 12m 05s, 3h 02m. */
export function humanDuration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

const PHASE: Record<FetchProgress['phase'], string> = {
  reading: 'reading',
  waiting: 'waiting',
  'rate-limited': '429, waiting',
  rekor: 'rekor',
  finished: 'done',
};

/** "at 14:05:03 UTC (in 12m 05s)", or "now" when the time has come. */
function when(at: number, now: number): string {
  if (at <= now) return 'now';
  return `${new Date(at).toISOString().slice(11, 19)} UTC (in ${humanDuration(at - now)})`;
}

/**
 * The progress bar drawn on a terminal (docs/operator-database.md "Progress of `proveit proofs fetch`"), as one line of
 * at most `columns - 1` characters: phase, a bar of the proofs done, done/total, the reads left in the window ("this
 * hour" for the Trust Layer's 3600 s), when the next read goes out and the ETA of the last one, both relative to
 * `p.now`. When the line does not fit, the least useful parts go first (ETA, then the next read, ...), then the bar
 * narrows and goes, then the reads left. Pure: the same progress gives the same text.
 */
export function progressBar(p: FetchProgress, options: { columns: number; windowMs: number }): string {
  const window = options.windowMs === 3_600_000 ? 'this hour' : `in the ${humanDuration(options.windowMs)} window`;
  const parts = [`${p.done}/${p.total} proofs`];
  if (p.unsettled > 0 && p.phase === 'finished') parts.push(`${p.unsettled} pending`);
  parts.push(`${p.readsLeftInWindow} reads left ${window}`);
  if (p.claimedElsewhere > 0) parts.push(`${p.claimedElsewhere} read by another process`);
  if (p.readsPlanned > 0 && p.nextReadAt !== null) parts.push(`next read ${when(p.nextReadAt, p.now)}`);
  if (p.readsPlanned > 1 && p.eta !== null) parts.push(`ETA ${when(p.eta, p.now)}`);
  const max = Math.max(1, options.columns - 1);
  const head = `${PHASE[p.phase]} `;
  const line = (barWidth: number, kept: string[]) => {
    const filled = p.total === 0 ? barWidth : Math.round((p.done / p.total) * barWidth);
    const bar = barWidth > 0 ? `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ` : '';
    return `${head}${bar}${kept.join(' · ')}`;
  };
  // Optional parts go from the end while the line with a short bar is too long; done/total and the reads left go
  // last, after the bar.
  let kept = parts;
  const essential = Math.min(2, parts.length);
  while (kept.length > essential && line(10, kept).length > max) kept = kept.slice(0, -1);
  if (line(10, kept).length > max && line(0, kept).length > max) kept = kept.slice(0, 1);
  const room = max - line(0, kept).length - 3;
  const text = line(room >= 10 ? Math.min(30, room) : 0, kept);
  return text.length > max ? text.slice(0, max) : text;
}

/** What the fetch command does with each progress report. */
export interface ProgressReporter {
  update(progress: FetchProgress): void;
  /** Ends the display (a terminal keeps its last line and gets a newline); a second call does nothing. */
  finish(): void;
}

/** Plain lines on stderr, one per report: what logs and pipes get. */
export function plainReporter(io: CliIo): ProgressReporter {
  return { update: (p) => io.err(`${progressLine(p)}\n`), finish: () => {} };
}

/**
 * One line redrawn in place on a terminal (carriage return, then erase to the end of the line), refreshed every
 * second between reports so the countdowns move. `now` gives the time for that refresh.
 */
export function terminalReporter(
  io: CliIo,
  options: { columns: number; windowMs: number; now: () => number },
): ProgressReporter {
  let last: FetchProgress | null = null;
  const draw = (p: FetchProgress) => io.err(`\r${progressBar(p, options)}\x1b[K`);
  const ticker = setInterval(() => {
    if (last) draw({ ...last, now: Math.max(last.now, options.now()) });
  }, 1_000);
  ticker.unref();
  return {
    update(p) {
      last = p;
      draw(p);
    },
    finish() {
      clearInterval(ticker);
      if (last) io.err('\n');
      last = null;
    },
  };
}
