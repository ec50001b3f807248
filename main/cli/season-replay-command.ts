import { resolve } from 'node:path';
import { replayBundle } from '../services/close/replay-bundle.ts';
import type { ScoreBundleOptions } from '../services/close/score-bundle.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { failureLines, plainFailures } from './failure-lines.ts';
import { printJson } from './io.ts';
import { may, need, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis([
  positional('BUNDLE', 'the replay bundle folder of a close'),
  need('out', { value: 'DIR', help: 'where the recomputed outputs are written' }),
  may('json'),
]);

/**
 * `proveit season replay BUNDLE --out DIR` (docs/replay-bundle.md): offline, recompute a close from its replay bundle
 * (docs/replay-bundle.md) and compare every output byte for byte with the bundle's expected copies.
 * Exit 0 identical, 3 identical with pending participants, 1 a difference, a tampering or a file the bundle's index
 * does not list (named), 2 usage. Prints the SHA-256 of every output compared, scores.json first.
 * `options` are the scorer's (the replay kit gives the file its verifying workers start from, replay-kit-main.ts):
 * the kit and this command are the same function, so their exit codes and outputs are the same.
 */
export function createSeasonReplayCommand(options: ScoreBundleOptions = {}): Command {
  const command: Command = {
    path: ['season', 'replay'],
    summary:
      'offline, recompute a season close from its replay bundle and check scores.json and every report byte for byte',
    synopsis: SYNOPSIS,
    async run(args, io) {
      const parsed = parseSynopsis(SYNOPSIS, args);
      if (!parsed.ok) return usageError(io, command, parsed.message);
      const { values, positionals } = parsed;
      if (positionals.length !== 1) {
        return usageError(io, command, positionals.length === 0 ? 'give the bundle folder' : 'give one bundle folder');
      }
      const bundleDir = resolve(positionals[0] as string);
      const outcome = await replayBundle(bundleDir, resolve(values.out), options);
      if (!outcome.ok) {
        const failures = outcome.error;
        if (values.json) {
          printJson(io, {
            ok: false,
            identical: false,
            code: failures[0]?.code ?? 'REPLAY_REFUSED',
            failures: plainFailures(failures),
          });
        } else io.err(`proveit season replay: NOT REPLAYED as published\n${failureLines(failures)}\n`);
        return EXIT.failed;
      }
      const s = outcome.value;
      const exit = s.pending.length > 0 ? EXIT.pending : EXIT.ok;
      if (values.json) {
        printJson(io, {
          ok: true,
          identical: true,
          exit,
          out: s.outDir,
          files: s.files.length,
          scored: s.scored,
          pending: s.pending,
          inputs: s.inputs,
          scores_sha256: s.scoresSha256,
          season_service_key: s.serviceKey,
          outputs: s.outputs,
        });
      } else {
        io.out(
          `replayed ${bundleDir}: scores.json and ${s.files.length - 1} report(s) byte-identical; ` +
            `${s.scored.length} scored, ${s.pending.length} pending\n` +
            `  scores.json SHA-256 ${s.scoresSha256} (compare it with the Index)\n` +
            `  export signed by the season service key ${s.serviceKey} (compare it with the one it publishes)\n` +
            `  every output compared, by SHA-256:\n` +
            s.outputs.map((o) => `    ${o.sha256}  ${o.file}\n`).join(''),
        );
      }
      return exit;
    },
  };
  return command;
}

export const seasonReplayCommand = createSeasonReplayCommand();
