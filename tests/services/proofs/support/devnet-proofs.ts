import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startDevnet, type Devnet, type DevnetOptions } from '../../../../devnet/start-devnet.ts';

/** A devnet in a fresh state folder, plus what the read tests need from it. */
export interface ReadDevnet {
  devnet: Devnet;
  folder: string;
  /** Issues `count` proofs through POST /v1/proxy on corpus resources with a free-signup key; ids in order. */
  createProofs(count: number): Promise<string[]>;
  /** POST /v1/admin/batch/close with the internal secret: the pending proofs become anchored. */
  closeBatch(): Promise<void>;
  /** GET /_devnet/stats: POST /v1/proofs calls received (429s included) and reads counted in the window. */
  stats(): Promise<{ postProofsCalls: number; readsInWindow: number }>;
  close(): Promise<void>;
}

async function json(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await request(url, {
    method,
    headers: { 'content-type': 'application/json', 'user-agent': 'proveit-tests', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const CORPUS_DIR = join(process.cwd(), 'corpus/season-1/conformite');

/** The corpus resources participants consult (catalogue.json), cycled through to issue proofs. */
function corpusResources(): { path: string; method: string; payload: unknown }[] {
  const catalogue = JSON.parse(readFileSync(join(CORPUS_DIR, 'catalogue.json'), 'utf8')) as {
    resources: { path: string; method: string; payload: unknown }[];
  };
  return catalogue.resources;
}

export async function startReadDevnet(options: Partial<DevnetOptions>): Promise<ReadDevnet> {
  const folder = mkdtempSync(join(tmpdir(), 'proveit-read-devnet-'));
  const resources = corpusResources();
  const devnet = await startDevnet({
    stateDir: join(folder, 'devnet'),
    corpusDir: CORPUS_DIR,
    batchSize: 10_000,
    batchAgeSeconds: 3_600,
    ...options,
  });
  const tl = devnet.info.trust_layer;
  let apiKey: string | undefined;
  let signups = 0;
  return {
    devnet,
    folder,
    async createProofs(count) {
      apiKey ??= String(
        (await json('POST', `${tl}/v1/keys/free-signup`, { email: `reader${signups++}@example.org` })).api_key,
      );
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const resource = resources[i % resources.length]!;
        const answer = await json(
          'POST',
          `${tl}/v1/proxy`,
          {
            target: `${devnet.info.virtual_hosts.corpus}${resource.path}`,
            method: resource.method,
            payload: resource.payload,
          },
          { 'x-api-key': apiKey },
        );
        ids.push(String((answer.proof as Record<string, unknown>).proof_id));
      }
      return ids;
    },
    async closeBatch() {
      await json('POST', `${tl}/v1/admin/batch/close`, {}, { 'x-internal-secret': devnet.info.internal_secret });
    },
    async stats() {
      const s = await json('GET', `${tl}/_devnet/stats`);
      const calls = (s.calls_per_endpoint as Record<string, number>)['POST /v1/proofs'] ?? 0;
      const reads = Object.values(s.reads_per_ip as Record<string, number>).reduce((a, b) => a + b, 0);
      return { postProofsCalls: calls, readsInWindow: reads };
    },
    async close() {
      await devnet.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
