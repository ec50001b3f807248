import { failureSummary } from './failure-summary.ts';

/**
 * The console process's policy for a promise rejected with nothing awaiting it (DEVELOPERS.md): Node's default ends
 * the process, taking every running close, read or export job with it; the console instead logs the failure, without
 * its message (failureSummary), and keeps serving. Returns the function that removes the policy.
 */
export function keepServingOnUnhandledRejection(log: (line: string) => void): () => void {
  const onRejection = (reason: unknown) =>
    log(
      `proveit console: a promise failed with nothing awaiting it; the console keeps serving.\n${failureSummary(reason)}\n`,
    );
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('unhandledRejection', onRejection);
  };
}
