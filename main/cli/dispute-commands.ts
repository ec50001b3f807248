import { DECISION_DAYS, parseZonedInstant } from '../core/disputes/calendar.ts';
import type { ReceiptAgainstExport } from '../core/disputes/receipt-evidence.ts';
import { parseAssertionRef } from '../core/disputes/scope.ts';
import type { PyJson } from '../core/json/value.ts';
import {
  DECISIONS,
  DISPUTE_CHANGES,
  isDecision,
  isDisputeChange,
  type DisputeChange,
} from '../core/disputes/transitions.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { decideDispute, reviewDispute } from '../services/disputes/decide-dispute.ts';
import { disputeListing } from '../services/disputes/list-disputes.ts';
import { participantWindows } from '../services/disputes/participant-windows.ts';
import { openDispute } from '../services/disputes/open-dispute.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { readJsonFile } from './file-arguments.ts';
import { printRefusal, seasonAndTrackFilterOf, seasonAndTrackOf } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { may, need, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom, readOperatorDatabase, withOperatorDatabase } from './proofs-options.ts';

const DISPUTE_ID = positional('ID', 'the dispute id, e.g. dsp-1-conformite-0001');

const OPEN = synopsis([
  need('season'),
  need('track'),
  need('participant'),
  need('assertion', { help: 'the assertion disputed, as the report lists it, e.g. conf-03/a2' }),
  need('reason', { help: "the participant's written reason" }),
  may('received-at'),
  may('receipt'),
  may('db'),
  may('actor'),
  may('json'),
]);
const REVIEW = synopsis([DISPUTE_ID, need('reviewer'), may('db'), may('actor'), may('json')]);
const DECIDE = synopsis([
  DISPUTE_ID,
  need('decision'),
  need('reason', { help: 'the reason the decision is published with' }),
  need('reviewer', { help: 'who decided' }),
  may('change'),
  may('db'),
  may('actor'),
  may('json'),
]);
const LIST = synopsis([
  may('season', { help: 'only this season' }),
  may('track', { help: 'only this track' }),
  may('db'),
  may('json'),
]);

/** The dispute commands (docs/disputes.md); `clock` is the Clock port (tests give their own). */
export function createDisputeCommands(clock: Clock = systemClock): Command[] {
  const open: Command = {
    path: ['dispute', 'open'],
    summary:
      'record a dispute of one assertion of one participant (spec §9.2): checked against the 14-day window and ' +
      'the scope, evidence computed from the close bundle; prints the dispute_id',
    synopsis: OPEN,
    run: (args, io) => runOpen(open, clock, args, io),
  };
  const review: Command = {
    path: ['dispute', 'review'],
    summary: 'put a received dispute under review, naming the reviewer',
    synopsis: REVIEW,
    run: (args, io) => runReview(review, clock, args, io),
  };
  const decide: Command = {
    path: ['dispute', 'decide'],
    summary:
      'decide a dispute with its written reason: upheld publishes a correction version, rejected changes nothing',
    synopsis: DECIDE,
    run: (args, io) => runDecide(decide, clock, args, io),
  };
  const list: Command = {
    path: ['dispute', 'list'],
    summary:
      'list disputes with their state and deadline status (on_time, at_risk, overdue, decided), and each ' +
      'participant\u2019s own dispute window',
    synopsis: LIST,
    run: (args, io) => runList(list, clock, args, io),
  };
  return [open, review, decide, list];
}

export const disputeCommands: Command[] = createDisputeCommands();

async function runOpen(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(OPEN, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return usageError(io, command, which);
  const ref = parseAssertionRef(values.assertion);
  if (!ref)
    return usageError(
      io,
      command,
      `--assertion '${values.assertion}' is not TASK_ID/ASSERTION_ID (one assertion, as the report lists it), e.g. conf-03/a2`,
    );
  let receivedAtMs: number | undefined;
  if (values['received-at'] !== undefined) {
    const t = parseZonedInstant('--received-at', values['received-at']);
    if (!t.ok) return usageError(io, command, t.error.message);
    receivedAtMs = t.value;
  }
  const json = values.json ?? false;
  let submissionReceipt: PyJson | undefined;
  if (values.receipt !== undefined) {
    const file = await readJsonFile(values.receipt, 'submission receipt');
    if (!file.ok) {
      printRefusal(io, json, 'dispute open', file.error);
      return EXIT.failed;
    }
    submissionReceipt = file.value;
  }
  const db = openDatabase(dbPathFrom(values.db));
  try {
    const outcome = await openDispute(db, clock, {
      ...which,
      participantId: values.participant,
      ...ref,
      reason: values.reason!,
      ...(receivedAtMs === undefined ? {} : { receivedAtMs }),
      ...(submissionReceipt === undefined ? {} : { submissionReceipt }),
      actor: actorOf(values),
    });
    if (!outcome.ok) {
      printRefusal(io, json, 'dispute open', outcome.error);
      return EXIT.failed;
    }
    const d = outcome.value;
    if (json) {
      printJson(io, {
        ok: true,
        dispute_id: d.disputeId,
        state: 'received',
        publication_version: d.publicationVersion,
        published_at: isoUtc(d.publishedAtMs),
        received_at: isoUtc(d.receivedAtMs),
        received_at_entered_by_hand: d.receivedAtEnteredByHand,
        window_ends_at: isoUtc(d.windowEndsMs),
        decision_due: isoUtc(d.decisionDueMs),
        evidence_sha256: d.evidenceSha256,
        ...(d.receipt === undefined ? {} : { receipt: receiptJson(d.receipt) }),
      });
    } else {
      io.out(
        `${d.disputeId}\n` +
          `  received ${isoUtc(d.receivedAtMs)}${d.receivedAtEnteredByHand ? ' (entered by hand)' : ''}, disputes ` +
          `version ${d.publicationVersion} (window closed at ${isoUtc(d.windowEndsMs)})\n` +
          `  decision due ${isoUtc(d.decisionDueMs)} (${DECISION_DAYS} days after receipt)\n` +
          (d.receipt === undefined ? '' : `  ${receiptLine(d.receipt)}\n`) +
          `  evidence SHA-256 ${d.evidenceSha256}\n`,
      );
    }
    return EXIT.ok;
  } finally {
    db.close();
  }
}

/** The submission receipt's comparison in `dispute open --json` (the evidence's `receipt` block holds it all). */
function receiptJson(r: ReceiptAgainstExport) {
  return {
    task_id: r.receipt.task_id,
    version: r.receipt.version,
    received_at: r.receipt.received_at,
    submission_sha256: r.receipt.submission_sha256,
    verified_with: r.verifiedWith,
    export_taken_at: r.exportTakenAt,
    export_version: r.exportVersion,
    export_submission_sha256: r.exportSubmissionSha256,
    comparison: r.comparison,
    in_export: r.inExport,
    superseded: r.superseded,
    received_before_export: r.receivedBeforeExport,
  };
}

function receiptLine(r: ReceiptAgainstExport): string {
  const what = `submission receipt: ${r.receipt.task_id} version ${r.receipt.version} received ${r.receipt.received_at}`;
  const exported =
    r.exportVersion === null ? 'the export has no line of that task' : `the export has version ${r.exportVersion}`;
  switch (r.comparison) {
    case 'same':
      return `${what}: in the export the close scored (same version and SHA-256)`;
    case 'older_than_export':
      return `${what}: superseded, ${exported} (the last one stands)`;
    case 'same_version_other_sha256':
      return `${what}: NOT in the export, which has that version with another SHA-256 (${r.exportSubmissionSha256})`;
    default:
      return `${what}: NOT in the export the close scored, ${exported}`;
  }
}

async function runReview(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(REVIEW, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return usageError(io, command, 'give one dispute id, e.g. dsp-1-conformite-0001');
  const json = values.json ?? false;
  return withOperatorDatabase(values.db, (db) => {
    const r = reviewDispute(db, clock, {
      disputeId: positionals[0]!,
      reviewer: values.reviewer.trim(),
      actor: actorOf(values),
    });
    if (!r.ok) {
      printRefusal(io, json, 'dispute review', r.error);
      return EXIT.failed;
    }
    if (json)
      printJson(io, { ok: true, dispute_id: r.value.disputeId, state: r.value.state, at: isoUtc(r.value.atMs) });
    else io.out(`${r.value.disputeId}: under review (${isoUtc(r.value.atMs)})\n`);
    return EXIT.ok;
  });
}

const plainFigures = (f: {
  overclaim: { unsupported: number; submitted: number } | null;
  success: { groundedExact: number; outOf: number } | null;
}) => ({
  overclaim: f.overclaim,
  success: f.success ? { grounded_exact: f.success.groundedExact, out_of: f.success.outOf } : null,
});

async function runDecide(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(DECIDE, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return usageError(io, command, 'give one dispute id, e.g. dsp-1-conformite-0001');
  const decision = values.decision;
  if (!isDecision(decision))
    return usageError(
      io,
      command,
      `--decision must be ${DECISIONS.join(' or ')}${values.decision ? ` (got '${values.decision}')` : ''}`,
    );
  if (values.change !== undefined && !isDisputeChange(values.change))
    return usageError(
      io,
      command,
      `--change must be ${DISPUTE_CHANGES.slice(0, -1).join(', ')} or ${DISPUTE_CHANGES.at(-1)} (got '${values.change}')`,
    );
  const json = values.json ?? false;
  return withOperatorDatabase(values.db, (db) => {
    const r = decideDispute(db, clock, {
      disputeId: positionals[0]!,
      decision,
      reason: values.reason,
      reviewer: values.reviewer.trim(),
      ...(values.change === undefined ? {} : { change: values.change as DisputeChange }),
      actor: actorOf(values),
    });
    if (!r.ok) {
      printRefusal(io, json, 'dispute decide', r.error);
      return EXIT.failed;
    }
    const d = r.value;
    const c = d.correction;
    if (json) {
      printJson(io, {
        ok: true,
        dispute_id: d.disputeId,
        state: d.decision,
        decided_at: isoUtc(d.atMs),
        review_recorded: d.reviewed,
        correction: c
          ? {
              version: c.version,
              corrects_version: c.correctsVersion,
              participant_id: c.participantId,
              before: plainFigures(c.before),
              after: plainFigures(c.after),
              scores_sha256: c.scoresSha256,
              report_sha256: c.reportSha256,
              audit_head: { seq: c.audit.seq, hash: c.audit.hash },
            }
          : null,
      });
    } else {
      const lines = [`${d.disputeId}: ${d.decision} (${isoUtc(d.atMs)})${d.reviewed ? ', review step recorded' : ''}`];
      if (c) {
        const fig = (f: typeof c.before) =>
          `overclaim ${f.overclaim ? `${f.overclaim.unsupported}/${f.overclaim.submitted}` : 'pending'}, success ` +
          `${f.success ? `${f.success.groundedExact}/${f.success.outOf}` : 'pending'}`;
        lines.push(
          `  correction: version ${c.version} corrects version ${c.correctsVersion}`,
          `  ${c.participantId}: before ${fig(c.before)}; after ${fig(c.after)}`,
          `  scores.json SHA-256 ${c.scoresSha256}; audit log head: entry ${c.audit.seq}, ${c.audit.hash}`,
        );
      } else lines.push('  no change to any version; the decision and its reason are published with the disputes');
      io.out(`${lines.join('\n')}\n`);
    }
    return EXIT.ok;
  });
}

async function runList(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(LIST, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const filter = seasonAndTrackFilterOf(values);
  if (typeof filter === 'string') return usageError(io, command, filter);
  return readOperatorDatabase(values.db, (db) => {
    const now = clock.now();
    const rows = disputeListing(db, now, filter);
    const windows = participantWindows(db, now, filter);
    if (values.json) {
      printJson(io, { ok: true, at: isoUtc(now), disputes: rows, windows });
      return EXIT.ok;
    }
    if (rows.length === 0) io.out('no disputes\n');
    else {
      for (const r of rows) {
        const left =
          r.ms_left === null
            ? ''
            : r.ms_left < 0
              ? ` (${(-r.ms_left / 86_400_000).toFixed(1)} days late)`
              : ` (${(r.ms_left / 86_400_000).toFixed(1)} days left)`;
        io.out(
          `${r.dispute_id}  ${r.state.padEnd(12)} ${r.deadline_status.padEnd(8)} due ${r.decision_due}${left}  ` +
            `${r.participant_id} ${r.assertion}${r.decision_reason ? `  reason: ${r.decision_reason}` : ''}\n`,
        );
      }
    }
    // Spec §9.2 (docs/disputes.md "The calendar"): each participant's own window, from the version that last changed
    // its report.
    for (const w of windows)
      io.out(
        `window ${w.season}/${w.track} ${w.participant_id}  ` +
          (w.window_ends_at === null
            ? 'pending: no figures to dispute yet\n'
            : `${w.open ? 'open until' : 'closed at'} ${w.window_ends_at} (from version ${w.version}, ${w.published_at})\n`),
      );
    return EXIT.ok;
  });
}
