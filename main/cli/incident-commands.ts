import { INCIDENT_KINDS, type IncidentLink } from '../core/incidents/group-incidents.ts';
import { parseIncidentKind } from '../core/incidents/incident-rules.ts';
import { parseInstant } from '../core/freeze/instant.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import { incidentsOf } from '../db/incidents.ts';
import type { StoredIncident } from '../core/incidents/incident-record.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { addIncidentEvent, openIncident } from '../services/incidents/incidents.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonAndTrackFilterOf, seasonAndTrackOf } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { many, may, need, positional, synopsis, unlisted } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';

/** An incident as plain JSON (the --json form of list, open, note and resolve). */
export function incidentJson(i: StoredIncident) {
  return {
    id: i.id,
    season: i.season,
    track: i.track,
    kind: i.kind,
    cause: i.cause,
    state: i.state,
    owner: i.currentOwner,
    opened_at: isoUtc(i.openedAtMs),
    opened_by: i.openedBy,
    opened_by_actor: i.openedByActor,
    close_id: i.closeId,
    group_key: i.groupKey,
    window_start: isoUtc(i.windowStartMs),
    window_end: isoUtc(i.windowEndMs),
    summary: i.summary,
    resolution: i.resolution && { at: isoUtc(i.resolution.atMs), actor: i.resolution.actor, text: i.resolution.text },
    events: i.events.map((e) => ({ at: isoUtc(e.atMs), actor: e.actor, kind: e.kind, text: e.text })),
    links: i.links,
  };
}

function humanLine(i: StoredIncident): string {
  const window =
    i.windowStartMs === null ? '' : ` window ${isoUtc(i.windowStartMs)}..${isoUtc(i.windowEndMs ?? i.windowStartMs)}`;
  return (
    `${i.id}\t${i.state}\tseason ${i.season} ${i.track}\t${i.kind}/${i.cause}\towner ${i.currentOwner}\t` +
    `${i.links.length} item(s)${window}\n    ${i.summary}` +
    (i.resolution ? `\n    resolved ${isoUtc(i.resolution.atMs)} by ${i.resolution.actor}: ${i.resolution.text}` : '')
  );
}

const LIST = synopsis([
  may('season', { help: 'only this season' }),
  may('track', { help: 'only this track' }),
  may('state', { value: 'open|resolved', help: 'only incidents in this state' }),
  may('db'),
  may('json'),
]);

export const incidentListCommand: Command = {
  path: ['incident', 'list'],
  summary: 'list incidents (opened by a close or by hand) with their state, owner, affected items and resolution',
  synopsis: LIST,
  async run(args, io) {
    const parsed = parseSynopsis(LIST, args);
    if (!parsed.ok) return usageError(io, incidentListCommand, parsed.message);
    const { values } = parsed;
    const filter = seasonAndTrackFilterOf(values);
    if (typeof filter === 'string') return usageError(io, incidentListCommand, filter);
    if (values.state !== undefined && values.state !== 'open' && values.state !== 'resolved')
      return usageError(io, incidentListCommand, `--state must be open or resolved (got '${values.state}')`);
    const db = openDatabase(dbPathFrom(values.db), { readOnly: true });
    try {
      const incidents = incidentsOf(db, filter).filter((i) => values.state === undefined || i.state === values.state);
      if (values.json) printJson(io, { incidents: incidents.map(incidentJson) });
      else if (incidents.length === 0) io.out('no incident\n');
      else io.out(`${incidents.map(humanLine).join('\n')}\n`);
      return EXIT.ok;
    } finally {
      db.close();
    }
  },
};

const OPEN = synopsis([
  need('season'),
  need('track'),
  need('kind', { value: INCIDENT_KINDS.join('|') }),
  need('summary', { help: 'what happened, e.g. "corpus down 14:00-14:20"' }),
  may('cause'),
  may('owner', { defaultText: 'the actor' }),
  may('window-start'),
  may('window-end'),
  many('participant', { help: 'a participant the incident affects' }),
  many('assertion', { help: 'an assertion the incident affects' }),
  many('proof', { value: 'ID', help: 'a proof id the incident affects' }),
  may('db'),
  may('json'),
  may('actor'),
]);

/** `proveit incident open`: by hand. `clock` is the Clock port (tests pass their own). */
export function createIncidentOpenCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['incident', 'open'],
    summary: 'open an incident by hand (a corpus outage, a Trust Layer fault seen outside a close, ...)',
    synopsis: OPEN,
    run: (args, io) => runOpen(command, clock, args, io),
  };
  return command;
}

async function runOpen(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(OPEN, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return usageError(io, command, which);
  const kind = parseIncidentKind(values.kind);
  if (!kind.ok) return usageError(io, command, kind.error.message);
  const window: (number | null)[] = [];
  for (const flag of ['window-start', 'window-end'] as const) {
    const text = values[flag];
    if (text === undefined) {
      window.push(null);
      continue;
    }
    const instant = parseInstant(`--${flag}`, text);
    if (!instant.ok) return usageError(io, command, instant.error.message);
    window.push(Date.parse(instant.value));
  }
  const links: IncidentLink[] = [];
  for (const participant of values.participant ?? [])
    links.push({ participant, task: null, assertion: null, proof: null });
  for (const pair of values.assertion ?? []) {
    const match = /^([^/\s]+)\/([^/\s]+)$/.exec(pair);
    if (!match) return usageError(io, command, `--assertion '${pair}' is not TASK_ID/ASSERTION_ID, e.g. conf-01/a1`);
    links.push({ participant: null, task: match[1]!, assertion: match[2]!, proof: null });
  }
  for (const proof of values.proof ?? []) links.push({ participant: null, task: null, assertion: null, proof });
  const actor = actorOf(values);
  const db = openDatabase(dbPathFrom(values.db));
  try {
    const opened = openIncident(db, {
      season: which.season,
      track: which.track,
      kind: kind.value,
      cause: values.cause?.trim() || 'operator',
      summary: values.summary,
      owner: values.owner?.trim() || actor,
      windowStartMs: window[0] ?? null,
      windowEndMs: window[1] ?? null,
      links,
      actor,
      atMs: clock.now(),
    });
    if (!opened.ok) {
      printRefusal(io, values.json ?? false, 'incident open', opened.error);
      return EXIT.failed;
    }
    if (values.json) printJson(io, { ok: true, incident: incidentJson(opened.value) });
    else io.out(`incident ${opened.value.id} opened\n  ${humanLine(opened.value)}\n`);
    return EXIT.ok;
  } finally {
    db.close();
  }
}

type EventCommand = 'note' | 'resolve' | 'assign';

const EVENT_COMMANDS = {
  note: { flag: 'text', event: 'note', summary: 'add a note to an incident (open or resolved)' },
  resolve: {
    flag: 'resolution',
    event: 'resolve',
    summary: 'resolve an open incident with a written resolution (kept with the incident and in the audit log)',
  },
  assign: { flag: 'owner', event: 'owner', summary: 'give an open incident a new owner' },
} as const;

/**
 * The synopsis of one event command: its own text flag, and the other two accepted only to answer with the flag to
 * write instead (`--text` given to `incident resolve` says to write --resolution).
 */
function eventSynopsis(kind: EventCommand) {
  const { flag } = EVENT_COMMANDS[kind];
  const elsewhere = `not an option of incident ${kind}: write --${flag}`;
  return synopsis([
    positional('ID', 'the incident id, e.g. 3'),
    flag === 'text' ? need('text') : unlisted('text', elsewhere),
    flag === 'resolution'
      ? need('resolution', {
          help: 'what was found and done, e.g. "proxy secret restored at 14:20; faults excluded from overclaim"',
        })
      : unlisted('resolution', elsewhere),
    flag === 'owner' ? need('owner', { help: 'the new owner' }) : unlisted('owner', elsewhere),
    may('db'),
    may('json'),
    may('actor'),
  ]);
}

/** `proveit incident note ID --text TEXT`, `resolve ID --resolution TEXT`, `assign ID --owner NAME`. */
function createEventCommand(kind: EventCommand, clock: Clock): Command {
  const { flag, event, summary } = EVENT_COMMANDS[kind];
  const syn = eventSynopsis(kind);
  const command: Command = {
    path: ['incident', kind],
    summary,
    synopsis: syn,
    async run(args, io) {
      const parsed = parseSynopsis(syn, args);
      if (!parsed.ok) return usageError(io, command, parsed.message);
      const { values, positionals } = parsed;
      if (positionals.length !== 1)
        return usageError(io, command, `give exactly one incident id, e.g. incident ${kind} 3`);
      const idText = positionals[0]!.replace(/^inc_/, '');
      if (!/^\d{1,12}$/.test(idText))
        return usageError(io, command, `'${positionals[0]}' is not an incident id, e.g. 3`);
      const text = values[flag]!;
      const db = openDatabase(dbPathFrom(values.db));
      try {
        const changed = addIncidentEvent(db, {
          id: Number(idText),
          kind: event,
          text,
          actor: actorOf(values),
          atMs: clock.now(),
        });
        if (!changed.ok) {
          printRefusal(io, values.json ?? false, `incident ${kind}`, changed.error);
          return EXIT.failed;
        }
        if (values.json) printJson(io, { ok: true, incident: incidentJson(changed.value) });
        else
          io.out(
            `incident ${changed.value.id} ${{ note: 'noted', resolve: 'resolved', assign: 'assigned' }[kind]}\n  ${humanLine(changed.value)}\n`,
          );
        return EXIT.ok;
      } finally {
        db.close();
      }
    },
  };
  return command;
}

export function createIncidentCommands(clock: Clock = systemClock): Command[] {
  return [
    incidentListCommand,
    createIncidentOpenCommand(clock),
    createEventCommand('note', clock),
    createEventCommand('resolve', clock),
    createEventCommand('assign', clock),
  ];
}

export const incidentCommands: Command[] = createIncidentCommands();
