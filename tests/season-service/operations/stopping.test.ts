import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyIdentity } from '../../../season-service/trust-layer-identity.ts';
import { codeOf, destroyRawClients, raw, statusOf, until } from '../support/raw-client.ts';
import { freezeBothTracks, newDidKey, startTestService, type RunningService } from '../support/season-fixture.ts';

// docs/season-service.md "Operations", stopping: what the service acknowledged is answered and on disk; what arrives
// once it is stopping is refused and recorded nowhere; the wait has a bound.
const running: RunningService[] = [];
afterEach(async () => {
  destroyRawClients();
  for (const service of running.splice(0)) await service.stop();
});

/** An identity lookup the test answers when it chooses: the enrollment waits on it, in flight. */
function heldIdentity() {
  let release: (identity: KeyIdentity) => void = () => {};
  let asked: () => void = () => {};
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const lookup = () =>
    new Promise<KeyIdentity>((resolve) => {
      release = resolve;
      asked();
    });
  return { lookup, wasAsked, release: (identity: KeyIdentity) => release(identity) };
}

function enrollFetch(url: string) {
  return fetch(`${url}/v1/season/1/enroll`, {
    method: 'POST',
    headers: { 'X-Api-Key': randomBytes(24).toString('hex') },
    body: JSON.stringify({ agent_name: 'Agent Sud', declared_stack: 'a model' }),
  });
}

const participants = (service: RunningService) =>
  service.db.prepare('SELECT COUNT(*) FROM participants').pluck().get() as number;

describe('season service stop', () => {
  it('answers and records the request in flight at the stop, and refuses one arriving after with 503 SERVICE_STOPPING', async () => {
    const identity = heldIdentity();
    const lines: string[] = [];
    const service = await startTestService('http://127.0.0.1:1', {
      identity: identity.lookup,
      requestLog: (line) => lines.push(line),
    });
    running.push(service);
    await freezeBothTracks(service);
    // A client in the middle of its request line and headers when the stop comes.
    const late = raw(service.url);
    await late.connected;
    late.socket.write('GET /v1/health HTTP/1.1\r\nHost: season\r\n');
    const inFlight = enrollFetch(service.url);
    await identity.wasAsked;

    const stopped = service.stopService(5_000);
    late.socket.write('\r\n');
    await until(() => codeOf(late) !== null);
    expect([statusOf(late), codeOf(late)]).toEqual([503, 'SERVICE_STOPPING']);
    expect(late.received()).toMatch(/\r\nConnection: close\r\n/i);
    await late.closed;

    identity.release({ kind: 'bound', did: newDidKey().did, history: [] });
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await stopped).toEqual({ abandoned: [], withinMs: 5_000 });
    expect(participants(service)).toBe(1);
    // New connections are no longer accepted.
    await expect(fetch(`${service.url}/v1/health`)).rejects.toThrow();
    expect(lines.map((l) => JSON.parse(l) as { code: string | null }).map((l) => l.code)).toContain('SERVICE_STOPPING');
  });

  it('does not wait past its bound: a request still unanswered is cut, named in the outcome, and records nothing', async () => {
    const identity = heldIdentity();
    const service = await startTestService('http://127.0.0.1:1', { identity: identity.lookup });
    running.push(service);
    await freezeBothTracks(service);
    const inFlight = enrollFetch(service.url).then(
      (answer) => answer.status,
      () => 'cut',
    );
    await identity.wasAsked;
    expect(await service.stopService(100)).toEqual({ abandoned: ['POST /v1/season/{n}/enroll'], withinMs: 100 });
    expect(await inFlight).toBe('cut');
    // The lookup answering after the stop records nothing: the writes are closed.
    identity.release({ kind: 'bound', did: newDidKey().did, history: [] });
    await new Promise((resolve) => setImmediate(resolve));
    expect(participants(service)).toBe(0);
  });
});
