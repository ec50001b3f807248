import { parseZonedInstant } from '../../core/disputes/calendar.ts';
import { loads } from '../../core/json/loads.ts';
import type { PyJson } from '../../core/json/value.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import type {
  AssertionEvidence,
  ConsoleDispute,
  ConsoleDisputeWindow,
  DecisionPreview,
  DisputeChange,
  DisputeDecision,
  DisputeDetail,
  DisputeReceipt,
} from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { disputeById } from '../../db/disputes.ts';
import { decideDispute, reviewDispute } from '../../services/disputes/decide-dispute.ts';
import { openDispute } from '../../services/disputes/open-dispute.ts';
import { previewDecision } from '../../services/disputes/preview-decision.ts';
import { disputeListing } from '../../services/disputes/list-disputes.ts';
import type { DisputeListing } from '../../core/disputes/listings.ts';
import { participantWindows } from '../../services/disputes/participant-windows.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { previewFigures } from './preview-figures.ts';
import { namesByTrack } from './scores-handlers.ts';

/**
 * The dispute's reviewer, who is also the actor of its review and decision entries (docs/console-backend.md "Who
 * acts"): the name given, else the person the console acts as.
 */
const reviewerOf = (ctx: ConsoleContext, reviewer: string | undefined) => reviewer?.trim() || actingAs(ctx);

const byDeadline = (a: DisputeListing, b: DisputeListing) =>
  (a.ms_left === null ? 1 : 0) - (b.ms_left === null ? 1 : 0) ||
  (a.ms_left ?? 0) - (b.ms_left ?? 0) ||
  (a.dispute_id < b.dispute_id ? -1 : 1);

/** Each dispute with its participant's name (ConsoleDispute). */
async function named(ctx: ConsoleContext, disputes: DisputeListing[]): Promise<ConsoleDispute[]> {
  const namesOf = namesByTrack(ctx);
  const out: ConsoleDispute[] = [];
  for (const d of disputes) out.push({ ...d, agent_name: (await namesOf(d)).get(d.participant_id) ?? null });
  return out;
}

/** The queue: undecided disputes first, the nearest (or most overdue) decision first, each with its deadline status. */
export async function disputeList(
  ctx: ConsoleContext,
): Promise<{ at: string; disputes: ConsoleDispute[]; windows: ConsoleDisputeWindow[] }> {
  const now = ctx.clock.now();
  // Each window with its participant's name too (docs/console.md "Disputes": names beside ids everywhere).
  const namesOf = namesByTrack(ctx);
  const windows: ConsoleDisputeWindow[] = [];
  for (const w of participantWindows(dbOf(ctx), now))
    windows.push({ ...w, agent_name: (await namesOf(w)).get(w.participant_id) ?? null });
  return {
    at: isoUtc(now),
    disputes: await named(ctx, disputeListing(dbOf(ctx), now).sort(byDeadline)),
    windows,
  };
}

async function listingOf(ctx: ConsoleContext, disputeId: string): Promise<ConsoleDispute> {
  const found = disputeListing(dbOf(ctx), ctx.clock.now()).find((d) => d.dispute_id === disputeId);
  if (!found)
    throw new HandlerRefusal('DISPUTE_NOT_FOUND', `no dispute ${disputeId} in this database: the queue lists the ids`, {
      dispute_id: disputeId,
    });
  const [dispute] = await named(ctx, [found]);
  return dispute!;
}

/** A dispute with the evidence stored when it opened. */
export async function disputeView(ctx: ConsoleContext, args: { dispute_id: string }): Promise<DisputeDetail> {
  const dispute = await listingOf(ctx, args.dispute_id);
  const row = disputeById(dbOf(ctx), args.dispute_id) as NonNullable<ReturnType<typeof disputeById>>;
  return {
    dispute,
    evidence: JSON.parse(Buffer.from(row.evidenceJson).toString('utf8')) as AssertionEvidence,
  };
}

/**
 * The submission receipt as `dispute open --receipt FILE` reads it (json.loads): the object validated by the choke
 * point is written back as JSON text, so its numbers are Python ints again (a receipt's season and version are ints).
 */
function submissionReceiptOf(receipt: Record<string, unknown>): PyJson {
  const read = loads(new TextEncoder().encode(JSON.stringify(receipt)));
  if (!read.ok)
    throw new HandlerRefusal(
      'DISPUTE_RECEIPT_INVALID',
      `the submission receipt cannot be read as JSON (${read.error.message}): paste the answer exactly as received`,
    );
  return read.value;
}

/**
 * A dispute received by staff, as `proveit dispute open` records it (spec §9.2, docs/disputes.md): the receipt time
 * typed with its zone (none: now), inside the publication's 14-day window, on an assertion in scope, with the
 * participant's submission receipt if one was sent; the evidence is recomputed from the close's bundle and stored;
 * audited as the session's actor. Refusals keep the service's codes.
 */
export async function disputeOpen(ctx: ConsoleContext, args: DisputeReceipt): Promise<ConsoleDispute> {
  const [taskId, assertionId] = args.assertion.split('/') as [string, string];
  const receivedAtMs =
    args.received_at === undefined ? undefined : valueOrRefuse(parseZonedInstant('received_at', args.received_at));
  const opened = valueOrRefuse(
    await openDispute(dbOf(ctx), ctx.clock, {
      season: args.season,
      track: args.track,
      participantId: args.participant_id,
      taskId,
      assertionId,
      reason: args.reason.trim(),
      ...(receivedAtMs === undefined ? {} : { receivedAtMs }),
      ...(args.receipt === undefined ? {} : { submissionReceipt: submissionReceiptOf(args.receipt) }),
      actor: actingAs(ctx),
    }),
  );
  return listingOf(ctx, opened.disputeId);
}

export async function disputeReview(
  ctx: ConsoleContext,
  args: { dispute_id: string; reviewer?: string },
): Promise<ConsoleDispute> {
  const reviewer = reviewerOf(ctx, args.reviewer);
  valueOrRefuse(reviewDispute(dbOf(ctx), ctx.clock, { disputeId: args.dispute_id, reviewer, actor: reviewer }));
  return listingOf(ctx, args.dispute_id);
}

/** The decision form's preview: what the decision would change, nothing recorded (docs/disputes.md "Deciding"). */
export async function disputePreview(
  ctx: ConsoleContext,
  args: { dispute_id: string; decision: DisputeDecision; reason: string; reviewer?: string; change?: DisputeChange },
): Promise<DecisionPreview> {
  const preview = valueOrRefuse(
    previewDecision(dbOf(ctx), {
      disputeId: args.dispute_id,
      decision: args.decision,
      reason: args.reason,
      reviewer: reviewerOf(ctx, args.reviewer),
      ...(args.change ? { change: args.change } : {}),
    }),
  );
  const listing = await listingOf(ctx, args.dispute_id);
  return {
    dispute_id: preview.disputeId,
    decision: preview.decision,
    participant_id: preview.participantId,
    name: listing.agent_name,
    latest_version: preview.latestVersion,
    version: preview.version,
    before: previewFigures(preview.before),
    after: previewFigures(preview.after),
    reviewed: preview.reviewed,
  };
}

/** The decision form: a reason is required; an upheld dispute publishes the correction in the same transaction. */
export async function disputeDecide(
  ctx: ConsoleContext,
  args: { dispute_id: string; decision: DisputeDecision; reason: string; reviewer?: string; change?: DisputeChange },
): Promise<ConsoleDispute> {
  const reviewer = reviewerOf(ctx, args.reviewer);
  valueOrRefuse(
    decideDispute(dbOf(ctx), ctx.clock, {
      disputeId: args.dispute_id,
      decision: args.decision,
      reason: args.reason,
      reviewer,
      ...(args.change ? { change: args.change } : {}),
      actor: reviewer,
    }),
  );
  return listingOf(ctx, args.dispute_id);
}
