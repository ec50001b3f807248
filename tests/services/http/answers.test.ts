import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonAnswers } from '../../../main/services/http/json-answers.ts';
import { readBodyWithin, type BodyRead } from '../../../main/services/http/read-body.ts';

/** A console-like shape: the kit writes the caller's refusal body, not one of its own. */
const answers = jsonAnswers<unknown, { code: string; message: string }>({
  headers: { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
  encode: (body) => JSON.stringify(body),
  refusal: (status, error) => ({ ok: false, status, error }),
});

let server: Server;
let base = '';
let lastRead: Promise<BodyRead> = Promise.resolve({ ok: true, body: Buffer.alloc(0) });
/** Told when the server starts reading a body: the abort test cuts its request only then. */
let onRead: () => void = () => {};

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/json') return answers.json(res, 200, { é: 1 }, { 'X-Extra': 'yes' });
    lastRead = readBodyWithin(req, 8);
    onRead();
    void lastRead.then((read) => {
      if (read.ok) answers.json(res, 200, { got: read.body.toString() });
      else if (read.refusal === 'too_large')
        answers.refuse(res, 413, { code: 'TOO_LARGE', message: `over ${read.limit}` }, { Connection: 'close' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('JSON answers in the caller shape', () => {
  it('writes the body with its byte length and the headers before and after it', async () => {
    const response = await fetch(`${base}/json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('{"é":1}')));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(await response.json()).toEqual({ é: 1 });
  });
});

describe('a body read within its limit', () => {
  it('reads a body within the limit', async () => {
    const response = await fetch(`${base}/read`, { method: 'POST', body: '12345678' });
    expect(await response.json()).toEqual({ got: '12345678' });
  });

  it('refuses a body sent past the limit in the caller refusal shape', async () => {
    const response = await fetch(`${base}/read`, { method: 'POST', body: '123456789' });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ ok: false, status: 413, error: { code: 'TOO_LARGE', message: 'over 8' } });
  });

  it('refuses a declared length past the limit before reading', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${base}/read`, { method: 'POST', headers: { 'Content-Length': '1000' } });
      req.on('response', (res: IncomingMessage) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
  });

  it('tells a client gone mid-body apart from a refusal', async () => {
    const reading = new Promise<void>((resolve) => (onRead = resolve));
    const req = httpRequest(`${base}/read`, { method: 'POST', headers: { 'Content-Length': '6' } });
    req.on('error', () => {});
    req.write('abc');
    await reading;
    req.destroy();
    expect(await lastRead).toMatchObject({ ok: false, refusal: 'aborted' });
  });
});
