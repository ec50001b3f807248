/**
 * The Clock port: the only way services learn the time or wait (design brief §3). Times are milliseconds since the
 * Unix epoch, as Date.now() gives them; the core receives them as arguments.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms` milliseconds, or early (without error) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted || ms <= 0) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    }),
};
