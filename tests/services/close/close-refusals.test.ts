import { runCloseCommand } from './support/close-commands.ts';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonClosesOf } from '../../../main/db/season-closes.ts';
import {
  AFTER_CLOSE,
  CLOSES_AT,
  DURING,
  OPENS_AT,
  startCloseDevnet,
  type CloseDevnet,
} from './support/close-devnet.ts';

let net: CloseDevnet;
let exportFile: string;

beforeAll(async () => {
  // The freeze's batch is anchored during the season: the freeze does not precede the opening.
  net = await startCloseDevnet('season-close-refusals-', { anchorFreezeAt: DURING });
  const agent = await net.enroll('dana');
  const read = await agent.read('/entites/171904347');
  await net.devnet.closeBatch();
  const answer = await agent.submit({
    season: 1,
    track: 'conformite',
    task_id: 'conf-01',
    agent_did: agent.key.did,
    verdict: 'indeterminable',
    assertions: [
      { id: 'a1', claim: { resource: '/entites/171904347', field: '/existe', value: true }, proof_ids: [read.proofId] },
      {
        id: 'a2',
        claim: { resource: '/entites/171904347', field: '/statut', value: 'active' },
        proof_ids: [read.proofId],
      },
    ],
    disclosures: { [read.proofId]: read.disclosure },
    narrative: 'test',
  });
  expect(answer.json).toMatchObject({ recorded: true });
  const exported = await fetch(`${net.devnet.info.season}/v1/season/1/export`, {
    headers: { Authorization: `Bearer ${net.devnet.info.internal_secret}` },
  });
  exportFile = join(net.dir, 'export.ndjson');
  writeFileSync(exportFile, Buffer.from(await exported.arrayBuffer()));
}, 120_000);

afterAll(async () => {
  await net?.close();
});

function close(out: string, extra: { corpus?: string; submissions?: string } = {}) {
  return runCloseCommand(net.clock, {
    season: 1,
    track: 'conformite',
    corpus: extra.corpus ?? net.corpusDir,
    source: { submissions: extra.submissions ?? exportFile },
    db: net.dbFile,
    trustLayer: net.devnet.info.trust_layer,
    trust: net.devnet.info.trust_bundle,
    out,
  });
}

describe('season close refuses, writes nothing and names the field and both values', () => {
  it('before closes_at: FREEZE_NOT_CLOSED (the key is not revealed)', async () => {
    net.clock.set(Date.parse(CLOSES_AT) - 1);
    const out = join(net.dir, 'before-close');
    const { code, io } = await close(out);
    expect(code).toBe(1);
    expect(io.stderr).toContain('FREEZE_NOT_CLOSED');
    expect(existsSync(out)).toBe(false);
  });

  it('a freeze anchored after the opening: CLOSE_FREEZE_ANCHORED_AFTER_OPENING [opens_at] with both instants', async () => {
    net.clock.set(AFTER_CLOSE);
    const out = join(net.dir, 'late-freeze');
    const { code, io } = await close(out);
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_FREEZE_ANCHORED_AFTER_OPENING [opens_at]');
    expect(io.stderr).toContain(`anchored   ${OPENS_AT}`);
    expect(io.stderr).toContain('recomputed 2026-10-10T12:00:00');
    expect(readdirSync(out)).toEqual([]);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toEqual([]);
  });

  it('a corpus changed since the freeze: FREEZE_MANIFEST_HASH_MISMATCH [manifest_hash], listed with every other difference', async () => {
    const corpus = join(net.dir, 'changed-corpus');
    const { cpSync } = await import('node:fs');
    cpSync(net.corpusDir, corpus, { recursive: true });
    const file = join(corpus, 'responses', 'entites', '171904347.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"active"', '"radiee"'));
    const { code, io } = await close(join(net.dir, 'changed'), { corpus });
    expect(code).toBe(1);
    expect(io.stderr).toContain('FREEZE_MANIFEST_HASH_MISMATCH [manifest_hash]');
    expect(io.stderr).toContain('CLOSE_FREEZE_ANCHORED_AFTER_OPENING');
  });

  it('an export line that is not JSON: CLOSE_SUBMISSIONS_INVALID with its line number', async () => {
    const bad = join(net.dir, 'bad.ndjson');
    writeFileSync(bad, `${readFileSync(exportFile, 'utf8')}{not json\n`);
    const { code, io } = await close(join(net.dir, 'bad-export'), { submissions: bad });
    expect(code).toBe(1);
    expect(io.stderr).toMatch(/CLOSE_SUBMISSIONS_INVALID.*line 2/);
  });

  it('an --out folder that holds files is refused before anything is read', async () => {
    const out = join(net.dir, 'busy');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'x');
    const { code, io } = await close(out);
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_OUT_NOT_EMPTY');
  });
});
