import { closeFromDevnet, runReplay } from './support/close-commands.ts';
import { cpSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonReplayCommand } from '../../../main/cli/season-replay-command.ts';
import { seasonClosesOf } from '../../../main/db/season-closes.ts';
import { captureIo } from '../../support/capture-io.ts';
import {
  AFTER_NULL_RECHECK,
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
} from './support/close-devnet.ts';
import { submissionDocument, type ScriptedAssertion } from './support/submission-document.ts';

let net: CloseDevnet;
let alice: Participant;
let bob: Participant;
let carol: Participant;
const ABSENT_ID = 'prf_20261010_120000_abcdef';
const UNCITED_ID = 'prf_20261010_120000_fedcba';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

const submission = (
  p: Participant,
  taskId: string,
  verdict: string,
  assertions: ScriptedAssertion[],
  disclosures: Record<string, unknown> = {},
) => submissionDocument(p, taskId, verdict, assertions, { disclosures });

const runClose = (out: string, json = true) => closeFromDevnet(net, out, json);

beforeAll(async () => {
  net = await startCloseDevnet('season-close-');
  // A stray file in the track folder: served by nothing, hashed by nothing, so never bundled (REPLAY_FILE_UNLISTED).
  writeFileSync(join(net.corpusDir, 'NOTES.txt'), 'an operator note beside the corpus\n');
  net.clock.set(DURING);
  alice = await net.enroll('alice');
  bob = await net.enroll('bob');
  carol = await net.enroll('carol');
  const entity = await alice.read('/entites/171904347');
  const attestation = await alice.read('/attestations/ATT-93595');
  const licence = await alice.read('/agrements/AGR-4468');
  const bobsEntity = await bob.read('/entites/206749866');
  await net.devnet.closeBatch();
  // Bob's proofs of the second batch stay pending until the test closes it.
  const bobEntity = await bob.read('/entites/171904347');
  const bobAttestation = await bob.read('/attestations/ATT-93595');

  const wrongNonce = {
    ...licence.disclosure,
    request_hash: { nonce: '0'.repeat(64), value: licence.disclosure.request_hash.value },
  };
  const answers = await Promise.all([
    alice.submit(
      submission(alice, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
        ['/attestations/ATT-93595', '/existe', false, attestation],
        ['/entites/171904347', '/attestations/1', '/attestations/ATT-00000', entity],
        ['/agrements/AGR-3121', '/existe', true, entity],
      ]),
    ),
    alice.submit(
      submission(
        alice,
        'conf-02',
        'non_conforme',
        [
          ['/entites/206749866', '/statut', 'active', bobsEntity],
          ['/agrements/AGR-4468', '/statut', 'active', licence],
          ['/attestations/ATT-57559', '/existe', true, ABSENT_ID],
        ],
        { [licence.proofId]: wrongNonce },
      ),
    ),
    bob.submit(
      submission(bob, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', bobEntity],
        ['/attestations/ATT-93595', '/existe', false, bobAttestation],
      ]),
    ),
  ]);
  for (const a of answers) expect(a.json, JSON.stringify(a.json)).toMatchObject({ recorded: true });
  // Alice cites an id the Trust Layer never issued: closed past the null answer's recheck limit, it is PROOF_ABSENT.
  net.clock.set(AFTER_NULL_RECHECK);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('season close on the devnet, then replay', () => {
  const out1 = () => join(net.dir, 'close-1');

  it('scores Alice and Carol, leaves Bob pending (his batch is not anchored): exit 3, scores.json, reports and bundle', async () => {
    const { code, doc, io } = await runClose(out1());
    expect(code, io.stderr + io.stdout).toBe(3);
    expect(doc).toMatchObject({ ok: true, exit: 3, pending: [bob.participantId] });
    expect([...doc!.scored].sort()).toEqual([alice.participantId, carol.participantId].sort());

    const scores = readJson(join(out1(), 'scores.json'));
    const byId = new Map((scores.participants as Json[]).map((p) => [p.participant_id, p]));
    expect(byId.get(alice.participantId)).toMatchObject({
      status: 'scored',
      overclaim: { unsupported: 5, submitted: 7 },
      success: { grounded_exact: 1, out_of: 10 },
    });
    expect(byId.get(bob.participantId)).toMatchObject({
      status: 'pending',
      overclaim: { unsupported: null, submitted: null },
    });
    expect(byId.get(carol.participantId)).toMatchObject({
      status: 'scored',
      tasks_submitted: 0,
      overclaim: { unsupported: 0, submitted: 0 },
    });
    expect(scores.inputs.scorer_version).toBe('proveit-scorer/5');
    // Issue 39 item 6: no name or stack in the outputs nor in the bundle's export (kept without its enrollment lines).
    expect(JSON.stringify(scores)).not.toContain('agent_name');
    expect(readFileSync(join(out1(), 'bundle', 'submissions.ndjson'), 'utf8')).not.toMatch(/agent_name|declared_stack/);

    const report = readJson(join(out1(), 'reports', `${alice.participantId}.json`));
    const causes = (report.assertions as Json[]).map((a) =>
      `${a.task_id} ${a.assertion_id} ${a.status} ${a.cause ?? ''} ${a.code ?? ''}`.trim(),
    );
    expect(causes).toEqual([
      'conf-01 a1 supported',
      'conf-01 a2 supported',
      'conf-01 a3 unsupported value_mismatch VALUE_DIFFERS',
      'conf-01 a4 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
      'conf-02 a1 unsupported identity_not_bound IDENTITY_OTHER_DID',
      'conf-02 a2 unsupported invalid_proof OPENING_MISMATCH',
      'conf-02 a3 unsupported invalid_proof PROOF_ABSENT',
    ]);
    const bundle = join(out1(), 'bundle');
    expect(readdirSync(bundle).sort()).toEqual(
      [
        'bundle.json',
        'corpus',
        'expected',
        'freeze',
        'manifest.json',
        'proofs',
        'rekor',
        'submissions.ndjson',
        'trust-bundle',
      ].sort(),
    );
    expect(readFileSync(join(bundle, 'expected', 'scores.json'))).toEqual(readFileSync(join(out1(), 'scores.json')));
    expect(readdirSync(join(bundle, 'corpus'))).not.toContain('sealed');
    expect(readdirSync(join(bundle, 'corpus'))).not.toContain('NOTES.txt');
    const [recorded] = seasonClosesOf(net.db, 1, 'conformite');
    expect(recorded).toMatchObject({ participants: 3, scored: 2, pending: 1 });
  });

  it('the bundle replays offline byte for byte, with exit 3 for the pending participant', async () => {
    const { code, doc } = await runReplay(join(out1(), 'bundle'), join(net.dir, 'replay-1'));
    expect(doc).toMatchObject({ ok: true, identical: true, pending: [bob.participantId] });
    expect(code).toBe(3);
    expect(readFileSync(join(net.dir, 'replay-1', 'scores.json'))).toEqual(readFileSync(join(out1(), 'scores.json')));
  });

  describe('once the batch is anchored (after the close), a new close scores everyone', () => {
    const out2 = () => join(net.dir, 'close-2');
    beforeAll(async () => {
      await net.devnet.closeBatch();
      // Past the pending recheck interval, so the views are read again.
      net.clock.set(AFTER_NULL_RECHECK + 3_600_000);
    });

    it("exit 0; Bob's proofs were anchored after the close: unsupported, ANCHOR_AFTER_CLOSE", async () => {
      const { code, doc, io } = await runClose(out2());
      expect(code, io.stderr + io.stdout).toBe(0);
      expect(doc).toMatchObject({ ok: true, exit: 0, pending: [] });
      const report = readJson(join(out2(), 'reports', `${bob.participantId}.json`));
      expect((report.assertions as Json[]).map((a) => `${a.status} ${a.code}`)).toEqual([
        'unsupported ANCHOR_AFTER_CLOSE',
        'unsupported ANCHOR_AFTER_CLOSE',
      ]);
      expect(seasonClosesOf(net.db, 1, 'conformite')).toHaveLength(2);
    });

    it('closing again on the same inputs gives the same bytes; without --json it says what it wrote', async () => {
      const out3 = join(net.dir, 'close-3');
      const { code, io } = await runClose(out3, false);
      expect(code, io.stderr).toBe(0);
      expect(io.stdout).toContain('season 1, track conformite: 3 participant(s) scored, 0 pending');
      expect(io.stdout).toContain(`proveit season replay ${join(out3, 'bundle')} --out DIR`);
      expect(readFileSync(join(out3, 'scores.json'))).toEqual(readFileSync(join(out2(), 'scores.json')));
      for (const p of [alice, bob, carol]) {
        const report = `reports/${p.participantId}.json`;
        expect(readFileSync(join(out3, report))).toEqual(readFileSync(join(out2(), report)));
      }
    });

    it('replays byte-identical with exit 0, naming the scores.json SHA-256 and the key that signed the export', async () => {
      const { code, doc } = await runReplay(join(out2(), 'bundle'), join(net.dir, 'replay-2'));
      expect(doc).toMatchObject({ ok: true, identical: true });
      expect(code).toBe(0);
      expect(doc.scores_sha256).toBe(sha256Hex(readFileSync(join(out2(), 'scores.json'))));
      const state = (await (await fetch(`${net.devnet.info.season}/v1/season/1`)).json()) as Json;
      expect(doc.season_service_key).toBe(state.receipt_public_key);
    });

    it('prints the SHA-256 of every output it compared, scores.json first, in --json and in text', async () => {
      const outputs = ['scores.json', ...[alice, bob, carol].map((p) => `reports/${p.participantId}.json`)];
      const hashOf = (file: string) => sha256Hex(readFileSync(join(out2(), file)));
      const { doc } = await runReplay(join(out2(), 'bundle'), join(net.dir, 'replay-2-outputs'));
      expect(doc.outputs[0]).toEqual({ file: 'scores.json', sha256: doc.scores_sha256 });
      expect([...(doc.outputs as Json[])].sort((a, b) => (a.file < b.file ? -1 : 1))).toEqual(
        outputs.sort().map((file) => ({ file, sha256: hashOf(file) })),
      );
      const io = captureIo();
      const code = await seasonReplayCommand.run([join(out2(), 'bundle'), '--out', join(net.dir, 'replay-2-text')], io);
      expect(code, io.stderr).toBe(0);
      const listed = io.stdout.split('\n').filter((l) => /^ {4}[0-9a-f]{64} {2}/.test(l));
      expect(listed[0]).toBe(`    ${hashOf('scores.json')}  scores.json`);
      for (const file of outputs) expect(listed).toContain(`    ${hashOf(file)}  ${file}`);
      expect(listed).toHaveLength(outputs.length);
    });

    const tampered = (name: string, edit: (bundle: string) => void) => {
      const copy = join(net.dir, `tampered-${name}`);
      cpSync(join(out2(), 'bundle'), copy, { recursive: true });
      edit(copy);
      return copy;
    };
    const editJson = (file: string, change: (value: Json) => void) => {
      const value = JSON.parse(readFileSync(file, 'utf8')) as Json;
      change(value);
      writeFileSync(file, JSON.stringify(value));
    };

    it('an edited proof view (a flat field the verifier ignores) is named', async () => {
      const bundle = tampered('view', (b) =>
        editJson(join(b, 'proofs', `${readdirSync(join(b, 'proofs'))[0]}`), (v) => {
          v['timestamp'] = '2026-10-10T12:00:01Z';
        }),
      );
      const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-view'));
      expect(code).toBe(1);
      expect(doc.failures[0]).toMatchObject({ code: 'REPLAY_FILE_CHANGED' });
      expect(doc.failures[0].details.file).toMatch(/^proofs\/prf_/);
    });

    it('an edited view listed with its new hash still fails: the expected scores.json names the proofs hash', async () => {
      const bundle = tampered('view-and-index', (b) => {
        const name = readdirSync(join(b, 'proofs'))[0]!;
        editJson(join(b, 'proofs', name), (v) => {
          v['timestamp'] = '2026-10-10T12:00:01Z';
        });
        editJson(join(b, 'bundle.json'), (v) => {
          v.proofs[name.replace(/\.json$/, '')].sha256 = null;
        });
      });
      const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-view-index'));
      expect(code).toBe(1);
      expect(doc.failures[0]).toMatchObject({
        code: 'REPLAY_INPUT_CHANGED',
        details: { pointer: '/inputs/proofs_sha256' },
      });
    });

    it('an edited corpus file is named with the anchored and recomputed hashes', async () => {
      const bundle = tampered('corpus', (b) =>
        editJson(join(b, 'corpus', 'responses', 'entites', '171904347.json'), (v) => {
          v['statut'] = 'radiee';
        }),
      );
      const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-corpus'));
      expect(code).toBe(1);
      const codes = (doc.failures as Json[]).map((f) => f.code);
      expect(codes).toContain('FREEZE_MANIFEST_HASH_MISMATCH');
      expect(doc.failures).toContainEqual(
        expect.objectContaining({
          code: 'REPLAY_CORPUS_FILE_CHANGED',
          details: expect.objectContaining({ file: 'corpus/responses/entites/171904347.json', field: 'response_hash' }),
        }),
      );
    });

    it('an edited submission (a disclosure nonce) no longer opens the signed export: CLOSE_EXPORT_ALTERED', async () => {
      const bundle = tampered('submission', (b) => {
        const file = join(b, 'submissions.ndjson');
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace(
            /"nonce": ?"([0-9a-f])/,
            (m, c: string) => m.slice(0, -1) + (c === '0' ? '1' : '0'),
          ),
        );
      });
      const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-submission'));
      expect(code).toBe(1);
      expect(doc.failures[0]).toMatchObject({
        code: 'CLOSE_EXPORT_ALTERED',
        details: { file: 'submissions.ndjson', field: 'lines_sha256' },
      });
    });

    it('an edited key or salt fails the key commitment', async () => {
      const bundle = tampered('key', (b) =>
        editJson(join(b, 'freeze', 'reveal.json'), (v) => {
          v.freezes[0].key.tasks[0].verdict = 'conforme';
        }),
      );
      const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-key'));
      expect(code).toBe(1);
      expect(doc.failures[0]).toMatchObject({
        code: 'FREEZE_KEY_COMMITMENT_MISMATCH',
        details: { field: 'key_commitment' },
      });
      const salted = tampered('salt', (b) =>
        editJson(join(b, 'freeze', 'reveal.json'), (v) => {
          v.freezes[0].salt = `${v.freezes[0].salt.startsWith('0') ? '1' : '0'}${v.freezes[0].salt.slice(1)}`;
        }),
      );
      const again = await runReplay(salted, join(net.dir, 'replay-salt'));
      expect(again.code).toBe(1);
      expect(again.doc.failures[0]).toMatchObject({ code: 'FREEZE_KEY_COMMITMENT_MISMATCH' });
    });

    it.each([
      [
        'the rules text',
        (b: string) => writeFileSync(join(b, 'corpus', 'rules', 'conformite-bareme-v3.md'), '# other rules\n'),
        'FREEZE_RULES_HASH_MISMATCH',
      ],
      [
        'the window in the freeze publication',
        (b: string) =>
          editJson(join(b, 'freeze', 'publication.json'), (v) => {
            v.freezes[0].closes_at = '2026-11-29T08:00:00.000Z';
          }),
        'FREEZE_REQUEST_HASH_MISMATCH',
      ],
      [
        'a Rekor entry',
        (b: string) => {
          const name = readdirSync(join(b, 'rekor'))[0]!;
          editJson(join(b, 'rekor', name), (v) => {
            v['tampered'] = true;
          });
        },
        'REPLAY_INPUT_CHANGED',
      ],
      [
        'manifest.json',
        (b: string) =>
          editJson(join(b, 'manifest.json'), (v) => {
            v['base'] = 'http://elsewhere.localhost';
          }),
        'REPLAY_MANIFEST_DIFFERS',
      ],
    ])('%s: exit 1', async (name, edit, expected) => {
      const bundle = tampered(name.replace(/\W+/g, '-'), edit);
      const { code, doc } = await runReplay(bundle, join(net.dir, `replay-${name.replace(/\W+/g, '-')}`));
      expect(code).toBe(1);
      expect(doc.failures[0]).toMatchObject({ code: expected });
    });

    const copyView = (b: string, toId: string) => {
      const name = readdirSync(join(b, 'proofs'))[0]!;
      cpSync(join(b, 'proofs', name), join(b, 'proofs', `${toId}.json`));
      return name.replace(/\.json$/, '');
    };
    it.each([
      ['a NOTES.txt at the top', (b: string) => writeFileSync(join(b, 'NOTES.txt'), 'read me\n'), 'NOTES.txt'],
      [
        'a view no submission cites under proofs/',
        (b: string) => void copyView(b, UNCITED_ID),
        `proofs/${UNCITED_ID}.json`,
      ],
      [
        'an uncited view listed in bundle.json too',
        (b: string) => {
          const listed = copyView(b, UNCITED_ID);
          editJson(join(b, 'bundle.json'), (v) => {
            v.proofs[UNCITED_ID] = v.proofs[listed];
          });
        },
        `proofs/${UNCITED_ID}.json`,
      ],
      [
        'a corpus file not in the catalogue',
        (b: string) =>
          writeFileSync(
            join(b, 'corpus', 'responses', 'entites', '999999999.json'),
            '{"resource": "/entites/999999999", "existe": true}\n',
          ),
        'corpus/responses/entites/999999999.json',
      ],
      [
        'the sealed answer key beside the corpus (the revealed one, so the freeze still verifies)',
        (b: string) => cpSync(join(net.corpusDir, 'sealed'), join(b, 'corpus', 'sealed'), { recursive: true }),
        'corpus/sealed/answer-key.json',
      ],
      [
        'a Rekor entry bundle.json does not list',
        (b: string) => {
          const name = readdirSync(join(b, 'rekor'))[0]!;
          cpSync(join(b, 'rekor', name), join(b, 'rekor', `${'0'.repeat(64)}.json`));
        },
        `rekor/${'0'.repeat(64)}.json`,
      ],
      [
        'a file in the trust bundle its bundle.json does not name',
        (b: string) => writeFileSync(join(b, 'trust-bundle', 'extra-root.pem'), 'x\n'),
        'trust-bundle/extra-root.pem',
      ],
      [
        'a file under expected/ the close did not write',
        (b: string) => writeFileSync(join(b, 'expected', 'NOTES.txt'), 'x\n'),
        'expected/NOTES.txt',
      ],
      [
        'a symbolic link where the close wrote a file',
        (b: string) => {
          const file = join(b, 'manifest.json');
          renameSync(file, join(b, '..', 'manifest-elsewhere.json'));
          symlinkSync(join(b, '..', 'manifest-elsewhere.json'), file);
        },
        'manifest.json',
      ],
    ])('a bundle holding %s is refused: REPLAY_FILE_UNLISTED naming it, exit 1', async (name, edit, file) => {
      const slug = name.replace(/\W+/g, '-');
      const bundle = tampered(`unlisted-${slug}`, edit);
      const { code, doc } = await runReplay(bundle, join(net.dir, `replay-unlisted-${slug}`));
      expect(code).toBe(1);
      expect(doc).toMatchObject({ ok: false, identical: false, code: 'REPLAY_FILE_UNLISTED' });
      expect(doc.failures).toEqual([
        expect.objectContaining({ code: 'REPLAY_FILE_UNLISTED', details: expect.objectContaining({ file }) }),
      ]);
    });

    it('a replay whose --out is inside the bundle folder is not refused for its own outputs', async () => {
      const bundle = tampered('out-inside', () => undefined);
      const { code, doc } = await runReplay(bundle, join(bundle, 'replayed'));
      expect(doc).toMatchObject({ ok: true, identical: true });
      expect(code).toBe(0);
    });

    it('an edited expected report fails naming the file, the JSON pointer and both values', async () => {
      const bundle = tampered('expected', (b) => {
        const file = join(b, 'expected', 'scores.json');
        writeFileSync(file, readFileSync(file, 'utf8').replace('"grounded_exact":1', '"grounded_exact":2'));
      });
      const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-expected'));
      expect(code).toBe(1);
      expect(doc.failures[0]).toMatchObject({
        code: 'REPLAY_OUTPUT_DIFFERS',
        details: { file: 'scores.json', expected: 2, recomputed: 1 },
      });
      expect(doc.failures[0].details.pointer).toMatch(/^\/participants\/\d+\/success\/grounded_exact$/);
    });
  });
});
