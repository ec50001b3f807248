import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built command (bin/command-build.mjs, docs/conventions.md "The built command") on a project of its own: the
// real launcher and build script, the real node_modules, and small sources in place of main/, so each rebuild takes
// a fraction of a second. The real command's build is proven by every test that starts bin/proveit.mjs.
const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

let base: string;
let project: string;

const write = (file: string, text: string) => {
  mkdirSync(dirname(join(project, file)), { recursive: true });
  writeFileSync(join(project, file), text);
};

/** A worker entry that answers with where it was loaded from. */
const workerSource = (name: string) =>
  "import { parentPort } from 'node:worker_threads';\n" +
  `parentPort?.postMessage({ worker: '${name}', url: import.meta.url });\n`;

const mainSource = (version: string) => `
import { once } from 'node:events';
import { siblingWorkerUrl, startModuleWorker } from '../services/workers/module-worker.ts';
import { greeting } from './greeting.ts';

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'worker') {
    const url = siblingWorkerUrl(import.meta.url, 'job-worker');
    const worker = startModuleWorker(url, null);
    const [answer] = await once(worker, 'message');
    await worker.terminate();
    process.stdout.write(JSON.stringify({ started: url.href, ...answer }) + '\\n');
    return 0;
  }
  process.stdout.write(greeting('${version}') + ' ' + import.meta.url + '\\n');
  return 0;
}
`;

async function launch(args: string[] = [], at = project) {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(at, 'bin/proveit.mjs'), ...args], { cwd: at });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'command-build-'));
  project = join(base, 'project');
  for (const file of ['bin/proveit.mjs', 'bin/command-build.mjs', 'package.json', 'package-lock.json']) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    cpSync(join(root, file), join(project, file));
  }
  for (const file of ['main/services/workers/module-worker.ts', 'main/services/workers/bundled-worker.ts']) {
    mkdirSync(dirname(join(project, file)), { recursive: true });
    cpSync(join(root, file), join(project, file));
  }
  symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  write('main/cli/main.ts', mainSource('v1'));
  write('main/cli/greeting.ts', 'export const greeting = (version: string) => `hello ${version}`;\n');
  write('main/console/jobs/job-worker.ts', workerSource('job'));
  write('main/services/close/verify-cited-worker.ts', workerSource('verify'));
  write('main/demo/demo-worker.ts', workerSource('demo'));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the built proveit command', () => {
  it('a launch with no build builds it first and says why on stderr, then runs it', async () => {
    const first = await launch();
    expect(first.stderr).toBe(
      'proveit: building the command, as it has not been built yet (out/cli/build.json is missing)\n',
    );
    expect(first.stdout).toMatch(/^hello v1 /);
  });

  it('a launch on a build that matches the sources runs it without building', async () => {
    expect(await launch()).toMatchObject({ status: 0, stderr: '' });
  });

  it("each module's import.meta.url is its source file's, as when run from source", async () => {
    const { stdout } = await launch();
    expect(stdout.trim()).toBe(`hello v1 file://${join(project, 'main/cli/main.ts')}`);
  });

  it('an edited source makes the next launch rebuild, naming the file, and run the new code', async () => {
    write('main/cli/main.ts', mainSource('v2'));
    const next = await launch();
    expect(next.stderr).toBe('proveit: building the command, as main/cli/main.ts changed since the build\n');
    expect(next.stdout).toMatch(/^hello v2 /);
  });

  it('an edited module the entry imports is found too', async () => {
    write('main/cli/greeting.ts', 'export const greeting = (version: string) => `bonjour ${version}`;\n');
    const next = await launch();
    expect(next.stderr).toBe('proveit: building the command, as main/cli/greeting.ts changed since the build\n');
    expect(next.stdout).toMatch(/^bonjour v2 /);
  });

  it('a changed package lock rebuilds it (the bundled packages may have changed)', async () => {
    const lock = join(project, 'package-lock.json');
    writeFileSync(lock, readFileSync(lock, 'utf8') + '\n');
    expect((await launch()).stderr).toBe(
      'proveit: building the command, as package-lock.json changed since the build\n',
    );
  });

  it('a build.json that is not JSON, or a build folder removed, is rebuilt, saying which', async () => {
    writeFileSync(join(project, 'out/cli/build.json'), '{ torn');
    expect((await launch()).stderr).toBe('proveit: building the command, as out/cli/build.json is not readable JSON\n');
    const { build } = JSON.parse(readFileSync(join(project, 'out/cli/build.json'), 'utf8')) as { build: string };
    rmSync(join(project, 'out/cli', build), { recursive: true });
    const next = await launch();
    expect(next.stderr).toBe(`proveit: building the command, as out/cli/${build} is missing\n`);
    expect(next.stdout).toMatch(/^bonjour v2 /);
  });

  it('a worker thread starts from its built entry beside the command, not through tsx', async () => {
    const { stdout, status } = await launch(['worker']);
    expect(status).toBe(0);
    const answer = JSON.parse(stdout) as { started: string; worker: string; url: string };
    expect(answer.started).toMatch(new RegExp(`^file://${project}/out/cli/[^/]+/job-worker\\.js$`));
    // The built worker answers, and its own modules still see their source URLs.
    expect(answer.worker).toBe('job');
    expect(answer.url).toBe(`file://${join(project, 'main/console/jobs/job-worker.ts')}`);
  });

  it('a source that cannot be built fails in two lines naming it, with no stack trace, and runs nothing', async () => {
    write('main/cli/greeting.ts', 'export const greeting = (version: string) => `hello ${version}\n');
    const failed = await launch();
    expect(failed.status).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain('proveit: the command cannot be built from the sources:');
    expect(failed.stderr).toContain('main/cli/greeting.ts');
    expect(failed.stderr).not.toMatch(/\n\s+at /);
    write('main/cli/greeting.ts', 'export const greeting = (version: string) => `hello ${version}`;\n');
  });

  it('a project moved to another folder is rebuilt there, as the build names the folder it was made in', async () => {
    await launch();
    const moved = join(base, 'moved');
    renameSync(project, moved);
    project = moved;
    const next = await launch();
    expect(next.stderr).toBe(`proveit: building the command, as it was built in ${join(base, 'project')}, not here\n`);
    expect(next.stdout.trim()).toBe(`hello v2 file://${join(moved, 'main/cli/main.ts')}`);
  });

  it('keeps the current build and at most three earlier ones', async () => {
    for (let i = 0; i < 4; i++) {
      write('main/cli/greeting.ts', `export const greeting = (version: string) => \`hello ${i} \${version}\`;\n`);
      expect((await launch()).status).toBe(0);
    }
    const { stdout } = await run('ls', [join(project, 'out/cli')]);
    expect(
      stdout
        .trim()
        .split('\n')
        .filter((name) => name !== 'build.json'),
    ).toHaveLength(4);
  });
});
