import { runCloseCommand } from './support/close-commands.ts';
import { createPrivateKey, sign } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyDigest, exportTrailerLine } from '../../../main/core/season-export/signed-export.ts';
import { freezesOf, revealedAtOf } from '../../../main/db/freezes.ts';
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
let earlyExport: Buffer;
let serviceKey: string;

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
  earlyExport = await readExport();
  net.clock.set(AFTER_CLOSE);
  exportFile = join(net.dir, 'export.ndjson');
  writeFileSync(exportFile, await readExport());
  const state = (await (await fetch(`${net.devnet.info.season}/v1/season/1`)).json()) as { receipt_public_key: string };
  serviceKey = state.receipt_public_key;
}, 120_000);

/** The season service's signed export, taken now on the devnet's clock. */
async function readExport(): Promise<Buffer> {
  const exported = await fetch(`${net.devnet.info.season}/v1/season/1/export`, {
    headers: { Authorization: `Bearer ${net.devnet.info.internal_secret}` },
  });
  return Buffer.from(await exported.arrayBuffer());
}

afterAll(async () => {
  await net?.close();
});

function close(out: string, extra: { corpus?: string; submissions?: string; serviceKey?: string } = {}) {
  return runCloseCommand(net.clock, {
    season: 1,
    track: 'conformite',
    corpus: extra.corpus ?? net.corpusDir,
    source: { submissions: extra.submissions ?? exportFile, serviceKey: extra.serviceKey ?? serviceKey },
    db: net.dbFile,
    trustLayer: net.devnet.info.trust_layer,
    trust: net.devnet.info.trust_bundle,
    out,
  });
}

/** The service's receipt key, in the devnet's state folder beside its season database (season-service/receipt-key.ts). */
function serviceSigner(): (bytes: Uint8Array) => string {
  const key = createPrivateKey(readFileSync(join(net.dir, 'state', 'receipt-key.pem'), 'utf8'));
  return (bytes) => sign(null, bytes, key).toString('base64');
}

function exportTakenAt(): string {
  return new Date(AFTER_CLOSE).toISOString();
}

/** An export of these lines signed with the season service's own key: what a faulty service could have written. */
function writeSigned(name: string, lines: string[], takenAt: string): string {
  const body = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
  const trailer = exportTrailerLine(
    { season: 1, takenAt, publicKeyHex: serviceKey, ...bodyDigest(body) },
    serviceSigner(),
  );
  const file = join(net.dir, name);
  writeFileSync(file, Buffer.concat([body, Buffer.from(trailer)]));
  return file;
}

describe("season close refuses an export that is not the season service's record, before revealing anything", () => {
  function expectNothingRevealedOrWritten(out: string) {
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toEqual([]);
    const freezes = freezesOf(net.db, 1, 'conformite').map((f) => f.proofId);
    expect(revealedAtOf(net.db, freezes)).toBeNull();
  }

  it('an export taken before the close: CLOSE_EXPORT_BEFORE_CLOSE naming both instants', async () => {
    const early = join(net.dir, 'early.ndjson');
    writeFileSync(early, earlyExport);
    const out = join(net.dir, 'early-out');
    const { code, io } = await close(out, { submissions: early });
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_EXPORT_BEFORE_CLOSE');
    expect(io.stderr).toContain(CLOSES_AT);
    expectNothingRevealedOrWritten(out);
  });

  it('an export with its trailer cut off: CLOSE_EXPORT_UNSIGNED', async () => {
    const cut = join(net.dir, 'cut.ndjson');
    const lines = readFileSync(exportFile, 'utf8').split('\n');
    writeFileSync(cut, `${lines.slice(0, -2).join('\n')}\n`);
    const out = join(net.dir, 'cut-out');
    const { code, io } = await close(out, { submissions: cut });
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_EXPORT_UNSIGNED');
    expectNothingRevealedOrWritten(out);
  });

  it('an export line edited after signing (the agent name changed): CLOSE_EXPORT_ALTERED', async () => {
    const edited = join(net.dir, 'edited.ndjson');
    writeFileSync(edited, readFileSync(exportFile, 'utf8').replace('"agent_name":"dana"', '"agent_name":"erin"'));
    const out = join(net.dir, 'edited-out');
    const { code, io } = await close(out, { submissions: edited });
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_EXPORT_ALTERED');
    expectNothingRevealedOrWritten(out);
  });

  it('a key configured that did not sign the export: CLOSE_EXPORT_SIGNATURE_INVALID naming both keys', async () => {
    const other = 'ab'.repeat(32);
    const out = join(net.dir, 'other-key-out');
    const { code, io } = await close(out, { serviceKey: other });
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_EXPORT_SIGNATURE_INVALID');
    expect(io.stderr).toContain(other);
    expect(io.stderr).toContain(serviceKey);
    expectNothingRevealedOrWritten(out);
  });

  it('a submission received before the opening, even signed by the service: CLOSE_EXPORT_RECEIVED_OUTSIDE_WINDOW', async () => {
    const lines = readFileSync(exportFile, 'utf8').split('\n').slice(0, -2);
    const moved = lines.map((l) => l.replace(/"received_at":"[^"]+"/, '"received_at":"2026-09-30T08:00:00.000Z"'));
    const file = writeSigned('before-opening.ndjson', moved, exportTakenAt());
    const out = join(net.dir, 'before-opening-out');
    const { code, io } = await close(out, { submissions: file });
    expect(code).toBe(1);
    expect(io.stderr).toContain('CLOSE_EXPORT_RECEIVED_OUTSIDE_WINDOW');
    expect(io.stderr).toContain(OPENS_AT);
    expectNothingRevealedOrWritten(out);
  });
});

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
    // The close created --out to stage its bundle; refused, it leaves no trace of it (docs/replay-bundle.md "What
    // `season close` does, in order").
    expect(existsSync(out)).toBe(false);
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

  it('an export line that is not JSON, signed by the service: CLOSE_SUBMISSIONS_INVALID with its line number', async () => {
    const lines = readFileSync(exportFile, 'utf8').split('\n').slice(0, -2);
    const bad = writeSigned('bad.ndjson', [...lines, '{not json'], exportTakenAt());
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
    expect(readdirSync(out)).toEqual(['keep.txt']);
  });
});
