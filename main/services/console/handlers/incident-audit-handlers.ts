import type { AuditEntry, AuditVerifyAnswer, Incident } from '../../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../../ipc/refusal.ts';
import { auditRows } from '../../../db/audit-log.ts';
import { incidentById, incidentsOf, type StoredIncident } from '../../../db/incidents.ts';
import { verifyAuditLog } from '../../audit/verify-audit-log.ts';
import { addIncidentEvent } from '../../incidents/incidents.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { CONSOLE_ACTOR } from './dispute-handlers.ts';
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
  if (!found) throw new HandlerRefusal('INCIDENT_NOT_FOUND', `no incident ${args.id} in this database`);
  const [incident] = await named(ctx, [found]);
  return incident!;
}

/** Resolution with a written text, audited (incident.resolve); a resolved incident refuses a second one. */
export async function incidentResolve(
  ctx: ConsoleContext,
  args: { id: number; resolution: string },
): Promise<Incident> {
  const resolved = valueOrRefuse(
    addIncidentEvent(dbOf(ctx), {
      id: args.id,
      kind: 'resolve',
      text: args.resolution,
      actor: CONSOLE_ACTOR,
      atMs: ctx.clock.now(),
    }),
  );
  const [incident] = await named(ctx, [resolved]);
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
