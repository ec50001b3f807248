import type { Failure } from '../result.ts';

/** Collects every problem a check finds: `corpus check` lists them all, each with its stable code. */
export class Problems {
  readonly list: Failure[] = [];

  add(code: string, message: string, details?: Record<string, unknown>): void {
    this.list.push(details === undefined ? { code, message } : { code, message, details });
  }

  addAll(failures: readonly Failure[]): void {
    this.list.push(...failures);
  }
}
