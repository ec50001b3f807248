import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoThread } from '../../main/demo/demo-thread.ts';
import type { WorkerMessage } from '../../main/console/jobs/worker-messages.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-thread-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the demo thread the faces give the console for its first start (docs/console-backend.md)', () => {
  it('names the track folders it writes beside the database, which an interrupted first start clears', () => {
    expect(demoThread.trackFolders).toEqual(['conformite', 'generique']);
  });

  it('a database that exists already is never played over: the worker posts failed with DEMO_OUT_NOT_EMPTY', async () => {
    const dbFile = join(dir, 'console.sqlite');
    writeFileSync(dbFile, 'an operator database');
    const worker = demoThread.start({ dbFile, outDir: dir, startedAt: Date.parse('2026-11-01T12:00:00.000Z') });
    const message = await new Promise<WorkerMessage>((resolve) => worker.on('message', resolve));
    await worker.terminate();
    expect(message).toMatchObject({ type: 'failed', code: 'DEMO_OUT_NOT_EMPTY' });
  }, 60_000);
});
