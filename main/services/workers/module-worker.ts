import { Worker } from 'node:worker_threads';
import { bundledWorkerUrl } from './bundled-worker.ts';

/**
 * Set by esbuild when this module is part of the built command (bin/command-build.mjs): the folder that holds each
 * worker's own built entry. Not declared from source (tsx, vitest) nor in the desktop build.
 */
declare const PROVEIT_BUILT_WORKERS: string | undefined;
const builtWorkers = typeof PROVEIT_BUILT_WORKERS === 'string' ? PROVEIT_BUILT_WORKERS : undefined;

/**
 * The URL of a worker module next to the calling module: `name.ts` when the caller runs from source (tsx, vitest),
 * `name.js` when it runs from an electron-vite build, which emits each worker as its own entry beside index.js
 * (electron.vite.config.ts), or from the built command, whose workers are entries of its own build folder.
 */
export function siblingWorkerUrl(callerUrl: string, name: string): URL {
  if (builtWorkers !== undefined) return new URL(`${name}.js`, builtWorkers);
  const fromSource = new URL(callerUrl).pathname.endsWith('.ts');
  return new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl);
}

/**
 * Every worker gets the young generation Node 20 gives a thread (48 MiB). Node 24's V8 sizes it from the machine's
 * memory (192 MiB on a 24 GiB build machine): that added about 180 MiB to a close's peak (two verifying workers) and
 * nothing to its speed (docs/replay-bundle.md "Speed").
 */
const LIMITS = { resourceLimits: { maxYoungGenerationSizeMb: 48 } };

/**
 * Starts a worker thread on a module. A TypeScript module first gets tsx's loader registered in the worker, as
 * bin/proveit.mjs does in the main thread: loader hooks registered at run time are not inherited by workers.
 */
export function startModuleWorker(moduleUrl: URL, workerData: unknown): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, { workerData, ...LIMITS });
  // Resolved here, where tsx is a dependency, so the worker's bootstrap does not depend on its working folder.
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap =
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); ` +
    `return import(${JSON.stringify(moduleUrl.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, ...LIMITS });
}

/**
 * Starts a worker whose dependencies are all JavaScript: from source, on its esbuild bundle (bundled-worker.ts), which
 * starts in a fraction of the time tsx takes to load its modules one by one; from a build, on the built entry.
 * Synchronous, so work can be posted to it at once (it queues until the worker listens). Throws when the bundle
 * cannot be built.
 */
export function startBundledWorker(moduleUrl: URL, workerData: unknown): Worker {
  if (!moduleUrl.pathname.endsWith('.ts')) return new Worker(moduleUrl, { workerData, ...LIMITS });
  return new Worker(bundledWorkerUrl(moduleUrl), { workerData, ...LIMITS });
}
