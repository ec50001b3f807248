// The CLI's window on the world: commands write through this, so tests can run them in-process.
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<Buffer>;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  },
};

/** Prints a value as one JSON line: the machine-readable form every command offers with --json. */
export function printJson(io: CliIo, value: unknown): void {
  io.out(`${JSON.stringify(value)}\n`);
}
