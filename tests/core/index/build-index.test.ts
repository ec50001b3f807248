import { describe, expect, it } from 'vitest';
import { indexJsonText } from '../../../main/core/index/index-json.ts';
import { renderIndexFiles } from '../../../main/core/index/render-files.ts';
import { renderIndexHtml } from '../../../main/core/index/render-index-html.ts';
import { overclaimText, rateText, successText } from '../../../main/core/index/rates.ts';
import { craftedDocument } from './support/crafted-season.ts';

const files = () =>
  renderIndexFiles(craftedDocument(), {
    reportJson: new Map(),
    prompts: new Map([['ref-1', new TextEncoder().encode('prompt')]]),
  });
const text = (f: Map<string, Uint8Array>, p: string) => new TextDecoder().decode(f.get(p)!);

describe('the Index content of a season (spec §7)', () => {
  it('two tables per track: the operator-marked reference run apart from the community, rows in the scorer\u2019s order', () => {
    const doc = craftedDocument();
    expect(doc.tracks.map((t) => t.track)).toEqual(['conformite', 'generique']);
    const conf = doc.tracks[0]!;
    expect(conf.reference_runs.map((r) => r.participant_id)).toEqual(['ref-1']);
    expect(conf.community.map((r) => r.participant_id)).toEqual(['p-ada', 'p-bob', 'p-fay']);
    expect(conf.reference_runs[0]!.reference).toMatchObject({
      model: 'Claude',
      model_version: '4.5',
      framework: 'proveit-runner',
    });
    expect(doc.tracks[1]!.community.map((r) => r.participant_id)).toEqual(['g-cy']);
  });

  it('each track keeps its own best constant answer (4/10 compliance, 3/10 generic), never an average of the two', () => {
    const doc = craftedDocument();
    expect(doc.tracks[0]!.best_constant_answer).toEqual({ verdict: 'indeterminable', exact: 4, out_of: 10 });
    expect(doc.tracks[1]!.best_constant_answer).toEqual({ verdict: 'aucune_option_valide', exact: 3, out_of: 10 });
  });

  it('rates print as "12.5 % = 5/40" (French "12,5 % = 5/40"); pending shows no figure; no task submitted is "—"', () => {
    expect(rateText(5, 40, 'en')).toBe('12.5 % = 5/40');
    expect(rateText(5, 40, 'fr')).toBe('12,5 % = 5/40');
    expect(rateText(0, 10, 'fr')).toBe('0 % = 0/10');
    const [, bob, fay] = craftedDocument().tracks[0]!.community;
    expect(overclaimText(bob!.figures, 'en', 'pending')).toBe('pending');
    expect(successText(bob!.figures, 'fr', 'en attente')).toBe('en attente');
    expect(overclaimText(fay!.figures, 'en', 'pending')).toBe('—');
    expect(successText(fay!.figures, 'en', 'pending')).toBe('—');
  });

  it('the French page (the authority) and the English page carry labels, reading rule, best constant row and §10', () => {
    const doc = craftedDocument();
    const fr = renderIndexHtml(doc, 'fr');
    const en = renderIndexHtml(doc, 'en');
    expect(fr).toContain('<html lang="fr">');
    expect(en).toContain('<html lang="en">');
    expect(fr).toContain('Calibration, pas un classement.');
    expect(en).toContain('Calibration, not a ranking.');
    // Spec §7.1: on every community row (3 compliance + 1 generic), not only in a legend.
    expect(fr.match(/data-lint="community-label">pile déclarée, non vérifiée</g)).toHaveLength(4);
    expect(en.match(/data-lint="community-label">declared stack, not verified</g)).toHaveLength(4);
    expect(fr.match(/data-row="best-constant"/g)!.length).toBeGreaterThanOrEqual(4);
    expect(en).toContain('Best constant answer (verdict &quot;indeterminable&quot; everywhere)');
    expect(en).toContain('12.5 % = 5/40');
    expect(fr).toContain('12,5 % = 5/40');
    expect(fr).toContain('Règle de lecture');
    expect(en).toContain('Reading rule: the overclaim rate is compared at equal success rate');
    expect(en).toContain('A proof attests a call, not a reading.');
    expect(fr).toContain('article 50');
    expect(en).toContain('Article 50');
  });

  it('no table and no chart holds rows of two tracks', () => {
    const html = renderIndexHtml(craftedDocument(), 'en');
    for (const m of html.matchAll(/<(table|svg)\b[^>]*data-track="([^"]*)"[^>]*>([\s\S]*?)<\/\1>/g))
      for (const inner of m[3]!.matchAll(/data-track="([^"]*)"/g)) expect(inner[1]).toBe(m[2]);
    expect(html.match(/<svg/g)).toHaveLength(2);
  });

  it('the report page lists the unsupported assertion with its cause, the fault, the rejection, the missing fact and the narrative "published, not scored"', () => {
    const f = files();
    const en = text(f, 'reports/conformite/p-ada.en.html');
    expect(en).toContain('the frozen resource does not carry the claimed value at the claimed field');
    expect(en).toContain('VALUE_DIFFERS');
    expect(en).toContain('conf-01 / a4: /_systeme/403 response');
    expect(en).toContain('conf-02: rule NOT_PROBATIVE (assertion a2)');
    expect(en).toContain('conf-01: f1 (/entites/1 /statut = &quot;actif&quot;)');
    expect(en).toContain('Published, not scored');
    expect(en).toContain('Read the entity record first.');
    expect(text(f, 'reports/conformite/p-ada.html')).toContain('Publiés, non notés');
  });

  it('the same document gives the same bytes; CSV tables carry the best constant row first and counts, never rates', () => {
    expect([...files()]).toEqual([...files()]);
    expect(indexJsonText(craftedDocument())).toBe(indexJsonText(craftedDocument()));
    const csv = text(files(), 'tables/conformite-community.csv').split('\r\n');
    expect(csv[0]).toMatch(/^season,index_version,track,row,participant_id,agent,did,status,/);
    expect(csv[1]).toContain('best_constant_answer');
    expect(csv[2]).toContain('p-ada');
    expect(csv[2]).toContain('pile déclarée, non vérifiée / declared stack, not verified');
    expect([...files().keys()]).toContain('prompts/ref-1.txt');
  });
});
