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

  it('each participant\u2019s dispute window end is in index.json and on the pages, in French and English; none while pending', () => {
    const doc = craftedDocument();
    const conf = doc.tracks[0]!;
    const ada = conf.community.find((r) => r.participant_id === 'p-ada')!;
    const bob = conf.community.find((r) => r.participant_id === 'p-bob')!;
    expect(ada.dispute_window_ends_at).toBe('2026-11-16T10:00:00.000Z');
    expect(bob.dispute_window_ends_at).toBeNull();
    expect(doc.reports.find((r) => r.participant_id === 'p-ada')!.dispute_window_ends_at).toBe(
      '2026-11-16T10:00:00.000Z',
    );
    const f = files();
    const window = (html: string, id: string) =>
      new RegExp(`<li data-participant="${id}">([^<]*)</li>`).exec(html)?.[1];
    expect(window(text(f, 'index.html'), 'p-ada')).toContain('contestation reçue jusqu’au 2026-11-16T10:00:00.000Z');
    expect(window(text(f, 'index.en.html'), 'p-ada')).toContain('a dispute is received until 2026-11-16T10:00:00.000Z');
    expect(window(text(f, 'index.en.html'), 'p-bob')).toContain('pending, no published figures to dispute');
    expect(text(f, 'reports/conformite/p-ada.en.html')).toContain('Disputes: received until 2026-11-16T10:00:00.000Z');
    expect(JSON.parse(text(f, 'index.json')).tracks[0].community[0].dispute_window_ends_at).toBe(
      '2026-11-16T10:00:00.000Z',
    );
  });

  it('an index.json recorded before the windows were published renders again without them, as it was exported', () => {
    const doc = craftedDocument();
    for (const t of doc.tracks)
      for (const row of [...t.reference_runs, ...t.community])
        delete (row as Partial<typeof row>).dispute_window_ends_at;
    for (const r of doc.reports) delete (r as Partial<typeof r>).dispute_window_ends_at;
    expect(renderIndexHtml(doc, 'fr')).not.toContain('data-section="dispute-windows"');
    const f = renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map([['ref-1', new Uint8Array()]]) });
    expect(text(f, 'reports/conformite/p-ada.html')).not.toContain('data-section="dispute-window"');
    expect(text(files(), 'reports/conformite/p-ada.html')).toContain('data-section="dispute-window"');
  });

  it('a report page lists the Trust Layer faults set aside and says "instrumentation check failed" for a missed control task', () => {
    const f = files();
    const ada = text(f, 'reports/conformite/p-ada.en.html');
    expect(ada).toContain('Trust Layer faults (outside overclaim, counted against no one)');
    expect(ada).toContain('conf-01 / a5: TRUST_LAYER_TSA_FAILED');
    expect(ada).not.toContain('data-section="instrumentation-check"');
    expect(text(f, 'reports/conformite/p-fay.en.html')).toContain(
      'Instrumentation check failed: the control task conf-07, which has no trap, is not exact and grounded',
    );
    expect(text(f, 'reports/conformite/p-fay.html')).toContain('Échec du contrôle');
    const doc = craftedDocument();
    for (const r of doc.reports) {
      delete (r as Partial<typeof r>).trust_layer_faults;
      delete (r as Partial<typeof r>).control_task;
    }
    const before = renderIndexFiles(doc, { reportJson: new Map(), prompts: new Map([['ref-1', new Uint8Array()]]) });
    expect(text(before, 'reports/conformite/p-fay.en.html')).not.toMatch(/Trust Layer faults|Instrumentation check/);
    const unanswered = craftedDocument();
    const fay = unanswered.reports.find((r) => r.participant_id === 'p-fay')!;
    fay.not_submitted = [...fay.not_submitted, { task_id: 'conf-07', reason: 'BELOW_MINIMUM' }];
    const never = renderIndexFiles(unanswered, {
      reportJson: new Map(),
      prompts: new Map([['ref-1', new Uint8Array()]]),
    });
    // A control task never submitted checked no instrument: no "instrumentation check failed" on its page.
    expect(text(never, 'reports/conformite/p-fay.en.html')).not.toContain('data-section="instrumentation-check"');
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

  it('both pages say publicly that the Trust Layer fault is an extension of spec §4.1, and how a failed token is bounded in time', () => {
    const doc = craftedDocument();
    const fr = renderIndexHtml(doc, 'fr');
    const en = renderIndexHtml(doc, 'en');
    expect(en).toContain(
      '<h2 id="trust-layer-faults">Trust Layer faults: a rule of this Index, beyond the specification</h2>',
    );
    expect(en).toMatch(/§4\.1 knows four causes .* it has no category for a proof whose RFC 3161 token or Rekor entry/);
    expect(en).toMatch(/integration time, signed by the log: the call came before it.*ANCHOR_BEFORE_OPENING/);
    expect(fr).toContain('<h2 id="trust-layer-faults">Défauts du Trust Layer : une règle de cet Index');
    expect(fr).toMatch(/il n&#39;a pas de catégorie|il n'a pas de catégorie/);
    expect(fr).toContain('ANCHOR_BEFORE_OPENING');
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
