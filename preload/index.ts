import { contextBridge } from 'electron';

// Named functions only: the renderer never receives ipcRenderer itself (electron/fiddle's pattern).
contextBridge.exposeInMainWorld('proveit', {
  version: (): string => '0.1.0',
});
