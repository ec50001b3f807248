/**
 * The console's clock as a screen shows it: main's `now` when a view was read, advanced by the time the page has
 * seen pass since, once a second. A countdown runs on it rather than on the page's own clock, so a deadline is the
 * one main judges (a season's instants, a freeze's opening), whatever the machine's clock says.
 */
export class ConsoleClock {
  nowMs = $state(Date.now());
  #offsetMs = 0;

  /** Takes main's time from a view (ISO UTC). */
  sync(mainNow: string): void {
    this.#offsetMs = Date.parse(mainNow) - Date.now();
    this.nowMs = Date.now() + this.#offsetMs;
  }

  /** Ticks once a second; returns the stop (for a component's $effect). */
  start(): () => void {
    const timer = setInterval(() => (this.nowMs = Date.now() + this.#offsetMs), 1000);
    return () => clearInterval(timer);
  }
}

/** A duration as a countdown shows it: days and hours, hours and minutes, or minutes and seconds. */
export function durationParts(ms: number): { d: number; h: number; min: number; s: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    d: Math.floor(total / 86_400),
    h: Math.floor((total % 86_400) / 3600),
    min: Math.floor((total % 3600) / 60),
    s: total % 60,
  };
}
