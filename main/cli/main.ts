import { databaseFaultOf } from '../db/database-fault.ts';
import { unansweredWriteFault } from '../services/write-fault.ts';
import { commands } from './commands.ts';
import { EXIT, type Command } from './command.ts';
import { printRefusal } from './freeze-options.ts';
import { processIo, type CliIo } from './io.ts';
import { helpOf } from './options/help-text.ts';

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.path.join(' ').length));
  const lines = commands.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`);
  return [
    'proveit: the PROVE IT operator console and third-party replay tool',
    '',
    'usage: proveit <command> [options]    (add --help to any command for its options)',
    '',
    'commands:',
    ...lines,
    '',
    'Every command that reports something accepts --json for one machine-readable JSON document on stdout.',
    '',
  ].join('\n');
}

/** Picks the command whose path is the longest prefix of argv. */
function resolve(argv: string[]): { command: Command; rest: string[] } | undefined {
  let best: Command | undefined;
  for (const c of commands) {
    const matches = c.path.every((word, i) => argv[i] === word);
    if (matches && (!best || c.path.length > best.path.length)) best = c;
  }
  return best ? { command: best, rest: argv.slice(best.path.length) } : undefined;
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(helpText());
    return argv.length === 0 ? EXIT.usage : EXIT.ok;
  }
  const found = resolve(argv);
  if (!found) {
    io.err(`proveit: unknown command '${argv.join(' ')}'. Run 'proveit --help' for the list of commands.\n`);
    return EXIT.usage;
  }
  if (found.rest.includes('--help') || found.rest.includes('-h')) {
    io.out(helpOf(found.command));
    return EXIT.ok;
  }
  try {
    return await found.command.run(found.rest, io);
  } catch (error) {
    // docs/operator-database.md "Database faults": a database fault (unreadable, read-only, full, not a database,
    // damaged, another schema) in any command is a refusal with its code and a sentence, as JSON with --json, exit 1;
    // never a stack trace. A file write the machine refused (full disk, read-only, permission, I/O) that the command
    // did not answer itself is one too (docs/operator-database.md "File write faults").
    const fault = databaseFaultOf(error) ?? unansweredWriteFault(error);
    if (!fault) throw error;
    printRefusal(io, found.rest.includes('--json'), found.command.path.join(' '), fault);
    return EXIT.failed;
  }
}
