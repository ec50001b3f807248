import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantsView } from '../../../main/ipc/contract.ts';
import { createDispatcher, type Dispatch } from '../../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../../../main/console/open-console.ts';
import { copyOfSharedDemo } from '../../support/played-demo.ts';

// participant.list (main/console/handlers/participant-list-handler.ts) and the names beside ids of
// dispute.list's windows, through the choke point, on a copy of the played demo season.
const root = resolve(import.meta.dirname, '../../..');
const demo = copyOfSharedDemo();
let opened: OpenedConsole;
let call: Dispatch;

beforeAll(async () => {
  opened = openConsole({
    mode: 'headless',
    dbFile: demo.db,
    defaultCorpusDir: join(root, 'corpus'),
    actor: 'Ana Lima',
  });
  expect(await opened.ready).toBe(true);
  call = createDispatcher(createConsoleHandlers(opened.ctx));
}, 120_000);

afterAll(async () => {
  await opened?.close();
});

async function list(): Promise<ParticipantsView> {
  const answer = await call('participant.list', { season: 1, track: 'conformite' });
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value as ParticipantsView;
}

describe('participant.list', () => {
  it('lists every participant of the track with its DID, stack, reference mark, tasks submitted and own dispute window', async () => {
    const view = await list();
    expect(view.shown.kind).toBe('published');
    expect(view.participants.map((p) => p.name).sort()).toEqual(
      [
        'Abstaining agent',
        'Agent claiming values the corpus does not serve',
        'Careful agent',
        'Constant-verdict agent',
        'Reference run',
      ].sort(),
    );
    for (const p of view.participants) {
      expect(p.did).toMatch(/^did:/);
      expect(p.named_by_operator).toBe(false);
      expect(p.window?.version).toBe(1);
    }
    const reference = view.participants.find((p) => p.name === 'Reference run')!;
    expect(reference.reference?.prompt_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(view.participants.filter((p) => p.reference !== null)).toHaveLength(1);
    expect(view.participants.find((p) => p.name === 'Abstaining agent')!.tasks_submitted).toBe(0);
  });

  it('a rename and a reference mark made through their channels are in the next list, set by staff', async () => {
    const careful = (await list()).participants.find((p) => p.name === 'Careful agent')!;
    const renamed = await call('participant.rename', {
      season: 1,
      participant_id: careful.participant_id,
      display_name: 'Agent C',
      declared_stack: 'a general-purpose agent',
    });
    expect(renamed.ok).toBe(true);
    const marked = await call('participant.reference', {
      season: 1,
      participant_id: careful.participant_id,
      model: 'demo-model',
      version: '1',
      framework: 'scripted',
      prompt: 'Cite the frozen corpus for every claim.',
    });
    expect(marked.ok).toBe(true);
    const after = (await list()).participants.find((p) => p.participant_id === careful.participant_id)!;
    expect(after).toMatchObject({
      name: 'Agent C',
      named_by_operator: true,
      declared_stack: 'a general-purpose agent',
      stack_declared_by_operator: true,
      reference: { model: 'demo-model', version: '1', framework: 'scripted', actor: 'Ana Lima' },
    });
    // Names beside ids: the Disputes screen's windows name each participant as staff know it.
    const disputes = await call('dispute.list', {});
    const windows = disputes.ok
      ? (disputes.value as { windows: { participant_id: string; agent_name: string }[] }).windows
      : [];
    expect(windows.find((w) => w.participant_id === careful.participant_id)?.agent_name).toBe('Agent C');
    expect(windows.every((w) => w.agent_name !== null)).toBe(true);
  });
});
