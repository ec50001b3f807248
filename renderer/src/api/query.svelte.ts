import type { ConsoleError, OpArgs, OpResult, Operation } from './operations.ts';
import { invoke } from './transport.ts';

/**
 * One operation's answer as reactive state: `value` once answered, `error` when refused, `loading` meanwhile.
 * `run` may be called again (a refresh, another track); an older answer arriving late never overwrites a newer one.
 */
export class Query<O extends Operation> {
  value = $state<OpResult<O> | null>(null);
  error = $state<ConsoleError | null>(null);
  loading = $state(false);
  #generation = 0;
  #args: OpArgs<O> | null = null;

  constructor(readonly channel: O) {}

  /** The arguments of the last `run` (null: never run), which `refresh` runs again. */
  get args(): OpArgs<O> | null {
    return this.#args;
  }

  /** Reads again with the last arguments (a `state.changed` event, a deadline passed); nothing when never run. */
  refresh(): Promise<boolean> {
    return this.#args === null ? Promise.resolve(false) : this.run(this.#args);
  }

  async run(args: OpArgs<O>): Promise<boolean> {
    this.#args = args;
    const generation = ++this.#generation;
    this.loading = true;
    const answer = await invoke(this.channel, args);
    if (generation !== this.#generation) return answer.ok;
    this.loading = false;
    if (answer.ok) {
      this.value = answer.value;
      this.error = null;
    } else {
      this.error = answer.error;
    }
    return answer.ok;
  }
}

/** An action (a form's submit): its last error and whether it is running; the caller keeps what it answers. */
export class Action<O extends Operation> {
  error = $state<ConsoleError | null>(null);
  running = $state(false);

  constructor(readonly channel: O) {}

  async run(args: OpArgs<O>): Promise<OpResult<O> | null> {
    this.running = true;
    this.error = null;
    const answer = await invoke(this.channel, args);
    this.running = false;
    if (answer.ok) return answer.value;
    this.error = answer.error;
    return null;
  }
}
