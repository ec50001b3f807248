import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonClosesOf } from '../../../main/db/season-closes.ts';
import { runCloseCommand } from './support/close-commands.ts';
import { AFTER_CLOSE, DURING, startCloseDevnet, type CloseDevnet } from './support/close-devnet.ts';

let net: CloseDevnet;
let exportFile: string;
let serviceKey: string;

beforeAll(async () => {
  // The operator's own document, signed with its key (the season host takes it), posted through the proxy with a
  // participant's API key: the freeze proof is issued under that participant's DID.
  net = await startCloseDevnet('season-close-foreign-did-', { freezeUnderParticipantDid: true });
  net.clock.set(DURING);
  const agent = await net.enroll('erin');
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
    ],
    disclosures: { [read.proofId]: read.disclosure },
    narrative: 'test',
  });
  expect(answer.json).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
  const exported = await fetch(`${net.devnet.info.season}/v1/season/1/export`, {
    headers: { Authorization: `Bearer ${net.devnet.info.internal_secret}` },
  });
  exportFile = join(net.dir, 'export.ndjson');
  writeFileSync(exportFile, Buffer.from(await exported.arrayBuffer()));
  const state = (await (await fetch(`${net.devnet.info.season}/v1/season/1`)).json()) as { receipt_public_key: string };
  serviceKey = state.receipt_public_key;
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('season close refuses a freeze proof issued under another DID than the challenge’s', () => {
  it('a freeze anchored with a participant’s key: FREEZE_ANCHOR_FOREIGN_DID [agent_identity] naming both DIDs, nothing scored', async () => {
    const out = join(net.dir, 'foreign-freeze');
    const { code, io } = await runCloseCommand(net.clock, {
      season: 1,
      track: 'conformite',
      corpus: net.corpusDir,
      source: { submissions: exportFile, serviceKey },
      db: net.dbFile,
      trustLayer: net.devnet.info.trust_layer,
      trust: net.devnet.info.trust_bundle,
      out,
    });
    expect(code, io.stderr).toBe(1);
    expect(io.stderr).toContain('FREEZE_ANCHOR_FOREIGN_DID [agent_identity]');
    // Both DIDs are named: the participant's (a did:key of its own) and the challenge's, the operator key's did:key.
    expect(io.stderr.match(/did:key:z6Mk[1-9A-HJ-NP-Za-km-z]+/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(out, 'scores.json'))).toBe(false);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toEqual([]);
  });
});
