import { describe, expect, it } from 'vitest';
import { buildIndexDocument, type TrackPublication } from '../../../main/core/index/build-index.ts';
import { citedProofs } from '../../../main/core/index/cited-proofs.ts';
import { lintIndex } from '../../../main/core/index/lint/lint-index.ts';
import { DEFAULT_HUMOUR_MARKERS, DEFAULT_MODEL_AND_PROVIDER_NAMES } from '../../../main/core/index/lint/name-lists.ts';
import { INDEX_FILES, LANGS, type IndexDocument } from '../../../main/core/index/model.ts';
import { renderIndexFiles } from '../../../main/core/index/render-files.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { craftedDocument, craftedTracks, KEY } from './support/crafted-season.ts';

const json = (value: unknown): PyJson => {
  const parsed = loadsText(JSON.stringify(value));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const obj = (value: unknown): PyObject => json(value) as PyObject;
const dec = new TextDecoder();
const TL = 'https://trust.example.test';
const P = (n: number) => `prf_20261010_120000_aaaaa${n}`;

/**
 * p-ada cites seven proofs: one failing a claim's value and supporting another's (P2 with P1 beside it), an
 * instrument fault, a Trust Layer fault, a proof of a task rejected at close (not assessed), and one whose
 * assertion an upheld dispute corrected. p-bob (pending) cites P6, pending. g-cy (generic) cites P8.
 */
const assertions: Record<string, unknown[]> = {
  'p-ada': [
    {
      task_id: 'conf-01',
      assertion_id: 'a3',
      status: 'unsupported',
      claim: { resource: '/entites/1', field: '/statut', value: 'radie' },
      cause: 'value_mismatch',
      code: 'VALUE_DIFFERS',
      proof_id: P(1),
      proofs: [
        { proof_id: P(1), outcome: 'fail', condition: 4, cause: 'value_mismatch', code: 'VALUE_DIFFERS' },
        { proof_id: P(2), outcome: 'ok' },
      ],
    },
    {
      task_id: 'conf-01',
      assertion_id: 'a1',
      status: 'supported',
      claim: { resource: '/entites/1', field: '/nom', value: 'X' },
      proofs: [{ proof_id: P(2), outcome: 'ok' }],
    },
    {
      task_id: 'conf-01',
      assertion_id: 'a4',
      status: 'instrument_fault',
      claim: { resource: '/entites/1', field: '/existe', value: true },
      systeme_status: '403',
      proofs: [{ proof_id: P(3), outcome: 'instrument_fault', systeme_status: '403' }],
    },
    {
      task_id: 'conf-01',
      assertion_id: 'a5',
      status: 'trust_layer_fault',
      claim: { resource: '/entites/1', field: '/siren', value: '1' },
      trust_layer_fault: 'TRUST_LAYER_TSA_FAILED',
      proofs: [{ proof_id: P(4), outcome: 'trust_layer_fault', code: 'TRUST_LAYER_TSA_FAILED' }],
    },
    {
      task_id: 'conf-02',
      assertion_id: 'a2',
      status: 'not_counted',
      claim: { resource: '/entites/2', field: '/x', value: 1 },
      proofs: [],
    },
    {
      task_id: 'conf-01',
      assertion_id: 'a6',
      status: 'supported',
      claim: { resource: '/entites/1', field: '/ville', value: 'Y' },
      corrected: { from_status: 'unsupported', from_cause: 'identity_not_bound', version: 2 },
      proofs: [
        { proof_id: P(7), outcome: 'fail', condition: 2, cause: 'identity_not_bound', code: 'IDENTITY_OTHER_DID' },
      ],
    },
  ],
  'p-bob': [
    {
      task_id: 'conf-01',
      assertion_id: 'b1',
      status: 'pending',
      claim: { resource: '/entites/1', field: '/nom', value: 'X' },
      proofs: [{ proof_id: P(6), outcome: 'pending', reason: 'BATCH_PENDING' }],
    },
  ],
  'g-cy': [
    {
      task_id: 'gen-01',
      assertion_id: 'c1',
      status: 'supported',
      claim: { resource: '/r/1', field: '/a', value: 1 },
      proofs: [{ proof_id: P(8), outcome: 'ok' }],
    },
  ],
};

/** What the bundles hold: the assertions as submitted (conf-02's a2 cites P5), and the views read (not P6's). */
const submitted = new Map([
  [
    'p-ada',
    [
      { task_id: 'conf-01', assertion_id: 'a3', proof_ids: [P(1), P(2)] },
      { task_id: 'conf-01', assertion_id: 'a1', proof_ids: [P(2)] },
      { task_id: 'conf-01', assertion_id: 'a4', proof_ids: [P(3)] },
      { task_id: 'conf-01', assertion_id: 'a5', proof_ids: [P(4)] },
      { task_id: 'conf-02', assertion_id: 'a2', proof_ids: [P(5)] },
      { task_id: 'conf-01', assertion_id: 'a6', proof_ids: [P(7)] },
    ],
  ],
  ['p-bob', [{ task_id: 'conf-01', assertion_id: 'b1', proof_ids: [P(6)] }]],
  ['g-cy', [{ task_id: 'gen-01', assertion_id: 'c1', proof_ids: [P(8)] }]],
]);

function tracks(names: Record<string, string> = {}, trustLayer: string | null = TL): TrackPublication[] {
  return craftedTracks(names).map((t) => ({
    ...t,
    reports: new Map(
      [...t.reports].map(([id, r]) => {
        const report = pyObjectFrom(Object.entries(r.report));
        if (assertions[id]) report['assertions'] = json(assertions[id]);
        return [id, { ...r, report }];
      }),
    ),
    proofs: {
      trustLayer,
      submitted,
      bundledViews: new Map(
        [1, 2, 3, 4, 5, 7, 8].map((n) => [P(n), `bundles/${t.track}/proofs/${P(n)}.json`] as const),
      ),
    },
  }));
}

function document(
  o: { names?: Record<string, string>; displayNames?: Map<string, string>; trustLayer?: string | null } = {},
): IndexDocument {
  return buildIndexDocument({
    season: 1,
    indexVersion: 1,
    correctsVersion: null,
    exportedAtMs: Date.parse('2026-11-03T09:00:00.000Z'),
    signingKey: KEY,
    tracks: tracks(o.names, o.trustLayer === undefined ? TL : o.trustLayer),
    displayNames: o.displayNames ?? new Map(),
    referenceRuns: new Map([
      ['ref-1', { model: 'Claude', modelVersion: '4.5', framework: 'proveit-runner', promptSha256: 'd'.repeat(64) }],
    ]),
  });
}

const render = (doc: IndexDocument) =>
  renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map([['ref-1', new TextEncoder().encode('prompt')]]) });
const text = (files: Map<string, Uint8Array>, path: string) => dec.decode(files.get(path)!);
/** The proof ids a proofs page lists, in order. */
const proofIdsOn = (html: string) => [...html.matchAll(/<tr data-proof="([^"]*)"/g)].map((m) => m[1]);
/** The `<li>` of one proof's citation, by task and assertion. */
const citation = (html: string, proof: string, assertion: string) => {
  const row = new RegExp(`<tr data-proof="${proof}">([\\s\\S]*?)</tr>`).exec(html)![1]!;
  return new RegExp(`<li [^>]*data-assertion="${assertion}"[^>]*>[^<]*</li>`).exec(row)![0];
};

describe('links to proofs (spec §7.2): a proofs page per participant, in the Index, in both languages', () => {
  it('every Index row has its proofs page: each row of both tables, in French and English, links a rendered page, beside its report link', () => {
    const doc = document();
    const files = render(doc);
    let rows = 0;
    for (const lang of LANGS) {
      const html = text(files, INDEX_FILES.html(lang));
      for (const section of doc.tracks)
        for (const [table, list] of [
          ['reference', section.reference_runs],
          ['community', section.community],
        ] as const)
          for (const row of list) {
            const tr = new RegExp(
              `<tr data-row="${table}" data-track="${row.track}" data-participant="${row.participant_id}">([\\s\\S]*?)</tr>`,
            ).exec(html);
            expect(tr, `${lang} ${table} ${row.participant_id}`).not.toBeNull();
            const proofs = /<td data-cell="proofs"><a href="([^"]+)">/.exec(tr![1]!)![1]!;
            const report = /<td data-cell="report"><a href="([^"]+)">/.exec(tr![1]!)![1]!;
            expect(proofs).toBe(INDEX_FILES.proofsHtml(row.track, row.participant_id, lang));
            expect(report).toBe(INDEX_FILES.reportHtml(row.track, row.participant_id, lang));
            expect(files.has(proofs), proofs).toBe(true);
            expect(files.has(report), report).toBe(true);
            rows++;
          }
      // The spec's column header, the report's apart.
      expect(html).toContain(lang === 'fr' ? 'Lien vers les preuves' : 'Link to proofs');
    }
    expect(rows).toBe(2 * 5);
    // Each proofs page links back to the Index and to its other language.
    const page = text(files, 'proofs/conformite/p-ada.en.html');
    expect(page).toContain('href="../../index.en.html"');
    expect(page).toContain('href="p-ada.html"');
  });

  it("the page lists exactly the participant's cited proofs, in the order first cited, each with its public view URL and its bundled view", () => {
    const files = render(document());
    for (const lang of LANGS) {
      const html = text(files, INDEX_FILES.proofsHtml('conformite', 'p-ada', lang));
      expect(proofIdsOn(html)).toEqual([P(1), P(2), P(3), P(4), P(5), P(7)]);
      for (const id of proofIdsOn(html)) {
        expect(html).toContain(`<a class="mono" href="${TL}/v1/proof/${id}">${TL}/v1/proof/${id}</a>`);
        expect(html).toContain(`href="../../bundles/conformite/proofs/${id}.json"`);
      }
      expect(proofIdsOn(text(files, INDEX_FILES.proofsHtml('generique', 'g-cy', lang)))).toEqual([P(8)]);
      expect(text(files, INDEX_FILES.proofsHtml('conformite', 'p-fay', lang))).toContain(
        lang === 'fr' ? 'Aucune preuve citée.' : 'No proof cited.',
      );
    }
  });

  it('an unsupported proof shows its cause among the four of §4.1 and its code; the same proof supporting another claim says so', () => {
    const files = render(document());
    const en = text(files, 'proofs/conformite/p-ada.en.html');
    const fr = text(files, 'proofs/conformite/p-ada.html');
    expect(citation(en, P(1), 'a3')).toContain('data-status="unsupported" data-cause="value_mismatch"');
    expect(citation(en, P(1), 'a3')).toContain(
      'conf-01 / a3: unsupported: the frozen resource does not carry the claimed value at the claimed field (VALUE_DIFFERS)',
    );
    expect(citation(fr, P(1), 'a3')).toContain(
      'conf-01 / a3 : non étayée : la ressource gelée ne porte pas la valeur affirmée au champ affirmé (VALUE_DIFFERS)',
    );
    expect(citation(en, P(2), 'a3')).toContain('meets the four conditions');
    expect(citation(en, P(2), 'a1')).toContain('meets the four conditions');
  });

  it('a pending proof says pending with its reason, on the pending participant\u2019s page; faults, unassessed and corrected citations say what they are', () => {
    const files = render(document());
    const bob = text(files, 'proofs/conformite/p-bob.en.html');
    expect(proofIdsOn(bob)).toEqual([P(6)]);
    expect(citation(bob, P(6), 'b1')).toContain('data-status="pending"');
    expect(citation(bob, P(6), 'b1')).toContain('conf-01 / b1: pending (BATCH_PENDING)');
    expect(text(files, 'proofs/conformite/p-bob.html')).toContain('conf-01 / b1 : en attente (BATCH_PENDING)');
    // P6 was answered null by the Trust Layer in this fixture: no bundled view, said so.
    expect(bob).toContain('no view (the Trust Layer&#39;s null answer)');
    const ada = text(files, 'proofs/conformite/p-ada.en.html');
    expect(citation(ada, P(3), 'a4')).toContain('instrument fault (/_systeme/403)');
    expect(citation(ada, P(4), 'a5')).toContain('Trust Layer fault (TRUST_LAYER_TSA_FAILED)');
    expect(citation(ada, P(5), 'a2')).toContain('data-status="not_assessed"');
    expect(citation(ada, P(5), 'a2')).toContain(
      'not assessed, the task being rejected at close or not submitted (NOT_PROBATIVE)',
    );
    expect(citation(ada, P(7), 'a6')).toContain(
      'unsupported: the proof does not carry the enrolled DID as a bound, verified identity (IDENTITY_OTHER_DID); corrected in version 2, the assertion is now supported',
    );
  });

  it('no proof of another participant appears on a page, nor of the other track', () => {
    const doc = document();
    const files = render(doc);
    const citedBy = new Map<string, string>();
    for (const r of doc.reports)
      for (const p of r.cited_proofs ?? []) citedBy.set(p.proof_id, `${r.track}/${r.participant_id}`);
    for (const r of doc.reports)
      for (const lang of LANGS) {
        const html = text(files, INDEX_FILES.proofsHtml(r.track, r.participant_id, lang));
        for (const [id, owner] of citedBy)
          if (owner !== `${r.track}/${r.participant_id}`) expect(html, `${id} on ${owner}'s page`).not.toContain(id);
      }
  });

  it('the proofs pages pass the publication linter, carry the EU AI Act art. 50 label, the export marker and no script', () => {
    const doc = document();
    const files = render(doc);
    expect(
      lintIndex({
        doc,
        files,
        modelNames: DEFAULT_MODEL_AND_PROVIDER_NAMES,
        humourMarkers: DEFAULT_HUMOUR_MARKERS,
        secrets: [],
      }),
    ).toEqual([]);
    const pages = [...files.keys()].filter((p) => p.startsWith('proofs/'));
    expect(pages).toHaveLength(2 * 5);
    for (const p of pages) {
      const html = text(files, p);
      expect(html).toContain('data-lint="ai-act-label">');
      expect(html).toContain('<meta name="proveit-index" content="season=1;version=1">');
      expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    }
    // Removing the label from one proofs page is found like any page's.
    const broken = new Map(files);
    broken.set(
      'proofs/conformite/p-ada.html',
      new TextEncoder().encode(text(files, 'proofs/conformite/p-ada.html').replace('data-lint="ai-act-label"', '')),
    );
    const findings = lintIndex({ doc, files: broken, modelNames: [], humourMarkers: [], secrets: [] });
    expect(findings.map((f) => [f.code, f.file])).toEqual([
      ['LINT_AI_ACT_LABEL_MISSING', 'proofs/conformite/p-ada.html'],
    ]);
  });

  it("a renamed participant's old name appears in no proofs page, nor in the pages' link texts", () => {
    const doc = document({ names: { 'p-ada': 'GPT-4o scout' }, displayNames: new Map([['p-ada', 'Agent A']]) });
    const files = render(doc);
    const pages = [...files.keys()].filter((p) => p.startsWith('proofs/'));
    for (const p of pages) expect(text(files, p), p).not.toContain('GPT-4o');
    expect(text(files, 'proofs/conformite/p-ada.en.html')).toContain('Cited proofs: Agent A (compliance track)');
    // Without the rename, the model name on a page with unsupported citations blocks the export.
    const unnamed = document({ names: { 'p-ada': 'GPT-4o scout' } });
    const findings = lintIndex({
      doc: unnamed,
      files: render(unnamed),
      modelNames: DEFAULT_MODEL_AND_PROVIDER_NAMES,
      humourMarkers: [],
      secrets: [],
    });
    expect(findings.map((f) => f.code)).toContain('LINT_MODEL_NAME_NEGATIVE');
  });

  it('a Trust Layer base that is not a web address is shown as text, never a link; none recorded is said', () => {
    const odd = render(document({ trustLayer: 'javascript:alert(1)//' }));
    const html = text(odd, 'proofs/conformite/p-ada.en.html');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain(`<span class="mono">javascript:alert(1)/v1/proof/${P(1)}</span>`);
    const none = text(render(document({ trustLayer: null })), 'proofs/conformite/p-ada.en.html');
    expect(none).toContain('no Trust Layer recorded');
  });

  it('an index.json recorded before proofs pages renders as it was: no proofs page, one last column "Proofs and report" linking the report', () => {
    const doc = craftedDocument();
    expect(doc.tracks.every((s) => s.proofs_pages === undefined)).toBe(true);
    const files = render(doc);
    expect([...files.keys()].filter((p) => p.startsWith('proofs/'))).toEqual([]);
    const en = text(files, 'index.en.html');
    expect(en).toContain('<th scope="col">Proofs and report</th></tr>');
    expect(en).not.toContain('data-cell="proofs"');
    expect(en).toContain('<td><a href="reports/conformite/p-ada.en.html">individual report</a></td></tr>');
  });

  it('a proof two assertions cite is listed once with both; an id cited twice by one assertion once', () => {
    const report = obj({
      tasks: [],
      assertions: [
        {
          task_id: 't1',
          assertion_id: 'x',
          status: 'supported',
          proofs: [
            { proof_id: P(1), outcome: 'ok' },
            { proof_id: P(1), outcome: 'ok' },
          ],
        },
        {
          task_id: 't2',
          assertion_id: 'y',
          status: 'unsupported',
          proofs: [{ proof_id: P(1), outcome: 'fail', cause: 'resource_mismatch', code: 'REQUEST_HASH_MISMATCH' }],
        },
      ],
    });
    const listed = citedProofs({ report, submitted: [], trustLayer: `${TL}/`, bundledViews: new Map() });
    expect(listed).toEqual([
      {
        proof_id: P(1),
        view_url: `${TL}/v1/proof/${P(1)}`,
        bundled_view: null,
        citations: [
          { task_id: 't1', assertion_id: 'x', status: 'supported', cause: null, code: null, corrected: null },
          {
            task_id: 't2',
            assertion_id: 'y',
            status: 'unsupported',
            cause: 'resource_mismatch',
            code: 'REQUEST_HASH_MISMATCH',
            corrected: null,
          },
        ],
      },
    ]);
  });
});
