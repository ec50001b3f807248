import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../main/core/index/texts.ts';
import { verifyIndexDir } from '../../../main/services/index-export/verify-index.ts';
import { defaultKeyFile, readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { sharedDemo } from '../../support/played-demo.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

/** The demo season's Index as the shared play exported it (read only). */
const demo = sharedDemo();

/**
 * The JSON files of an Index that are neither a report nor a table of results (docs/index-export.md "index.json"):
 * the signed manifest, its signature and the signing key. The replay bundles (`bundles/`) are the closes' files as
 * they wrote them, covered by docs/replay-bundle.md, not by this rule.
 */
const NOT_RESULTS = new Set(['manifest.json', 'manifest.sig.json', 'signing-key.json']);

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

describe('the EU AI Act art. 50 label in every published JSON report and table (spec §7.3)', () => {
  it("every JSON report and table of the demo season's Index carries ai_act_label in both languages, and the export verifies", () => {
    const index = demo.index.out;
    const files = filesOf(index).filter((p) => !p.startsWith('bundles/'));
    const json = files.filter((p) => p.endsWith('.json') && !NOT_RESULTS.has(p));
    // index.json and one report copy per published report, both tracks.
    expect(json).toContain('index.json');
    for (const track of ['conformite', 'generique'])
      expect(json.filter((p) => p.startsWith(`reports/${track}/`)).length, track).toBeGreaterThan(0);
    const unlabelled = json.filter((p) => {
      const label = (JSON.parse(readFileSync(join(index, p), 'utf8')) as Json)['ai_act_label'] as Json | undefined;
      return label?.['fr'] !== TEXTS.fr.aiActLabel || label?.['en'] !== TEXTS.en.aiActLabel;
    });
    expect(unlabelled).toEqual([]);
    // The tables: the CSV files, the label on the header and on every row.
    const tables = files.filter((p) => p.endsWith('.csv'));
    expect(tables.length).toBe(4);
    for (const table of tables) {
      const [header, ...rows] = readFileSync(join(index, table), 'utf8').split('\r\n').filter(Boolean);
      expect(header?.split(',').at(-1), table).toBe('ai_act_label');
      for (const row of rows) expect(row.includes(TEXTS.fr.aiActLabel) && row.includes(TEXTS.en.aiActLabel)).toBe(true);
    }
    // Signed with the label in: `index verify` finds every listed file as signed.
    const key = readSigningKey(defaultKeyFile(demo.db));
    if (!key.ok) throw new Error(key.error.message);
    const verified = verifyIndexDir(index, { publicKeyHex: key.value.publicKeyHex, by: 'the demo operator key' });
    expect(verified.ok, JSON.stringify(verified.problems)).toBe(true);
  });
});
