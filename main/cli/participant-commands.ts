import type { Db } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { readBoundedFileSync } from '../services/files/read-bounded.ts';
import { markReferenceRun, showParticipant } from '../services/index-export/participants.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { fileProblem } from './file-arguments.ts';
import { printRefusal } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { either, may, need, synopsis, word } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { withOperatorDatabase } from './proofs-options.ts';

const RENAME = synopsis([
  need('season'),
  need('participant', { help: 'the participant_id scores.json lists' }),
  either([need('display-name')], [need('declared-stack')], [word('both')]),
  may('db'),
  may('actor'),
  may('json'),
]);
const REFERENCE = synopsis([
  need('season'),
  need('participant', { help: 'the participant_id scores.json lists' }),
  need('model'),
  need('version', { help: 'the model version of the reference run' }),
  need('framework'),
  need('prompt'),
  may('db'),
  may('actor'),
  may('json'),
]);

const seasonOf = (text: string | undefined) => (text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : null);

/** Runs `run` on the operator database, then prints its refusal (exit 1) or its value (exit 0). */
async function runAndPrint(
  json: boolean,
  io: CliIo,
  name: string,
  dbFile: string | undefined,
  run: (
    db: Db,
  ) =>
    | { ok: true; value: object }
    | { ok: false; error: { code: string; message: string; details?: Record<string, unknown> } },
  text: (v: never) => string,
): Promise<number> {
  const r = withOperatorDatabase(dbFile, run);
  if (!r.ok) {
    printRefusal(io, json, name, r.error);
    return EXIT.failed;
  }
  if (json) printJson(io, { ok: true, ...r.value });
  else io.out(`${text(r.value as never)}\n`);
  return EXIT.ok;
}

/** `proveit participant rename` (docs/index-export.md): the name the Index shows (spec §7.2), audited. */
export function createParticipantRenameCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['participant', 'rename'],
    summary:
      'set the name (spec §7.2) or the stack (spec §7.1) the Index shows for a participant, recorded in the audit log',
    synopsis: RENAME,
    run: async (args, io) => {
      const parsed = parseSynopsis(RENAME, args);
      if (!parsed.ok) return usageError(io, command, parsed.message);
      const v = parsed.values;
      const season = seasonOf(v.season);
      if (season === null)
        return usageError(io, command, `--season '${v.season}' is not a season number; e.g. --season 1`);
      const displayName = v['display-name'];
      const stack = v['declared-stack'];
      const participantId = v.participant;
      return runAndPrint(
        v.json ?? false,
        io,
        'participant rename',
        v.db,
        (db) => {
          const shown = showParticipant(db, {
            season,
            participantId,
            ...(displayName === undefined ? {} : { displayName }),
            ...(stack === undefined ? {} : { declaredStack: stack }),
            clock,
            actor: actorOf(v),
          });
          if (!shown.ok) return shown;
          return {
            ok: true,
            value: {
              participant_id: participantId,
              ...(shown.value.displayName === undefined ? {} : { display_name: shown.value.displayName }),
              ...(shown.value.declaredStack === undefined ? {} : { declared_stack: shown.value.declaredStack }),
              audit_head: shown.value.audit,
            },
          };
        },
        (o: { display_name?: string; declared_stack?: string }) =>
          [
            ...(o.display_name === undefined
              ? []
              : [`participant ${participantId} of season ${season} is shown as "${o.display_name}"`]),
            ...(o.declared_stack === undefined
              ? []
              : [`participant ${participantId} of season ${season} is shown with the stack "${o.declared_stack}"`]),
          ].join('\n'),
      );
    },
  };
  return command;
}

/** `proveit participant reference` (docs/index-export.md): marks a reference run (spec §7.1), audited. */
export function createParticipantReferenceCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['participant', 'reference'],
    summary: 'mark a participant as a reference run, with the model, version, framework and prompt the Index publishes',
    synopsis: REFERENCE,
    run: async (args, io) => {
      const parsed = parseSynopsis(REFERENCE, args);
      if (!parsed.ok) return usageError(io, command, parsed.message);
      const v = parsed.values;
      const season = seasonOf(v.season);
      if (season === null)
        return usageError(io, command, `--season '${v.season}' is not a season number; e.g. --season 1`);
      // Bounded (main/services/files/read-bounded.ts): a device or an oversized prompt is refused unread.
      const read = readBoundedFileSync(v.prompt!, { what: '--prompt', kind: 'prompt' });
      if (!read.ok) return usageError(io, command, fileProblem(read.error));
      const prompt = read.value;
      const participantId = v.participant!;
      return runAndPrint(
        v.json ?? false,
        io,
        'participant reference',
        v.db,
        (db) => {
          const r = markReferenceRun(db, {
            season,
            participantId,
            model: v.model!,
            modelVersion: v.version!,
            framework: v.framework!,
            prompt,
            clock,
            actor: actorOf(v),
          });
          return r.ok
            ? {
                ok: true,
                value: {
                  participant_id: participantId,
                  prompt_sha256: r.value.promptSha256,
                  audit_head: r.value.audit,
                },
              }
            : r;
        },
        () => `participant ${participantId} of season ${season} is a reference run`,
      );
    },
  };
  return command;
}

export const participantCommands: Command[] = [createParticipantRenameCommand(), createParticipantReferenceCommand()];
