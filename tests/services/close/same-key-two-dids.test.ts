import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../main/db/audit-log.ts';
import { notRankedOf } from '../../../main/db/not-ranked.ts';
import { boundKey, newDidKey } from '../../season-service/support/season-fixture.ts';
import { closeFromDevnet } from './support/close-commands.ts';
import {
  AFTER_CLOSE,
  DURING,
  startCloseDevnet,
  type CloseDevnet,
  type Participant,
  type ReadProof,
} from './support/close-devnet.ts';
import { submissionDocument } from './support/submission-document.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

let net: CloseDevnet;
let first: Participant;
let second: Participant;
let secondDid: string;
let laterProof: ReadProof;
let enrolledAgain: number;

beforeAll(async () => {
  net = await startCloseDevnet('season-close-same-key-');
  net.clock.set(DURING);
  // The key enrolls under its DID A and reads under it.
  first = await net.enroll('first');
  const entity = await first.read('/entites/171904347');
  const attestation = await first.read('/attestations/ATT-93595');
  // After enrolling, the same key binds a second DID B, and goes on reading: its proofs now carry B.
  const firstDid = first.key.did;
  const b = newDidKey();
  await first.key.rebind(b);
  laterProof = await first.read('/entites/171904347');
  // B is enrolled again through a fresh key bound to it: that key's own history holds only B, so the season service,
  // which cannot read the first key's history (the Trust Layer answers it to the key's holder), takes it.
  const key2 = await boundKey(net.devnet.info.trust_layer, 'second', false);
  await key2.rebind(b);
  second = await net.enroll('second', key2);
  enrolledAgain = 201;
  secondDid = b.did;
  const secondEntity = await second.read('/entites/171904347');
  await net.devnet.closeBatch();
  const answers = [
    await second.submit(
      submissionDocument(second, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', secondEntity],
      ]),
    ),
    // The first enrollment's submission opens the key's later proof, issued under B: the two are tied.
    await first.submit(
      submissionDocument({ key: { did: firstDid } }, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
        ['/attestations/ATT-93595', '/existe', false, attestation],
        ['/entites/171904347', '/existe', true, laterProof],
      ]),
    ),
  ];
  for (const a of answers) expect(a.json, JSON.stringify(a.json)).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('spec §9.1 at close: DIDs a key bound after enrolling (docs/scoring.md "One participant under two DIDs")', () => {
  it('a key that binds a second DID after enrolling, enrolled again under it, is one participant at close: only the first is ranked', async () => {
    expect(enrolledAgain).toBe(201);
    const out = join(net.dir, 'close');
    const { code, io, doc } = await closeFromDevnet(net, out);
    expect(code, io.stderr + io.stdout).toBe(0);
    const finding = {
      code: 'SAME_PARTICIPANT_PROOF_DID',
      ranked: first.participantId,
      not_ranked: [second.participantId],
      links: [
        {
          cited_by: first.participantId,
          task_id: 'conf-01',
          assertion_id: 'a3',
          proof_id: laterProof.proofId,
          did: secondDid,
          did_of: second.participantId,
        },
      ],
    };
    expect(doc!['same_participant']).toEqual([finding]);

    // Recorded with the close, in its audit entry.
    const entry = auditRows(net.db)
      .filter((r) => r.action === 'season.close')
      .at(-1)!;
    expect((JSON.parse(entry.details) as Json)['same_participant']).toEqual([finding]);
    // What the Index export reads of it: the later enrollment, ranked as the first (listed apart, never a row).
    expect(notRankedOf(net.db, 1, 'conformite')).toEqual(new Map([[second.participantId, first.participantId]]));
    expect(notRankedOf(net.db, 1, 'generique').size).toBe(0);

    // The scored outputs keep their form: both are scored, the tying proof is the first's unsupported assertion.
    const scores = JSON.parse(readFileSync(join(out, 'scores.json'), 'utf8')) as Json;
    expect((scores.participants as Json[]).map((p) => [p.participant_id, p.status])).toEqual([
      [first.participantId, 'scored'],
      [second.participantId, 'scored'],
    ]);
    const report = JSON.parse(readFileSync(join(out, 'reports', `${first.participantId}.json`), 'utf8')) as Json;
    expect((report.assertions as Json[]).map((a) => `${a.assertion_id} ${a.status} ${a.code ?? ''}`.trim())).toEqual([
      'a1 supported',
      'a2 supported',
      'a3 unsupported IDENTITY_OTHER_DID',
    ]);
  });
});
