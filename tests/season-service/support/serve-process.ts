import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const launcher = join(process.cwd(), 'bin/proveit.mjs');

/** A `proveit season serve` started through the real launcher, once it printed its JSON line. */
export interface ServeProcess {
  child: ChildProcess;
  /** The JSON line printed first: where it listens and what it serves. */
  firstLine: string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  stderr: () => string;
  /** The lines printed after the first (the request log). */
  logLines: () => string[];
}

/**
 * Starts `proveit season serve ARGS` through the real launcher (`children` keeps it, for the file's afterAll to kill);
 * resolves once it printed its first line, rejects with its stderr when it exits before.
 */
export async function serveThroughLauncher(args: readonly string[], children: ChildProcess[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [launcher, 'season', 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (code, signal) => resolve([code, signal])),
  );
  const lines: string[] = [];
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (printed) => {
      if (lines.push(printed) === 1) resolve(printed);
    });
    child.once('exit', () => reject(new Error(`season serve exited before printing its line: ${stderr}`)));
  });
  return { child, firstLine, exited, stderr: () => stderr, logLines: () => lines.slice(1) };
}
