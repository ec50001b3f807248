import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConnectionName, ConnectionTest, ConnectionsView, ConsoleConnection } from '../ipc/contract.ts';
import { loads } from '../core/json/loads.ts';
import { isPyObject, type PyObject } from '../core/json/value.ts';
import { createHttpClient, deadlineText, type HttpRequest } from '../services/http/http-client.ts';
import { apiKeyIdentity } from '../services/operator/api-key-binding.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { loadTrustBundle } from '../services/trust/load-bundle.ts';
import type { ConsoleContext } from './console-context.ts';
import { NO_SERVICES } from './console-services.ts';
import { challengeDidOfKey, operatorKeyState } from './operator-key-state.ts';

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
  const trustLayer = services.freeze ? shownUrl(services.freeze.trustLayer) : null;
  const season = seasonUrl === null ? null : shownUrl(seasonUrl);
  // The key and the token are shown by where they are checked, never by their value.
  return [
    row('trust_layer', '--trust-layer', trustLayer),
    row('api_key', '--api-key-file', trustLayer),
    row('season_base', '--season-base', base === null ? null : shownUrl(base), base !== null && base === seasonUrl),
    row('season_service', '--season-url', season),
    row('operator_token', '--operator-token-file', season),
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

/** An answer as a test reads it: its status and, when it is a JSON object, that object. */
interface Answered {
  status: number;
  json: PyObject | null;
}

/**
 * One request of a test, with its whole answer bounded by the deadline. Nothing answering is `CONNECTION_UNREACHABLE`
 * naming `option`; the client's own message is never shown, since it carries the whole URL, whose credentials or
 * query the screens never see.
 */
async function ask(
  request: HttpRequest,
  option: string,
  deadlineMs: number,
): Promise<{ checked: string; answer: Answered } | { checked: string; failed: Outcome }> {
  const checked = `${request.method} ${shownUrl(request.url)}`;
  const http = createHttpClient({ timeoutMs: deadlineMs, deadlineMs, maxBodyBytes: 64 * 1024 });
  try {
    const answer = await http.request({ ...request, headers: { accept: 'application/json', ...request.headers } });
    if (!answer.ok) {
      const what =
        answer.error.code === 'HTTP_TIMEOUT' ? `no whole answer within ${deadlineText(deadlineMs)}` : 'no answer';
      return {
        checked,
        failed: failed(
          checked,
          'CONNECTION_UNREACHABLE',
          `${checked} got ${what} (${answer.error.code}): check the address given with ${option}, and that the service runs and this machine reaches it`,
        ),
      };
    }
    const parsed = loads(answer.value.body);
    const json = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
    return { checked, answer: { status: answer.value.status, json } };
  } finally {
    await http.close();
  }
}

const trimmed = (base: string) => base.replace(/\/+$/, '');

/** A service's own error code (`{"error": {"code"}}` of the Trust Layer and the season service), or null. */
function errorCodeOf(json: PyObject | null): string | null {
  const error = json === null ? undefined : json['error'];
  const code = isPyObject(error ?? null) ? (error as PyObject)['code'] : undefined;
  return typeof code === 'string' ? code : null;
}

const answeredText = (a: Answered) => `${a.status}${errorCodeOf(a.json) === null ? '' : ` ${errorCodeOf(a.json)}`}`;

/** `GET {Trust Layer}/v1/health` (trust-layer-reference §7), without the API key: the Trust Layer answers. */
async function testTrustLayer(trustLayer: string, deadlineMs: number): Promise<Outcome> {
  const asked = await ask({ method: 'GET', url: `${trimmed(trustLayer)}/v1/health` }, '--trust-layer', deadlineMs);
  if ('failed' in asked) return asked.failed;
  if (asked.answer.status !== 200)
    return failed(
      asked.checked,
      'CONNECTION_REFUSED',
      `${asked.checked} answered ${answeredText(asked.answer)}: check that --trust-layer names the Trust Layer's base address (no path after it)`,
    );
  const signing = asked.answer.json?.['signing'];
  const mode = isPyObject(signing ?? null) ? (signing as PyObject)['mode'] : undefined;
  const detail = typeof mode === 'string' ? `answered 200, signing mode ${mode}` : 'answered 200';
  return { ok: true, checked: asked.checked, detail, warning: null, error: null };
}

/**
 * The API key (--api-key-file): the DID the Trust Layer has bound to it (`GET /v1/keys/identity`, no quota, no proof),
 * against the challenge's DID, the did:key of the operator key beside the database (docs/freeze.md "The challenge's
 * DID"). A freeze or an Index anchored with a key bound to another DID, or to none, is refused.
 */
async function testApiKey(ctx: ConsoleContext, trustLayer: string, apiKey: string, deadlineMs: number) {
  const checked = `GET ${shownUrl(`${trimmed(trustLayer)}/v1/keys/identity`)} with the API key`;
  const http = createHttpClient({ timeoutMs: deadlineMs, deadlineMs, maxBodyBytes: 64 * 1024 });
  const identity = await apiKeyIdentity(http, trustLayer, apiKey).finally(() => http.close());
  if (!identity.ok) {
    const { code, details } = identity.error;
    const status = details?.['status'];
    if (code === 'API_KEY_IDENTITY_UNREACHABLE') {
      const cause = String(details?.['cause'] ?? 'error');
      const what = cause === 'HTTP_TIMEOUT' ? `no whole answer within ${deadlineText(deadlineMs)}` : 'no answer';
      return failed(
        checked,
        'CONNECTION_UNREACHABLE',
        `${checked} got ${what} (${cause}): check the address given with --trust-layer, and that the Trust Layer runs and this machine reaches it`,
      );
    }
    if (status === 401 || status === 403)
      return failed(
        checked,
        'CONNECTION_API_KEY_REFUSED',
        `${checked} answered ${String(status)}${details?.['error_code'] ? ` ${String(details['error_code'])}` : ''}: the Trust Layer refuses this API key; give --api-key-file FILE holding a key of the --trust-layer Trust Layer`,
      );
    return failed(
      checked,
      'CONNECTION_REFUSED',
      `${checked} ${code === 'API_KEY_IDENTITY_REFUSED' ? `answered ${String(status)}` : 'answered no verified_did'}: the --trust-layer address does not answer the key's identity (GET /v1/keys/identity, Trust Layer 1.10.0 and later)`,
    );
  }
  const bound = identity.value.did;
  const boundText = bound === null ? 'no DID' : bound;
  const key = operatorKeyState(ctx);
  if (key.file === null || key.key === null)
    return failed(
      checked,
      'SETUP_OPERATOR_KEY_MISSING',
      `the API key is bound to ${boundText}; there is no operator key ${key.file === null ? '(no database)' : `at ${key.file}`} to compare it with the challenge's DID: create the operator key (set-up checklist), then test again`,
    );
  const challengeDid = challengeDidOfKey(key.key);
  if (bound === null)
    return failed(
      checked,
      'CONNECTION_API_KEY_UNBOUND',
      `the API key given with --api-key-file has no DID bound: freezes and Index anchors made with it are refused (FREEZE_ANCHOR_FOREIGN_DID); bind it to the challenge's DID ${challengeDid} (set-up checklist), or give --api-key-file FILE holding the key bound to it`,
    );
  if (bound !== challengeDid)
    return failed(
      checked,
      'CONNECTION_API_KEY_OTHER_DID',
      `the API key given with --api-key-file is bound to ${bound}, not to the challenge's DID ${challengeDid}: freezes and Index anchors made with it are refused (FREEZE_ANCHOR_FOREIGN_DID); bind it to the challenge's DID (set-up checklist), or give --api-key-file FILE holding the key bound to it`,
    );
  const since = identity.value.boundAt === null ? '' : `, since ${identity.value.boundAt}`;
  return {
    ok: true,
    checked,
    detail: `bound to the challenge's DID ${challengeDid} (${identity.value.method ?? 'method not said'}${since})`,
    warning: null,
    error: null,
  };
}

/** The season the console works on: the newest season-N folder of its corpus (null when there is none). */
async function consoleSeason(corpusDir: string): Promise<number | null> {
  const names = await readdir(corpusDir).catch(() => [] as string[]);
  const seasons = names.flatMap((n) => (/^season-(\d{1,6})$/.exec(n) ? [Number(n.slice('season-'.length))] : []));
  return seasons.length === 0 ? null : Math.max(...seasons);
}

const noSeason = (corpusDir: string) =>
  failed(
    'nothing',
    'CONSOLE_CORPUS_NOT_FOUND',
    `the corpus folder ${corpusDir} holds no season-N folder, so there is no season to ask the season service about: give --corpus DIR holding season-N/<track>`,
  );

/** What `GET {url}/v1/season/{n}` must answer: the season, its tracks' states, the receipt key (docs/season-service.md). */
type SeasonAnswer = { season: number; tracks: string; receiptKey: string };

async function askSeason(
  url: string,
  season: number,
  option: string,
  deadlineMs: number,
): Promise<{ checked: string; season: SeasonAnswer } | { failed: Outcome }> {
  const asked = await ask({ method: 'GET', url: `${trimmed(url)}/v1/season/${season}` }, option, deadlineMs);
  if ('failed' in asked) return asked;
  const { checked, answer } = asked;
  if (answer.status === 404 && errorCodeOf(answer.json) === 'SEASON_UNKNOWN')
    return {
      failed: failed(
        checked,
        'CONNECTION_SEASON_OTHER',
        `${checked} answered 404 SEASON_UNKNOWN: this season service runs another season than the console's season ${season} (its corpus folder season-${season}); give ${option} the address of season ${season}'s service`,
      ),
    };
  const json = answer.json;
  const receiptKey = json?.['receipt_public_key'];
  const tracks = json?.['tracks'];
  if (answer.status !== 200 || json === null || typeof receiptKey !== 'string' || !isPyObject(tracks ?? null))
    return {
      failed: failed(
        checked,
        'CONNECTION_REFUSED',
        `${checked} answered ${answeredText(answer)}${answer.status === 200 ? ', not a season (no tracks and receipt key)' : ''}: ${option} must name the season service's base address (no path after it), which answers GET /v1/season/${season}`,
      ),
    };
  const states = Object.entries(tracks as PyObject).map(([name, t]) => {
    const state = isPyObject(t) ? t['state'] : undefined;
    return `${name} ${typeof state === 'string' ? state : '?'}`;
  });
  return { checked, season: { season, tracks: states.join(', '), receiptKey } };
}

/** The season service (--season-url): it answers the console's season, with its tracks and its receipt key. */
async function testSeasonService(ctx: ConsoleContext, url: string, deadlineMs: number): Promise<Outcome> {
  const season = await consoleSeason(ctx.corpusDir);
  if (season === null) return noSeason(ctx.corpusDir);
  const asked = await askSeason(url, season, '--season-url', deadlineMs);
  if ('failed' in asked) return asked.failed;
  const s = asked.season;
  return {
    ok: true,
    checked: asked.checked,
    detail: `season ${s.season}: ${s.tracks || 'no track'}; receipt key ${s.receiptKey.slice(0, 16)}…`,
    warning: null,
    error: null,
  };
}

/**
 * The operator token (--operator-token-file): `HEAD {season service}/v1/season/{n}/export` with it, which the season
 * service answers after its token check without reading the export (docs/season-service.md "Endpoints"): 200
 * accepted, 401/403 refused.
 */
async function testOperatorToken(ctx: ConsoleContext, url: string, token: string, deadlineMs: number) {
  const season = await consoleSeason(ctx.corpusDir);
  if (season === null) return noSeason(ctx.corpusDir);
  const asked = await ask(
    {
      method: 'HEAD',
      url: `${trimmed(url)}/v1/season/${season}/export`,
      headers: { authorization: `Bearer ${token}` },
    },
    '--season-url',
    deadlineMs,
  );
  if ('failed' in asked) return asked.failed;
  const checked = `${asked.checked} with the operator token`;
  const { status } = asked.answer;
  if (status === 200)
    return {
      ok: true,
      checked,
      detail: 'answered 200: the season service accepts the operator token (nothing was read)',
      warning: null,
      error: null,
    };
  if (status === 401 || status === 403)
    return failed(
      checked,
      'CONNECTION_TOKEN_REFUSED',
      `${checked} answered ${status}: the season service refuses this operator token; give --operator-token-file FILE holding the operator token this season service was started with`,
    );
  return failed(
    checked,
    'CONNECTION_REFUSED',
    `${checked} answered ${status}: ${status === 404 ? `the --season-url service does not run season ${season}, or ` : ''}--season-url must name the season service's base address (no path after it)${status === 405 ? '; this season service does not answer HEAD on its export (update it)' : ''}`,
  );
}

/**
 * The season base (--season-base, default --season-url) is where the Trust Layer's proxy posts a freeze and an Index
 * anchor (spec §8.3): the season service's public address. A devnet's virtual host (a `.localhost` name, RFC 6761:
 * never a public host) is reached by that devnet's proxy, not by this machine: it is right when the Trust Layer is a
 * devnet (its /v1/health says signing mode devnet) and wrong for any other. Any other base must answer the console's
 * season as the --season-url service does (the same receipt key), and be HTTPS: the proxy posts to HTTPS addresses
 * only.
 */
async function testSeasonBase(
  ctx: ConsoleContext,
  base: string,
  trustLayer: string,
  seasonUrl: string | null,
  deadlineMs: number,
): Promise<Outcome> {
  if (/\.localhost$/.test(new URL(base).hostname)) {
    const asked = await ask({ method: 'GET', url: `${trimmed(trustLayer)}/v1/health` }, '--trust-layer', deadlineMs);
    if ('failed' in asked) return asked.failed;
    const signing = asked.answer.json?.['signing'];
    const devnet = isPyObject(signing ?? null) && (signing as PyObject)['mode'] === 'devnet';
    const checked = `${asked.checked} (whose proxy posts to ${shownUrl(base)})`;
    return devnet
      ? {
          ok: true,
          checked,
          detail: `${shownUrl(base)} is a devnet's virtual host, which the devnet's Trust Layer reaches (signing mode devnet); this machine does not ask it`,
          warning: null,
          error: null,
        }
      : failed(
          checked,
          'CONNECTION_BASE_NOT_PUBLIC',
          `${shownUrl(base)} is a .localhost name, which only a devnet's Trust Layer reaches, and the --trust-layer Trust Layer is no devnet: give --season-base https://... (the season service's public address)`,
        );
  }
  const warning = base.startsWith('https://')
    ? null
    : `${shownUrl(base)} is not HTTPS: the Trust Layer's proxy posts freezes to HTTPS addresses only (a devnet's own hosts excepted); give --season-base https://... (the season service's public address)`;
  const season = await consoleSeason(ctx.corpusDir);
  if (season === null) return { ...noSeason(ctx.corpusDir), warning };
  const asked = await askSeason(base, season, '--season-base', deadlineMs);
  if ('failed' in asked) return { ...asked.failed, warning };
  const here = asked.season;
  if (seasonUrl !== null && trimmed(seasonUrl) !== trimmed(base)) {
    const there = await askSeason(seasonUrl, season, '--season-url', deadlineMs);
    // A --season-url that does not answer is its own row's failure; the base is judged on what it answered.
    if (!('failed' in there) && there.season.receiptKey !== here.receiptKey)
      return {
        ...failed(
          asked.checked,
          'CONNECTION_BASE_OTHER_SERVICE',
          `${asked.checked} answers season ${season} with another receipt key (${here.receiptKey.slice(0, 16)}…) than the --season-url service (${there.season.receiptKey.slice(0, 16)}…): they are two season services; give --season-base the public address of the --season-url service`,
        ),
        warning,
      };
  }
  return {
    ok: true,
    checked: asked.checked,
    detail: `season ${season}: ${here.tracks || 'no track'}; receipt key ${here.receiptKey.slice(0, 16)}…`,
    warning,
    error: null,
  };
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
        ? testTrustLayer(services.freeze.trustLayer, deadlineMs)
        : notGiven('--trust-layer URL --api-key-file FILE');
    case 'api_key':
      return services.freeze
        ? testApiKey(ctx, services.freeze.trustLayer, services.freeze.apiKey, deadlineMs)
        : notGiven('--trust-layer URL --api-key-file FILE');
    case 'season_base':
      return services.freeze
        ? testSeasonBase(
            ctx,
            services.freeze.seasonBase,
            services.freeze.trustLayer,
            services.seasonService?.url ?? null,
            deadlineMs,
          )
        : notGiven('--trust-layer URL --api-key-file FILE --season-base URL');
    case 'season_service':
      return services.seasonService
        ? testSeasonService(ctx, services.seasonService.url, deadlineMs)
        : notGiven('--season-url URL --operator-token-file FILE');
    case 'operator_token':
      return services.seasonService
        ? testOperatorToken(ctx, services.seasonService.url, services.seasonService.operatorToken, deadlineMs)
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
