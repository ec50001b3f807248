import type { ArgsOf, Channel, IpcAnswer, ResultOf } from '../../main/ipc/contract.ts';

interface DesktopBridge {
  invoke(channel: string, args: unknown): Promise<IpcAnswer<unknown>>;
}

declare global {
  interface Window {
    proveit?: DesktopBridge;
  }
}

const TOKEN_KEY = 'proveit-headless-token';

/**
 * Headless mode: the per-launch token arrives in the URL fragment (never sent to the server). Keep it for this tab
 * only and take it out of the address bar.
 */
function headlessToken(): string {
  const match = /(?:^#|&)token=([0-9a-f]+)/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, match[1] as string);
    history.replaceState(null, '', window.location.pathname);
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/** One call through the contract: Electron IPC on the desktop, loopback HTTP in headless mode. */
export async function invoke<C extends Channel>(channel: C, args: ArgsOf<C>): Promise<IpcAnswer<ResultOf<C>>> {
  if (window.proveit) return (await window.proveit.invoke(channel, args)) as IpcAnswer<ResultOf<C>>;
  const response = await fetch('/api/invoke', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${headlessToken()}` },
    body: JSON.stringify({ channel, args }),
  });
  return (await response.json()) as IpcAnswer<ResultOf<C>>;
}
