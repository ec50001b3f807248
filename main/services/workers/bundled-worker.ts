import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';

/**
 * A worker module from source, bundled by esbuild into one ES module given to the worker as a data: URL. Under tsx
 * a worker resolves and loads each of its ~150 modules through tsx's loader thread, about a second of CPU per
 * worker while a close is starting; one bundle loads in a fraction of that. Built once per module and process,
 * synchronously (about a quarter of a second): an asynchronous build would wait for this thread, which is busy
 * reading the submissions just then.
 *
 * Only for workers whose modules are all JavaScript and never locate themselves: a data: module cannot resolve a
 * bare import, nor a path next to its source. A bundle that still reads `import.meta` is refused with that reason.
 * CommonJS dependencies asking for Node's built-ins get a `require` made for the worker's source file.
 */
const built = new Map<string, URL>();

function bundle(moduleUrl: URL): URL {
  // Loaded here, not at the top: only a run from source bundles, and a desktop build never loads esbuild.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const result = esbuild.buildSync({
    entryPoints: [fileURLToPath(moduleUrl)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    banner: {
      js: `import { createRequire } from 'node:module'; const require = createRequire(${JSON.stringify(moduleUrl.href)});`,
    },
  });
  const code = result.outputFiles[0]!.text;
  if (code.includes('import.meta')) {
    throw new Error(`${moduleUrl.pathname}: a module it imports reads import.meta, which a bundled worker cannot keep`);
  }
  return new URL(`data:text/javascript;base64,${Buffer.from(code, 'utf8').toString('base64')}`);
}

/** The data: URL of the bundle of a TypeScript worker module. Throws when esbuild cannot bundle it. */
export function bundledWorkerUrl(moduleUrl: URL): URL {
  let url = built.get(moduleUrl.href);
  if (url === undefined) {
    url = bundle(moduleUrl);
    built.set(moduleUrl.href, url);
  }
  return url;
}

/**
 * A worker's stack trace with each bundle's data: URL (tens of kilobytes of base64 per frame) written as the source
 * module it was built from, so an operator reads which worker failed and where, not the bundle's text.
 */
export function readableWorkerStack(stack: string): string {
  let readable = stack;
  for (const [source, url] of built) readable = readable.split(url.href).join(`${source} (bundled)`);
  return readable;
}
