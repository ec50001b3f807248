import { copyFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import type { ArgsOf, Channel, ResultOf } from '../../../main/ipc/contract.ts';
import { createDispatcher, type Dispatch } from '../../../main/ipc/dispatcher.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import type { Clock } from '../../../main/services/clock.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { NO_SERVICES, type ConsoleServices } from '../../../main/console/console-services.ts';
import { openConsole, type OpenedConsole } from '../../../main/console/open-console.ts';
import { defaultKeyFile } from '../../../main/services/index-export/signing-key.ts';
import { journeyCorpus } from '../../devnet/support/journey-corpus.ts';
import { DEVNET_SEASON_BASE, type FreezeDevnet } from '../../services/freeze/support/freeze-devnet.ts';

/** The Trust Layer of a freeze devnet as `proveit console --trust-layer --api-key-file --season-base` gives it. */
export function freezeServices(net: FreezeDevnet, trustDir?: string): ConsoleServices {
  return {
    ...NO_SERVICES,
    freeze: { trustLayer: net.devnet.info.trust_layer, apiKey: net.apiKey, seasonBase: DEVNET_SEASON_BASE },
    ...(trustDir === undefined ? {} : { trustDir }),
  };
}

/**
 * A console through its choke point (validation, then the handlers) on a fresh folder `dir/name`: the demo compliance
 * track as the corpus root's only track and an existing, empty operator database (a missing one would be filled with
 * the demo season). `operatorKeyFile` (the devnet's operator key) is put beside that database, where the Freeze
 * screen signs with it, as an operator keeps the key the devnet's season host was started with. Its close is pushed
 * on `opened` for the test's afterAll.
 */
/**
 * The person the console is started for (`--actor`): every act it records names her (docs/console-backend.md "Who
 * acts").
 */
export const CONSOLE_STAFF = 'Ana Lima';

export function consoleOn(
  place: { dir: string; name: string },
  clock: Clock,
  services: ConsoleServices,
  opened: OpenedConsole[],
  operatorKeyFile?: string,
): { dispatch: Dispatch; dbFile: string; root: string } {
  const root = join(place.dir, place.name);
  cpSync(journeyCorpus.dir, join(root, 'corpus', 'season-1', 'conformite'), { recursive: true });
  const dbFile = join(root, 'console.sqlite');
  openDatabase(dbFile).close();
  if (operatorKeyFile !== undefined) copyFileSync(operatorKeyFile, defaultKeyFile(dbFile));
  const console = openConsole({
    mode: 'headless',
    dbFile,
    corpusDir: join(root, 'corpus'),
    defaultCorpusDir: join(root, 'corpus'),
    clock,
    services,
    actor: CONSOLE_STAFF,
  });
  opened.push(console);
  return { dispatch: createDispatcher(createConsoleHandlers(console.ctx)), dbFile, root };
}

/** A call's value, or a thrown error naming its code: for calls a test expects to succeed. */
export async function value<C extends Channel>(dispatch: Dispatch, channel: C, args: ArgsOf<C>): Promise<ResultOf<C>> {
  const answer = await dispatch(channel, args);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as ResultOf<C>;
}
