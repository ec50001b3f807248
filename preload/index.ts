import { contextBridge, ipcRenderer } from 'electron';

// Named functions only: the renderer never receives ipcRenderer itself (electron/fiddle's pattern). Every call goes
// to main's single choke point, which validates it against the contract.
contextBridge.exposeInMainWorld('proveit', {
  invoke: (channel: string, args: unknown): Promise<unknown> => ipcRenderer.invoke('proveit:invoke', channel, args),
});
