import { resolve } from 'node:path';
import type { Failure } from '../core/result.ts';
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
import { either, may, need, parseSynopsis, synopsis } from './options/synopsis.ts';
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

async function runClose(
  command: Command,
  clock: Clock,
  readSettings: Partial<ReadSettings> | undefined,
  args: string[],
  io: CliIo,
): Promise<number> {
  const parsed = parseSynopsis(SYNOPSIS, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return usageError(io, command, which);
  for (const flag of ['corpus', 'trust-layer', 'out'] as const) {
    if (!values[flag]) return usageError(io, command, `--${flag} is required`);
  }
  const trustLayer = values['trust-layer'] as string;
  if (!/^https?:\/\//.test(trustLayer)) {
    return usageError(
      io,
      command,
      `--trust-layer '${trustLayer}' is not a URL, e.g. --trust-layer https://trust.arkforge.tech`,
    );
  }
  if (values.rekor !== undefined && !/^https?:\/\//.test(values.rekor)) {
    return usageError(io, command, `--rekor '${values.rekor}' is not a URL, e.g. --rekor https://rekor.sigstore.dev`);
  }
  const fromService = values['season-url'] !== undefined || values['operator-token-file'] !== undefined;
  if (Boolean(values.submissions) === fromService) {
    return usageError(
      io,
      command,
      'give the submissions with exactly one of --submissions FILE (the season service export) or --season-url URL --operator-token-file FILE',
    );
  }
  if (fromService && (!values['season-url'] || !values['operator-token-file'])) {
    return usageError(io, command, '--season-url URL and --operator-token-file FILE go together');
  }
  const configuredKey = values['service-key'] === undefined ? null : hexPublicKey(values['service-key']);
  if (values['service-key'] !== undefined && configuredKey === null) {
    return usageError(
      io,
      command,
      `--service-key '${values['service-key']}' is not 64 hex characters (the season service's receipt_public_key)`,
    );
  }
  if (!fromService && configuredKey === null) {
    return usageError(
      io,
      command,
      '--submissions FILE needs --service-key HEX: the receipt_public_key of the season service that signed the export',
    );
  }
  if (values['season-url'] !== undefined && !/^https?:\/\//.test(values['season-url'])) {
    return usageError(
      io,
      command,
      `--season-url '${values['season-url']}' is not a URL, e.g. --season-url https://proveit.arkforge.tech`,
    );
  }
  const json = values.json ?? false;
  const refuse = (failures: Failure[]) => {
    if (json) {
      printJson(io, {
        ok: false,
        code: failures[0]?.code ?? 'CLOSE_REFUSED',
        failures: plainFailures(failures),
      });
    } else
      io.err(
        `proveit season close: REFUSED, nothing scored (${failures.length} difference(s))\n${failureLines(failures)}\n`,
      );
    return EXIT.failed;
  };

  const http = createHttpClient();
  try {
    let submissions: Uint8Array;
    let serviceKey = configuredKey;
    if (values.submissions) {
      // Bounded by the export's own limit (main/services/files/read-bounded.ts), as its download is.
      const read = await readFileArgument(values.submissions, 'submissions file', 'export');
      if (!('bytes' in read)) return refuse([read]);
      submissions = read.bytes;
    } else {
      const token = await readSecretFile(values['operator-token-file'] as string, 'operator token');
      if (typeof token !== 'string') return usageError(io, command, token.problem);
      const got = await readSeasonExport(values['season-url'] as string, which.season, token);
      if (!(got instanceof Uint8Array)) return refuse([got]);
      submissions = got;
      if (serviceKey === null) {
        const announced = await announcedReceiptKey(
          values['season-url'] as string,
          which.season,
          'or give it with --service-key HEX',
        );
        if (!announced.ok) return refuse([announced.error]);
        serviceKey = announced.value;
      }
    }
    const db = openDatabase(dbPathFrom(values.db));
    try {
      const outcome = await closeSeason({
        db,
        http,
        clock,
        season: which.season,
        track: which.track,
        corpusDir: values.corpus as string,
        submissions,
        serviceKey: serviceKey as string,
        trustLayerUrl: trustLayer,
        ...(values.rekor === undefined ? {} : { rekorUrl: values.rekor }),
        trustDir: values.trust ?? PRODUCTION_BUNDLE_DIR,
        outDir: resolve(values.out as string),
        actor: actorOf(values),
        ...(readSettings ? { readSettings } : {}),
      });
      if (!outcome.ok) return refuse(failuresOf(outcome.error));
      const s = outcome.value;
      const exit = s.pending.length > 0 ? EXIT.pending : EXIT.ok;
      if (json) {
        printJson(io, {
          ok: true,
          exit,
          season: which.season,
          track: which.track,
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
            s.fetch.rekor?.failed.map((f) => ({ uuid: f.uuid, code: f.failure.code, message: f.failure.message })) ??
            [],
          same_participant: s.sameParticipant.map(sameParticipantValue),
        });
      } else {
        const lines = [
          `season ${which.season}, track ${which.track}: ${s.scored.length} participant(s) scored, ${s.pending.length} pending`,
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
            `  incidents: ${opened.length} opened${opened.length ? ` (${opened.join(', ')})` : ''}, ${extended.length} already open with new items; proveit incident list --season ${which.season} --track ${which.track}`,
          );
        for (const f of s.sameParticipant) {
          const [l] = f.links;
          lines.push(
            `  one participant (spec §9.1, ${f.code}): ${f.notRanked.join(', ')} enrolled after ${f.ranked}; only ${f.ranked} is ranked` +
              (l
                ? `: ${l.citedBy}'s ${l.taskId} ${l.assertionId} opens ${l.proofId}, issued under ${l.didOf}'s DID`
                : '') +
              (f.links.length > 1 ? ` (and ${f.links.length - 1} more proof(s))` : ''),
          );
        }
        for (const f of s.fetch.rekor?.failed ?? [])
          lines.push(`  Rekor entry ${f.uuid} not fetched: ${f.failure.code} (the TSA token alone witnesses it)`);
        if (s.pending.length > 0) {
          lines.push(
            `  pending (a cited proof's batch not anchored, its Rekor entry not fetched, or a null answer still rechecked; close again later): ${s.pending.join(', ')}`,
          );
        }
        io.out(`${lines.join('\n')}\n`);
      }
      return exit;
    } finally {
      db.close();
    }
  } finally {
    await http.close();
  }
}
