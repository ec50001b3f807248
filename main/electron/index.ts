import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';

// The desktop shell. Hardened per the project's security rules: isolated, sandboxed, no Node in the renderer,
// no navigation away from the bundled page and no new windows.
function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'PROVE IT console',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadFile(join(__dirname, '../renderer/index.html'));
}

void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
