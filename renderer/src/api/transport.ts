import type { IpcAnswer } from '../../../main/ipc/contract.ts';
import type { ConsoleError, OpArgs, OpResult, Operation } from './operations.ts';

interface DesktopBridge {
  invoke(channel: string, args: unknown): Promise<IpcAnswer<unknown>>;
  onEvent?(listener: (event: unknown) => void): () => void;
}

declare global {
  interface Window {
    proveit?: DesktopBridge;
  }
}

const TOKEN_KEY = 'proveit-headless-token';

/**
 * Headless mode: the per-launch token arrives in the URL fragment (never sent to the server). Keep it for this tab
 * only and take it out of the address bar. Called once, before the router reads the fragment.
 */
export function captureHeadlessToken(): void {
  const match = /(?:^#|&)token=([0-9a-f]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, match[1] as string);
    history.replaceState(null, '', window.location.pathname);
  }
}

export function headlessToken(): string {
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export type Answer<T> = { ok: true; value: T } | { ok: false; error: ConsoleError };

/** An answer as main sent it, its error marked as main's (its sentence is main's English, its details its facts). */
function fromMain<T>(answer: Answer<T>): Answer<T> {
  return answer.ok ? answer : { ok: false, error: { ...answer.error, origin: 'main' } };
}

/**
 * One call through the contract: Electron IPC on the desktop, loopback HTTP in headless mode. Never throws: a
 * transport failure is answered as CONSOLE_UNREACHABLE, like any other error with its code.
 */
export async function invoke<O extends Operation>(channel: O, args: OpArgs<O>): Promise<Answer<OpResult<O>>> {
  try {
    if (window.proveit) return fromMain((await window.proveit.invoke(channel, args)) as Answer<OpResult<O>>);
    const response = await fetch('/api/invoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${headlessToken()}` },
      body: JSON.stringify({ channel, args }),
    });
    const answer = (await response.json()) as Answer<OpResult<O>>;
    if (typeof answer !== 'object' || answer === null || typeof answer.ok !== 'boolean') {
      return {
        ok: false,
        error: { code: 'CONSOLE_ANSWER_INVALID', message: `HTTP ${response.status}`, origin: 'main' },
      };
    }
    return fromMain(answer);
  } catch (error) {
    return { ok: false, error: { code: 'CONSOLE_UNREACHABLE', message: String(error), origin: 'main' } };
  }
}
