import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleConnections } from '../../main/console/console-connections.ts';
import type { ConsoleContext } from '../../main/console/console-context.ts';
import { ConsoleEvents } from '../../main/console/console-events.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../main/services/trust/production-bundle.ts';

// docs/console-backend.md "Connections": a test's whole answer has a deadline (issue 36: the test of a season service
// trickling its body was still waiting after 100 s). The service here answers every request a byte every 50 ms, for ever.

let trickler: Server;
let url = '';
/** A corpus root holding season-1: the season the season service and the season base are asked about. */
let corpusDir = '';
const cuts: Promise<void>[] = [];

beforeAll(async () => {
  trickler = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => response.write(' '), 50);
    cuts.push(new Promise((resolve) => response.once('close', () => resolve(clearInterval(timer)))));
  });
  await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(trickler.address() as AddressInfo).port}`;
  corpusDir = mkdtempSync(join(tmpdir(), 'connections-corpus-'));
  mkdirSync(join(corpusDir, 'season-1'));
});

afterAll(async () => {
  trickler.closeAllConnections();
  await new Promise((resolve) => trickler.close(resolve));
  rmSync(corpusDir, { recursive: true, force: true });
});

function contextWith(services: ConsoleContext['services']): ConsoleContext {
  return {
    mode: 'headless',
    corpusDir,
    db: null,
    dbFile: null,
    clock: { now: () => Date.parse('2026-12-02T10:00:00.000Z'), sleep: async () => {} },
    events: new ConsoleEvents(),
    jobs: null,
    services,
  };
}

describe('console.connections: a test ends at its deadline', () => {
  it('the test of a season service that trickles its body ends with CONNECTION_UNREACHABLE at the deadline, naming it', async () => {
    const ctx = contextWith({
      freeze: null,
      seasonService: { url, operatorToken: 'o'.repeat(43) },
      trustDir: PRODUCTION_BUNDLE_DIR,
    });
    // The trickled answer never ends: only the deadline the message names can have ended the test (no wall clock
    // measured, the suite runs loaded).
    const { test } = await consoleConnections(ctx, { test: 'season_service' }, 300);
    expect(test).toMatchObject({ name: 'season_service', ok: false, error: { code: 'CONNECTION_UNREACHABLE' } });
    expect(test?.error?.message).toContain(`GET ${url}/v1/season/1 got no whole answer within 0.3 s (HTTP_TIMEOUT)`);
    expect(test?.error?.message).toContain('--season-url');
    const token = await consoleConnections(ctx, { test: 'operator_token' }, 300);
    expect(token.test).toMatchObject({ ok: false, error: { code: 'CONNECTION_UNREACHABLE' } });
    expect(token.test?.error?.message).toContain(`HEAD ${url}/v1/season/1/export got no whole answer within 0.3 s`);
    expect(token.test?.error?.message).not.toContain('o'.repeat(43));
    await Promise.all(cuts);
  });

  it('the tests of a Trust Layer, of the API key and of a season base that trickle their bodies end the same way, each naming its option', async () => {
    const ctx = contextWith({
      freeze: { trustLayer: url, apiKey: 'mcp_free_key', seasonBase: url },
      seasonService: null,
      trustDir: PRODUCTION_BUNDLE_DIR,
    });
    for (const [name, option] of [
      ['trust_layer', '--trust-layer'],
      ['api_key', '--trust-layer'],
      ['season_base', '--season-base'],
    ] as const) {
      const { test } = await consoleConnections(ctx, { test: name }, 300);
      expect(test).toMatchObject({ ok: false, error: { code: 'CONNECTION_UNREACHABLE' } });
      expect(test?.error?.message).toContain('no whole answer within 0.3 s');
      expect(test?.error?.message).toContain(option);
    }
    await Promise.all(cuts);
  });
});
