import { rm, writeFile } from 'node:fs/promises';
import { ok, type Result } from '../core/result.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { prepareReveal, recordReveal } from '../services/freeze/reveal-freeze.ts';
import { writeFaultOf } from '../services/write-fault.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonAndTrackOf } from './freeze-options.ts';
import type { CliIo } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';

const SYNOPSIS = synopsis([
  need('season'),
  need('track'),
  may('out', { help: 'write the reveal document (key and salt) to this file' }),
  may('db'),
  may('json', { help: 'print the reveal document on stdout' }),
  may('actor'),
]);

/**
 * `proveit freeze reveal` (spec §8.3): at close, the key and the salt of every freeze of the season and track.
 * Refused before the close recorded with the freeze in force (FREEZE_NOT_CLOSED), judged on the clock: the operator
 * has no way to name another time (`--now`, which revealed the key before the close, was removed: docs/freeze.md "The
 * reveal (at close)"). The reveal document is canonical JSON (--json prints it, --out writes it) so anyone recomputes
 * sha256(salt ‖ canonical(key)). `clock` is the Clock port: the registered command uses the system clock; tests build
 * one at a given instant.
 */
export function createFreezeRevealCommand(clock: Clock): Command {
  const command: Command = {
    path: ['freeze', 'reveal'],
    summary: 'at close, reveal the key and salt of every freeze of a season and track (refused before close)',
    synopsis: SYNOPSIS,
    run: (args, io) => runReveal(command, clock, args, io),
  };
  return command;
}

export const freezeRevealCommand: Command = createFreezeRevealCommand(systemClock);

async function runReveal(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(SYNOPSIS, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return usageError(io, command, which);
  const { season, track } = which;
  const nowMs = clock.now();
  const db = openDatabase(values.db ?? DEFAULT_DB_PATH);
  try {
    const outcome = prepareReveal(db, season, track, nowMs);
    if (!outcome.ok) {
      printRefusal(io, values.json ?? false, 'freeze reveal', outcome.error);
      return EXIT.failed;
    }
    // The document first, the record once it is written: a reveal the disk refused is not recorded
    // (docs/operator-database.md "File write faults").
    if (values.out) {
      const written = await writeRevealFile(values.out, `${outcome.value.text}\n`);
      if (!written.ok) {
        printRefusal(io, values.json ?? false, 'freeze reveal', written.error);
        return EXIT.failed;
      }
    }
    recordReveal(db, outcome.value, nowMs, actorOf(values));
    if (values.json) io.out(`${outcome.value.text}\n`);
    else {
      const r = outcome.value.reveal;
      io.out(`season ${r.season}, track ${r.track}: revealed at ${r.revealed_at}\n`);
      for (const f of r.freezes) io.out(`  ${f.proof_id}  key_commitment ${f.key_commitment}  salt ${f.salt}\n`);
      io.out(
        values.out
          ? `reveal document (key and salt) written to ${values.out}\n`
          : 'the key is in the reveal document: add --out FILE or --json\n',
      );
    }
    return EXIT.ok;
  } finally {
    db.close();
  }
}

/** Writes the reveal document; a write the disk refused is refused with its fault (the part written removed). */
async function writeRevealFile(out: string, text: string): Promise<Result<void>> {
  try {
    await writeFile(out, text);
    return ok(undefined);
  } catch (error) {
    const fault = writeFaultOf(error, {
      target: out,
      writing: `the reveal document ${out}`,
      left: 'nothing was revealed or recorded',
      elsewhere: 'give --out a file on another disk',
    });
    if (fault === undefined) throw error;
    // Only a write cut short leaves part of a document; a refused open left the file (or its absence) as it was.
    if (['WRITE_DISK_FULL', 'WRITE_QUOTA_EXCEEDED', 'WRITE_IO_ERROR'].includes(fault.code))
      await rm(out, { force: true }).catch(() => undefined);
    return { ok: false, error: fault };
  }
}
