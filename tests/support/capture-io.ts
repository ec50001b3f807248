import type { CliIo } from '../../main/cli/io.ts';

/** A CliIo that records what a command prints, for in-process CLI tests. */
export function captureIo(stdin: string | Buffer = ''): CliIo & { stdout: string; stderr: string } {
  const io = {
    stdout: '',
    stderr: '',
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
    readStdin: async () => Buffer.from(stdin),
  };
  return io;
}
