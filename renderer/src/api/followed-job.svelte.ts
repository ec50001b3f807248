import { onConsoleEvent } from './events.ts';
import type { JobView } from './operations.ts';
import { invoke } from './transport.ts';

/**
 * A job of main followed from a screen (docs/console-backend.md, "Background work"): its `job` events, a slow poll of
 * jobs.list behind them, and after a reload the matching job still queued or running found again. Call `follow()`
 * and `poll()` from `$effect`s; both return their cleanup.
 */
export class FollowedJob {
  job = $state<JobView | null>(null);

  constructor(private readonly matches: (job: JobView) => boolean) {}

  get running(): boolean {
    return this.job !== null && (this.job.state === 'queued' || this.job.state === 'running');
  }

  follow(): () => void {
    void invoke('jobs.list', {}).then((answer) => {
      if (!answer.ok) return;
      const latest = answer.value.jobs.filter(this.matches).sort((a, b) => b.id - a.id)[0];
      if (latest && (latest.state === 'queued' || latest.state === 'running')) this.job = latest;
    });
    return onConsoleEvent((event) => {
      if (event.type === 'job' && this.matches(event.job)) this.job = event.job;
    });
  }

  poll(): (() => void) | undefined {
    if (!this.running || !this.job) return undefined;
    const id = this.job.id;
    const timer = setInterval(async () => {
      const answer = await invoke('jobs.list', {});
      const next = answer.ok ? answer.value.jobs.find((j) => j.id === id) : undefined;
      if (next) this.job = next;
    }, 5_000);
    return () => clearInterval(timer);
  }
}
