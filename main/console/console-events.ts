import { CONSOLE_EVENT_TYPES, type ConsoleEvent } from '../ipc/contract.ts';

export type EventListener = (event: ConsoleEvent) => void;

/**
 * The console's one event channel: jobs publish, the transports (SSE in headless mode, `proveit:event` in Electron)
 * subscribe. Only the contract's event types pass; an event is plain JSON built from public figures, never a secret.
 */
export class ConsoleEvents {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: ConsoleEvent): void {
    if (!CONSOLE_EVENT_TYPES.includes(event.type)) return;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A transport that failed (a closed stream) drops out; the others still get the event.
        this.listeners.delete(listener);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
