import { isMainThread } from 'node:worker_threads';

/**
 * The replay kit's entry point (docs/replay-bundle.md "The replay kit"): esbuild makes it one file,
 * `replay/proveit-replay.mjs` in every Index export (main/services/replay-kit/build-replay-kit.ts), which a third party
 * runs with plain Node 20 or later, nothing installed: `node proveit-replay.mjs BUNDLE --out DIR [--json]`. It runs
 * the `proveit season replay` command itself (the same function: same exit codes, outputs and first difference),
 * without the CLI's command table, which loads the operator database's code. Spec §4.1: "any third party can replay
 * the scoring of a submission from the published proof_ids and disclosures".
 *
 * The file is also its own verifying workers' module: started as a worker thread, it serves what
 * verify-cited-worker.ts serves, so the kit needs no second file. Each branch is loaded only where it runs.
 */
if (!isMainThread) {
  await import('../services/close/verify-cited-worker.ts');
} else {
  const { createSeasonReplayCommand } = await import('./season-replay-command.ts');
  const { processIo } = await import('./io.ts');
  const { helpOf } = await import('./options/help-text.ts');
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    // The usage and options of season replay, under the kit's own name.
    processIo.out(
      helpOf(
        {
          path: ['proveit-replay.mjs'],
          summary:
            'the PROVE IT replay kit: offline, recompute a season close from its replay bundle and check ' +
            'scores.json and every report byte for byte (as proveit season replay BUNDLE --out DIR does)',
          synopsis: createSeasonReplayCommand().synopsis,
        },
        'node',
      ),
    );
  } else {
    // Built, the kit starts its workers on itself; run from source it keeps the workers of season replay.
    const built = !new URL(import.meta.url).pathname.endsWith('.ts');
    const command = createSeasonReplayCommand(built ? { workerUrl: new URL(import.meta.url) } : {});
    process.exitCode = await command.run(args, processIo);
  }
}
