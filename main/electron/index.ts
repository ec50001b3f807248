import { join } from 'node:path';
import { app, BrowserWindow, ipcMain } from 'electron';
import { consoleServicesOf } from '../cli/console-service-options.ts';
import { databaseFaultOf } from '../db/database-fault.ts';
import { demoThread } from '../demo/demo-thread.ts';
import { createDispatcher } from '../ipc/dispatcher.ts';
import { createConsoleHandlers } from '../console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../console/open-console.ts';
import { DEFAULT_BACKUP_KEEP } from '../services/backup/backup-after-act.ts';
import { backupOutcomeLine, withBackupsAfterActs } from '../console/backups-after-acts.ts';
import { readBackupPassphrase } from '../services/backup/passphrase-file.ts';

// The desktop shell. Hardened per the project's security rules: isolated, sandboxed, no Node in the renderer,
// no navigation away from the bundled page, no new windows, and every IPC call through one validating choke point.
const rendererPage = join(__dirname, '../renderer/index.html');
const rendererUrl = new URL(`file://${rendererPage}`).href;

// The Trust Layer and season service: `proveit console`'s options, passed as PROVEIT_* file paths and URLs (the key
// and the token are read from their files here, in main). A wrong set stops the start with the command's message.
const env = process.env;
const servicesRead = consoleServicesOf({
  'trust-layer': env.PROVEIT_TRUST_LAYER,
  'api-key-file': env.PROVEIT_API_KEY_FILE,
  'season-base': env.PROVEIT_SEASON_BASE,
  'season-url': env.PROVEIT_SEASON_URL,
  'operator-token-file': env.PROVEIT_OPERATOR_TOKEN_FILE,
  trust: env.PROVEIT_TRUST,
});

// The operator database: --db from `proveit console`, else console.sqlite in the user data folder. Missing, it is
// created empty, or the demo season is played into it (in a worker thread, the window showing its progress) when
// `proveit console` says so (PROVEIT_DEMO=1: the default database's first start, or --demo); started without that
// command, the default database's first start plays it.
const consoleOpened = servicesRead.then(async (services) => {
  if (typeof services === 'string') {
    process.stderr.write(`proveit console: ${services}\n`);
    app.exit(2);
    return null;
  }
  let opened: OpenedConsole;
  try {
    opened = openConsole({
      mode: 'desktop',
      dbFile: env.PROVEIT_DB ?? join(app.getPath('userData'), 'console.sqlite'),
      defaultCorpusDir: join(app.getAppPath(), 'corpus'),
      ...(env.PROVEIT_CORPUS ? { corpusDir: env.PROVEIT_CORPUS } : {}),
      services,
      // `proveit console --actor NAME` (or $PROVEIT_ACTOR): without it the window asks the name once.
      ...(env.PROVEIT_ACTOR?.trim() ? { actor: env.PROVEIT_ACTOR.trim() } : {}),
      demo: (env.PROVEIT_DEMO === undefined ? env.PROVEIT_DB === undefined : env.PROVEIT_DEMO === '1')
        ? demoThread
        : null,
      backupDir: env.PROVEIT_BACKUP_DIR ?? null,
    });
  } catch (error) {
    // A database fault at start (docs/operator-database.md "Database faults") stops it with its code and sentence, as
    // `proveit console` does.
    const fault = databaseFaultOf(error);
    if (!fault) throw error;
    process.stderr.write(`proveit console: ${fault.code}: ${fault.message}\n`);
    app.exit(1);
    return null;
  }
  const backups = await backupsAfterActs(opened);
  return {
    opened,
    backups,
    dispatch: createDispatcher(backups?.handlers ?? createConsoleHandlers(opened.ctx)),
  };
});

/**
 * `proveit console --backup-dir DIR` (docs/operator-database.md "Backups"): a backup after each act that changes the
 * season, the passphrase read here from its file (PROVEIT_BACKUP_PASSPHRASE_FILE), never passed in the environment.
 * A passphrase that cannot be used stops the start, as the headless console refuses it.
 */
async function backupsAfterActs(opened: OpenedConsole) {
  const dir = env.PROVEIT_BACKUP_DIR;
  if (!dir) return null;
  const passphraseFile = env.PROVEIT_BACKUP_PASSPHRASE_FILE ?? join(dir, 'passphrase');
  const passphrase = await readBackupPassphrase(passphraseFile, {
    forCreate: true,
    option: '--backup-passphrase-file',
  });
  if (!passphrase.ok) {
    process.stderr.write(`proveit console: ${passphrase.error.code}: ${passphrase.error.message}\n`);
    app.exit(1);
    return null;
  }
  const policy = {
    dir,
    passphrase: passphrase.value,
    passphraseFile,
    keep: Number(env.PROVEIT_BACKUP_KEEP ?? DEFAULT_BACKUP_KEEP),
  };
  return withBackupsAfterActs(createConsoleHandlers(opened.ctx), opened.ctx, policy, (act, outcome) =>
    process.stderr.write(backupOutcomeLine(act, outcome)),
  );
}

ipcMain.handle('proveit:invoke', (event, channel: unknown, args: unknown) => {
  // Only our own page may call main: a frame from anywhere else gets nothing.
  if (event.senderFrame?.url !== rendererUrl) {
    return {
      ok: false,
      error: { code: 'IPC_SENDER_REFUSED', message: 'calls are accepted from the console page only' },
    };
  }
  // A start refused for its options exits the app: no call is answered then.
  return consoleOpened.then((c) => c?.dispatch(channel, args));
});

function createWindow(opened: OpenedConsole): void {
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
  // The one event channel: every console event goes to the page over 'proveit:event' (a reload keeps the
  // subscription: the window, not the page, is subscribed).
  const unsubscribe = opened.ctx.events.subscribe((event) => {
    if (!window.isDestroyed()) window.webContents.send('proveit:event', event);
  });
  window.on('closed', unsubscribe);
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadFile(rendererPage);
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});
void app.whenReady().then(async () => {
  const c = await consoleOpened;
  if (c) createWindow(c.opened);
});
app.on('window-all-closed', () => app.quit());
// A backup under way is finished before the database closes.
app.on(
  'will-quit',
  () =>
    void consoleOpened.then(async (c) => {
      c?.backups?.stop();
      await c?.backups?.idle();
      c?.opened.close();
    }),
);
