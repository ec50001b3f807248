import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../main/core/corpus/generique/domain.ts';
import { MAX_VERDICT_LENGTH } from '../../../main/core/intake/bounds.ts';
import { describeVerdictSet, INTAKE_VERDICT_SETS, verdictAccepted } from '../../../main/core/intake/verdicts.ts';
import { isPyObject, type PyObject } from '../../../main/core/json/value.ts';
import { demoSeasonJson } from './support/season-1.ts';

const conformite = INTAKE_VERDICT_SETS['conformite']!;
const generique = INTAKE_VERDICT_SETS['generique']!;

describe('verdict sets (spec §5.3, §6.3)', () => {
  it('the compliance track accepts exactly conforme, non_conforme and indeterminable', () => {
    expect(conformite.values).toEqual(['conforme', 'non_conforme', 'indeterminable']);
    expect(conformite.form).toBeUndefined();
    expect(describeVerdictSet(conformite)).toBe('"conforme", "non_conforme" or "indeterminable"');
  });

  it('the generic track accepts every product reference the demo season serves', () => {
    const files = readdirSync(new URL('../../../corpus/season-1/generique/responses/produits/', import.meta.url));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const body = demoSeasonJson(`generique/responses/produits/${file}`) as PyObject;
      const reference = file.replace(/\.json$/, '');
      if (body['existe'] === true) expect(body['reference']).toBe(reference);
      expect(verdictAccepted(generique, reference), reference).toBe(true);
    }
  });

  it('the generic track accepts every verdict of the demo answer key, so intake never refuses a right answer', () => {
    const key = demoSeasonJson('generique/sealed/answer-key.json') as PyObject;
    const verdicts = (key['tasks'] as PyObject[]).map((t) => t['verdict'] as string);
    expect(verdicts).toContain('aucune_option_valide');
    for (const verdict of verdicts) expect(verdictAccepted(generique, verdict), verdict).toBe(true);
  });

  it('the generic track accepts the generator form for every category prefix (<prefix>-1000 to <prefix>-9999)', () => {
    for (const category of CATEGORIES) {
      expect(verdictAccepted(generique, `${category.prefixe}-1000`)).toBe(true);
      expect(verdictAccepted(generique, `${category.prefixe}-9999`)).toBe(true);
    }
  });

  it.each([
    'conforme',
    'pap-1613',
    'PAP1613',
    'PAP-',
    '-1613',
    'PAP-16a3',
    ' PAP-1613',
    'PAP-1613\n',
    '/produits/PAP-1613',
    '',
    `${'P'.repeat(MAX_VERDICT_LENGTH - 4)}-1234X`,
  ])('the generic track refuses %j', (verdict) => {
    expect(verdictAccepted(generique, verdict)).toBe(false);
  });

  it(`a product reference is at most ${MAX_VERDICT_LENGTH} characters`, () => {
    expect(verdictAccepted(generique, `${'P'.repeat(MAX_VERDICT_LENGTH - 5)}-1234`)).toBe(true);
    expect(verdictAccepted(generique, `${'P'.repeat(MAX_VERDICT_LENGTH - 4)}-1234`)).toBe(false);
  });

  it('the demo catalogue pages link products as /produits/<reference>', () => {
    const page = demoSeasonJson('generique/responses/catalogues/papier-a4/page-1.json') as PyObject;
    const entries = (page['entrees'] as PyObject[]).filter(isPyObject);
    for (const entry of entries) {
      const reference = (entry['reference'] as string).replace(/^\/produits\//, '');
      expect(verdictAccepted(generique, reference)).toBe(true);
    }
  });
});
