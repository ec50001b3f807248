import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEX_FILES, LANGS, type IndexDocument } from '../../../main/core/index/model.ts';
import { verifyIndexDir } from '../../../main/services/index-export/verify-index.ts';
import { defaultKeyFile, readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { sharedDemo } from '../../support/played-demo.ts';

/**
 * Spec §7.2 "link to proofs" on the demo season's export (both tracks closed and published, exported by the demo
 * through exportIndex): the shared play, read only.
 */
const demo = sharedDemo();
const index = demo.index.out;
const read = (path: string) => readFileSync(join(index, path), 'utf8');
const doc = () => JSON.parse(read(INDEX_FILES.json)) as IndexDocument;
const manifest = () =>
  new Set((JSON.parse(read('manifest.json')) as { files: { path: string }[] }).files.map((f) => f.path));

/** participant id → every proof id its submissions of the track cite, from the bundle the Index carries. */
function citedInBundle(track: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const line of read(`${INDEX_FILES.bundle(track)}/submissions.ndjson`).split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as {
      participant_id?: string;
      submission?: { track?: string; assertions?: { proof_ids?: string[] }[] } | null;
    };
    if (!row.participant_id || !row.submission || row.submission.track !== track) continue;
    const set = out.get(row.participant_id) ?? new Set<string>();
    for (const a of row.submission.assertions ?? []) for (const id of a.proof_ids ?? []) set.add(id);
    out.set(row.participant_id, set);
  }
  return out;
}

describe("links to proofs on the demo season's Index (spec §7.2)", () => {
  it('every Index row has its proofs page: each row of both tables of both tracks, in French and English, links a file the signed manifest lists', () => {
    const listed = manifest();
    const d = doc();
    let links = 0;
    for (const lang of LANGS) {
      const html = read(INDEX_FILES.html(lang));
      for (const section of d.tracks) {
        expect(section.proofs_pages).toBe(true);
        for (const [table, rows] of [
          ['reference', section.reference_runs],
          ['community', section.community],
        ] as const) {
          expect(rows.length).toBeGreaterThan(0);
          for (const row of rows) {
            const tr = new RegExp(
              `<tr data-row="${table}" data-track="${row.track}" data-participant="${row.participant_id}">([\\s\\S]*?)</tr>`,
            ).exec(html)![1]!;
            const href = /<td data-cell="proofs"><a href="([^"]+)">/.exec(tr)![1]!;
            expect(href).toBe(INDEX_FILES.proofsHtml(row.track, row.participant_id, lang));
            expect(listed.has(href), `${href} in manifest.json`).toBe(true);
            expect(read(href)).toContain(
              `<meta name="proveit-index" content="season=${d.season};version=${d.index_version}">`,
            );
            links++;
          }
        }
      }
    }
    expect(links).toBeGreaterThanOrEqual(8);
  });

  it("each page lists exactly the proofs the participant's bundled submissions cite, each with its public view on the season's Trust Layer, its bundled view and a status; none of another participant", () => {
    const d = doc();
    const statuses = new Set<string>();
    for (const section of d.tracks) {
      const cited = citedInBundle(section.track);
      const everyone = new Map<string, string>();
      for (const [id, set] of cited) for (const p of set) everyone.set(p, id);
      for (const row of [...section.reference_runs, ...section.community]) {
        const mine = cited.get(row.participant_id) ?? new Set<string>();
        const report = d.reports.find((r) => r.track === row.track && r.participant_id === row.participant_id)!;
        expect(new Set(report.cited_proofs!.map((p) => p.proof_id))).toEqual(mine);
        for (const lang of LANGS) {
          const html = read(INDEX_FILES.proofsHtml(row.track, row.participant_id, lang));
          expect(new Set([...html.matchAll(/<tr data-proof="([^"]*)"/g)].map((m) => m[1]))).toEqual(mine);
          for (const [proof, owner] of everyone) if (owner !== row.participant_id) expect(html).not.toContain(proof);
        }
        for (const p of report.cited_proofs!) {
          // The devnet's Trust Layer, through which the demo's freezes were anchored.
          expect(p.view_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/v1/proof/${p.proof_id}$`));
          if (p.bundled_view !== null) expect(manifest().has(p.bundled_view), p.bundled_view).toBe(true);
          for (const c of p.citations) {
            statuses.add(c.status);
            // Spec §4.1: an unsupported citation names one of the four causes.
            if (c.status === 'unsupported')
              expect(['invalid_proof', 'identity_not_bound', 'resource_mismatch', 'value_mismatch']).toContain(c.cause);
          }
        }
      }
    }
    // The demo's closes find supported proofs, unsupported ones and an instrument fault.
    expect([...statuses].sort()).toEqual(['instrument_fault', 'supported', 'unsupported']);
  });

  it('the export with its proofs pages verifies untouched (index verify)', () => {
    const key = readSigningKey(defaultKeyFile(demo.db));
    if (!key.ok) throw new Error(key.error.message);
    const r = verifyIndexDir(index, { publicKeyHex: key.value.publicKeyHex, by: 'the demo operator key' });
    expect(r.ok, JSON.stringify(r.problems)).toBe(true);
  });
});
