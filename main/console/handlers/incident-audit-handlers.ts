import type { IncidentKind, IncidentLink } from '../../core/incidents/group-incidents.ts';
import type { AuditEntry, AuditVerifyAnswer, Incident, IncidentOpening } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { auditRows } from '../../db/audit-log.ts';
import { incidentById, incidentsOf } from '../../db/incidents.ts';
import type { StoredIncident } from '../../core/incidents/incident-record.ts';
import { verifyAuditLog } from '../../services/audit/verify-audit-log.ts';
import { addIncidentEvent, openIncident } from '../../services/incidents/incidents.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { namesByTrack } from './scores-handlers.ts';

/** Each incident with the names of the participants its links name. */
async function named(ctx: ConsoleContext, incidents: StoredIncident[]): Promise<Incident[]> {
  const namesOf = namesByTrack(ctx);
  const out: Incident[] = [];
  for (const incident of incidents) {
    const names = await namesOf(incident);
    // fromEntries defines own properties: an id such as "__proto__" stays a key.
    const participantNames = Object.fromEntries(
      incident.links.flatMap(({ participant }): [string, string][] => {
        const name = participant === null ? undefined : names.get(participant);
        return participant !== null && name !== undefined ? [[participant, name]] : [];
      }),
    );
    out.push({ ...incident, participantNames });
  }
  return out;
}

export async function incidentList(ctx: ConsoleContext): Promise<{ incidents: Incident[] }> {
  // Open incidents first, the most recent first within each state.
  const all = incidentsOf(dbOf(ctx), {});
  return {
    incidents: await named(
      ctx,
      all.sort(
        (a, b) =>
          (a.state === 'open' ? 0 : 1) - (b.state === 'open' ? 0 : 1) || b.openedAtMs - a.openedAtMs || b.id - a.id,
      ),
    ),
  };
}

export async function incidentView(ctx: ConsoleContext, args: { id: number }): Promise<Incident> {
  const found = incidentById(dbOf(ctx), args.id);
  if (!found)
    throw new HandlerRefusal('INCIDENT_NOT_FOUND', `no incident ${args.id} in this database`, { id: args.id });
  const [incident] = await named(ctx, [found]);
  return incident!;
}

/** One event on an incident (`proveit incident note`, `resolve`, `assign`), audited as the session's actor. */
async function incidentEvent(
  ctx: ConsoleContext,
  id: number,
  kind: 'note' | 'resolve' | 'owner',
  text: string,
): Promise<Incident> {
  const changed = valueOrRefuse(
    addIncidentEvent(dbOf(ctx), { id, kind, text, actor: actingAs(ctx), atMs: ctx.clock.now() }),
  );
  const [incident] = await named(ctx, [changed]);
  return incident!;
}

/** Resolution with a written text, audited (incident.resolve); a resolved incident refuses a second one. */
export const incidentResolve = (ctx: ConsoleContext, args: { id: number; resolution: string }) =>
  incidentEvent(ctx, args.id, 'resolve', args.resolution);

/** A note, on an open or a resolved incident (`proveit incident note`). */
export const incidentNote = (ctx: ConsoleContext, args: { id: number; text: string }) =>
  incidentEvent(ctx, args.id, 'note', args.text);

/** A new owner of an open incident (`proveit incident assign`; audited as incident.assign, docs/incidents.md). */
export const incidentAssign = (ctx: ConsoleContext, args: { id: number; owner: string }) =>
  incidentEvent(ctx, args.id, 'owner', args.owner.trim());

/**
 * An incident opened by hand (`proveit incident open`, spec §4.1: a corpus outage, a Trust Layer fault seen outside a
 * close): its cause `operator` unless given, owned by the person opening it unless another owner is named, its
 * window's instants UTC as typed (recorded as hand-entered), its affected participants, assertions and proofs.
 */
export async function incidentOpen(ctx: ConsoleContext, args: IncidentOpening): Promise<Incident> {
  const actor = actingAs(ctx);
  const links: IncidentLink[] = [
    ...(args.participants ?? []).map((participant) => ({ participant, task: null, assertion: null, proof: null })),
    ...(args.assertions ?? []).map((pair) => {
      const [task, assertion] = pair.split('/') as [string, string];
      return { participant: null, task, assertion, proof: null };
    }),
    ...(args.proofs ?? []).map((proof) => ({ participant: null, task: null, assertion: null, proof })),
  ];
  const opened = valueOrRefuse(
    openIncident(dbOf(ctx), {
      season: args.season,
      track: args.track,
      // The shape allows the kinds of INCIDENT_KINDS only (validate-call.ts).
      kind: args.kind as IncidentKind,
      cause: args.cause?.trim() || 'operator',
      summary: args.summary,
      owner: args.owner?.trim() || actor,
      windowStartMs: args.window_start === undefined ? null : Date.parse(args.window_start),
      windowEndMs: args.window_end === undefined ? null : Date.parse(args.window_end),
      links,
      actor,
      atMs: ctx.clock.now(),
    }),
  );
  const [incident] = await named(ctx, [opened]);
  return incident!;
}

/** The log, newest first, paged. */
export async function auditList(
  ctx: ConsoleContext,
  args: { offset?: number; limit?: number },
): Promise<{ entries: AuditEntry[]; total: number; offset: number }> {
  const rows = auditRows(dbOf(ctx)).reverse();
  const offset = args.offset ?? 0;
  const page = rows.slice(offset, offset + (args.limit ?? 200));
  return {
    entries: page.map((r) => ({
      seq: r.seq,
      at_ms: r.atMs,
      actor: r.actor,
      action: r.action,
      summary: r.summary,
      details: r.details,
      prev_hash: r.prevHash,
      entry_hash: r.entryHash,
    })),
    total: rows.length,
    offset,
  };
}

export async function auditVerify(ctx: ConsoleContext): Promise<AuditVerifyAnswer> {
  const verified = verifyAuditLog(dbOf(ctx));
  if (!verified.ok)
    return {
      ok: false,
      code: verified.error.code,
      message: verified.error.message,
      ...(verified.error.details ? { details: verified.error.details } : {}),
    };
  return {
    ok: true,
    entries: verified.value.entries,
    head: verified.value.head,
    quoted_heads: verified.value.quotedHeads,
  };
}
