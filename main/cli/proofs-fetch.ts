import { isoUtc } from '../core/time/iso-utc.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock } from '../services/clock.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { fetchProofs, type FetchReport } from '../services/proofs/fetch-proofs.ts';
import { pyObjectFrom } from '../core/json/value.ts';
import { recordAction } from '../services/audit/record-action.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson, processIo, type CliIo } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom, readInputsFrom, SHARED_PROOF_ITEMS } from './proofs-options.ts';
import { plainReporter, terminalReporter, type ProgressReporter } from './proofs-progress.ts';

const SYNOPSIS = synopsis([
  need('trust-layer', { help: 'the Trust Layer the views are read from (POST /v1/proofs)' }),
  ...SHARED_PROOF_ITEMS,
  may('rekor'),
  may('quiet'),
  may('actor'),
]);

export function fetchDocument(report: FetchReport) {
  const p = report.progress;
  return {
    outcome: report.outcome,
    failure: report.failure,
    total: p.total,
    anchored: p.anchored,
    absent: p.absent,
    pending: p.unsettled,
    readsThisRun: p.readsThisRun,
    readsUsedInWindow: p.readsUsedInWindow,
    readsLeftInWindow: p.readsLeftInWindow,
    rateLimited: report.rateLimited,
    nextRecheckAt: isoUtc(p.nextRecheckAt),
    rekor: report.rekor && {
      fetched: report.rekor.fetched.length,
      failed: report.rekor.failed.map((f) => ({
        batch: f.batchId,
        uuid: f.uuid,
        url: f.url,
        code: f.failure.code,
        message: f.failure.message,
      })),
    },
  };
}

function printReport(io: CliIo, report: FetchReport): void {
  const doc = fetchDocument(report);
  const lines = [
    `proofs: ${doc.total}: ${doc.anchored} anchored, ${doc.absent} absent (null answer), ${doc.pending} pending`,
    `reads: ${doc.readsThisRun} this run; ${doc.readsUsedInWindow} used and ${doc.readsLeftInWindow} left in the window` +
      (doc.rateLimited > 0 ? `; ${doc.rateLimited} answered 429` : ''),
  ];
  if (doc.pending > 0 && doc.nextRecheckAt)
    lines.push(`pending views are due for another read from ${doc.nextRecheckAt}`);
  if (doc.rekor) {
    lines.push(`rekor entries: ${doc.rekor.fetched} fetched, ${doc.rekor.failed.length} failed`);
    for (const f of doc.rekor.failed) {
      lines.push(`  batch ${f.batch ?? '(none)'}, entry ${f.uuid}: ${f.code}: ${f.message}`);
    }
    if (doc.rekor.failed.length > 0) {
      lines.push('  the views read are stored; a later run fetches the missing entries again (no Trust Layer read)');
    }
  }
  if (doc.failure) lines.push(`stopped: ${doc.failure.code}: ${doc.failure.message}`);
  io.out(`${lines.join('\n')}\n`);
}

/** The terminal stderr is, if it is one: its width. Null for a file, a pipe, or a command run in-process by a test. */
export type StderrTerminal = (io: CliIo) => { columns: number } | null;

const processStderr: StderrTerminal = (io) =>
  io === processIo && process.stderr.isTTY ? { columns: process.stderr.columns || 80 } : null;

/**
 * `proveit proofs fetch`. `terminal` says whether stderr is a terminal (a progress bar redrawn in place) or not
 * (plain progress lines); tests pass a fake one.
 */
export function createProofsFetchCommand(terminal: StderrTerminal = processStderr): Command {
  return {
    path: ['proofs', 'fetch'],
    summary:
      'read proof views from the Trust Layer under its read limit, and the Rekor entry of each batch from the log the ' +
      'proofs name (or --rekor URL), into the operator database',
    synopsis: SYNOPSIS,
    async run(args, io) {
      const parsed = parseSynopsis(SYNOPSIS, args);
      if (!parsed.ok) return usageError(io, this, parsed.message);
      const { values } = parsed;
      const trustLayer = values['trust-layer'];
      const inputs = readInputsFrom(io, this, values);
      if (typeof inputs === 'number') return inputs;
      const { settings, ids } = inputs;
      const db = openDatabase(dbPathFrom(values.db));
      // The whole answer within two request timeouts: the claim a read holds and the quota counts it in flight for
      // (docs/operator-database.md), so no request outlives what the ledger assumes of it (issue 36).
      const http = createHttpClient({
        timeoutMs: settings.requestTimeoutMs,
        deadlineMs: 2 * settings.requestTimeoutMs,
      });
      const screen = terminal(io);
      const reporter: ProgressReporter | undefined = values.quiet
        ? undefined
        : screen
          ? terminalReporter(io, { columns: screen.columns, windowMs: settings.windowMs, now: systemClock.now })
          : plainReporter(io);
      try {
        const report = await fetchProofs({
          db,
          http,
          clock: systemClock,
          trustLayerUrl: trustLayer,
          rekorUrl: values.rekor,
          ids,
          settings,
          onProgress: reporter && ((p) => reporter.update(p)),
        });
        reporter?.finish();
        const p = report.progress;
        recordAction(db, systemClock, {
          actor: actorOf(values),
          action: 'proofs.fetch',
          summary: `proofs fetch from ${trustLayer}: ${ids.length} id(s), ${p.readsThisRun} read(s); ${p.anchored} anchored, ${p.absent} absent, ${p.unsettled} pending (${report.outcome})`,
          details: pyObjectFrom([
            ['trust_layer', trustLayer],
            ['ids', BigInt(ids.length)],
            ['reads_this_run', BigInt(p.readsThisRun)],
            ['anchored', BigInt(p.anchored)],
            ['absent', BigInt(p.absent)],
            ['pending', BigInt(p.unsettled)],
            ['outcome', report.outcome],
            ['failure', report.failure?.code ?? null],
          ]),
        });
        if (values.json) printJson(io, fetchDocument(report));
        else printReport(io, report);
        if (report.outcome === 'error') return EXIT.failed;
        return report.progress.unsettled > 0 ? EXIT.pending : EXIT.ok;
      } finally {
        reporter?.finish();
        await http.close();
        db.close();
      }
    },
  };
}

export const proofsFetchCommand: Command = createProofsFetchCommand();
