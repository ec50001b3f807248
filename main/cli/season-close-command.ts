import { resolve } from 'node:path';
import { ok, type Failure, type Result } from '../core/result.ts';
import type { TrackName } from '../core/corpus/model.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { closeSeason } from '../services/close/close-season.ts';
import { sameParticipantValue } from '../services/close/record-close.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { readSeasonExport } from '../services/season-export/read-export.ts';
import { announcedReceiptKey } from '../services/receipts/announced-receipt-key.ts';
import type { ReadSettings } from '../services/proofs/read-settings.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { failureLines, plainFailures } from './failure-lines.ts';
import { seasonAndTrackOf } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { hexPublicKey } from './public-key-file.ts';
import { either, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';
import { readFileArgument } from './file-arguments.ts';
import { readSecretFile } from './secret-file.ts';

const SYNOPSIS = synopsis([
  need('season'),
  need('track'),
  need('corpus', { help: 'the track folder the season ran on' }),
  either(
    [
      need('submissions'),
      need('service-key', { help: 'the receipt_public_key of the season service that signed the export' }),
    ],
    [
      need('season-url', { help: 'the season service the export is read from' }),
      need('operator-token-file'),
      may('service-key', { defaultText: 'the key the season service announces' }),
    ],
  ),
  need('trust-layer', { help: 'the Trust Layer the cited proofs are read from' }),
  may('rekor'),
  may('trust'),
  need('out', { value: 'DIR', help: 'where scores.json, reports/ and the replay bundle are written' }),
  may('db'),
  may('json'),
  may('actor'),
]);

function failuresOf(error: Failure): Failure[] {
  const nested = error.details?.['failures'];
  return Array.isArray(nested) ? (nested as Failure[]) : [error];
}

/**
 * `proveit season close` (docs/replay-bundle.md). `clock` is the Clock port (the registered command uses the system
 * clock; tests build one after the close); `readSettings` overrides the read quota's settings (tests).
 */
export function createSeasonCloseCommand(clock: Clock = systemClock, readSettings?: Partial<ReadSettings>): Command {
  const command: Command = {
    path: ['season', 'close'],
    summary:
      'at close: verify the freeze, reveal the key, read every cited proof under the read limit, score the track, ' +
      'and write scores.json, one report per participant and the offline replay bundle',
    synopsis: SYNOPSIS,
    run: (args, io) => runClose(command, clock, readSettings, args, io),
  };
  return command;
}

export const seasonCloseCommand: Command = createSeasonCloseCommand();

const parseClose = (args: string[]) => parseSynopsis(SYNOPSIS, args);
type CloseValues = Extract<ReturnType<typeof parseClose>, { ok: true }>['values'];

/** What a close runs on, from its checked arguments. */
interface CloseArgs {
  season: number;
  track: TrackName;
  /** The key the export is checked against; null: the key the season service announces. */
  serviceKey: string | null;
  json: boolean;
}

/** The arguments past the synopsis' rules (season/track, the key's form, --submissions with its key). */
function closeArgsOf(values: CloseValues): CloseArgs | string {
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return which;
  const serviceKey = values['service-key'] === undefined ? null : hexPublicKey(values['service-key']);
  if (values['service-key'] !== undefined && serviceKey === null)
    return `--service-key '${values['service-key']}' is not 64 hex characters (the season service's receipt_public_key)`;
  return { ...which, serviceKey, json: values.json ?? false };
}

async function runClose(
  command: Command,
  clock: Clock,
  readSettings: Partial<ReadSettings> | undefined,
  args: string[],
  io: CliIo,
): Promise<number> {
  const parsed = parseClose(args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const close = closeArgsOf(values);
  if (typeof close === 'string') return usageError(io, command, close);
  const refuse = (failures: Failure[]) => printCloseRefusal(io, close.json, failures);
  const http = createHttpClient();
  try {
    const read = await submissionsOf(values, close);
    if ('problem' in read) return usageError(io, command, read.problem);
    if (!read.ok) return refuse([read.error]);
    const input = read.value;
    const db = openDatabase(dbPathFrom(values.db));
    try {
      const outcome = await closeSeason({
        db,
        http,
        clock,
        season: close.season,
        track: close.track,
        corpusDir: values.corpus,
        submissions: input.submissions,
        serviceKey: input.serviceKey,
        trustLayerUrl: values['trust-layer'],
        ...(values.rekor === undefined ? {} : { rekorUrl: values.rekor }),
        trustDir: values.trust ?? PRODUCTION_BUNDLE_DIR,
        outDir: resolve(values.out),
        actor: actorOf(values),
        ...(readSettings ? { readSettings } : {}),
      });
      if (!outcome.ok) return refuse(failuresOf(outcome.error));
      const exit = outcome.value.pending.length > 0 ? EXIT.pending : EXIT.ok;
      if (close.json) printJson(io, closeJson(close, outcome.value, exit));
      else io.out(`${closeLines(close, outcome.value).join('\n')}\n`);
      return exit;
    } finally {
      db.close();
    }
  } finally {
    await http.close();
  }
}

/**
 * The export and the key it is checked against: --submissions FILE with --service-key HEX, or read from
 * --season-url with the operator token (the key the service announces unless --service-key names it). A `problem` is
 * a usage error (the token file); a Result is the export read or its refusal.
 */
async function submissionsOf(
  values: CloseValues,
  close: CloseArgs,
): Promise<Result<{ submissions: Uint8Array; serviceKey: string }> | { problem: string }> {
  if (values.submissions) {
    // Bounded by the export's own limit (main/services/files/read-bounded.ts), as its download is.
    const read = await readFileArgument(values.submissions, 'submissions file', 'export');
    return read.ok ? ok({ submissions: read.value, serviceKey: close.serviceKey! }) : read;
  }
  const seasonUrl = values['season-url']!;
  const token = await readSecretFile(values['operator-token-file']!, 'operator token');
  if (typeof token !== 'string') return token;
  const got = await readSeasonExport(seasonUrl, close.season, token);
  if (!got.ok) return got;
  if (close.serviceKey !== null) return ok({ submissions: got.value, serviceKey: close.serviceKey });
  const announced = await announcedReceiptKey(seasonUrl, close.season, 'or give it with --service-key HEX');
  return announced.ok ? ok({ submissions: got.value, serviceKey: announced.value }) : announced;
}

function printCloseRefusal(io: CliIo, json: boolean, failures: Failure[]): number {
  if (json) printJson(io, { ok: false, code: failures[0]?.code ?? 'CLOSE_REFUSED', failures: plainFailures(failures) });
  else
    io.err(
      `proveit season close: REFUSED, nothing scored (${failures.length} difference(s))\n${failureLines(failures)}\n`,
    );
  return EXIT.failed;
}

type CloseSummary = Extract<Awaited<ReturnType<typeof closeSeason>>, { ok: true }>['value'];

/** The one JSON document of a close (--json). */
function closeJson(close: CloseArgs, s: CloseSummary, exit: number) {
  return {
    ok: true,
    exit,
    season: close.season,
    track: close.track,
    out: s.outDir,
    bundle: s.bundleDir,
    scored: s.scored,
    pending: s.pending,
    scores_sha256: s.scoresSha256,
    close_id: s.closeId,
    incidents: s.incidents,
    replaced_partial: s.replacedPartial,
    hashed_at_first_use: { proof_ids: s.hashedAtFirstUse.proofIds, rekor_uuids: s.hashedAtFirstUse.rekorUuids },
    inputs: s.inputs,
    reads: { this_run: s.fetch.progress.readsThisRun, left_in_window: s.fetch.progress.readsLeftInWindow },
    rekor_failed:
      s.fetch.rekor?.failed.map((f) => ({ uuid: f.uuid, code: f.failure.code, message: f.failure.message })) ?? [],
    same_participant: s.sameParticipant.map(sameParticipantValue),
  };
}

/** The lines a close prints without --json. */
function closeLines(close: CloseArgs, s: CloseSummary): string[] {
  const lines = [
    `season ${close.season}, track ${close.track}: ${s.scored.length} participant(s) scored, ${s.pending.length} pending`,
    `  scores.json (SHA-256 ${s.scoresSha256}) and reports/ in ${s.outDir}`,
    `  replay bundle in ${s.bundleDir}: proveit season replay ${s.bundleDir} --out DIR`,
    `  reads this run: ${s.fetch.progress.readsThisRun}; ${s.fetch.progress.readsLeftInWindow} left in the window`,
  ];
  if (s.replacedPartial) lines.push(`  an interrupted close's partial work in ${s.outDir} was replaced`);
  const firstUse = s.hashedAtFirstUse.proofIds.length + s.hashedAtFirstUse.rekorUuids.length;
  if (firstUse > 0)
    lines.push(
      `  ${firstUse} stored view(s) and Rekor entries older than their SHA-256 were hashed at this first use (docs/operator-database.md)`,
    );
  const { opened, extended } = s.incidents;
  if (opened.length + extended.length > 0)
    lines.push(
      `  incidents: ${opened.length} opened${opened.length ? ` (${opened.join(', ')})` : ''}, ${extended.length} already open with new items; proveit incident list --season ${close.season} --track ${close.track}`,
    );
  for (const f of s.sameParticipant) {
    const [l] = f.links;
    lines.push(
      `  one participant (spec §9.1, ${f.code}): ${f.notRanked.join(', ')} enrolled after ${f.ranked}; only ${f.ranked} is ranked` +
        (l ? `: ${l.citedBy}'s ${l.taskId} ${l.assertionId} opens ${l.proofId}, issued under ${l.didOf}'s DID` : '') +
        (f.links.length > 1 ? ` (and ${f.links.length - 1} more proof(s))` : ''),
    );
  }
  for (const f of s.fetch.rekor?.failed ?? [])
    lines.push(`  Rekor entry ${f.uuid} not fetched: ${f.failure.code} (the TSA token alone witnesses it)`);
  if (s.pending.length > 0)
    lines.push(
      `  pending (a cited proof's batch not anchored, its Rekor entry not fetched, or a null answer still rechecked; close again later): ${s.pending.join(', ')}`,
    );
  return lines;
}
