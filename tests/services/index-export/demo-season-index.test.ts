import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { launchChromium } from '../../support/chromium.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { verifyIndexDir } from '../../../main/services/index-export/verify-index.ts';
import { defaultKeyFile, readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { sharedDemo } from '../../support/played-demo.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

/**
 * The demo season (`playDemo`, docs/console-backend.md "First start and the demo season": both tracks closed and
 * published), exported by it through exportIndex: the run's shared play, read only. Nothing here depends on the day
 * it was played as (the Index is checked for its sections, labels and files, never a date).
 */
const demo = sharedDemo();
/** The key the reader pins: the demo operator's, beside its database (docs/index-export.md "Pinned key"). */
const demoPin = () => {
  const key = readSigningKey(defaultKeyFile(demo.db));
  if (!key.ok) throw new Error(key.error.message);
  return { publicKeyHex: key.value.publicKeyHex, by: 'the demo operator key' };
};
const index = demo.index.out;
let doc: Json;
const page = (name: string) => readFileSync(join(index, name), 'utf8');

beforeAll(() => {
  doc = JSON.parse(page('index.json')) as Json;
});

describe("the demo season's Index", () => {
  it('one section per track, each with its own reference-run and community tables; no row of one track in the other', () => {
    expect(doc['tracks'].map((t: Json) => t.track)).toEqual(['conformite', 'generique']);
    for (const t of doc['tracks']) {
      expect(t.reference_runs.length).toBeGreaterThanOrEqual(1);
      expect(t.community.length).toBeGreaterThanOrEqual(1);
      for (const row of [...t.reference_runs, ...t.community]) expect(row.track).toBe(t.track);
      for (const row of t.reference_runs) expect(row.reference.model).not.toBe('');
    }
    for (const lang of ['index.html', 'index.en.html'])
      for (const m of page(lang).matchAll(/<(table|svg)\b[^>]*data-track="([^"]*)"[^>]*>([\s\S]*?)<\/\1>/g))
        for (const inner of m[3]!.matchAll(/data-track="([^"]*)"/g)) expect(inner[1]).toBe(m[2]);
  });

  it('the compliance best constant answer is 4/10 (spec §7.2), on top of both of its tables, in both languages', () => {
    const conf = doc['tracks'][0];
    expect(conf.best_constant_answer).toMatchObject({ exact: 4, out_of: 10 });
    expect(page('index.html')).toContain('40 % = 4/10');
    expect(page('index.en.html')).toContain('40 % = 4/10');
  });

  it('labels on every community row and the reference-run label, the reading rule, §10 and the art. 50 label, in French and English', () => {
    const rows = doc['tracks'].reduce((n: number, t: Json) => n + t.community.length, 0);
    const fr = page('index.html');
    const en = page('index.en.html');
    expect(fr.match(/data-lint="community-label">pile déclarée, non vérifiée</g)).toHaveLength(rows);
    expect(en.match(/data-lint="community-label">declared stack, not verified</g)).toHaveLength(rows);
    expect(fr.match(/Calibration, pas un classement\./g)).toHaveLength(2);
    expect(en.match(/Calibration, not a ranking\./g)).toHaveLength(2);
    expect(fr).toContain('Règle de lecture');
    expect(en).toContain('What the measure does not prove');
    expect(fr).toContain('article 50');
  });

  it("carries both tracks' replay bundles as their closes wrote them and the replay kit, all listed in the signed manifest", () => {
    const manifest = JSON.parse(page('manifest.json')) as Json;
    const listed = new Map<string, string>(manifest['files'].map((f: Json) => [f.path, f.sha256]));
    expect(listed.has('replay/proveit-replay.mjs')).toBe(true);
    for (const track of ['conformite', 'generique']) {
      const closed = join(demo.out, track, 'bundle');
      const files = readdirSync(closed, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(closed, join(e.parentPath, e.name)).split(sep).join('/'));
      expect(files).toContain('bundle.json');
      for (const file of files) {
        const bytes = readFileSync(join(closed, file));
        expect(readFileSync(join(index, 'bundles', track, file)).equals(bytes), file).toBe(true);
        expect(listed.get(`bundles/${track}/${file}`), file).toBe(sha256Hex(bytes));
      }
      expect([...listed.keys()].filter((p) => p.startsWith(`bundles/${track}/`))).toHaveLength(files.length);
    }
    for (const [file, text] of [
      ['index.html', 'node replay/proveit-replay.mjs bundles/conformite --out DOSSIER'],
      ['index.en.html', 'node replay/proveit-replay.mjs bundles/generique --out FOLDER'],
    ] as const)
      expect(page(file)).toContain(text);
  });

  it('the export verifies untouched', () => {
    const r = verifyIndexDir(index, demoPin());
    expect(r.ok, JSON.stringify(r.problems)).toBe(true);
  });

  it('rendered in Chromium: a screenshot of each page kept as a test artefact, no serious or critical axe-core violation', async () => {
    const shots = join(resolve(import.meta.dirname, '../../..'), 'test-artefacts', 'index-export');
    mkdirSync(shots, { recursive: true });
    const browser = await launchChromium();
    try {
      for (const [file, shot] of [
        ['index.html', 'demo-index-fr'],
        ['index.en.html', 'demo-index-en'],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const p = await context.newPage();
        await p.goto(pathToFileURL(join(index, file)).href);
        await p.screenshot({ path: join(shots, `${shot}.png`), fullPage: true });
        const result = await new AxeBuilder({ page: p })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => v.id)).toEqual([]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
