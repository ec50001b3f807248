import { once } from 'node:events';
import type { ResourceLimits } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { startBundledWorker, startModuleWorker } from '../../../main/services/workers/module-worker.ts';

const fixture = new URL('./fixtures/limits-worker.ts', import.meta.url);

describe('the heap of a worker thread', () => {
  it.each([
    ['on its esbuild bundle', startBundledWorker],
    ['through tsx', startModuleWorker],
  ])(
    "started %s, has Node 20's 48 MiB young generation on every Node (Node 24 would give 192)",
    async (_how, start) => {
      const worker = start(fixture, null);
      const [limits] = (await once(worker, 'message')) as [ResourceLimits];
      await worker.terminate();
      expect(limits.maxYoungGenerationSizeMb).toBe(48);
    },
  );
});
