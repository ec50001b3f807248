// The built `proveit` command: main/cli/main.ts and the worker threads it starts, bundled by esbuild into
// out/cli/<build>/ so a start loads one file instead of transpiling ~500 TypeScript modules (docs/conventions.md
// "The built command"). `npm ci` builds it (postinstall); every launch checks that the bundle still matches the
// sources it was built from (their sha-256, listed in out/cli/build.json) and rebuilds, saying why, when one changed.
// Plain JavaScript: it runs before anything is built.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'out', 'cli');
const STAMP = join(OUT, 'build.json');
/** Earlier builds kept beside the current one: a console started before a rebuild still starts its workers. */
const KEEP_EARLIER = 3;

/** Each output's name and its source. The worker names are siblingWorkerUrl's (main/services/workers/module-worker.ts). */
const ENTRIES = {
  proveit: 'main/cli/main.ts',
  'job-worker': 'main/console/jobs/job-worker.ts',
  'verify-cited-worker': 'main/services/close/verify-cited-worker.ts',
  'demo-worker': 'main/demo/demo-worker.ts',
};
/** Loaded from node_modules at run time: native addons, and the tools a command loads on demand. */
const EXTERNAL = ['better-sqlite3', 'electron', 'esbuild', 'tsx'];
/**
 * Files a build depends on beyond the modules esbuild reports: the packages (through the lock file) and this file's
 * own settings.
 */
const ALSO_STAMPED = ['package-lock.json', 'bin/command-build.mjs'];

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const toPosix = (path) => path.split(sep).join('/');

/**
 * Whether the current build matches the sources: `{ fresh: true, folder }`, or `{ fresh: false, reason }` naming
 * the first source that differs (or why there is no usable build).
 */
export function checkBuild() {
  if (!existsSync(STAMP)) return { fresh: false, reason: 'it has not been built yet (out/cli/build.json is missing)' };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return { fresh: false, reason: 'out/cli/build.json is not readable JSON' };
  }
  if (stamp.root !== ROOT) return { fresh: false, reason: `it was built in ${stamp.root}, not here` };
  const folder = join(OUT, String(stamp.build));
  if (!existsSync(join(folder, 'proveit.js'))) return { fresh: false, reason: `out/cli/${stamp.build} is missing` };
  for (const [file, digest] of Object.entries(stamp.inputs ?? {})) {
    const path = join(ROOT, file);
    if (!existsSync(path)) return { fresh: false, reason: `${file} was removed since the build` };
    if (sha256(path) !== digest) return { fresh: false, reason: `${file} changed since the build` };
  }
  return { fresh: true, folder };
}

/**
 * Per module, `import.meta.url` is the source file's URL, as when run from source: modules locate the corpus, the
 * trust bundle and their siblings from it (esbuild's define, so strings and comments are left alone).
 */
function sourceUrlPlugin(esbuild) {
  return {
    name: 'source-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        let code;
        try {
          ({ code } = esbuild.transformSync(readFileSync(args.path, 'utf8'), {
            loader: 'ts',
            format: 'esm',
            sourcefile: relative(ROOT, args.path),
            define: { 'import.meta.url': JSON.stringify(pathToFileURL(args.path).href) },
          }));
        } catch (error) {
          // esbuild's own errors, with their file, line and column, not the plugin's stack.
          if (Array.isArray(error?.errors)) return { errors: error.errors };
          throw error;
        }
        return { contents: code, loader: 'js' };
      });
    },
  };
}

/**
 * Builds the command into a new out/cli/<build>/ and makes it current. Resolves to its folder; rejects when esbuild
 * fails, with nothing made current.
 */
export async function build() {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const folder = join(OUT, id);
  const result = await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, join(ROOT, src)])),
    absWorkingDir: ROOT,
    outdir: folder,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    metafile: true,
    logLevel: 'error',
    plugins: [sourceUrlPlugin(esbuild)],
    // Worker threads start from their built entries in this folder (main/services/workers/module-worker.ts).
    define: { PROVEIT_BUILT_WORKERS: JSON.stringify(pathToFileURL(folder + sep).href) },
    // CommonJS packages inside ask for Node's built-ins with require.
    banner: {
      js: "import { createRequire as __proveitRequire } from 'node:module'; const require = __proveitRequire(import.meta.url);",
    },
  });
  const sources = Object.keys(result.metafile.inputs)
    .map(toPosix)
    .filter((file) => !file.split('/').includes('node_modules'));
  const inputs = Object.fromEntries(
    [...sources, ...ALSO_STAMPED].sort().map((file) => [file, sha256(join(ROOT, file))]),
  );
  // Renamed into place, so a launch reads the old stamp or the new one, never half of one.
  const next = `${STAMP}.${id}`;
  writeFileSync(next, `${JSON.stringify({ root: ROOT, build: id, esbuild: esbuild.version, inputs }, null, 1)}\n`);
  renameSync(next, STAMP);
  pruneEarlier(id);
  return folder;
}

function pruneEarlier(current) {
  const earlier = readdirSync(OUT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== current)
    .map((entry) => ({ name: entry.name, mtime: statSync(join(OUT, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of earlier.slice(KEEP_EARLIER)) rmSync(join(OUT, name), { recursive: true, force: true });
}

/** The current build's folder, rebuilt first (with a line on stderr saying why) when it does not match the sources. */
export async function currentBuild() {
  const check = checkBuild();
  if (check.fresh) return check.folder;
  process.stderr.write(`proveit: building the command, as ${check.reason}\n`);
  mkdirSync(OUT, { recursive: true });
  return build();
}

/** The built command's module (its `main`), rebuilt first when stale. */
export async function loadCommand() {
  return import(pathToFileURL(join(await currentBuild(), 'proveit.js')).href);
}

// `node bin/command-build.mjs` (npm's postinstall, the tests' global set-up): build unless the build is current.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = checkBuild();
  if (check.fresh) {
    process.stdout.write(`proveit: the command in ${relative(ROOT, check.folder)} matches the sources\n`);
  } else {
    mkdirSync(OUT, { recursive: true });
    process.stdout.write(`proveit: command built in ${relative(ROOT, await build())}, as ${check.reason}\n`);
  }
}
