import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustUpdateCommand } from '../../../main/cli/trust-update-command.ts';
import { seasonClosesOf } from '../../../main/db/season-closes.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { captureIo } from '../../support/capture-io.ts';
import { closeFromDevnet, runReplay } from './support/close-commands.ts';
import { AFTER_CLOSE, DURING, startCloseDevnet, type CloseDevnet, type Participant } from './support/close-devnet.ts';
import { submissionDocument } from './support/submission-document.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
type Json = Record<string, any>;

let net: CloseDevnet;
let agent: Participant;
let citedProof: string;
/** The operator's trust bundle, copied from the devnet before its key rotation: it lists devnet-key-1 only. */
let staleBundle: string;
let staleDigest: string;
/** devnet-key-2 as /v1/pubkey publishes it after the rotation. */
let rotatedKey: { kid: string; public: string };

/** `season close` of the compliance track with the trust bundle `trust`. */
const closeWith = (trust: string, out: string) =>
  closeFromDevnet({ ...net, devnet: { info: { ...net.devnet.info, trust_bundle: trust } } }, join(net.dir, out));

async function trustUpdate(...args: string[]) {
  const io = captureIo();
  const code = await trustUpdateCommand.run([...args, '--json'], io);
  return { code, doc: JSON.parse(io.stdout) as Json };
}

beforeAll(async () => {
  // The freeze is anchored on 20 September under devnet-key-1, the key the operator's bundle was written with.
  net = await startCloseDevnet('close-trust-rotation-');
  staleBundle = join(net.dir, 'operator-trust');
  cpSync(net.devnet.info.trust_bundle, staleBundle, { recursive: true });
  const loaded = await loadTrustBundle(staleBundle);
  if (!loaded.ok) throw new Error(loaded.error.message);
  staleDigest = loaded.value.digest;

  // During the season the Trust Layer rotates its key: the participant's read is signed by devnet-key-2.
  net.clock.set(DURING);
  const key = net.devnet.rotateSigningKey();
  rotatedKey = { kid: key.kid, public: key.publicKey };
  agent = await net.enroll('erin');
  const read = await agent.read('/entites/171904347');
  citedProof = read.proofId;
  await net.devnet.closeBatch();
  const answer = await agent.submit(
    submissionDocument(agent, 'conf-01', 'indeterminable', [['/entites/171904347', '/existe', true, read]]),
  );
  expect(answer.json).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('a cited proof signed under a key added after the trust bundle was written (stale trust material)', () => {
  it('the close is refused with CLOSE_TRUST_KEY_UNKNOWN naming the key and the proof, nothing written or scored, never invalid_proof', async () => {
    const { code, doc } = await closeWith(staleBundle, 'stale-out');
    expect(code).toBe(1);
    expect(doc).toMatchObject({ ok: false, code: 'CLOSE_TRUST_KEY_UNKNOWN' });
    expect(doc!.failures).toHaveLength(1);
    const [failure] = doc!.failures as Json[];
    // The public view names its key by arkforge_pubkey (no arkforge_kid in the view, reference §9.3).
    expect(failure!.message).toContain(rotatedKey.public);
    expect(failure!.message).toContain(`cited proof ${citedProof}`);
    expect(failure!.message).toContain('proveit trust update --trust-layer URL --trust DIR');
    expect(failure!.details).toMatchObject({
      proofs: [{ proof_id: citedProof, role: 'cited', kid: null, public: rotatedKey.public }],
      trust_bundle_digest: staleDigest,
      published: ['devnet-key-1'],
    });
    const out = join(net.dir, 'stale-out');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
    expect(seasonClosesOf(net.db, 1, 'conformite')).toEqual([]);
  });

  describe('proveit trust update against the devnet', () => {
    let updated: Json;

    beforeAll(async () => {
      const { code, doc } = await trustUpdate('--trust-layer', net.devnet.info.trust_layer, '--trust', staleBundle);
      expect(code).toBe(0);
      updated = doc;
    });

    it('shows the key added and writes a new bundle beside the old one, which is left as it was', async () => {
      expect(updated).toMatchObject({
        ok: true,
        from: { digest: staleDigest },
        current: { kid: rotatedKey.kid, rekor_kid: 'devnet-rekor-1' },
        added: [{ list: 'keys', kid: rotatedKey.kid }],
        retired: [],
      });
      expect(updated.written.dir).toBe(join(net.dir, `operator-trust-${String(updated.written.digest).slice(0, 12)}`));
      const written = await loadTrustBundle(updated.written.dir);
      if (!written.ok) throw new Error(written.error.message);
      expect(written.value.digest).toBe(updated.written.digest);
      expect(written.value.signingKeys.map((k) => [k.kid, k.publicText])).toEqual([
        ['devnet-key-1', expect.any(String)],
        [rotatedKey.kid, rotatedKey.public],
      ]);
      // The TSA root, the log key and bundle.json are carried over byte for byte.
      for (const file of ['bundle.json', 'devnet-log.pem', 'devnet-tsa-root.pem', 'devnet-tsa.crt']) {
        expect(readFileSync(join(updated.written.dir, file)), file).toEqual(readFileSync(join(staleBundle, file)));
      }
      const old = await loadTrustBundle(staleBundle);
      expect(old.ok && old.value.digest).toBe(staleDigest);
    });

    it('run again, it finds the same bundle already written and writes nothing', async () => {
      const { code, doc } = await trustUpdate('--trust-layer', net.devnet.info.trust_layer, '--trust', staleBundle);
      expect(code).toBe(0);
      expect(doc.written).toEqual({ ...updated.written, existed: true });
    });

    it('run on the new bundle, nothing changes and nothing is written', async () => {
      const { code, doc } = await trustUpdate(
        '--trust-layer',
        net.devnet.info.trust_layer,
        '--trust',
        updated.written.dir,
      );
      expect(code).toBe(0);
      expect(doc).toMatchObject({ added: [], retired: [], written: null });
    });

    it('the close with the new bundle scores, its digest in the score inputs; the replay reproduces it', async () => {
      const { code, doc } = await closeWith(updated.written.dir, 'updated-out');
      expect(code).toBe(0);
      expect(doc).toMatchObject({ ok: true, scored: [agent.participantId] });
      expect(doc!.inputs.trust_bundle_digest).toBe(updated.written.digest);
      const replay = await runReplay(join(net.dir, 'updated-out', 'bundle'), join(net.dir, 'updated-replay'));
      expect(replay.doc).toMatchObject({ ok: true, identical: true });
    });

    it("a replay bundle whose archived trust bundle lacks the cited proof's key refuses with the same code", async () => {
      const bundle = join(net.dir, 'stale-replay-bundle');
      cpSync(join(net.dir, 'updated-out', 'bundle'), bundle, { recursive: true });
      cpSync(join(staleBundle, 'published_keys.json'), join(bundle, 'trust-bundle', 'published_keys.json'));
      const { code, doc } = await runReplay(bundle, join(net.dir, 'stale-replay'));
      expect(code).toBe(1);
      expect(doc).toMatchObject({ ok: false, code: 'CLOSE_TRUST_KEY_UNKNOWN' });
      expect(doc.failures[0].details.proofs).toEqual([
        { proof_id: citedProof, role: 'cited', kid: null, public: rotatedKey.public },
      ]);
    });

    it("a replay bundle whose archived trust bundle lacks the freeze proof's key refuses naming the freeze proof", async () => {
      const bundle = join(net.dir, 'no-freeze-key-bundle');
      cpSync(join(net.dir, 'updated-out', 'bundle'), bundle, { recursive: true });
      const history = JSON.parse(readFileSync(join(updated.written.dir, 'published_keys.json'), 'utf8')) as Json;
      history.keys = (history.keys as Json[]).filter((k) => k.kid !== 'devnet-key-1');
      writeFileSync(join(bundle, 'trust-bundle', 'published_keys.json'), JSON.stringify(history));
      const freezeView = JSON.parse(readFileSync(join(bundle, 'freeze', 'proof.json'), 'utf8')) as Json;
      const { code, doc } = await runReplay(bundle, join(net.dir, 'no-freeze-key-replay'));
      expect(code).toBe(1);
      expect(doc).toMatchObject({ ok: false, code: 'CLOSE_TRUST_KEY_UNKNOWN' });
      expect(doc.failures).toHaveLength(1);
      expect(doc.failures[0].message).toContain(`freeze proof ${String(freezeView.proof_id)}`);
      expect(doc.failures[0].details.proofs).toEqual([
        { proof_id: freezeView.proof_id, role: 'freeze', kid: null, public: freezeView.arkforge_pubkey },
      ]);
    });
  });
});
