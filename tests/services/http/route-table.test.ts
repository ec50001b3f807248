import { describe, expect, it } from 'vitest';
import { getOrHead, routeTable } from '../../../main/services/http/route-table.ts';

const table = routeTable(
  [
    { method: 'GET', path: '/v1/season/{n}', handler: 'season', accepts: getOrHead },
    { method: 'POST', path: '/v1/season/{n}/enroll', handler: 'enroll' },
    { method: 'GET', path: '/v1/season/{n}/catalogue/{track}', handler: 'catalogue' },
    { method: 'GET', path: '/v1/health', handler: 'health', accepts: () => true },
  ],
  { n: /\d{1,6}/, track: /[A-Za-z0-9._~-]{1,64}/ },
);

describe('a route table', () => {
  it('finds the route a path fits, with its parameters', () => {
    expect(table.match('GET', '/v1/season/3/catalogue/conformite.v2')).toEqual({
      kind: 'found',
      route: table.routes[2],
      params: { n: '3', track: 'conformite.v2' },
    });
  });

  it('tells a wrong method (405) apart from an unknown path (404)', () => {
    expect(table.match('GET', '/v1/season/3/enroll').kind).toBe('method');
    expect(table.match('POST', '/v1/season/3/enrol').kind).toBe('none');
  });

  it('refuses a parameter outside its pattern, and a path with a segment more or less', () => {
    expect(table.match('GET', '/v1/season/1234567').kind).toBe('none');
    expect(table.match('GET', '/v1/season/x').kind).toBe('none');
    expect(table.match('GET', '/v1/season/3/catalogue').kind).toBe('none');
    expect(table.match('GET', '/v1/season/3/catalogue/a/b').kind).toBe('none');
    expect(table.match('GET', '/v1/season/3/catalogue/a%2Fb').kind).toBe('none');
  });

  it('takes the template literally: a dot in it matches a dot only', () => {
    const dotted = routeTable([{ method: 'GET', path: '/a.json', handler: 1 }]);
    expect(dotted.match('GET', '/a.json').kind).toBe('found');
    expect(dotted.match('GET', '/aXjson').kind).toBe('none');
  });

  it('answers the methods a route accepts: HEAD as GET, or any', () => {
    expect(table.match('HEAD', '/v1/season/3').kind).toBe('found');
    expect(table.match('HEAD', '/v1/season/3/catalogue/t').kind).toBe('method');
    expect(table.match('DELETE', '/v1/health').kind).toBe('found');
  });

  it('takes the route of the method where two routes share a path', () => {
    const shared = routeTable([
      { method: 'GET', path: '/v1/proof/{id}/tsr', handler: 'get' },
      { method: 'HEAD', path: '/v1/proof/{id}/tsr', handler: 'head' },
    ]);
    expect(shared.match('HEAD', '/v1/proof/p1/tsr')).toMatchObject({ kind: 'found', route: { handler: 'head' } });
    expect(shared.match('POST', '/v1/proof/p1/tsr')).toMatchObject({ kind: 'method', route: { handler: 'get' } });
  });

  it('answers a path by the first template it fits: a wrong method there is no fall through to a catch-all', () => {
    const console = routeTable(
      [
        { method: 'POST', path: '/api/invoke', handler: 'invoke' },
        { method: 'GET', path: '{page}', handler: 'page', accepts: getOrHead },
      ],
      { page: /\/[\s\S]*/ },
    );
    expect(console.match('GET', '/api/invoke')).toMatchObject({ kind: 'method', route: { handler: 'invoke' } });
    expect(console.match('HEAD', '/index.html')).toMatchObject({ kind: 'found', route: { handler: 'page' } });
  });

  it('lists every route it has, for the text of a 404', () => {
    expect(table.list()).toEqual([
      'GET /v1/season/{n}',
      'POST /v1/season/{n}/enroll',
      'GET /v1/season/{n}/catalogue/{track}',
      'GET /v1/health',
    ]);
  });
});
