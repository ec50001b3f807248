import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../main/cli/main.ts';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { scoreBundle } from '../../../main/services/close/score-bundle.ts';
import { verifyIndexDir } from '../../../main/services/index-export/verify-index.ts';
import { defaultKeyFile, readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { captureIo } from '../../support/capture-io.ts';
import { sharedDemo } from '../../support/played-demo.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

/** The run's demo (played as on 1 November 2026: the kit checks the bundles' own instants, never today's), read only. */
const demo = sharedDemo();
/** The key the reader pins: the demo operator's, beside its database (docs/index-export.md "Pinned key"). */
const demoPin = () => {
  const key = readSigningKey(defaultKeyFile(demo.db));
  if (!key.ok) throw new Error(key.error.message);
  return { publicKeyHex: key.value.publicKeyHex, by: 'the demo operator key' };
};
/** Where this file writes besides the copy. */
let work: string;
/** The demo's Index export copied where a stranger would put it: an empty folder, no node_modules above it. */
let copy: string;
let index: Json;
const KIT = 'replay/proveit-replay.mjs';

/** The kit run as a third party runs it: the plain node binary, in the copy, with no NODE_OPTIONS or loader. */
function kit(bundle: string, out: string, json = true) {
  const r = spawnSync(process.execPath, [KIT, bundle, '--out', out, ...(json ? ['--json'] : [])], {
    cwd: copy,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: copy },
  });
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    doc: json && r.stdout ? (JSON.parse(r.stdout) as Json) : null,
  };
}

/** `proveit season replay` in this process, on the same bundle: what the kit's outputs must equal. */
async function seasonReplay(bundle: string, out: string, json = true) {
  const io = captureIo();
  const code = await main(['season', 'replay', bundle, '--out', out, ...(json ? ['--json'] : [])], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** A copy of one track's bundle from the copied Index, edited by `edit`, for one tampering case. */
function editedBundle(name: string, track: string, edit: (bundle: string) => void): string {
  const target = join(copy, 'edited', name);
  cpSync(join(copy, 'bundles', track), target, { recursive: true });
  edit(target);
  return target;
}

const citedProofOf = (bundle: string) =>
  /"disclosures":\{"(prf_[0-9a-z_]+)"/.exec(readFileSync(join(bundle, 'submissions.ndjson'), 'utf8'))![1]!;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'replay-kit-work-'));
  copy = mkdtempSync(join(tmpdir(), 'replay-kit-stranger-'));
  cpSync(demo.index.out, copy, { recursive: true });
  index = JSON.parse(readFileSync(join(copy, 'index.json'), 'utf8')) as Json;
});
afterAll(() => {
  for (const dir of [work, copy]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the replay kit of a published Index, run where a stranger runs it', () => {
  it('the copy is outside the repository, with no node_modules in it or in any folder above it', () => {
    for (let dir = copy; ; dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
      if (dirname(dir) === dir) break;
    }
    expect(readdirSync(copy).sort()).toEqual(
      expect.arrayContaining(['bundles', 'index.html', 'index.json', 'manifest.json', 'replay']),
    );
  });

  it.each(['conformite', 'generique'])(
    '%s: plain node runs the kit, exit 0, and prints the SHA-256 of the scores.json the Index publishes',
    (track) => {
      const r = kit(`bundles/${track}`, join(copy, 'out', track));
      expect(r.code, r.stderr).toBe(0);
      const published = index['tracks'].find((t: Json) => t.track === track).publication;
      expect(r.doc).toMatchObject({ ok: true, identical: true, scores_sha256: published.scores_sha256 });
      expect(sha256Hex(readFileSync(join(copy, 'out', track, 'scores.json')))).toBe(published.scores_sha256);
    },
  );

  it('the same outputs as proveit season replay: the --json document and the text, but for the --out folder named', async () => {
    const fromKit = kit('bundles/conformite', join(copy, 'same-kit'));
    const fromCli = await seasonReplay(join(copy, 'bundles', 'conformite'), join(copy, 'same-cli'));
    expect(fromKit.code).toBe(fromCli.code);
    expect({ ...fromKit.doc, out: null }).toEqual({ ...(JSON.parse(fromCli.stdout) as Json), out: null });
    const text = kit('bundles/conformite', join(copy, 'same-kit-text'), false);
    const cliText = await seasonReplay(join(copy, 'bundles', 'conformite'), join(copy, 'same-cli-text'), false);
    expect(text.stdout.split('\n').slice(1)).toEqual(cliText.stdout.split('\n').slice(1));
  });

  it('an edited view in the copy is refused with REPLAY_FILE_CHANGED naming it, as season replay refuses it', async () => {
    const bundle = editedBundle('view', 'conformite', (b) => {
      const file = join(b, 'proofs', `${citedProofOf(b)}.json`);
      const text = readFileSync(file, 'utf8');
      const at = text.search(/[0-9a-f]{64}/);
      writeFileSync(file, text.slice(0, at) + (text[at] === '0' ? '1' : '0') + text.slice(at + 1));
    });
    const r = kit(bundle, join(copy, 'out-view'));
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, code: 'REPLAY_FILE_CHANGED' });
    expect(r.doc!['failures'][0].details.file).toBe(`proofs/${citedProofOf(bundle)}.json`);
    const text = kit(bundle, join(copy, 'out-view-text'), false);
    const cli = await seasonReplay(bundle, join(copy, 'out-view-cli'), false);
    expect(text.stderr).toBe(cli.stderr);
  });

  it.each([
    [
      'a disclosure (one nonce changed)',
      (t: string) => t.replace(/"nonce":"([0-9a-f])/, (_m, c: string) => `"nonce":"${c === '0' ? '1' : '0'}`),
    ],
    ['a submission (one claimed value changed)', (t: string) => t.replace('"value":false', '"value":true')],
  ])(
    '%s edited in the copy is refused with CLOSE_EXPORT_ALTERED: the signed export no longer verifies',
    (name, edit) => {
      const bundle = editedBundle(name.replace(/\W+/g, '-'), 'conformite', (b) => {
        const file = join(b, 'submissions.ndjson');
        const before = readFileSync(file, 'utf8');
        const after = edit(before);
        expect(after).not.toBe(before);
        writeFileSync(file, after);
      });
      const r = kit(bundle, join(copy, `out-${name.replace(/\W+/g, '-')}`));
      expect(r.code).toBe(1);
      expect(r.doc).toMatchObject({ ok: false, code: 'CLOSE_EXPORT_ALTERED' });
    },
  );

  it('its verifying workers start from the kit file itself: the same bytes as verifying in one thread', async () => {
    const bundle = join(copy, 'bundles', 'generique');
    const workerUrl = pathToFileURL(join(copy, KIT));
    const [inWorkers, inThread] = [
      await scoreBundle(bundle, undefined, { threads: 2, workerUrl }),
      await scoreBundle(bundle, undefined, { threads: 0 }),
    ];
    if (!inWorkers.ok || !inThread.ok) throw new Error('the demo bundle must score');
    const [threaded, inline] = [inWorkers.value, inThread.value];
    expect(threaded.files.map((f) => [f.path, sha256Hex(f.bytes)])).toEqual(
      inline.files.map((f) => [f.path, sha256Hex(f.bytes)]),
    );
  });

  it('index verify names a changed byte in the kit or in a bundle file (INDEX_FILE_EDITED), and a file added to a bundle (INDEX_FILE_UNLISTED)', () => {
    const tampered = join(work, 'tampered');
    cpSync(demo.index.out, tampered, { recursive: true });
    expect(verifyIndexDir(tampered, demoPin()).ok).toBe(true);
    const kitFile = join(tampered, KIT);
    writeFileSync(kitFile, `${readFileSync(kitFile, 'utf8')}\n`);
    const bundleJson = join(tampered, 'bundles', 'generique', 'bundle.json');
    writeFileSync(bundleJson, readFileSync(bundleJson, 'utf8').replace('"status":"anchored"', '"status":"pending" '));
    writeFileSync(join(tampered, 'bundles', 'conformite', 'NOTES.txt'), 'added\n');
    const r = verifyIndexDir(tampered, demoPin());
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => [p.code, p.details?.['path']])).toEqual(
      expect.arrayContaining([
        ['INDEX_FILE_EDITED', KIT],
        ['INDEX_FILE_EDITED', 'bundles/generique/bundle.json'],
        ['INDEX_FILE_UNLISTED', 'bundles/conformite/NOTES.txt'],
      ]),
    );
  });
});
