import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { proofVerifyCommand } from '../../../../main/cli/proof-verify.ts';
import { captureIo } from '../../../support/capture-io.ts';
import { journeyCorpus } from '../../support/journey-corpus.ts';
import { freeSignupKey, proxyCorpusCall } from '../../support/trust-layer-calls.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- views are checked field by field
type Json = Record<string, any>;

let dir: string;
let devnet: Devnet;
let apiKey: string;

async function fault(body: object) {
  const response = await fetch(`${devnet.info.trust_layer}/_devnet/faults`, {
    method: 'POST',
    headers: { 'X-Internal-Secret': devnet.info.internal_secret },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function postProofs(ids: string[]) {
  const response = await fetch(`${devnet.info.trust_layer}/v1/proofs`, {
    method: 'POST',
    body: JSON.stringify({ proof_ids: ids }),
  });
  return ((await response.json()) as { proofs: Record<string, Json | null> }).proofs;
}

const publicView = async (id: string) => fetch(`${devnet.info.trust_layer}/v1/proof/${id}`);

/** `proveit proof verify --offline --json` of a public view with the devnet trust bundle. */
async function verifyOffline(view: Json) {
  const file = join(dir, `${String(view['proof_id'])}.json`);
  writeFileSync(file, JSON.stringify(view));
  const io = captureIo();
  await proofVerifyCommand.run(['--offline', '--trust', devnet.info.trust_bundle, '--json', file], io);
  return JSON.parse(io.stdout) as Json;
}

/** One proof read in a batch of its own, closed with the anchor-step faults given. */
async function anchoredUnder(steps: ('timestamp_authority' | 'transparency_log')[]) {
  for (const step of steps) expect((await fault({ anchor_step: step, fault: 'failed' })).status).toBe(200);
  try {
    const id = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    const summary = await devnet.closeBatch();
    return { id, summary, view: (await postProofs([id]))[id] as Json };
  } finally {
    for (const step of steps) await fault({ anchor_step: step, fault: null });
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-faults-'));
  devnet = await startDevnet({ stateDir: join(dir, 'state'), corpusDir: journeyCorpus.dir });
  apiKey = await freeSignupKey(devnet.info.trust_layer, 'faults@example.org');
});

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /_devnet/faults on the Trust Layer side', () => {
  it('a null-answer fault makes POST /v1/proofs answer null and GET /v1/proof/{id} 404 until cleared', async () => {
    const id = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    const other = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    expect(await fault({ proof_ids: [id], fault: 'null-answer' })).toEqual({
      status: 200,
      json: { proof_ids: [id], fault: 'null-answer' },
    });
    const during = await postProofs([id, other]);
    expect(during[id]).toBeNull();
    expect(during[other]).toMatchObject({ proof_id: other });
    const got = await publicView(id);
    expect(got.status).toBe(404);
    expect(((await got.json()) as Json).error.code).toBe('not_found');

    expect((await fault({ proof_ids: [id], fault: null })).status).toBe(200);
    expect((await postProofs([id]))[id]).toMatchObject({ proof_id: id });
    expect((await publicView(id)).status).toBe(200);
  });

  it('a failed timestamp authority step: the batch anchors with timestamp_authority "failed", no token, the log entry there', async () => {
    const { id, summary, view } = await anchoredUnder(['timestamp_authority']);
    expect(summary).toMatchObject({
      timestamp_authority: { status: 'failed' },
      transparency_log: { status: 'verified' },
    });
    expect(view.batch_anchor).toMatchObject({ status: 'anchored', batch_id: summary!.batch_id });
    expect(view.timestamp_authority).toEqual({
      status: 'failed',
      provider: 'devnet-tsa',
      error: 'devnet fault: the timestamp authority step failed',
      anchored: 'batch_root',
    });
    expect(view.transparency_log).toMatchObject({ status: 'verified', provider: 'sigstore-rekor' });
    expect((await fetch(`${devnet.info.trust_layer}/v1/proof/${id}/tsr`)).status).toBe(404);
    // The verifier reads it as the Trust Layer recording its RFC 3161 step as failed (reference §9.7).
    const report = await verifyOffline(view);
    expect(JSON.stringify(report.checks)).toContain('WITNESS_TOKEN_FAILED');
  });

  it('a failed transparency log step: the batch anchors with transparency_log "failed", no entry, the token there', async () => {
    const { summary, view } = await anchoredUnder(['transparency_log']);
    expect(summary).toMatchObject({
      timestamp_authority: { status: 'verified' },
      transparency_log: { status: 'failed' },
    });
    expect(view.batch_anchor).toMatchObject({ status: 'anchored' });
    expect(view.timestamp_authority).toMatchObject({ status: 'verified', provider: 'devnet-tsa' });
    expect(typeof view.timestamp_authority.tsr_base64).toBe('string');
    expect(view.transparency_log).toEqual({
      provider: 'sigstore-rekor',
      status: 'failed',
      error: 'devnet fault: the transparency log step failed',
      anchored: 'batch_root',
    });
    const report = await verifyOffline(view);
    expect(JSON.stringify(report.checks)).toContain('WITNESS_LOG_FAILED');
  });

  it('once cleared, the next batch anchors with both witnesses', async () => {
    const { summary, view } = await anchoredUnder([]);
    expect(summary).toMatchObject({
      timestamp_authority: { status: 'verified' },
      transparency_log: { status: 'verified' },
    });
    expect(view.transparency_log).toHaveProperty('uuid');
    expect(view.timestamp_authority).toHaveProperty('tsr_base64');
  });

  it('a fault body naming nothing known, a bad proof id or a fault of the wrong kind is 400 and changes nothing', async () => {
    const id = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    for (const body of [
      { fault: 'null-answer' },
      { proof_ids: [], fault: 'null-answer' },
      { proof_ids: ['prf_1'], fault: 'null-answer' },
      { proof_ids: [id], fault: 'failed' },
      { anchor_step: 'batch_anchor', fault: 'failed' },
      { anchor_step: 'timestamp_authority', fault: 'null-answer' },
      { anchor_step: 'timestamp_authority' },
    ]) {
      const refused = await fault(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.error.message).toContain('"anchor_step"');
    }
    expect((await postProofs([id]))[id]).toMatchObject({ proof_id: id });
    const { summary } = await anchoredUnder([]);
    expect(summary).toMatchObject({ timestamp_authority: { status: 'verified' } });
  });

  it('the fault route still needs the internal secret', async () => {
    const response = await fetch(`${devnet.info.trust_layer}/_devnet/faults`, {
      method: 'POST',
      body: JSON.stringify({ anchor_step: 'timestamp_authority', fault: 'failed' }),
    });
    expect(response.status).toBe(403);
  });
});
