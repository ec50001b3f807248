import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { computeManifest, requestHash } from '../../../main/core/corpus/manifest.ts';
import { DEMO_DIRS, readTree, withBytes, withJson, type Json } from './demo-trees.ts';

const REFERENCE = fileURLToPath(new URL('./manifest_reference.py', import.meta.url));

function cpython(dir: string, base?: string): unknown {
  return JSON.parse(execFileSync('python3', [REFERENCE, dir, ...(base ? [base] : [])], { encoding: 'utf8' }));
}

describe('corpus manifest', () => {
  it.each(['conformite', 'generique'] as const)('the %s manifest equals CPython’s over the same files, hash for hash', (track) => {
    const ours = computeManifest(readTree(DEMO_DIRS[track]));
    expect(ours.ok).toBe(true);
    if (ours.ok) expect(JSON.parse(JSON.stringify(ours.value))).toEqual(cpython(DEMO_DIRS[track]));
  });

  it('--base moves every request hash and the manifest hash, never a response hash (CPython agrees)', () => {
    const base = 'https://corpus.arkforge.tech';
    const demo = computeManifest(readTree(DEMO_DIRS.conformite));
    const real = computeManifest(readTree(DEMO_DIRS.conformite), base);
    if (!demo.ok || !real.ok) throw new Error('manifest failed');
    expect(JSON.parse(JSON.stringify(real.value))).toEqual(cpython(DEMO_DIRS.conformite, base));
    expect(real.value.resources[0]?.target.startsWith(base)).toBe(true);
    expect(real.value.resources.map((r) => r.response_hash)).toEqual(demo.value.resources.map((r) => r.response_hash));
    expect(real.value.resources.some((r, i) => r.request_hash === demo.value.resources[i]?.request_hash)).toBe(false);
    expect(real.value.manifest_hash).not.toBe(demo.value.manifest_hash);
  });

  it('the request hashes amount as the FLOAT 0.0 and currency "eur" (spec §2.4)', () => {
    const target = 'http://conformite.corpus.devnet.localhost/referentiel';
    const text = canonical(
      pyObjectFrom([
        ['target', target],
        ['method', 'GET'],
        ['payload', pyObjectFrom([])],
        ['amount', 0],
        ['currency', 'eur'],
      ]),
    );
    expect(text).toBe(`{"amount":0.0,"currency":"eur","method":"GET","payload":{},"target":"${target}"}`);
    const python = execFileSync(
      'python3',
      ['-c', `import hashlib,json;print(hashlib.sha256(json.dumps({"target":"${target}","method":"GET","payload":{},"amount":0.0,"currency":"eur"},sort_keys=True,separators=(",",":")).encode()).hexdigest())`],
      { encoding: 'utf8' },
    ).trim();
    expect(requestHash(target, 'GET', pyObjectFrom([]))).toBe(python);
  });

  it('the response hash is over loads(bytes), so reformatting a file changes nothing, and editing a value does', () => {
    const tree = readTree(DEMO_DIRS.conformite);
    const before = computeManifest(tree);
    const reformatted = computeManifest(withBytes(tree, 'responses/referentiel.json', JSON.stringify(JSON.parse(new TextDecoder().decode(tree.get('responses/referentiel.json'))))));
    const edited = computeManifest(
      withJson(tree, 'responses/referentiel.json', (v) => {
        (v as Record<string, Json>)['date_examen'] = '2026-10-02';
      }),
    );
    if (!before.ok || !reformatted.ok || !edited.ok) throw new Error('manifest failed');
    expect(reformatted.value.manifest_hash).toBe(before.value.manifest_hash);
    expect(edited.value.manifest_hash).not.toBe(before.value.manifest_hash);
  });

  it('a response file json.loads refuses: CORPUS_MANIFEST_INCOMPLETE naming it', () => {
    const result = computeManifest(withBytes(readTree(DEMO_DIRS.conformite), 'responses/referentiel.json', '{'));
    expect(result.ok ? 'ok' : result.error.code).toBe('CORPUS_MANIFEST_INCOMPLETE');
    if (!result.ok) expect(result.error.message).toContain('responses/referentiel.json');
  });
  it('a task graph edited after the freeze changes tasks_hash and the manifest hash', () => {
    const tree = readTree(DEMO_DIRS.conformite);
    const before = computeManifest(tree);
    const edited = computeManifest(
      withJson(tree, 'tasks.json', (v) => {
        const tasks = (v as { tasks: { graph: string[] }[] }).tasks;
        tasks[0]?.graph.push('/entites/000000000');
      }),
    );
    if (!before.ok || !edited.ok) throw new Error('manifest failed');
    expect(edited.value.tasks_hash).not.toBe(before.value.tasks_hash);
    expect(edited.value.manifest_hash).not.toBe(before.value.manifest_hash);
  });

  it('a folder without tasks.json has no manifest: CORPUS_MANIFEST_INCOMPLETE naming it', () => {
    const tree = readTree(DEMO_DIRS.conformite);
    tree.delete('tasks.json');
    const result = computeManifest(tree);
    expect(result.ok ? 'ok' : result.error.code).toBe('CORPUS_MANIFEST_INCOMPLETE');
    if (!result.ok) expect(result.error.message).toContain('tasks.json');
  });
});
