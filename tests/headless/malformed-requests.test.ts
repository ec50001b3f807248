import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededStream } from '../../main/core/corpus/prng.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { startHeadlessServer, type HeadlessServer } from '../../main/headless/headless-server.ts';
import { MAX_TARGET_BYTES } from '../../main/headless/request-target.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

// docs/red-team.md "The headless console against a page or a socket": one request, no token needed, used to end the
// console process with every running job. Each attack here is sent on a raw socket (so the bytes are exactly the
// attack's) to a console on a real operator database; after it the console must answer an authorized call, and a job
// started before must still finish.
const token = randomBytes(32).toString('hex');
const defaultCorpusDir = resolve(import.meta.dirname, '../../corpus');
let dir: string;
let opened: OpenedConsole;
let server: HeadlessServer;
let host: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'headless-malformed-'));
  const dbFile = join(dir, 'console.sqlite');
  openDatabase(dbFile).close();
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PROVE IT</title>');
  opened = openConsole({ mode: 'headless', dbFile, defaultCorpusDir, actor: 'Ana Lima' });
  await opened.ready;
  server = await startHeadlessServer({
    dispatch: createDispatcher(createConsoleHandlers(opened.ctx)),
    rendererDir: dir,
    token,
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
    log: (line) => logged.push(line),
  });
  host = new URL(server.origin).host;
});

afterAll(async () => {
  await server?.close();
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * Sends bytes as they are (a whole request, `Connection: close`) and reads whatever comes back until the console
 * closes the connection. The socket is not half-closed: a client's FIN would let Node drop an answer still being made.
 * A console that neither answers nor closes within 5 s fails the test (a hang is a finding too).
 */
function sendRaw(bytes: string | Buffer): Promise<RawAnswer> {
  const { port } = new URL(server.origin);
  return new Promise((done, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    const hang = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within 5 s: ${JSON.stringify(bytes.toString().slice(0, 200))}`));
    }, 5_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(hang);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(hang);
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      done({ status: status ? Number(status[1]) : 0, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(bytes);
  });
}

/** A request line with the console's own Host, closing the connection after the answer. */
const request = (line: string, headers = '') =>
  sendRaw(`${line}\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`);

const codeOf = (answer: RawAnswer) => (JSON.parse(answer.body) as Json).error.code as string;

async function call(channel: string, args: object = {}) {
  const answer = await fetch(`${server.origin}/api/invoke`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ channel, args }),
  });
  return { status: answer.status, body: (await answer.json()) as Json };
}

async function stillAnswers(): Promise<void> {
  const answer = await call('jobs.list');
  expect(answer.status).toBe(200);
  expect(answer.body.ok).toBe(true);
}

/** Starts a read job (the console runs it in a worker thread) and returns its id. */
async function startJob(): Promise<number> {
  const started = await call('proofs.fetch');
  expect(started.body).toMatchObject({ ok: true, value: { kind: 'proofs' } });
  return started.body.value.id as number;
}

async function jobFinished(id: number): Promise<void> {
  await opened.ctx.jobs!.idle();
  const { body } = await call('jobs.list');
  expect(body.value.jobs.find((j: Json) => j.id === id)).toMatchObject({ state: 'done', result: { ids: 0 } });
}

describe('the targets of a page or a socket are answered 4xx with a code, and the console keeps serving', () => {
  const cases: [string, string, number, string][] = [
    ['GET /% (a lone percent sign)', 'GET /% HTTP/1.1', 400, 'HEADLESS_TARGET_ENCODING'],
    [
      'GET /%c0%ae%c0%ae/x.json (overlong UTF-8 dots)',
      'GET /%c0%ae%c0%ae/x.json HTTP/1.1',
      400,
      'HEADLESS_TARGET_ENCODING',
    ],
    ['GET /%E0%A4%A (a truncated sequence)', 'GET /%E0%A4%A HTTP/1.1', 400, 'HEADLESS_TARGET_ENCODING'],
    ['GET /api/%ZZ (a malformed escape on an API path)', 'GET /api/%ZZ HTTP/1.1', 400, 'HEADLESS_TARGET_ENCODING'],
    ['GET //[ (read as a host by a URL parser)', 'GET //[ HTTP/1.1', 400, 'HEADLESS_TARGET_FORM'],
    ['GET /\\[ (a backslash, read as / by a URL parser)', 'GET /\\\\[ HTTP/1.1', 400, 'HEADLESS_TARGET_FORM'],
    ['GET * (the asterisk form)', 'GET * HTTP/1.1', 400, 'HEADLESS_TARGET_FORM'],
    ['OPTIONS * (the asterisk form)', 'OPTIONS * HTTP/1.1', 400, 'HEADLESS_TARGET_FORM'],
    [
      'an absolute-form target naming the console',
      'GET http://127.0.0.1/index.html HTTP/1.1',
      400,
      'HEADLESS_TARGET_FORM',
    ],
    ['an absolute-form call', 'POST http://localhost/api/invoke HTTP/1.1', 400, 'HEADLESS_TARGET_FORM'],
    ['a target with a fragment', 'GET /index.html#x HTTP/1.1', 400, 'HEADLESS_TARGET_FORM'],
    [
      'a target without its leading slash (refused by the parser)',
      'GET index.html HTTP/1.1',
      400,
      'HEADLESS_BAD_REQUEST',
    ],
    ['a target over the limit', `GET /${'a'.repeat(MAX_TARGET_BYTES)} HTTP/1.1`, 414, 'HEADLESS_TARGET_TOO_LONG'],
    [
      'a target past the 16 KiB of request line and headers',
      `GET /${'a'.repeat(20_000)} HTTP/1.1`,
      431,
      'HEADLESS_HEADERS_TOO_LARGE',
    ],
    ['a method Node does not know', 'BREW /index.html HTTP/1.1', 400, 'HEADLESS_BAD_REQUEST'],
    ['an HTTP version that does not exist', 'GET /index.html HTTP/7.3', 400, 'HEADLESS_BAD_REQUEST'],
    ['PROPFIND on a page', 'PROPFIND /index.html HTTP/1.1', 405, 'HEADLESS_METHOD'],
    ['DELETE on the call route', 'DELETE /api/invoke HTTP/1.1', 405, 'HEADLESS_METHOD'],
    ['GET on the call route (a route, not a page)', 'GET /api/invoke HTTP/1.1', 405, 'HEADLESS_METHOD'],
    ['POST on the event stream', 'POST /api/events HTTP/1.1', 405, 'HEADLESS_METHOD'],
    [
      'CONNECT (a proxy tunnel, which never reaches the request handler)',
      `CONNECT ${host} HTTP/1.1`,
      405,
      'HEADLESS_METHOD',
    ],
  ];
  for (const [name, line, status, code] of cases) {
    it(`${name} is ${status} ${code}; an authorized call then answers`, async () => {
      const answer = await request(line);
      expect(answer.status, answer.body).toBe(status);
      expect(codeOf(answer)).toBe(code);
      expect((JSON.parse(answer.body) as Json).error.message).toMatch(/\w+/);
      await stillAnswers();
    });
  }

  it('a header line without a colon is 400 HEADLESS_BAD_REQUEST in the console shape, with its security headers', async () => {
    const answer = await sendRaw(`GET /index.html HTTP/1.1\r\nHost: ${host}\r\nno colon here\r\n\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'HEADLESS_BAD_REQUEST' } });
    await stillAnswers();
  });

  it("an HTTP/1.1 request without Host is 421 HEADLESS_HOST_REFUSED, not Node's bare 400", async () => {
    const answer = await sendRaw('GET /index.html HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect([answer.status, codeOf(answer)]).toEqual([421, 'HEADLESS_HOST_REFUSED']);
    await stillAnswers();
  });

  it('a well-formed target is still served: the page, an encoded path to it, and a climb out is 404', async () => {
    expect((await request('GET / HTTP/1.1')).status).toBe(200);
    expect((await request('GET /index%2Ehtml HTTP/1.1')).status).toBe(200);
    const climb = await request('GET /..%2f..%2fpackage.json HTTP/1.1');
    expect([climb.status, codeOf(climb)]).toEqual([404, 'HEADLESS_NOT_FOUND']);
  });

  it('an <img> of any origin pointing at /% (no token, a foreign Origin) is answered and ends nothing', async () => {
    const answer = await request('GET /% HTTP/1.1', 'Origin: http://evil.example\r\nSec-Fetch-Site: cross-site\r\n');
    expect([answer.status, codeOf(answer)]).toEqual([400, 'HEADLESS_TARGET_ENCODING']);
    await stillAnswers();
  });

  it('every target of the issue sent while a read job runs: the job still finishes', async () => {
    const id = await startJob();
    for (const line of [
      'GET /% HTTP/1.1',
      'GET /%c0%ae%c0%ae/x.json HTTP/1.1',
      'GET /%E0%A4%A HTTP/1.1',
      'GET //[ HTTP/1.1',
    ])
      expect((await request(line)).status).toBe(400);
    await jobFinished(id);
  }, 60_000);
});

describe('calls as application/json only: the media type is parsed, not prefix-matched', () => {
  const callWith = async (contentType: string) => {
    const answer = await fetch(`${server.origin}/api/invoke`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ channel: 'jobs.list', args: {} }),
    });
    return { status: answer.status, body: (await answer.json()) as Json };
  };

  for (const contentType of [
    'application/jsonx',
    'application/json-foo',
    'application/json-seq',
    'application/json+x',
    'text/json',
    'application/json; charset=latin1',
    'application/json; charset',
    'application/json;;',
    'application/json, text/plain',
  ]) {
    it(`Content-Type: ${contentType} is 415 HEADLESS_CONTENT_TYPE`, async () => {
      const answer = await callWith(contentType);
      expect([answer.status, answer.body.error.code]).toEqual([415, 'HEADLESS_CONTENT_TYPE']);
    });
  }

  for (const contentType of [
    'application/json',
    'Application/JSON',
    'application/json; charset=utf-8',
    'application/json;charset="UTF-8"',
  ]) {
    it(`Content-Type: ${contentType} is a call`, async () => {
      const answer = await callWith(contentType);
      expect([answer.status, answer.body.ok]).toEqual([200, true]);
    });
  }

  it('a call without a Content-Type is 415 HEADLESS_CONTENT_TYPE', async () => {
    const body = JSON.stringify({ channel: 'jobs.list', args: {} });
    const answer = await sendRaw(
      `POST /api/invoke HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect([answer.status, codeOf(answer)]).toEqual([415, 'HEADLESS_CONTENT_TYPE']);
  });
});

describe('no failure inside the server ends the console', () => {
  it('a client hanging up in the middle of a call body ends nothing: the console answers the next call', async () => {
    const id = await startJob();
    await new Promise<void>((done, reject) => {
      const { port } = new URL(server.origin);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/invoke HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"channel":',
        );
        // The server has the partial body once its reply to nothing would be due: destroy only after it read it.
        socket.once('drain', () => socket.destroy());
        if (socket.writableLength === 0) socket.destroy();
      });
      socket.on('close', () => done());
      socket.on('error', reject);
    });
    await stillAnswers();
    await jobFinished(id);
  }, 60_000);

  it('an answer the wire cannot carry (a handler returning a bigint) is 500 HEADLESS_REQUEST_FAILED, logged without the request, and the console keeps serving', async () => {
    const secretish = `t${randomBytes(8).toString('hex')}`;
    const failing = await startHeadlessServer({
      dispatch: createDispatcher({ 'jobs.list': async () => ({ jobs: [], total: 1n }) as never }),
      rendererDir: dir,
      token,
      log: (line) => logged.push(line),
    });
    try {
      const post = () =>
        fetch(`${failing.origin}/api/invoke?note=${secretish}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ channel: 'jobs.list', args: {}, note: secretish }),
        });
      const before = logged.length;
      const answer = await post();
      expect(answer.status).toBe(500);
      expect(((await answer.json()) as Json).error.code).toBe('HEADLESS_REQUEST_FAILED');
      const lines = logged.slice(before).join('');
      expect(lines).toContain('TypeError');
      expect(lines).not.toContain(secretish);
      expect(lines).not.toContain(token);
      expect(lines).not.toContain('BigInt');
      // The same server answers again: the guard answered, nothing ended.
      expect((await post()).status).toBe(500);
      expect((await fetch(`${failing.origin}/`)).status).toBe(200);
    } finally {
      await failing.close();
    }
  });
});

describe('a fuzzed set of request lines (seeded, so every run sends the same bytes)', () => {
  const stream = new SeededStream('headless-fuzz-issue-23', 'request-lines');
  const METHODS = [
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'DELETE',
    'OPTIONS',
    'PATCH',
    'TRACE',
    'CONNECT',
    'PROPFIND',
    'G\u00c9T',
    'get',
    '',
    'GET GET',
    'M-SEARCH',
    'X'.repeat(40),
  ];
  const VERSIONS = [
    'HTTP/1.1',
    'HTTP/1.0',
    'HTTP/2.0',
    'HTTP/1.1x',
    'HTTP/01.1',
    'http/1.1',
    'HTTP/1',
    '',
    'HTTP/1.1 extra',
  ];
  const PIECES = [
    '/',
    '/api/',
    '/api/invoke',
    '/api/events',
    '//',
    '\\',
    '%',
    '%2',
    '%ZZ',
    '%c0%ae',
    '%E0%A4%A',
    '%00',
    '..',
    '.',
    '?',
    '#',
    '[',
    ']',
    '@',
    ':',
    '*',
    'http://127.0.0.1',
    '?token=',
    'index.html',
    ' ',
    '\t',
  ];
  const randomByte = () => String.fromCharCode(stream.below(256));
  const target = () => {
    let t = stream.below(4) === 0 ? '' : '/';
    const pieces = stream.below(8);
    for (let i = 0; i < pieces; i++) t += stream.below(6) === 0 ? randomByte() : stream.pick(PIECES);
    return t;
  };
  const headers = () => {
    const options = [
      `Host: ${host}\r\n`,
      `Host: ${host}\r\n`,
      'Host: evil.example\r\n',
      `Authorization: Bearer ${token}\r\n`,
      'Content-Type: application/jsonx\r\n',
      'Content-Length: 5\r\n',
      'Content-Length: -1\r\n',
      'Transfer-Encoding: chunked\r\n',
      `X-${randomByte()}${randomByte()}: ${randomByte()}\r\n`,
      `no-colon-${randomByte()}\r\n`,
      ': empty name\r\n',
      ' folded: line\r\n',
      'Origin: null\r\n',
    ];
    // Most requests carry the console's Host, so they reach the target and method checks behind the Host check.
    let h = stream.below(4) === 0 ? '' : `Host: ${host}\r\n`;
    const count = stream.below(4);
    for (let i = 0; i < count; i++) h += stream.pick(options);
    return h;
  };
  // Each request is whole: a declared body is sent, so the console never waits for bytes that do not come.
  // Half the lines have a method and version Node reads, so their targets and headers reach the console's checks.
  const fuzzedLines = () =>
    Array.from({ length: 300 }, () => {
      const method = stream.below(2) === 0 ? stream.pick(['GET', 'POST', 'HEAD']) : stream.pick(METHODS);
      const head = headers();
      const body = head.includes('Content-Length: 5') ? 'hello' : head.includes('chunked') ? '0\r\n\r\n' : '';
      const version = stream.below(2) === 0 ? 'HTTP/1.1' : stream.pick(VERSIONS);
      const bytes = `${method} ${target()} ${version}\r\n${head}Connection: close\r\n\r\n${body}`;
      return { bytes: Buffer.from(bytes, 'latin1'), head: method === 'HEAD' };
    });

  it('300 fuzzed requests: each answered with a 4xx and a code (or a page, or the connection closed), none ends the console, and a read job started before them finishes', async () => {
    const id = await startJob();
    const seen = new Map<string, number>();
    for (const [index, { bytes, head }] of fuzzedLines().entries()) {
      const answer = await sendRaw(bytes);
      if (answer.status === 0) {
        // A method or version the parser could not read far enough to answer: it closed the connection.
        seen.set('closed', (seen.get('closed') ?? 0) + 1);
      } else if (answer.status >= 400) {
        expect(answer.status, `line ${index}`).toBeLessThan(500);
        // A HEAD answer has the refusal's status and headers, no body.
        const code = head && answer.body === '' ? `HEAD ${answer.status}` : codeOf(answer);
        expect(code, `line ${index}`).toMatch(/^(HEADLESS_[A-Z_]+|HEAD 4\d\d)$/);
        seen.set(code, (seen.get(code) ?? 0) + 1);
      } else seen.set(String(answer.status), (seen.get(String(answer.status)) ?? 0) + 1);
      if (index % 25 === 0) await stillAnswers();
    }
    await stillAnswers();
    await jobFinished(id);
    // The set reaches the refusals it is for, not only one of them.
    for (const code of [
      'HEADLESS_BAD_REQUEST',
      'HEADLESS_HOST_REFUSED',
      'HEADLESS_TARGET_FORM',
      'HEADLESS_TARGET_ENCODING',
      'HEADLESS_METHOD',
    ])
      expect(seen.get(code), `${code} in ${JSON.stringify([...seen])}`).toBeGreaterThan(0);
  }, 120_000);
});
