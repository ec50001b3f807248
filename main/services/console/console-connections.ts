import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConnectionName, ConnectionTest, ConnectionsView, ConsoleConnection } from '../../ipc/contract.ts';
import { createHttpClient, deadlineText } from '../http/http-client.ts';
import { PRODUCTION_BUNDLE_DIR } from '../trust/production-bundle.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import type { ConsoleContext } from './console-context.ts';
import { NO_SERVICES } from './console-services.ts';

/**
 * A test has this long for the whole answer (connect, headers and body): long enough for a distant service, short
 * enough for a button. A whole-answer deadline, not only idle timeouts: a service trickling its body a byte at a time
 * kept a test waiting past 100 s (issue 36).
 */
export const CONNECTION_TEST_DEADLINE_MS = 10_000;

/**
 * A URL as the screens may show it: scheme, host, port and path. A credential in it (`https://user:key@...`) or a
 * query (`?token=`) never reaches the renderer (console-services.ts: the screens learn no key and no token).
 */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** What the console was started with, one row per service, in the order of the Connections screen. */
export function connectionsOf(ctx: ConsoleContext): ConsoleConnection[] {
  const services = ctx.services ?? NO_SERVICES;
  const base = services.freeze?.seasonBase ?? null;
  const seasonUrl = services.seasonService?.url ?? null;
  const backupDir = ctx.backupDir ?? null;
  const row = (name: ConnectionName, option: string, target: string | null, byDefault = false): ConsoleConnection => ({
    name,
    target,
    source: target === null ? 'none' : byDefault ? 'default' : 'option',
    option,
  });
  return [
    row('trust_layer', '--trust-layer', services.freeze ? shownUrl(services.freeze.trustLayer) : null),
    row('season_base', '--season-base', base === null ? null : shownUrl(base), base !== null && base === seasonUrl),
    row('season_service', '--season-url', seasonUrl === null ? null : shownUrl(seasonUrl)),
    row('trust_bundle', '--trust', services.trustDir, services.trustDir === PRODUCTION_BUNDLE_DIR),
    row('backup_folder', '--backup-dir', backupDir),
  ];
}

type Outcome = Omit<ConnectionTest, 'name' | 'at'>;

const failed = (checked: string, code: string, message: string): Outcome => ({
  ok: false,
  checked,
  detail: null,
  warning: null,
  error: { code, message },
});

/**
 * One harmless GET, without the API key or the operator token: `/v1/health` answers on the Trust Layer
 * (trust-layer-reference §7) and on the season service (docs/season-service.md), and costs no read and no proof.
 */
async function getHealth(base: string, option: string, deadlineMs: number): Promise<Outcome> {
  const url = `${base.replace(/\/+$/, '')}/v1/health`;
  const checked = `GET ${shownUrl(url)}`;
  const http = createHttpClient({ timeoutMs: deadlineMs, deadlineMs, maxBodyBytes: 64 * 1024 });
  try {
    const answer = await http.request({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (!answer.ok) {
      // The client's own message is not shown: it carries the whole URL, whose credentials or query the screens never see.
      const what =
        answer.error.code === 'HTTP_TIMEOUT' ? `no whole answer within ${deadlineText(deadlineMs)}` : 'no answer';
      return failed(
        checked,
        'CONNECTION_UNREACHABLE',
        `${checked} got ${what} (${answer.error.code}): check the address given with ${option}, and that the service runs and this machine reaches it`,
      );
    }
    if (answer.value.status !== 200)
      return failed(
        checked,
        'CONNECTION_REFUSED',
        `${checked} answered ${answer.value.status}: check that ${option} names this service's base address (no path after it)`,
      );
    return { ok: true, checked, detail: `answered ${answer.value.status}`, warning: null, error: null };
  } finally {
    await http.close();
  }
}

/**
 * The season base is where a freeze is posted through the Trust Layer's proxy (spec §8.3): the proxy calls HTTPS
 * targets only (a devnet's own hosts excepted), so a plain http base is refused there whatever this machine reaches.
 */
async function testSeasonBase(base: string, deadlineMs: number): Promise<Outcome> {
  const outcome = await getHealth(base, '--season-base', deadlineMs);
  // A .localhost name (RFC 6761) is never a public host: a devnet's virtual host, which its Trust Layer reaches.
  const devnetHost = /\.localhost$/.test(new URL(base).hostname);
  const warning = devnetHost
    ? `${shownUrl(base)} is a devnet's virtual host: the devnet's Trust Layer reaches it, this machine may not; freezes through that devnet are not affected`
    : base.startsWith('https://')
      ? null
      : `${shownUrl(base)} is not HTTPS: the Trust Layer's proxy posts freezes to HTTPS addresses only (a devnet's own hosts excepted); give --season-base https://... (the season service's public address)`;
  return { ...outcome, warning };
}

/** The trust bundle loaded and checked as a close loads it (main/services/trust/load-bundle.ts). */
async function testTrustBundle(dir: string): Promise<Outcome> {
  const checked = `load ${dir}`;
  const bundle = await loadTrustBundle(dir);
  if (!bundle.ok)
    return failed(checked, bundle.error.code, `${bundle.error.message}: give --trust DIR, a trust bundle folder`);
  const keys = bundle.value.signingKeys.length;
  return {
    ok: true,
    checked,
    detail: `${bundle.value.name}: ${keys} signing key${keys === 1 ? '' : 's'}, digest ${bundle.value.digest}`,
    warning: null,
    error: null,
  };
}

/** The backup folder can take a file: one written and removed at once. */
async function testBackupFolder(dir: string): Promise<Outcome> {
  const checked = `write a file into ${dir}`;
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir)
    return failed(
      checked,
      'CONNECTION_NOT_WRITABLE',
      `${dir} is not a folder: create it, or give --backup-dir DIR naming one`,
    );
  const probe = join(dir, `.proveit-write-test-${randomBytes(6).toString('hex')}`);
  try {
    await access(dir, constants.W_OK);
    await writeFile(probe, 'write test of the Connections screen\n');
    await rm(probe, { force: true });
  } catch (error) {
    return failed(
      checked,
      'CONNECTION_NOT_WRITABLE',
      `${dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}): give this user write access, or give --backup-dir DIR naming another folder`,
    );
  }
  return { ok: true, checked, detail: 'writable', warning: null, error: null };
}

async function outcomeOf(ctx: ConsoleContext, name: ConnectionName, deadlineMs: number): Promise<Outcome> {
  const services = ctx.services ?? NO_SERVICES;
  const notGiven = (option: string) =>
    failed(
      'nothing',
      'CONNECTION_NOT_CONFIGURED',
      `the console was started without ${option}: restart it with ${option} to use this service`,
    );
  switch (name) {
    case 'trust_layer':
      return services.freeze
        ? getHealth(services.freeze.trustLayer, '--trust-layer', deadlineMs)
        : notGiven('--trust-layer URL --api-key-file FILE');
    case 'season_base':
      return services.freeze
        ? testSeasonBase(services.freeze.seasonBase, deadlineMs)
        : notGiven('--trust-layer URL --api-key-file FILE --season-base URL');
    case 'season_service':
      return services.seasonService
        ? getHealth(services.seasonService.url, '--season-url', deadlineMs)
        : notGiven('--season-url URL --operator-token-file FILE');
    case 'trust_bundle':
      return testTrustBundle(services.trustDir);
    case 'backup_folder':
      return ctx.backupDir ? testBackupFolder(ctx.backupDir) : notGiven('--backup-dir DIR');
  }
}

/**
 * `console.connections`: the listing, and with `test` that connection tried once (its outcome is an answer).
 * `deadlineMs` bounds a test's whole answer (tests give a short one).
 */
export async function consoleConnections(
  ctx: ConsoleContext,
  args: { test?: ConnectionName },
  deadlineMs = CONNECTION_TEST_DEADLINE_MS,
): Promise<ConnectionsView> {
  const connections = connectionsOf(ctx);
  if (args.test === undefined) return { connections, test: null };
  const at = new Date(ctx.clock.now()).toISOString();
  const outcome = await outcomeOf(ctx, args.test, deadlineMs);
  return { connections, test: { name: args.test, at, ...outcome } };
}
