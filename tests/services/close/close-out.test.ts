import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonClosesOf } from '../../../main/db/season-closes.ts';
import { closeSeason } from '../../../main/services/close/close-season.ts';
import { CLOSE_ATTEMPT_FILE, CLOSE_ATTEMPT_FORMAT } from '../../../main/services/close/close-out.ts';
import { announcedReceiptKey } from '../../../main/services/receipts/announced-receipt-key.ts';
import { readSeasonExport } from '../../../main/services/season-export/read-export.ts';
import { closeFromDevnet } from './support/close-commands.ts';
import { AFTER_CLOSE, DURING, startCloseDevnet, type CloseDevnet } from './support/close-devnet.ts';
import { submissionDocument } from './support/submission-document.ts';

let net: CloseDevnet;
let cleanScoresSha256: string;

const runClose = (out: string, json = true) => closeFromDevnet(net, out, json);

/** What a close killed while moving its bundle into place leaves: its marker, part of a staged bundle, a cut scores.json. */
function leaveKilledClose(out: string, marker: { season: number; track: string }) {
  mkdirSync(join(out, '.bundle-partial', 'proofs'), { recursive: true });
  writeFileSync(
    join(out, CLOSE_ATTEMPT_FILE),
    `{"format":"${CLOSE_ATTEMPT_FORMAT}","season":${marker.season},"started_at_ms":1,"track":"${marker.track}"}\n`,
  );
  writeFileSync(join(out, '.bundle-partial', 'proofs', 'prf_20261010_120000_abcdef.json'), '{"proof_id":');
  writeFileSync(join(out, 'scores.json'), '{"participants":[');
}

beforeAll(async () => {
  net = await startCloseDevnet('season-close-out-');
  net.clock.set(DURING);
  const alice = await net.enroll('alice');
  const entity = await alice.read('/entites/171904347');
  await net.devnet.closeBatch();
  const answer = await alice.submit(
    submissionDocument(alice, 'conf-01', 'indeterminable', [
      ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
    ]),
  );
  expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
  const clean = await runClose(join(net.dir, 'close-clean'));
  expect(clean.code, clean.io.stderr).toBe(0);
  cleanScoresSha256 = clean.doc!.scores_sha256 as string;
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('a close interrupted anywhere runs again into the same --out', () => {
  it('a close killed mid-write left its marker, a partial bundle and a cut scores.json: the next close replaces that work', async () => {
    const out = join(net.dir, 'close-killed');
    leaveKilledClose(out, { season: 1, track: 'conformite' });
    const { code, doc, io } = await runClose(out);
    expect(code, io.stderr).toBe(0);
    expect(doc).toMatchObject({ ok: true, replaced_partial: true, scores_sha256: cleanScoresSha256 });
    expect(readdirSync(out).sort()).toEqual(['bundle', 'reports', 'scores.json']);
    expect(readFileSync(join(out, 'scores.json'), 'utf8')).toBe(
      readFileSync(join(out, 'bundle', 'expected', 'scores.json'), 'utf8'),
    );
  });

  it('a folder holding partial work and a file no close writes is refused CLOSE_OUT_NOT_EMPTY and left untouched', async () => {
    const out = join(net.dir, 'close-killed-and-notes');
    leaveKilledClose(out, { season: 1, track: 'conformite' });
    writeFileSync(join(out, 'NOTES.txt'), 'mine');
    const { code, doc } = await runClose(out);
    expect(code).toBe(1);
    expect(doc).toMatchObject({ ok: false, code: 'CLOSE_OUT_NOT_EMPTY' });
    expect((doc!.failures as { message: string }[])[0]!.message).toContain('NOTES.txt');
    expect(readdirSync(out).sort()).toEqual(['.bundle-partial', CLOSE_ATTEMPT_FILE, 'NOTES.txt', 'scores.json'].sort());
  });

  it("another track's interrupted close is not this close's work: CLOSE_OUT_NOT_EMPTY", async () => {
    const out = join(net.dir, 'close-killed-other-track');
    leaveKilledClose(out, { season: 1, track: 'recherche' });
    const { doc } = await runClose(out);
    expect(doc).toMatchObject({ ok: false, code: 'CLOSE_OUT_NOT_EMPTY' });
    expect((doc!.failures as { message: string }[])[0]!.message).toContain('season 1 recherche');
    expect(existsSync(join(out, 'scores.json'))).toBe(true);
  });

  it('a close that throws part-way (its progress listener fails) removes its marker and the work it replaced, and records no close', async () => {
    const out = join(net.dir, 'close-throws');
    leaveKilledClose(out, { season: 1, track: 'conformite' });
    const closes = seasonClosesOf(net.db, 1, 'conformite').length;
    const exported = await readSeasonExport(
      net.devnet.info.season,
      1,
      readFileSync(net.operatorTokenFile, 'utf8').trim(),
    );
    if (!exported.ok) throw new Error(exported.error.message);
    const submissions = exported.value;
    const serviceKey = await announcedReceiptKey(net.devnet.info.season, 1, 'the test reads it from its devnet');
    if (!serviceKey.ok) throw new Error(serviceKey.error.message);
    const thrown = await closeSeason({
      db: net.db,
      http: net.http,
      clock: net.clock,
      season: 1,
      track: 'conformite',
      corpusDir: net.corpusDir,
      submissions,
      serviceKey: serviceKey.value,
      trustLayerUrl: net.devnet.info.trust_layer,
      trustDir: net.devnet.info.trust_bundle,
      outDir: out,
      actor: 'test',
      onReadProgress: () => {
        throw new Error('the listener failed');
      },
    }).catch((error: unknown) => error as Error);
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('the listener failed');
    expect(readdirSync(out)).toEqual([]);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toHaveLength(closes);
  });
});
