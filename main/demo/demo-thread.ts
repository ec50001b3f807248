import type { DemoPlayer } from '../console/first-start-demo.ts';
import { siblingWorkerUrl, startModuleWorker } from '../services/workers/module-worker.ts';
import { DEMO_TRACKS } from './play-demo.ts';

/**
 * The demo season played in a worker thread (demo-worker.ts, an entry of its own in the electron-vite build), as the
 * faces give it to the console for its first start (docs/console-backend.md "First start and the demo season").
 */
export const demoThread: DemoPlayer = {
  trackFolders: DEMO_TRACKS,
  start: (play) => startModuleWorker(siblingWorkerUrl(import.meta.url, 'demo-worker'), play),
};
