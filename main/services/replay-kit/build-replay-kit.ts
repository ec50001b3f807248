import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { applicationRoot } from '../trust/production-bundle.ts';

export type ReplayKitCode = 'REPLAY_KIT_BUILD_FAILED' | 'REPLAY_KIT_NOT_SELF_CONTAINED';

export interface ReplayKit {
  /** The one file, `proveit-replay.mjs`: what every Index export holds as `replay/proveit-replay.mjs`. */
  bytes: Uint8Array;
  sha256: string;
  /** The source modules and packages it was built from (paths relative to the application's root). */
  inputs: number;
}

const ROOT = applicationRoot(dirname(fileURLToPath(import.meta.url)));
const ENTRY = join(ROOT, 'main', 'cli', 'replay-kit-main.ts');

/**
 * What the kit must never load (docs/replay-bundle.md "The replay kit"): the operator database's code and its native
 * module, or any native addon (a `.node` file): a stranger's plain `node` has none of them.
 */
const FORBIDDEN_INPUT = [/^main\/db\//, /(^|\/)node_modules\/better-sqlite3\//, /\.node$/];
const BUILTINS = new Set(builtinModules);
const isBuiltin = (path: string) => path.startsWith('node:') || BUILTINS.has(path);

let built: Result<ReplayKit, ReplayKitCode> | undefined;

/**
 * Builds the replay kit from the source (main/cli/replay-kit-main.ts and everything it imports: the scorer and
 * verifier of main/core, the replay of main/services/close), with esbuild's JS API from node_modules (esbuild is a
 * dependency, so a fresh clone builds it after `npm ci`; nothing prebuilt is committed). One ES module for Node 20,
 * unminified (a reader can read the tool they run), the same bytes for the same source and esbuild version: paths in
 * it are relative to the application's root, and nothing of the build machine (time, folder) goes in. Refused when
 * the result would need anything but Node's built-ins at run time (REPLAY_KIT_NOT_SELF_CONTAINED, naming it): no
 * better-sqlite3, no main/db/, no native addon, no package left to resolve. Built once per process (about a second).
 */
export function buildReplayKit(): Result<ReplayKit, ReplayKitCode> {
  built ??= bundleReplayEntry(ENTRY);
  return built;
}

/** One build of `entry` with the kit's settings and checks (buildReplayKit's, uncached; tests give other entries). */
export function bundleReplayEntry(entry: string): Result<ReplayKit, ReplayKitCode> {
  let result: Esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    // Loaded here, not at the top: only an export (or the bench) builds the kit.
    const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version?: string }).version;
    result = esbuild.buildSync({
      entryPoints: [entry],
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
      banner: {
        js:
          `// proveit-replay.mjs: the PROVE IT replay kit (proveit-console ${version ?? '?'}, esbuild ${esbuild.version}).\n` +
          '// Run: node proveit-replay.mjs BUNDLE --out DIR [--json]. Built from main/cli/replay-kit-main.ts.\n' +
          // CommonJS packages inside ask for Node's built-ins with require; the kit asks for nothing else.
          "import { createRequire as __kitCreateRequire } from 'node:module';\n" +
          'const require = __kitCreateRequire(import.meta.url);',
      },
    });
  } catch (error) {
    return fail(
      'REPLAY_KIT_BUILD_FAILED',
      `the replay kit cannot be built from ${entry}: ${error instanceof Error ? error.message : String(error)} ` +
        '(run npm ci in the console folder: esbuild builds it)',
      { entry },
    );
  }
  const inputs = Object.keys(result.metafile.inputs);
  const refusedInputs = inputs.filter((path) => FORBIDDEN_INPUT.some((re) => re.test(path)));
  // The project's own module first: that is the import to remove.
  const forbidden = refusedInputs.find((path) => !path.startsWith('node_modules/')) ?? refusedInputs[0];
  const output = Object.values(result.metafile.outputs)[0];
  const external = output?.imports.find((i) => i.external && !isBuiltin(i.path))?.path;
  const text = result.outputFiles[0]?.text ?? '';
  const problem =
    forbidden !== undefined
      ? `it imports ${forbidden}${refusedInputs.length > 1 ? ` (and ${refusedInputs.length - 1} more such modules)` : ''}, ` +
        'which a plain node cannot load (the replay kit has no database code, no native module)'
      : external !== undefined
        ? `it would load ${external} at run time, which a folder without node_modules does not have`
        : text.includes(ROOT)
          ? `it holds this machine's folder ${ROOT}: its bytes would depend on where it was built`
          : null;
  if (problem !== null)
    return fail('REPLAY_KIT_NOT_SELF_CONTAINED', `the replay kit is refused: ${problem}`, {
      entry,
      input: forbidden ?? external ?? ROOT,
    });
  const bytes = new TextEncoder().encode(text);
  return ok({ bytes, sha256: sha256Hex(bytes), inputs: inputs.length });
}
