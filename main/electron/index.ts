import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';
import { createDispatcher } from '../ipc/dispatcher.ts';
import { createConsoleHandlers } from '../services/console/console-handlers.ts';

// The desktop shell. Hardened per the project's security rules: isolated, sandboxed, no Node in the renderer,
// no navigation away from the bundled page, no new windows, and every IPC call through one validating choke point.
const rendererPage = join(__dirname, '../renderer/index.html');
const rendererUrl = new URL(`file://${rendererPage}`).href;

const dispatch = createDispatcher(
  createConsoleHandlers({ corpusDir: process.env.PROVEIT_CORPUS ?? join(app.getAppPath(), 'corpus'), mode: 'desktop' }),
);

ipcMain.handle('proveit:invoke', (event, channel: unknown, args: unknown) => {
  // Only our own page may call main: a frame from anywhere else gets nothing.
  if (event.senderFrame?.url !== rendererUrl) {
    return {
      ok: false,
      error: { code: 'IPC_SENDER_REFUSED', message: 'calls are accepted from the console page only' },
    };
  }
  return dispatch(channel, args);
});

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
  void window.loadFile(rendererPage);
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});
void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
