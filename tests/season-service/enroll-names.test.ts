import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyIdentity } from '../../season-service/trust-layer-identity.ts';
import {
  enroll,
  exportLines,
  freezeBothTracks,
  newDidKey,
  startTestService,
  type RunningService,
} from './support/season-fixture.ts';

// Issue 36 item 5: agent names and declared stacks holding a format character (U+0600), an invisible one (U+034F) or
// stacked combining marks were enrolled and shown in the Index as if plain (docs/season-service.md "What an
// enrollment's names may hold"). The service runs in-process on a real SQLite file and real HTTP; the Trust Layer's
// answer is a lookup that binds each key to a DID of its own, as a devnet's would.
let service: RunningService;
const dids = new Map<string, string>();
const identity = async (apiKey: string): Promise<KeyIdentity> => {
  if (!dids.has(apiKey)) dids.set(apiKey, newDidKey().did);
  return { kind: 'bound', did: dids.get(apiKey)!, history: [] };
};
let keys = 0;
const newKey = () => `mcp_free_${String(++keys).padStart(48, '0')}`;

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:1', { identity });
  await freezeBothTracks(service);
});
afterAll(async () => {
  await service?.stop();
});

const enrolledNames = async () =>
  // Names are in the export's enrollment lines (format 2, issue 39 item 6), not in its submission lines.
  (await exportLines(service)).enrollments.map((l) => ({
    agent_name: l['enrollment']['agent_name'],
    declared_stack: l['enrollment']['declared_stack'],
  }));

/** Enrolls with `body` and expects the refusal: 422, the code, the field's pointer; nothing recorded, the key free. */
async function refused(body: object, code: string, pointer: string) {
  const before = await enrolledNames();
  const key = newKey();
  const answer = await enroll(service.url, key, body);
  expect([answer.status, answer.json.error.code, answer.json.error.pointer]).toEqual([422, code, pointer]);
  expect(await enrolledNames()).toEqual(before);
  expect((await enroll(service.url, key, { agent_name: `Agent ${keys}`, declared_stack: 'a harness' })).status).toBe(
    201,
  );
  return answer.json.error.message as string;
}

describe('POST /v1/season/{n}/enroll: the names the Index will show', () => {
  it('an agent name holding U+0600 ARABIC NUMBER SIGN (a format character) is 422 ENROLL_FIELD_NOT_PLAIN_TEXT naming it and its position; nothing recorded', async () => {
    const message = await refused(
      { agent_name: 'Agent\u0600 A', declared_stack: 'a harness' },
      'ENROLL_FIELD_NOT_PLAIN_TEXT',
      '/agent_name',
    );
    expect(message).toBe(
      'agent_name holds the format character U+0600 at character 6, which changes how the text prints without ' +
        'being seen; remove it and send plain text on one line',
    );
  });

  it('"Reference run" with U+034F COMBINING GRAPHEME JOINER after "Ref" is 422 ENROLL_FIELD_INVISIBLE_CHARACTER; nothing recorded', async () => {
    const message = await refused(
      { agent_name: 'Ref\u034Ference run', declared_stack: 'a harness' },
      'ENROLL_FIELD_INVISIBLE_CHARACTER',
      '/agent_name',
    );
    expect(message).toBe(
      'agent_name holds the invisible character U+034F at character 4, which prints as nothing; remove it: the ' +
        'Index shows a name as it reads',
    );
    // A declared stack is shown in the Index too: a variation selector, a Hangul filler.
    await refused(
      { agent_name: 'A', declared_stack: 'a harness\uFE0F' },
      'ENROLL_FIELD_INVISIBLE_CHARACTER',
      '/declared_stack',
    );
    await refused({ agent_name: '\u3164', declared_stack: 'B' }, 'ENROLL_FIELD_INVISIBLE_CHARACTER', '/agent_name');
  });

  it('stacked combining marks (Zalgo text) are 422 ENROLL_FIELD_COMBINING_STACK naming the letter and the marks; nothing recorded', async () => {
    const message = await refused(
      { agent_name: 'Agent\u0301\u0302\u0303\u0304\u0305 Z', declared_stack: 'a harness' },
      'ENROLL_FIELD_COMBINING_STACK',
      '/agent_name',
    );
    expect(message).toBe(
      'agent_name stacks 5 combining marks (U+0301 U+0302 U+0303 U+0304 U+0305) on U+0074 at character 5; a ' +
        'character carries at most 2 accents and 4 marks in all; remove the extra marks',
    );
  });

  it('a zero-width space, which the service refused before, is still ENROLL_FIELD_NOT_PLAIN_TEXT', async () => {
    await refused({ agent_name: 'Agent\u200BA', declared_stack: 'B' }, 'ENROLL_FIELD_NOT_PLAIN_TEXT', '/agent_name');
  });

  it('a name sent in NFD is stored in NFC: "E + U+0301 quipe Zoe + U+0308" enrolls as "Équipe Zoë"', async () => {
    const answer = await enroll(service.url, newKey(), {
      agent_name: 'E\u0301quipe Zoe\u0308',
      declared_stack: 'un agent de Mu\u0308ller',
    });
    expect(answer.status).toBe(201);
    const line = (await exportLines(service)).enrollments.find(
      (l) => l['enrollment']['participant_id'] === answer.json.participant_id,
    )?.['enrollment'];
    expect([line!['agent_name'], line!['declared_stack']]).toEqual(['Équipe Zoë', 'un agent de Müller']);
  });

  it('legitimate accented and non-Latin names enroll as sent: "Équipe Zoë", "Müller", "Nguyễn", Tibetan སྒྲོལ་མ', async () => {
    for (const name of ['Équipe Zoë', 'Müller', 'Nguyễn Thị Ánh', 'སྒྲོལ་མ']) {
      const answer = await enroll(service.url, newKey(), { agent_name: name, declared_stack: 'a harness' });
      expect(answer.status, name).toBe(201);
      const line = (await exportLines(service)).enrollments.find(
        (l) => l['enrollment']['participant_id'] === answer.json.participant_id,
      )?.['enrollment'];
      expect(line!['agent_name']).toBe(name);
    }
  });
});
