import { contextBridge, ipcRenderer } from 'electron';

// Named functions only: the renderer never receives ipcRenderer itself (electron/fiddle's pattern). Every call goes
// to main's single choke point, which validates it against the contract.
contextBridge.exposeInMainWorld('proveit', {
  invoke: (channel: string, args: unknown): Promise<unknown> => ipcRenderer.invoke('proveit:invoke', channel, args),
  // The one allow-listed event channel; the listener gets the event only, never the IPC event object.
  onEvent: (listener: (event: unknown) => void): (() => void) => {
    const forward = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on('proveit:event', forward);
    return () => ipcRenderer.removeListener('proveit:event', forward);
  },
});
