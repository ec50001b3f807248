import { SvelteSet } from 'svelte/reactivity';
import { route } from './route.svelte.ts';

/**
 * The notices put away, per screen: a notice dismissed on Scoring stays away on Scoring (across visits) while it says
 * the same thing; one that says something else (another track, another state) shows again, and so does the same
 * notice on another screen.
 */
class Dismissals {
  #keys = new SvelteSet<string>();

  #key(code: string, message: string): string {
    return `${route.current}\u0000${code}\u0000${message}`;
  }

  has(code: string, message: string): boolean {
    return this.#keys.has(this.#key(code, message));
  }

  dismiss(code: string, message: string): void {
    this.#keys.add(this.#key(code, message));
  }
}

export const dismissals = new Dismissals();
