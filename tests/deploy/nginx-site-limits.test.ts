import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRUST_LAYER_LOOKUP_MS } from '../../season-service/run-season-service.ts';
import { NOTICE_BODY_BYTES } from '../../season-service/routes/notice-route.ts';
import { DEFAULT_LIMITS } from '../../season-service/limits/service-limits.ts';
import { ROUTES } from '../../season-service/server.ts';
import { directives, siteText, sizeBytes, timeMs, type Directive } from './support/nginx-site.ts';

// The nginx site of deploy/ against the service's own limits (docs/season-service.md "Durability and limits"): a
// value changed on one side only fails here, before a participant meets two different answers.
const site = directives(siteText());
/** The `server` block that terminates TLS: the one holding the certificate. */
const tlsBlock = site.find((d) => d.name === 'ssl_certificate')!.blocks[0];
const isTls = (d: Directive) => d.blocks[0] === tlsBlock;
/** The one value of `name` at the TLS server's level (outside any location), or in the location written `where`. */
function value(name: string, where: string | null = null): string[] {
  const found = site.filter(
    (d) => d.name === name && isTls(d) && (where === null ? d.within.length === 1 : d.within[1] === where),
  );
  expect(found, `${name} in ${where ?? 'the TLS server'}`).toHaveLength(1);
  return found[0]!.args;
}
/** The page an `error_page` for `status` names in `where` (null: the TLS server's level), and what it returns. */
function errorPage(status: string, where: string | null): { target: string; answer: string[]; headers: string[][] } {
  const pages = site.filter(
    (d) =>
      d.name === 'error_page' &&
      d.args[0] === status &&
      isTls(d) &&
      (where === null ? d.within.length === 1 : d.within[1] === where),
  );
  expect(pages, `error_page ${status} in ${where ?? 'the TLS server'}`).toHaveLength(1);
  const target = pages[0]!.args[1]!;
  const inPage = site.filter((d) => d.within[1] === `location ${target}`);
  return {
    target,
    answer: inPage.find((d) => d.name === 'return')!.args,
    headers: inPage.filter((d) => d.name === 'add_header').map((d) => d.args),
  };
}

/** The service's cap on each route's body, and a path of that route (season-service/routes/). */
const CAPS: [string, number][] = [
  ['/v1/season/1/submit', DEFAULT_LIMITS.submissionBytes],
  ['/v1/season/1/enroll', DEFAULT_LIMITS.smallBodyBytes],
  ['/v1/season/1/token', DEFAULT_LIMITS.smallBodyBytes],
  ['/v1/season/1/freeze', DEFAULT_LIMITS.smallBodyBytes],
  ['/v1/season/1/index', DEFAULT_LIMITS.smallBodyBytes],
  ['/v1/season/1/invalidate', DEFAULT_LIMITS.smallBodyBytes],
  ['/v1/season/1/consent/conformite', DEFAULT_LIMITS.smallBodyBytes],
  ['/v1/season/1/notice', NOTICE_BODY_BYTES],
  ['/v1/season/1/reports/conformite', DEFAULT_LIMITS.reportDeliveryBytes],
];

/** The location nginx picks for a path: the first regular expression location matching it, else `location /`. */
function locationOf(path: string): string {
  const regexes = [
    ...new Set(site.filter((d) => isTls(d) && d.within[1]?.startsWith('location ~ ')).map((d) => d.within[1]!)),
  ];
  return regexes.find((location) => new RegExp(location.slice('location ~ '.length)).test(path)) ?? 'location /';
}

describe('the nginx site agrees with the season service', () => {
  it('each route’s body is capped at the service’s own cap, and refused 413 in the service’s shape, code and words', () => {
    for (const [path, cap] of CAPS) {
      const location = locationOf(path);
      const at = location === 'location /' ? null : location;
      expect([path, sizeBytes(value('client_max_body_size', at)[0]!)]).toEqual([path, cap]);
      const { answer } = errorPage('413', at);
      expect(answer[0]).toBe('413');
      expect(JSON.parse(answer[1]!)).toEqual({
        error: { code: 'BODY_TOO_LARGE', message: `The body exceeds ${cap} bytes; nothing was recorded.` },
      });
    }
    // Every route the service takes a body on (the POST routes of its table, season-service/server.ts) is above.
    const posted = ROUTES.routes.filter((r) => r.method === 'POST').map((r) => r.path.split('/')[4]);
    expect(posted.length).toBeGreaterThan(0);
    expect(new Set(CAPS.map(([path]) => path.split('/')[4]))).toEqual(new Set(posted));
  });

  it('the headers are due within the service’s 10 s, in no more than its 16 KiB, and no body pause is longer', () => {
    expect(timeMs(value('client_header_timeout')[0]!)).toBe(DEFAULT_LIMITS.headersTimeoutMs);
    const [count, size] = value('large_client_header_buffers');
    expect(Number(count) * sizeBytes(size!)).toBeLessThanOrEqual(DEFAULT_LIMITS.maxHeaderBytes);
    expect(timeMs(value('client_body_timeout')[0]!)).toBeLessThanOrEqual(DEFAULT_LIMITS.headersTimeoutMs);
  });

  it('each client address holds at most the service’s 128 connections, refused 429 past it', () => {
    const zone = site.find((d) => d.name === 'limit_conn_zone')!;
    expect(zone.args[0]).toBe('$binary_remote_addr');
    const [zoneName, count] = value('limit_conn');
    expect(zone.args[1]!.startsWith(`zone=${zoneName}:`)).toBe(true);
    expect(Number(count)).toBe(DEFAULT_LIMITS.maxConnectionsPerAddress);
    expect(value('limit_conn_status')).toEqual(['429']);
  });

  it('past them, every location answers 429 REQUESTS_AT_ONCE_LIMITED in the service’s shape, with Retry-After and HSTS', () => {
    const locations = [null, ...new Set(CAPS.map(([path]) => locationOf(path)))].filter((l) => l !== 'location /');
    for (const where of locations) {
      const { answer, headers } = errorPage('429', where);
      expect(answer[0]).toBe('429');
      expect(JSON.parse(answer[1]!).error.code).toBe('REQUESTS_AT_ONCE_LIMITED');
      expect(JSON.parse(answer[1]!).error.message).toContain(`More than ${DEFAULT_LIMITS.maxConnectionsPerAddress}`);
      expect(headers).toContainEqual(['Retry-After', '1', 'always']);
      // The server's HSTS header, named again: a location with its own add_header inherits none.
      expect(headers).toContainEqual(value('add_header'));
    }
  });

  it('the proxy sends the whole request within the service’s request limit, waits past its Trust Layer lookup, and drops kept-alive connections before the service does', () => {
    expect(timeMs(value('proxy_send_timeout')[0]!)).toBe(DEFAULT_LIMITS.requestTimeoutMs);
    expect(timeMs(value('proxy_read_timeout')[0]!)).toBeGreaterThan(TRUST_LAYER_LOOKUP_MS);
    const upstream = site.filter((d) => d.within[0] === 'upstream proveit_season');
    const idle = upstream.find((d) => d.name === 'keepalive_timeout')!;
    expect(timeMs(idle.args[0]!)).toBeLessThan(DEFAULT_LIMITS.keepAliveTimeoutMs);
    expect(value('proxy_http_version')).toEqual(['1.1']);
  });

  it('X-Forwarded-For is the address the proxy saw, alone (a client’s own header is replaced), for every location', () => {
    const headers = site.filter((d) => d.name === 'proxy_set_header');
    expect(headers.find((d) => d.args[0] === 'X-Forwarded-For')?.args).toEqual(['X-Forwarded-For', '$remote_addr']);
    expect(site.some((d) => d.args.includes('$proxy_add_x_forwarded_for'))).toBe(false);
    // A location that set any proxy header of its own would inherit none of the server's (nginx's inheritance rule).
    expect(headers.every((d) => d.within.length === 1 && isTls(d))).toBe(true);
    expect(site.filter((d) => d.name === 'proxy_pass').every((d) => d.args[0] === 'http://proveit_season')).toBe(true);
  });

  it('the service the site proxies to is the one the systemd unit starts, trusting the proxy’s address', () => {
    const unit = readFileSync(fileURLToPath(new URL('../../deploy/proveit-season.service', import.meta.url)), 'utf8');
    const upstreamServer = site.find((d) => d.within[0] === 'upstream proveit_season' && d.name === 'server')!;
    const [host, port] = upstreamServer.args[0]!.split(':');
    expect(unit).toContain(`--host ${host} --port ${port} --trusted-proxy ${host}`);
  });
});
