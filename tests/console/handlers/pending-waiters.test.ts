import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open-database.ts';
import { insertFreeze } from '../../../main/db/freezes.ts';
import { insertSeasonClose } from '../../../main/db/season-closes.ts';
import { dbOf } from '../../../main/console/console-context.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import { participantsWaiting } from '../../../main/console/handlers/pending-waiters.ts';
import { openConsole, type OpenedConsole } from '../../../main/console/open-console.ts';

// Who waits on a pending proof is read from the latest close's own files: these tests write those files in the
// scorer's format (scores.json, reports/<id>.json) and record the closes in a real operator database.
const PROOF = 'prf_20261028_101500_00a1b2';
const FREEZE = 'prf_20260901_000000_000000';
const HASH = '0'.repeat(64);
let dir: string;
let opened: OpenedConsole;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-pending-waiters-'));
  const dbFile = join(dir, 'console.sqlite');
  openDatabase(dbFile).close();
  opened = openConsole({ mode: 'headless', dbFile, defaultCorpusDir: dir, services: NO_SERVICES });
  // A close names the freeze it scored under (migration 5's foreign key).
  insertFreeze(
    dbOf(opened.ctx),
    {
      proofId: FREEZE,
      documentVersion: 2,
      season: 1,
      track: 'conformite',
      rulesVersion: '1',
      rulesHash: HASH,
      manifestHash: HASH,
      keyCommitment: HASH,
      url: 'http://127.0.0.1:1/saison-1/conformite/freeze.json',
      replaces: null,
      reason: null,
      opensAt: '2026-10-01T00:00:00Z',
      closesAt: '2026-10-29T00:00:00Z',
      requestHash: HASH,
      requestHashNonce: HASH,
      trustLayer: 'http://127.0.0.1:1',
      createdAtMs: 0,
      proxyProof: new Uint8Array(),
      fullView: new Uint8Array(),
    },
    { saltHex: HASH, answerKey: '[]' },
  );
});

afterEach(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A close folder where each participant is pending on `pendingOn` (or scored when it is null). */
function closeFolder(name: string, participants: { id: string; pendingOn: string | null }[]): string {
  const out = join(dir, name);
  mkdirSync(join(out, 'reports'), { recursive: true });
  const status = (p: { pendingOn: string | null }) => (p.pendingOn === null ? 'scored' : 'pending');
  writeFileSync(
    join(out, 'scores.json'),
    JSON.stringify({
      participants: participants.map((p) => ({ participant_id: p.id, agent_name: `agent ${p.id}`, status: status(p) })),
    }),
  );
  for (const p of participants) {
    const proofs = [{ proof_id: p.pendingOn ?? PROOF, outcome: p.pendingOn === null ? 'ok' : 'pending' }];
    const assertion = {
      assertion_id: 'a1',
      task_id: 'conf-02',
      status: p.pendingOn === null ? 'supported' : 'pending',
      proofs,
    };
    writeFileSync(join(out, 'reports', `${p.id}.json`), JSON.stringify({ assertions: [assertion] }));
  }
  return out;
}

function recordClose(outDir: string, closedAtMs: number): void {
  insertSeasonClose(dbOf(opened.ctx), {
    season: 1,
    track: 'conformite',
    closedAtMs,
    freezeProofId: FREEZE,
    scorerVersion: 'test',
    rulesSha256: HASH,
    manifestHash: HASH,
    submissionsSha256: HASH,
    keyCommitment: HASH,
    trustBundleDigest: HASH,
    proofsSha256: HASH,
    scoresSha256: HASH,
    participants: 1,
    scored: 0,
    pending: 1,
    outDir,
  });
}

describe('participants waiting on a pending proof', () => {
  it('a participant the latest close left pending on the proof is named, with the agent name of its scores', async () => {
    recordClose(closeFolder('close-1', [{ id: 'p-dan', pendingOn: PROOF }]), 1);
    const waiting = await participantsWaiting(opened.ctx, new Set([PROOF]));
    expect(waiting.get(PROOF)).toEqual([
      { season: 1, track: 'conformite', participant_id: 'p-dan', name: 'agent p-dan' },
    ]);
  });

  it('only the latest close of a track counts: scored there, nobody waits any more', async () => {
    recordClose(closeFolder('close-1', [{ id: 'p-dan', pendingOn: PROOF }]), 1);
    recordClose(closeFolder('close-2', [{ id: 'p-dan', pendingOn: null }]), 2);
    expect(await participantsWaiting(opened.ctx, new Set([PROOF]))).toEqual(new Map());
  });

  it('a close folder that cannot be read names nobody, and the screen is not refused', async () => {
    recordClose(join(dir, 'moved-away'), 1);
    expect(await participantsWaiting(opened.ctx, new Set([PROOF]))).toEqual(new Map());
  });

  it('a participant id that is a path in scores.json is never read as one', async () => {
    const out = closeFolder('close-1', [{ id: 'p-dan', pendingOn: PROOF }]);
    // A report planted outside reports/ that "../planted" would reach.
    writeFileSync(
      join(out, 'planted.json'),
      JSON.stringify({ assertions: [{ status: 'pending', proofs: [{ proof_id: PROOF, outcome: 'pending' }] }] }),
    );
    writeFileSync(
      join(out, 'scores.json'),
      JSON.stringify({ participants: [{ participant_id: '../planted', agent_name: 'x', status: 'pending' }] }),
    );
    recordClose(out, 1);
    expect(await participantsWaiting(opened.ctx, new Set([PROOF]))).toEqual(new Map());
  });
});
