import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import { seasonClosesOf } from '../../../main/db/season-closes.ts';
import { closeFromDevnet } from './support/close-commands.ts';
import { AFTER_CLOSE, DURING, startCloseDevnet, type CloseDevnet, type ReadProof } from './support/close-devnet.ts';
import { submissionDocument } from './support/submission-document.ts';

let net: CloseDevnet;
let entity: ReadProof;
let attestation: ReadProof;
let firstScoresSha256: string;

const runClose = (out: string, json = true) => closeFromDevnet(net, out, json);

/** Bit rot, imitated: the append-only triggers are dropped, then the row's bytes are written over. */
function overwriteViewBytes(proofId: string, edit: (raw: Buffer) => Buffer): Buffer {
  net.db.exec('DROP TRIGGER IF EXISTS proof_view_answers_no_update');
  const raw = net.db
    .prepare(
      `SELECT a.raw FROM proof_views v JOIN proof_view_answers a ON a.proof_id = v.proof_id AND a.read_id = v.last_read_id
       WHERE v.proof_id = ?`,
    )
    .pluck()
    .get(proofId) as Buffer;
  net.db
    .prepare(
      `UPDATE proof_view_answers SET raw = ?
       WHERE proof_id = ? AND read_id = (SELECT last_read_id FROM proof_views WHERE proof_id = ?)`,
    )
    .run(edit(raw), proofId, proofId);
  return raw;
}

function overwriteRekorBytes(uuid: string, edit: (raw: Buffer) => Buffer): Buffer {
  net.db.exec('DROP TRIGGER IF EXISTS rekor_entries_no_update');
  const raw = net.db.prepare('SELECT raw FROM rekor_entries WHERE uuid = ?').pluck().get(uuid) as Buffer;
  net.db.prepare('UPDATE rekor_entries SET raw = ? WHERE uuid = ?').run(edit(raw), uuid);
  return raw;
}

/** One character of the view's `arkforge_signature` (base64url after `ed25519:`), changed to another of its alphabet. */
function flipSignatureCharacter(raw: Buffer): Buffer {
  const text = raw.toString('utf8');
  const found = /"arkforge_signature"\s*:\s*"ed25519:/.exec(text);
  expect(found).not.toBeNull();
  const at = found!.index + found![0].length + 4;
  const flipped = text[at] === 'A' ? 'B' : 'A';
  return Buffer.from(text.slice(0, at) + flipped + text.slice(at + 1), 'utf8');
}

const rekorUuidOf = (proofId: string) =>
  net.db.prepare('SELECT rekor_uuid FROM proof_views WHERE proof_id = ?').pluck().get(proofId) as string;

const storedBytesIncidents = () =>
  incidentsOf(net.db, { season: 1, track: 'conformite' }).filter((i) => i.cause === 'CLOSE_STORED_VIEW_CORRUPTED');

beforeAll(async () => {
  net = await startCloseDevnet('season-close-stored-bytes-');
  net.clock.set(DURING);
  const alice = await net.enroll('alice');
  entity = await alice.read('/entites/171904347');
  attestation = await alice.read('/attestations/ATT-93595');
  await net.devnet.closeBatch();
  const answer = await alice.submit(
    submissionDocument(alice, 'conf-01', 'indeterminable', [
      ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
      ['/attestations/ATT-93595', '/existe', false, attestation],
    ]),
  );
  expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
  const first = await runClose(join(net.dir, 'close-intact'));
  expect(first.code, first.io.stderr).toBe(0);
  firstScoresSha256 = first.doc!.scores_sha256 as string;
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('a damaged operator database is never scored', () => {
  it('one character of a cited view signature flipped: CLOSE_STORED_VIEW_CORRUPTED naming the proof, an incident, nothing written or scored', async () => {
    const original = overwriteViewBytes(entity.proofId, flipSignatureCharacter);
    expect(net.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const out = join(net.dir, 'close-flipped-view');
    const { code, doc } = await runClose(out);
    expect(code).toBe(1);
    expect(doc).toMatchObject({ ok: false, code: 'CLOSE_STORED_VIEW_CORRUPTED' });
    const [failure] = doc!.failures as { message: string; details: Record<string, unknown> }[];
    expect(failure!.message).toContain(entity.proofId);
    expect(failure!.details['corrupted']).toEqual([
      expect.objectContaining({ what: 'proof_view', proof_id: entity.proofId }),
    ]);
    expect(existsSync(out)).toBe(false);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toHaveLength(1);
    const [incident, ...more] = storedBytesIncidents();
    expect(more).toEqual([]);
    expect(incident).toMatchObject({ kind: 'other', state: 'open', openedBy: 'close', closeId: null });
    expect(incident!.links.map((l) => l.proof)).toEqual([entity.proofId]);
    expect(failure!.details['incident_id']).toBe(incident!.id);

    // Closed again over the same damage: refused again, the incident is not opened twice.
    const again = await runClose(out);
    expect(again.doc).toMatchObject({ ok: false, code: 'CLOSE_STORED_VIEW_CORRUPTED' });
    expect(storedBytesIncidents()).toHaveLength(1);
    expect(storedBytesIncidents()[0]!.links).toHaveLength(1);
    overwriteViewBytes(entity.proofId, () => original);
  });

  it('one byte of a stored Rekor entry changed: CLOSE_STORED_REKOR_ENTRY_CORRUPTED, added to the open incident', async () => {
    const uuid = rekorUuidOf(attestation.proofId);
    const original = overwriteRekorBytes(uuid, (raw) => {
      const copy = Buffer.from(raw);
      copy[copy.length - 3] = copy[copy.length - 3] === 0x41 ? 0x42 : 0x41;
      return copy;
    });
    const out = join(net.dir, 'close-flipped-rekor');
    const { code, doc } = await runClose(out);
    expect(code).toBe(1);
    expect(doc).toMatchObject({ ok: false, code: 'CLOSE_STORED_REKOR_ENTRY_CORRUPTED' });
    const [failure] = doc!.failures as { message: string; details: Record<string, unknown> }[];
    expect(failure!.message).toContain(uuid);
    expect(existsSync(out)).toBe(false);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toHaveLength(1);
    // Both proofs of the batch name the entry; the first one checked is linked, next to the view found before.
    expect(storedBytesIncidents()).toHaveLength(1);
    expect(storedBytesIncidents()[0]!.links.length).toBeGreaterThanOrEqual(1);
    overwriteRekorBytes(uuid, () => original);
  });

  it('the bytes restored, the close scores exactly as before the damage', async () => {
    const out = join(net.dir, 'close-restored');
    const { code, doc, io } = await runClose(out);
    expect(code, io.stderr).toBe(0);
    expect(doc!.scores_sha256).toBe(firstScoresSha256);
    expect(doc!.hashed_at_first_use).toEqual({ proof_ids: [], rekor_uuids: [] });
    const bundled = readFileSync(join(out, 'bundle', 'proofs', `${entity.proofId}.json`));
    const kept = net.db
      .prepare('SELECT sha256 FROM proof_view_answer_digests WHERE proof_id = ?')
      .pluck()
      .get(entity.proofId);
    expect(sha256Hex(bundled)).toBe(kept);
  });

  it('a view stored before its digest existed is hashed at first use, flagged, and checked from then on', async () => {
    net.db.exec('DROP TRIGGER IF EXISTS proof_view_answer_digests_no_delete');
    net.db.prepare('DELETE FROM proof_view_answer_digests WHERE proof_id = ?').run(attestation.proofId);
    const { code, doc, io } = await runClose(join(net.dir, 'close-first-use'));
    expect(code, io.stderr).toBe(0);
    expect(doc!.scores_sha256).toBe(firstScoresSha256);
    expect(doc!.hashed_at_first_use).toEqual({ proof_ids: [attestation.proofId], rekor_uuids: [] });
    expect(
      net.db.prepare('SELECT taken FROM proof_view_answer_digests WHERE proof_id = ?').pluck().all(attestation.proofId),
    ).toEqual(['first_use']);

    const original = overwriteViewBytes(attestation.proofId, flipSignatureCharacter);
    const damaged = await runClose(join(net.dir, 'close-after-first-use'));
    expect(damaged.doc).toMatchObject({ ok: false, code: 'CLOSE_STORED_VIEW_CORRUPTED' });
    overwriteViewBytes(attestation.proofId, () => original);
  });
});
