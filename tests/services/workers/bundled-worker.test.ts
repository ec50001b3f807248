import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { bundledWorkerUrl, readableWorkerStack } from '../../../main/services/workers/bundled-worker.ts';
import { startBundledWorker } from '../../../main/services/workers/module-worker.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}.ts`, import.meta.url);

describe('a worker started from source on its esbuild bundle', () => {
  it('runs the project TypeScript and CommonJS dependencies it imports, from one data: module', async () => {
    const worker = startBundledWorker(fixture('digest-worker'), 'abc');
    const [reply] = (await once(worker, 'message')) as [{ digest: string; cjs: string }];
    await worker.terminate();
    expect(reply).toEqual({ digest: sha256Hex(new TextEncoder().encode('abc')), cjs: 'function' });
    expect(bundledWorkerUrl(fixture('digest-worker')).protocol).toBe('data:');
  });

  it('is bundled once per module and process', () => {
    expect(bundledWorkerUrl(fixture('digest-worker'))).toBe(bundledWorkerUrl(fixture('digest-worker')));
  });

  it('a module that reads import.meta is refused with the reason, not started with a wrong location', () => {
    expect(() => startBundledWorker(fixture('self-locating-worker'), null)).toThrow(
      /reads import\.meta, which a bundled worker cannot keep/,
    );
  });

  it("a worker's stack names the source module it was bundled from, not the bundle's data: URL", async () => {
    const worker = startBundledWorker(fixture('stack-worker'), null);
    const [stack] = (await once(worker, 'message')) as [string];
    await worker.terminate();
    expect(stack).toContain('data:text/javascript;base64,');
    const readable = readableWorkerStack(stack);
    expect(readable).toContain(`${fixture('stack-worker').href} (bundled)`);
    expect(readable).not.toContain('data:');
  });
});
