import type { FreezePublication } from '../core/freeze/publication.ts';
import { publicationJson } from '../core/freeze/publication.ts';
import type { PyJson } from '../core/json/value.ts';
import type { Failure } from '../core/result.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { adoptFreeze } from '../services/freeze/adopt-freeze.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { loadTrustBundle } from '../services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { readJsonFile, readServiceDocumentFile } from './file-arguments.ts';
import { printRefusal } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { many, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';

const SYNOPSIS = synopsis([
  need('corpus', { help: 'the track folder the freeze in force froze (season.json, rules text, served files)' }),
  many('freeze', {
    help: 'a published freeze document (a `freeze publish` file or one published freeze); give the whole replacement chain',
  }),
  need('seals'),
  need('trust-layer', {
    help: 'the Trust Layer the freezes were anchored through: their views are read there, and it is recorded with them',
  }),
  many('proof', { help: 'a freeze proof view read from this file instead of the Trust Layer' }),
  many('rekor-entry', { help: "a freeze proof's Rekor entry, read from this file instead of its log" }),
  may('rekor'),
  may('offline', { help: 'make no network call: views and Rekor entries only from --proof and --rekor-entry' }),
  may('trust'),
  may('db'),
  may('json'),
  may('actor'),
]);

function human(publication: FreezePublication): string {
  const lines = [`season ${publication.season}, track ${publication.track}: freeze chain adopted`];
  for (const f of publication.freezes) {
    const role = f.proof_id === publication.in_force ? 'in force' : 'replaced';
    lines.push(`  ${f.proof_id}  ${role}  rules ${f.rules_version}  key_commitment ${f.key_commitment}`);
    if (f.replaces !== null) lines.push(`    replaces ${f.replaces}, reason: ${String(f.reason)}`);
  }
  const last = publication.freezes.find((f) => f.proof_id === publication.in_force)!;
  lines.push(
    `  window opens ${last.opens_at}, closes ${last.closes_at}; key and salt sealed in the database until the close`,
    `it now closes, reveals and publishes as a freeze made here: proveit freeze publish --season ${publication.season} --track ${publication.track} --out FILE`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * `proveit freeze adopt` (docs/freeze.md "Adopting a freeze made elsewhere"): takes in force a freeze chain made
 * outside this console, after verifying each anchoring proof, the freeze in force against the track folder, and each
 * sealed salt and key against its commitment. A refusal names the first difference (FREEZE_ADOPT_*) and records
 * nothing. `clock` is the Clock port (the registered command uses the system clock).
 */
export function createFreezeAdoptCommand(clock: Clock): Command {
  const command: Command = {
    path: ['freeze', 'adopt'],
    summary: 'take in force a freeze chain made elsewhere, once its proofs, corpus and sealed key all check',
    synopsis: SYNOPSIS,
    run: (args, io) => runAdopt(command, clock, args, io),
  };
  return command;
}

export const freezeAdoptCommand: Command = createFreezeAdoptCommand(systemClock);

async function runAdopt(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(SYNOPSIS, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const freezeFiles = values.freeze ?? [];
  if (freezeFiles.length === 0) {
    return usageError(io, command, '--freeze FILE is required: give each published freeze document of the track');
  }
  const json = values.json ?? false;
  const refuse = (failure: Failure) => {
    printRefusal(io, json, 'freeze adopt', failure);
    return EXIT.failed;
  };
  const publications: PyJson[] = [];
  for (const file of freezeFiles) {
    const read = await readJsonFile(file, 'published freeze');
    if (!read.ok) return refuse(read.error);
    publications.push(read.value);
  }
  const seals = await readJsonFile(values.seals as string, 'sealed salt and key');
  if (!seals.ok) return refuse(seals.error);
  const views: Uint8Array[] = [];
  for (const file of values.proof ?? []) {
    const read = await readServiceDocumentFile(file, 'proof');
    if (!read.ok) return refuse(read.error);
    views.push(read.value);
  }
  const rekorEntries: PyJson[] = [];
  for (const file of values['rekor-entry'] ?? []) {
    const read = await readJsonFile(file, 'Rekor entry');
    if (!read.ok) return refuse(read.error);
    rekorEntries.push(read.value);
  }
  const bundle = await loadTrustBundle(values.trust ?? PRODUCTION_BUNDLE_DIR);
  if (!bundle.ok) return refuse(bundle.error);

  const db = openDatabase(values.db ?? DEFAULT_DB_PATH);
  const http = createHttpClient();
  try {
    const adopted = await adoptFreeze(
      {
        corpusDir: values.corpus as string,
        publications,
        seals: seals.value,
        trustLayer: values['trust-layer'] as string,
        views,
        rekorEntries,
        ...(values.rekor === undefined ? {} : { rekorUrl: values.rekor }),
        offline: values.offline ?? false,
        bundle: bundle.value,
        actor: actorOf(values),
      },
      { db, http, clock },
    );
    if (!adopted.ok) return refuse(adopted.error);
    if (json) printJson(io, { ok: true, publication: publicationJson(adopted.value) });
    else io.out(human(adopted.value));
    return EXIT.ok;
  } finally {
    await http.close();
    db.close();
  }
}
