import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Three bundles: the Electron main process, the preload bridge and the Svelte renderer.
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        // Worker threads are entries of their own, emitted beside index.js (main/services/workers/module-worker.ts).
        input: {
          index: resolve(__dirname, 'main/electron/index.ts'),
          'verify-cited-worker': resolve(__dirname, 'main/services/close/verify-cited-worker.ts'),
          'job-worker': resolve(__dirname, 'main/console/jobs/job-worker.ts'),
          'demo-worker': resolve(__dirname, 'main/demo/demo-worker.ts'),
        },
        external: ['better-sqlite3'],
        // Shared chunks beside index.js too: a worker's URL is resolved next to the module that starts it, which may
        // end up in a shared chunk.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // Sandboxed preloads must be CommonJS (Electron cannot load an ESM preload with sandbox: true).
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [svelte()],
    build: { rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } } },
  },
});
