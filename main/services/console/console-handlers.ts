import packageJson from '../../../package.json' with { type: 'json' };
import type { ConsoleOverview } from '../../ipc/contract.ts';
import type { Handlers } from '../../ipc/dispatcher.ts';
import { seasonOverview } from './season-overview.ts';

export interface ConsoleSettings {
  corpusDir: string;
  mode: ConsoleOverview['mode'];
}

/** The handlers behind the IPC contract, the same for the desktop window and the headless mode. */
export function createConsoleHandlers(settings: ConsoleSettings): Handlers {
  return {
    'console.overview': () => seasonOverview(settings.corpusDir, settings.mode, packageJson.version),
  };
}
