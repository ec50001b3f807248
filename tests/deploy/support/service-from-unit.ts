import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serviceSettings } from './systemd-unit.ts';

/**
 * The arguments of `proveit` in the unit's ExecStart (`season serve` and its flags), with the values of the flags in
 * `places` swapped for the test's: the flags themselves stay the unit's, so one the command does not take fails here.
 */
export function argumentsFromUnit(places: Record<string, string>): string[] {
  const words = serviceSettings().get('ExecStart')![0]!.split(' ');
  const launcher = words.findIndex((word) => word.endsWith('/bin/proveit.mjs'));
  const args = words.slice(launcher + 1);
  for (const [flag, value] of Object.entries(places)) {
    const at = args.indexOf(flag);
    if (at === -1) throw new Error(`the unit's ExecStart has no ${flag}`);
    args[at + 1] = value;
  }
  return args;
}

export interface RunningCommand {
  url: string;
  port: number;
  stderr: () => string;
  /** SIGTERM, as systemd stops the unit; resolves with how the process ended. */
  stop(): Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts the built command (`bin/proveit.mjs`) with `args`; resolves once it printed its JSON line. */
export async function startCommand(args: string[]): Promise<RunningCommand> {
  const child: ChildProcess = spawn(process.execPath, [join(process.cwd(), 'bin/proveit.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', () => reject(new Error(`season serve exited before printing its line: ${stderr}`)));
  });
  const url = (JSON.parse(line) as { url: string }).url;
  return {
    url,
    port: Number(new URL(url).port),
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
