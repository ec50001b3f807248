// Runs every benchmark in bench/ in turn; each prints its own figures and ratios.
export const suites: string[] = [
  './json-canonical.ts',
  './command-start.ts',
  './proof-verify.ts',
  './witnesses.ts',
  './proofs-reads.ts',
  './corpus.ts',
  './season-service.ts',
  './close-replay.ts',
  './season-follow.ts',
];
for (const suite of suites) await import(suite);
if (suites.length === 0) console.log('no benchmarks yet');
