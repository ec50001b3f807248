import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFromDevnet, runReplay } from './support/close-commands.ts';
import { AFTER_CLOSE, DURING, startCloseDevnet, type CloseDevnet, type Participant } from './support/close-devnet.ts';
import { submissionDocument, type ScriptedAssertion } from './support/submission-document.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

let net: CloseDevnet;
let lower: Participant;
let upper: Participant;
const answers: { status: number; json: Json }[] = [];
let upperDisclosures: Json;

/** Every nonce and value of a disclosure entry in capitals, or in alternating case (docs/intake.md rule 12). */
function recased(entry: Json, mixed: boolean): Json {
  const recase = (hex: string) =>
    mixed ? [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('') : hex.toUpperCase();
  return Object.fromEntries(
    Object.entries(entry).map(([hash, pair]) => [
      hash,
      { nonce: recase((pair as Json).nonce as string), value: recase((pair as Json).value as string) },
    ]),
  );
}

beforeAll(async () => {
  net = await startCloseDevnet('season-close-upper-hex-');
  net.clock.set(DURING);
  lower = await net.enroll('lower');
  upper = await net.enroll('upper');
  // The same facts, each participant with its own proofs: one discloses as the Trust Layer writes (lower case), the
  // other the same pairs in capitals (the first proof) and in mixed case (the second).
  const script = (entity: ScriptedAssertion[3], attestation: ScriptedAssertion[3]): ScriptedAssertion[] => [
    ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
    ['/attestations/ATT-93595', '/existe', false, attestation],
  ];
  const [le, la] = [await lower.read('/entites/171904347'), await lower.read('/attestations/ATT-93595')];
  const [ue, ua] = [await upper.read('/entites/171904347'), await upper.read('/attestations/ATT-93595')];
  await net.devnet.closeBatch();
  upperDisclosures = {
    [ue.proofId]: recased(ue.disclosure, false),
    [ua.proofId]: recased(ua.disclosure, true),
  };
  for (const answer of [
    await lower.submit(submissionDocument(lower, 'conf-01', 'indeterminable', script(le, la))),
    await upper.submit(
      submissionDocument(upper, 'conf-01', 'indeterminable', script(ue, ua), { disclosures: upperDisclosures }),
    ),
  ])
    answers.push(answer as { status: number; json: Json });
  net.clock.set(AFTER_CLOSE);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('hex in either case at intake, lower-cased by the scorer (docs/intake.md rule 12)', () => {
  it('an upper-case nonce is accepted and scores as the lower-case one', async () => {
    // Intake: the same answer for both, but for what names the participant and its document.
    const shape = ({ status, json }: { status: number; json: Json }) => ({
      status,
      recorded: json.recorded,
      keys: Object.keys(json).sort(),
    });
    expect(
      answers.map((a) => a.json.recorded),
      JSON.stringify(answers),
    ).toEqual([true, true]);
    expect(shape(answers[1]!)).toEqual(shape(answers[0]!));

    // The service's record keeps the characters sent: the export carries the capitals.
    const exported = await fetch(`${net.devnet.info.season}/v1/season/1/export`, {
      headers: { Authorization: `Bearer ${net.devnet.info.internal_secret}` },
    });
    const lines = (await exported.text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Json);
    const upperLine = lines.find((l) => l.participant_id === upper.participantId && l.submission);
    expect(upperLine?.submission.disclosures).toEqual(upperDisclosures);

    // The close: both scored alike, every assertion supported (the capitals opened their commitments).
    const out = join(net.dir, 'close');
    const { code, io } = await closeFromDevnet(net, out);
    expect(code, io.stderr + io.stdout).toBe(0);
    const statuses = (p: Participant) =>
      (readJson(join(out, 'reports', `${p.participantId}.json`)).assertions as Json[]).map((a) =>
        `${a.task_id} ${a.assertion_id} ${a.status} ${a.cause ?? ''} ${a.code ?? ''}`.trim(),
      );
    expect(statuses(lower)).toEqual(['conf-01 a1 supported', 'conf-01 a2 supported']);
    expect(statuses(upper)).toEqual(statuses(lower));
    const scores = readJson(join(out, 'scores.json'));
    const figures = (p: Participant) => {
      const row = (scores.participants as Json[]).find((r) => r.participant_id === p.participantId)!;
      return { status: row.status, overclaim: row.overclaim, success: row.success };
    };
    expect(figures(upper)).toEqual(figures(lower));

    // The replay reads the same bytes and lower-cases them the same way: byte-identical outputs.
    const replay = await runReplay(join(out, 'bundle'), join(net.dir, 'replay'));
    expect(replay.code, JSON.stringify(replay.doc)).toBe(0);
  });
});
