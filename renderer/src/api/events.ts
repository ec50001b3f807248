import { CONSOLE_EVENT_TYPES, type ConsoleEvent } from '../../../main/ipc/contract.ts';
import { headlessToken } from './transport.ts';

type Listener = (event: ConsoleEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let unsubscribeDesktop: (() => void) | null = null;

function deliver(event: ConsoleEvent): void {
  if (!CONSOLE_EVENT_TYPES.includes(event.type)) return;
  for (const listener of listeners) listener(event);
}

/** Opens the one event channel once: `proveit:event` through the preload bridge, else server-sent events. */
function connect(): void {
  if (source || unsubscribeDesktop) return;
  if (window.proveit?.onEvent) {
    unsubscribeDesktop = window.proveit.onEvent((event) => deliver(event as ConsoleEvent));
    return;
  }
  // EventSource cannot send headers: the per-launch token goes in the query, on loopback only.
  source = new EventSource(`/api/events?token=${encodeURIComponent(headlessToken())}`);
  for (const type of CONSOLE_EVENT_TYPES) {
    source.addEventListener(type, (message) => {
      try {
        deliver(JSON.parse((message as MessageEvent<string>).data) as ConsoleEvent);
      } catch {
        // Not JSON: not an event of the contract; ignored.
      }
    });
  }
}

function disconnect(): void {
  source?.close();
  source = null;
  unsubscribeDesktop?.();
  unsubscribeDesktop = null;
}

/**
 * Listens to the console's events (job states, read and close progress, dispute deadlines) while a screen is open;
 * returns the function that stops listening. The channel closes when no screen listens.
 */
export function onConsoleEvent(listener: Listener): () => void {
  listeners.add(listener);
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}
