import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SeasonTrackStatus } from '../../../renderer/src/api/operations.ts';
import { en } from '../../../renderer/src/i18n/en.ts';
import { fr } from '../../../renderer/src/i18n/fr.ts';
import { pluralOf } from '../../../renderer/src/i18n/plural.ts';

// Every counted word of both catalogues takes the form its language's plural rules give (Intl.PluralRules): French
// puts 0 and 1 in "one", English 1 only. Each family below is the messages of one screen or panel.

/** DECIDE_DISPUTES reads the three dispute counts of a track's status only. */
const undecided = (open: number): SeasonTrackStatus =>
  ({ disputes_open: open, disputes_overdue: 0, disputes_at_risk: 1 }) as SeasonTrackStatus;
const at = (iso: string | null): string => iso ?? '—';

describe('the plural of the catalogue’s language', () => {
  it('French 0 and 1 take the singular (0 tâche, 1 tâche, 2 tâches)', () => {
    expect([0, 1, 2].map(fr.season.tasks)).toEqual(['0 tâche', '1 tâche', '2 tâches']);
  });

  it('English 0 takes the plural (0 tasks, 1 task, 2 tasks)', () => {
    expect([0, 1, 2].map(en.season.tasks)).toEqual(['0 tasks', '1 task', '2 tasks']);
  });

  it('a French count of a million (CLDR "many") takes the plural form', () => {
    expect(fr.season.tasks(1_000_000)).toBe('1000000 tâches');
  });

  it('every {n} of the chosen form is the count, and a form without {n} is shown as written', () => {
    const plural = pluralOf('en');
    expect(plural(3, { one: 'one', other: '{n} of {n}' })).toBe('3 of 3');
    expect(plural(1, { one: 'this one', other: 'these {n}' })).toBe('this one');
  });

  it('no catalogue chooses a form by comparing a count with 1 or 2 by hand', () => {
    for (const file of ['en.ts', 'fr.ts']) {
      const text = readFileSync(new URL(`../../../renderer/src/i18n/${file}`, import.meta.url), 'utf8');
      expect(text, file).not.toMatch(/[!=]==?\s*1\b|[<>]=?\s*[12]\b/);
    }
  });
});

describe('counted messages, family by family, in English and French', () => {
  it('Season: tasks, undecided disputes, open incidents and the next step to decide disputes', () => {
    expect(fr.season.disputeCounts(0, 0, 0)).toBe('0 non tranchée · 0 à risque · 0 en retard');
    expect(fr.season.disputeCounts(2, 1, 0)).toBe('2 non tranchées · 1 à risque · 0 en retard');
    expect([0, 1, 2].map(fr.season.incidentCount)).toEqual(['0 ouvert', '1 ouvert', '2 ouverts']);
    const decideEn = en.season.nextByCode['DECIDE_DISPUTES']!;
    const decideFr = fr.season.nextByCode['DECIDE_DISPUTES']!;
    expect(decideEn(undecided(1), at)).toBe('Decide the undecided dispute before its deadline (0 overdue, 1 at risk).');
    expect(decideEn(undecided(2), at)).toBe(
      'Decide the 2 undecided disputes before their deadlines (0 overdue, 1 at risk).',
    );
    expect(decideFr(undecided(1), at)).toBe(
      'Tranchez la contestation en cours avant son échéance (0 en retard, 1 à risque).',
    );
    expect(decideFr(undecided(3), at)).toBe(
      'Tranchez les 3 contestations en cours avant leur échéance (0 en retard, 1 à risque).',
    );
  });

  it('the live panel: proof counts, the backlog at the close and the reads chart’s text alternative', () => {
    expect(fr.live.proofCounts(1, 0, 0, 1)).toBe(
      '1 lue et ancrée · 0 à relire (en attente, ou sans vue encore) · 0 pas encore lue (1 citée)',
    );
    expect(fr.live.proofCounts(2, 1, 3, 6)).toBe(
      '2 lues et ancrées · 1 à relire (en attente, ou sans vue encore) · 3 pas encore lues (6 citées)',
    );
    expect(en.live.backlogAt(1, 1, 'D', 1)).toBe(
      '1 cited proof (1 read) at the current pace, on D: of the 1 not read and anchored now, and those cited in the last cycle',
    );
    expect(en.live.backlogAt(4, 2, 'D', 3)).toContain('4 cited proofs (2 reads) at the current pace, on D');
    expect(fr.live.backlogAt(1, 1, 'D', 1)).toContain('1 preuve citée (1 lecture) au rythme actuel, le D');
    expect(fr.live.backlogAt(4, 2, 'D', 3)).toContain('4 preuves citées (2 lectures) au rythme actuel, le D');
    // Nothing cited now waits: what is left at the close is only what the last cycle before it will see arrive.
    expect(en.live.backlogAt(12, 1, 'D', 0)).toBe(
      'nothing of what is cited now; at the current pace, the proofs cited in the last cycle before the close on D: about 12 cited proofs (1 read)',
    );
    expect(en.live.chartAlt(5, 3, 1, 0)).toContain('against the limit of 1 read an hour; 0 counted');
    expect(en.live.chartAlt(5, 3, 100, 2)).toContain('against the limit of 100 reads an hour; 2 counted');
    expect(fr.live.chartAlt(5, 3, 100, 0)).toContain('limite de 100 lectures par heure ; 0 comptée dans');
    expect(fr.live.chartAlt(5, 3, 100, 2)).toContain('limite de 100 lectures par heure ; 2 comptées dans');
  });

  it('Scoring: the replay’s files and the participants shown', () => {
    expect(en.scoring.replayIdentical(1, 3)).toBe(
      'Replay of close 3 identical: 1 file recomputed from its bundle, byte for byte the one that close wrote.',
    );
    expect(en.scoring.replayIdentical(0, 3)).toMatch(
      /^Replay of close 3 identical: 0 files recomputed .* the ones that close wrote\.$/,
    );
    expect(fr.scoring.replayIdentical(1, 3)).toBe(
      'Rejeu de la clôture 3 identique : 1 fichier recalculé depuis son paquet, octet pour octet celui que cette clôture a écrit.',
    );
    expect(fr.scoring.replayIdentical(7, 3)).toMatch(
      /^Rejeu de la clôture 3 identique : 7 fichiers recalculés .* ceux que cette clôture a écrits\.$/,
    );
    expect(en.scoring.shown(1, 1)).toBe('1 of 1 participant shown');
    expect(en.scoring.shown(0, 0)).toBe('0 of 0 participants shown');
    expect(en.scoring.shown(1, 1000)).toBe('1 of 1000 participants shown');
    expect(fr.scoring.shown(0, 12)).toBe('0 participant affiché sur 12');
    expect(fr.scoring.shown(20, 1000)).toBe('20 participants affichés sur 1000');
  });

  it('a participant’s report: supported, unsupported and instrument faults per task', () => {
    expect(en.report.taskCounts(3, 1, 0)).toBe('3 supported, 1 unsupported, 0 instrument faults');
    expect(en.report.taskCounts(3, 1, 1)).toBe('3 supported, 1 unsupported, 1 instrument fault');
    expect(fr.report.taskCounts(0, 1, 0)).toBe('0 étayée, 1 non étayée, 0 défaut d’instrument');
    expect(fr.report.taskCounts(3, 2, 2)).toBe('3 étayées, 2 non étayées, 2 défauts d’instrument');
  });

  it('Audit: the verification’s entries and quoted heads, the log’s caption', () => {
    expect(en.audit.intact(1, 1)).toBe('Intact: 1 entry, 1 quoted head matches.');
    expect(en.audit.intact(120, 0)).toBe('Intact: 120 entries, 0 quoted heads match.');
    expect(fr.audit.intact(1, 0)).toBe('Intact : 1 entrée, 0 tête citée concorde.');
    expect(fr.audit.intact(120, 2)).toBe('Intact : 120 entrées, 2 têtes citées concordent.');
    expect(en.audit.caption(1)).toBe('Audit log (1 entry)');
    expect(en.audit.caption(0)).toBe('Audit log (0 entries)');
    expect(fr.audit.caption(0)).toBe('Journal d’audit (0 entrée)');
    expect(fr.audit.caption(120)).toBe('Journal d’audit (120 entrées)');
  });

  it('Index: the findings that block the export and the files exported', () => {
    expect(en.index.findingsCaption(1)).toBe('1 finding blocks the export');
    expect(en.index.findingsCaption(2)).toBe('2 findings block the export');
    expect(fr.index.findingsCaption(1)).toBe('1 constat bloque l’export');
    expect(fr.index.findingsCaption(2)).toBe('2 constats bloquent l’export');
    expect(en.index.exportBlocked(1)).toMatch(/^Export is off while this finding remains:/);
    expect(en.index.exportBlocked(3)).toMatch(/^Export is off while these 3 findings remain:/);
    expect(fr.index.exportBlocked(1)).toMatch(/^L’export est désactivé tant que ce constat demeure :/);
    expect(fr.index.exportBlocked(3)).toMatch(/^L’export est désactivé tant que ces 3 constats demeurent :/);
    expect(en.index.exported(2, 1, 'out')).toBe('Version 2 exported: 1 file in out.');
    expect(en.index.exported(2, 0, 'out')).toBe('Version 2 exported: 0 files in out.');
    expect(fr.index.exported(2, 0, 'out')).toBe('Version 2 exportée : 0 fichier dans out.');
    expect(fr.index.exported(2, 14, 'out')).toBe('Version 2 exportée : 14 fichiers dans out.');
  });

  it('Corpus: the resources the check covers', () => {
    expect(en.corpus.checkOk(1)).toBe('The corpus checks: 1 resource.');
    expect(en.corpus.checkOk(0)).toBe('The corpus checks: 0 resources.');
    expect(fr.corpus.checkOk(1)).toBe('Le corpus est conforme : 1 ressource.');
    expect(fr.corpus.checkOk(40)).toBe('Le corpus est conforme : 40 ressources.');
  });

  it('Proofs: progress, quota, cache and a read job’s outcome', () => {
    expect(en.proofs.progressLabel(0, 1)).toBe('0 of 1 proof read');
    expect(en.proofs.progressLabel(1, 10)).toBe('1 of 10 proofs read');
    expect(fr.proofs.progressLabel(1, 10)).toBe('1 preuve lue sur 10');
    expect(fr.proofs.progressLabel(3, 10)).toBe('3 preuves lues sur 10');
    expect(en.proofs.quota(1, 99, 100)).toBe('Quota now: 1 read used, 99 left of 100 per hour');
    expect(en.proofs.quota(0, 100, 100)).toBe('Quota now: 0 reads used, 100 left of 100 per hour');
    expect(fr.proofs.quota(0, 1, 100)).toBe('Quota actuel : 0 lecture utilisée, 1 restante sur 100 par heure');
    expect(fr.proofs.quota(2, 98, 100)).toBe('Quota actuel : 2 lectures utilisées, 98 restantes sur 100 par heure');
    expect(en.proofs.cache(1, 1, 0)).toBe('1 proof view, 1 log entry, 0 absent');
    expect(en.proofs.cache(0, 2, 1)).toBe('0 proof views, 2 log entries, 1 absent');
    expect(fr.proofs.cache(1, 0, 1)).toBe('1 vue de preuve, 0 entrée de journal, 1 absente');
    expect(fr.proofs.cache(2, 3, 4)).toBe('2 vues de preuves, 3 entrées de journal, 4 absentes');
    expect(en.proofs.outcome(1, 1, 0, 1)).toBe('1 proof to read: 1 anchored, 0 still pending or refused, 1 read used.');
    expect(en.proofs.outcome(2, 0, 2, 0)).toBe(
      '2 proofs to read: 0 anchored, 2 still pending or refused, 0 reads used.',
    );
    expect(fr.proofs.outcome(1, 0, 1, 1)).toBe(
      '1 preuve à lire : 0 ancrée, 1 encore en attente ou refusée, 1 lecture utilisée.',
    );
    expect(fr.proofs.outcome(5, 3, 2, 2)).toBe(
      '5 preuves à lire : 3 ancrées, 2 encore en attente ou refusées, 2 lectures utilisées.',
    );
  });
});
