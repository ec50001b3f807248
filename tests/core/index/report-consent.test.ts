import { describe, expect, it } from 'vitest';
import { buildIndexDocument, type TrackPublication } from '../../../main/core/index/build-index.ts';
import { indexJsonText, parseIndexJson } from '../../../main/core/index/index-json.ts';
import { lintIndex } from '../../../main/core/index/lint/lint-index.ts';
import { DEFAULT_HUMOUR_MARKERS, DEFAULT_MODEL_AND_PROVIDER_NAMES } from '../../../main/core/index/lint/name-lists.ts';
import { INDEX_FILES, LANGS, type IndexDocument } from '../../../main/core/index/model.ts';
import { renderIndexFiles } from '../../../main/core/index/render-files.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom, type PyObject } from '../../../main/core/json/value.ts';
import { craftedTracks, KEY } from './support/crafted-season.ts';

// docs/publications.md "Private reports, public by choice" (spec §3, §7.5): a community row's detailed report is
// linked and shipped only when the participant's choice in force at the export is public; reference runs always.

const enc = new TextEncoder();
const dec = new TextDecoder();
const TL = 'https://trust.example.test';
const PROOF = 'prf_20261010_120000_abcdef';

/** The crafted season, each report's unsupported assertion citing PROOF with its failing outcome (cause and code). */
function tracks(): TrackPublication[] {
  return craftedTracks().map((t) => ({
    ...t,
    reports: new Map(
      [...t.reports].map(([id, r]) => {
        const report = pyObjectFrom(Object.entries(r.report));
        const parsed = loadsText(
          JSON.stringify([
            {
              task_id: 'conf-01',
              assertion_id: 'a3',
              status: 'unsupported',
              claim: { resource: '/entites/1', field: '/statut', value: 'radie' },
              cause: 'value_mismatch',
              code: 'VALUE_DIFFERS',
              proof_id: PROOF,
              proofs: [
                { proof_id: PROOF, outcome: 'fail', condition: 4, cause: 'value_mismatch', code: 'VALUE_DIFFERS' },
              ],
            },
          ]),
        );
        if (!parsed.ok) throw new Error(parsed.error.message);
        report['assertions'] = parsed.value;
        return [id, { ...r, report: report as PyObject }];
      }),
    ),
    proofs: {
      trustLayer: TL,
      submitted: new Map(),
      bundledViews: new Map([[PROOF, `bundles/${t.track}/proofs/${PROOF}.json`]]),
    },
  }));
}

/** Version `version` of the Index, with the choices in force given (undefined: a document as exported before). */
function document(version: number, consents: ReadonlyMap<string, boolean> | undefined): IndexDocument {
  return buildIndexDocument({
    season: 1,
    indexVersion: version,
    correctsVersion: version === 1 ? null : version - 1,
    exportedAtMs: Date.parse('2026-11-03T09:00:00.000Z') + version * 86_400_000,
    signingKey: KEY,
    tracks: tracks(),
    displayNames: new Map(),
    referenceRuns: new Map([
      ['ref-1', { model: 'Claude', modelVersion: '4.5', framework: 'proveit-runner', promptSha256: 'd'.repeat(64) }],
    ]),
    ...(consents === undefined ? {} : { reportConsents: consents }),
  });
}

/** Every participant's report bytes at hand, as draftIndex gives them: only the published ones may be shipped. */
const reportJson = new Map(
  ['conformite/ref-1', 'conformite/p-ada', 'conformite/p-bob', 'conformite/p-fay', 'generique/g-cy'].map((k) => [
    k,
    enc.encode(`{"agent_name":"x","participant_id":"${k}"}\n`),
  ]),
);
const render = (doc: IndexDocument) =>
  renderIndexFiles(doc, { reportJson, prompts: new Map([['ref-1', enc.encode('prompt')]]) });
const text = (files: Map<string, Uint8Array>, path: string) => dec.decode(files.get(path)!);
const rowOf = (html: string, id: string) =>
  new RegExp(`<tr data-row="[a-z]+" data-track="conformite" data-participant="${id}">([\\s\\S]*?)</tr>`).exec(
    html,
  )![1]!;
const reportFiles = (track: string, id: string) => [
  INDEX_FILES.reportHtml(track, id, 'fr'),
  INDEX_FILES.reportHtml(track, id, 'en'),
  INDEX_FILES.reportJson(track, id),
];

describe('private reports, public by choice (docs/publications.md; spec §3, §7.5)', () => {
  it('a report is linked from the Index only after consent: no report file, no link, no cause on the proofs page; consent given and read, the next export links and ships it', () => {
    const v1 = document(1, new Map());
    const files1 = render(v1);
    for (const path of reportFiles('conformite', 'p-ada')) expect(files1.has(path), path).toBe(false);
    const row = v1.tracks.find((s) => s.track === 'conformite')!.community.find((r) => r.participant_id === 'p-ada')!;
    expect(row).toMatchObject({ report_public: false, report_file: null });
    // The figures are published as before; index.json keeps the SHA-256 of the report, never its detail.
    expect(row.figures.overclaim).toEqual({ unsupported: 1, submitted: 8 });
    expect(v1.reports.some((r) => r.participant_id === 'p-ada')).toBe(false);
    expect(v1.private_reports!.find((r) => r.participant_id === 'p-ada')).toEqual({
      track: 'conformite',
      participant_id: 'p-ada',
      agent: 'Ada',
      did: 'did:key:zp-ada',
      figures: row.figures,
      report_sha256: 'c'.repeat(64),
      publication_version: 1,
      dispute_window_ends_at: '2026-11-16T10:00:00.000Z',
      cited_proofs: [{ proof_id: PROOF, view_url: `${TL}/v1/proof/${PROOF}` }],
      proofs_file: INDEX_FILES.proofsHtml('conformite', 'p-ada', 'fr'),
    });
    // (The reference run's report, always public, holds the same fixture detail: p-ada's entries are looked at.)
    const stored = JSON.stringify([v1.private_reports, v1.tracks.map((s) => s.community)]);
    for (const detail of ['VALUE_DIFFERS', 'value_mismatch', 'radie', 'Read the entity record first.'])
      expect(stored, detail).not.toContain(detail);
    expect(text(files1, INDEX_FILES.json)).not.toContain('Read the entity record first.');
    for (const lang of LANGS) {
      const cell = rowOf(text(files1, INDEX_FILES.html(lang)), 'p-ada');
      expect(cell).not.toContain('reports/');
      expect(cell).toContain(
        lang === 'fr' ? 'rapport gardé privé par le participant' : 'report kept private by the participant',
      );
      // The proofs page: the proof and its public view, never a status, a cause or a code.
      const proofs = text(files1, INDEX_FILES.proofsHtml('conformite', 'p-ada', lang));
      expect(proofs).toContain(`<tr data-proof="${PROOF}">`);
      expect(proofs).toContain(`href="${TL}/v1/proof/${PROOF}"`);
      for (const detail of ['data-status', 'data-cause', 'VALUE_DIFFERS', 'value_mismatch', 'a3'])
        expect(proofs, `${lang} ${detail}`).not.toContain(detail);
    }
    const csv = text(files1, INDEX_FILES.csv('conformite', 'community'));
    expect(csv).not.toContain('reports/conformite/p-ada');

    // The participant makes its report public; `season consents` reads it; the next export publishes it.
    const v2 = document(2, new Map([['conformite/p-ada', true]]));
    const files2 = render(v2);
    for (const path of reportFiles('conformite', 'p-ada')) expect(files2.has(path), path).toBe(true);
    expect(rowOf(text(files2, INDEX_FILES.html('fr')), 'p-ada')).toContain(
      `href="${INDEX_FILES.reportHtml('conformite', 'p-ada', 'fr')}"`,
    );
    expect(text(files2, INDEX_FILES.proofsHtml('conformite', 'p-ada', 'en'))).toContain('data-cause="value_mismatch"');
    // The others never chose: still private. A choice of private is private too.
    for (const path of reportFiles('generique', 'g-cy')) expect(files2.has(path), path).toBe(false);
    const v3 = render(document(3, new Map([['conformite/p-ada', false]])));
    for (const path of reportFiles('conformite', 'p-ada')) expect(v3.has(path), path).toBe(false);
    // Linted clean both ways (the pages and the manifest stay coherent).
    for (const [doc, files] of [
      [v1, files1],
      [v2, files2],
    ] as const)
      expect(
        lintIndex({
          doc,
          files,
          modelNames: DEFAULT_MODEL_AND_PROVIDER_NAMES,
          humourMarkers: DEFAULT_HUMOUR_MARKERS,
          secrets: [],
        }),
      ).toEqual([]);
  });

  it("a reference run's report is always published, whatever the choices recorded", () => {
    for (const consents of [new Map<string, boolean>(), new Map([['conformite/ref-1', false]])]) {
      const doc = document(1, consents);
      const files = render(doc);
      for (const path of reportFiles('conformite', 'ref-1')) expect(files.has(path), path).toBe(true);
      const row = doc.tracks.find((s) => s.track === 'conformite')!.reference_runs[0]!;
      expect(row).toMatchObject({ report_public: true, report_file: 'reports/conformite/ref-1.html' });
      expect(rowOf(text(files, INDEX_FILES.html('en')), 'ref-1')).toContain('href="reports/conformite/ref-1.en.html"');
      expect(doc.private_reports!.some((r) => r.participant_id === 'ref-1')).toBe(false);
    }
  });

  it('a stored Index version renders byte for byte after a later revocation; the next version keeps the report private', () => {
    const v1 = document(1, new Map([['conformite/p-ada', true]]));
    const files1 = render(v1);
    // Revoked after version 1 was exported: version 2 stops publishing it.
    const files2 = render(document(2, new Map([['conformite/p-ada', false]])));
    expect(files2.has(INDEX_FILES.reportJson('conformite', 'p-ada'))).toBe(false);
    // Version 1 written again from its stored index.json (as `index export --version 1` does): the same bytes.
    const stored = parseIndexJson(dec.decode(files1.get(INDEX_FILES.json)!));
    if (!stored.ok) throw new Error(stored.error.message);
    const again = render(stored.value);
    expect([...again.keys()]).toEqual([...files1.keys()]);
    for (const [path, bytes] of files1) expect(dec.decode(again.get(path)!), path).toBe(dec.decode(bytes));
    expect(again.has(INDEX_FILES.reportJson('conformite', 'p-ada'))).toBe(true);
  });

  it('an index.json recorded before consents renders as it was: every report linked and shipped, no choice recorded', () => {
    const before = document(1, undefined);
    expect('private_reports' in before).toBe(false);
    for (const s of before.tracks)
      for (const row of [...s.reference_runs, ...s.community]) expect('report_public' in row).toBe(false);
    const stored = parseIndexJson(indexJsonText(before));
    if (!stored.ok) throw new Error(stored.error.message);
    const files = render(stored.value);
    for (const path of reportFiles('conformite', 'p-ada')) expect(files.has(path), path).toBe(true);
    expect(text(files, INDEX_FILES.proofsHtml('conformite', 'p-ada', 'fr'))).toContain('data-status="unsupported"');
  });

  it('a private report with negative figures whose agent name is a model name blocks the export (LINT_MODEL_NAME_NEGATIVE on index.html)', () => {
    const doc = buildIndexDocument({
      ...{
        season: 1,
        indexVersion: 1,
        correctsVersion: null,
        exportedAtMs: Date.parse('2026-11-03T09:00:00.000Z'),
        signingKey: KEY,
        tracks: tracks(),
        referenceRuns: new Map(),
      },
      displayNames: new Map([['p-ada', 'Gemini helper']]),
      reportConsents: new Map(),
    });
    const findings = lintIndex({
      doc,
      files: render(doc),
      modelNames: DEFAULT_MODEL_AND_PROVIDER_NAMES,
      humourMarkers: DEFAULT_HUMOUR_MARKERS,
      secrets: [],
    });
    expect(findings.map((f) => [f.code, f.file, f.where])).toContainEqual([
      'LINT_MODEL_NAME_NEGATIVE',
      'index.html',
      'conformite/p-ada: agent name beside negative figures',
    ]);
  });
});
