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

/**
 * The system clock moved by `offsetMs`: how a worker thread keeps the clock of the main thread that started its work
 * (a function cannot be posted to a worker), from the offset main's clock had from the system's at that start: 0 on
 * the system clock, another on a clock a test set to a season's instants. It runs on as the system clock does.
 */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => Date.now() + offsetMs, sleep: systemClock.sleep };
}
