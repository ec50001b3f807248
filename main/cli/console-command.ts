import { EXIT, type Command } from './command.ts';

export const consoleCommand: Command = {
  path: ['console'],
  summary: 'start the operator console (headless on machines without a display or Electron binary)',
  usage: 'console [--json]',
  async run(_args, io) {
    io.out('PROVE IT console: the user interface is not built yet. Available now: proveit --help\n');
    return EXIT.ok;
  },
};
