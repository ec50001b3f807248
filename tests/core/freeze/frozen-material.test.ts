import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeManifest } from '../../../main/core/corpus/manifest.ts';
import { frozenMaterialOf } from '../../../main/core/freeze/frozen-material.ts';
import { readCorpusTree } from '../../../main/services/corpus/corpus-folder.ts';

const dir = join(process.cwd(), 'corpus', 'season-1', 'generique');

describe('what a freeze hashes, read from a track folder (spec §8.1–8.2)', () => {
  it('the rules hash is CPython hashlib.sha256 of the published bytes, the manifest hash is the corpus manifest', async () => {
    const tree = await readCorpusTree(dir);
    const material = frozenMaterialOf(tree);
    if (!material.ok) throw new Error(material.error.message);
    const python = execFileSync('python3', [
      '-c',
      'import hashlib,json,sys;d=sys.argv[1];s=json.load(open(d+"/season.json"));' +
        'print(hashlib.sha256(open(d+"/"+s["rules_file"],"rb").read()).hexdigest())',
      dir,
    ])
      .toString()
      .trim();
    expect(material.value.rulesHash).toBe(python);
    const manifest = computeManifest(tree);
    expect(manifest.ok && material.value.manifestHash === manifest.value.manifest_hash).toBe(true);
    expect(material.value).toMatchObject({ season: 1, track: 'generique', rulesVersion: 'generique-bareme-v1' });
    expect(material.value.key).toBeDefined();
  });

  it('a folder without its rules text is refused with FREEZE_CORPUS_UNREADABLE', async () => {
    const tree = await readCorpusTree(dir);
    tree.delete('rules/generique-bareme-v1.md');
    const material = frozenMaterialOf(tree);
    expect(material.ok ? 'OK' : material.error.code).toBe('FREEZE_CORPUS_UNREADABLE');
  });

  it('a folder without its sealed key still gives the hashes (a published corpus after the reveal)', async () => {
    const tree = await readCorpusTree(dir);
    tree.delete('sealed/answer-key.json');
    const material = frozenMaterialOf(tree);
    expect(material.ok && material.value.key).toBeUndefined();
  });
});
