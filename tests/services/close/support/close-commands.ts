import { createSeasonCloseCommand } from '../../../../main/cli/season-close-command.ts';
import { seasonReplayCommand } from '../../../../main/cli/season-replay-command.ts';
import type { Clock } from '../../../../main/services/clock.ts';
import { captureIo } from '../../../support/capture-io.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
type Json = Record<string, any>;

/**
 * Where `season close` reads the submissions: the season service's export, or an export file with the receipt key
 * it must be signed by (`--service-key`).
 */
export type SubmissionsSource =
  { seasonUrl: string; operatorTokenFile: string; serviceKey?: string } | { submissions: string; serviceKey: string };

export interface CloseRun {
  season: number;
  track: string;
  corpus: string;
  source: SubmissionsSource;
  db: string;
  trustLayer: string;
  trust: string;
  out: string;
  json?: boolean;
}

/** The `proveit season close` arguments of one run (the command's API flags). */
export function closeArgs(run: CloseRun): string[] {
  const source = [
    ...('submissions' in run.source
      ? ['--submissions', run.source.submissions]
      : ['--season-url', run.source.seasonUrl, '--operator-token-file', run.source.operatorTokenFile]),
    ...(run.source.serviceKey === undefined ? [] : ['--service-key', run.source.serviceKey]),
  ];
  return [
    ...['--season', String(run.season), '--track', run.track, '--corpus', run.corpus],
    ...source,
    ...['--db', run.db, '--trust-layer', run.trustLayer, '--trust', run.trust, '--out', run.out],
    ...(run.json ? ['--json'] : []),
  ];
}

/** What a close devnet gives a compliance-track close: its clock, database, corpus, Trust Layer and season service. */
interface CloseNet {
  clock: Clock;
  dbFile: string;
  corpusDir: string;
  operatorTokenFile: string;
  devnet: { info: { season: string; trust_layer: string; trust_bundle: string } };
}

/** The compliance-track close of a close devnet's season service export, into `out`: what closeArgs turns into flags. */
export function devnetCloseRun(net: CloseNet, out: string, json = true): CloseRun {
  return {
    season: 1,
    track: 'conformite',
    corpus: net.corpusDir,
    source: { seasonUrl: net.devnet.info.season, operatorTokenFile: net.operatorTokenFile },
    db: net.dbFile,
    trustLayer: net.devnet.info.trust_layer,
    trust: net.devnet.info.trust_bundle,
    out,
    json,
  };
}

/** `season close` of the compliance track from the close devnet's season service export, into `out`. */
export function closeFromDevnet(net: CloseNet, out: string, json = true) {
  return runCloseCommand(net.clock, devnetCloseRun(net, out, json));
}

/** Runs `season close` in-process on the test's clock; `doc` is its --json document when it printed one. */
export async function runCloseCommand(clock: Clock, run: CloseRun) {
  const io = captureIo();
  const code = await createSeasonCloseCommand(clock).run(closeArgs(run), io);
  return { code, io, doc: run.json && io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

/** Runs `season replay BUNDLE --out OUT --json` in-process. */
export async function runReplay(bundle: string, out: string) {
  const io = captureIo();
  const code = await seasonReplayCommand.run([bundle, '--out', out, '--json'], io);
  return { code, doc: JSON.parse(io.stdout) as Json };
}
