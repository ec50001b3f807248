import { codePointLabel, normalizeName } from '../../names/name-text.ts';
import { startsAsFormula } from '../csv-cell.ts';
import { esc } from '../html.ts';
import {
  INDEX_FILES,
  LANGS,
  type IndexDocument,
  type IndexRow,
  type PrivateReport,
  type ReportSummary,
} from '../model.ts';
import { TEXTS } from '../texts.ts';
import { skeleton } from './confusable-skeleton.ts';

/**
 * Stable codes (API: never renamed, never reused), one per publication rule of spec §7.3 (docs/index-export.md
 * "Publication rules, enforced at export (the linter)").
 */
export type LintCode =
  | 'LINT_MODEL_NAME_NEGATIVE'
  | 'LINT_HUMOUR_OR_EMOJI'
  | 'LINT_COMMUNITY_LABEL_MISSING'
  | 'LINT_AI_ACT_LABEL_MISSING'
  | 'LINT_TRACKS_MIXED'
  | 'LINT_SECRET'
  | 'LINT_FORMULA_TEXT'
  | 'LINT_NAME_DUPLICATE'
  | 'LINT_NAME_CONFUSABLE';

export interface LintFinding {
  code: LintCode;
  /** The export file concerned (relative path). */
  file: string;
  /** Where in it: a section, a row or a field. */
  where: string;
  /** The CLI's sentence: what was found and the command that fixes it. */
  message: string;
  /**
   * What was found, as facts (the name, the field, the character...), from which the console words the finding and its
   * fix in the screen's language and as the screen's act, not as a command (docs/console.md "Screens"). Each code's
   * keys are listed at LintFacts.
   */
  facts: LintFacts;
  /**
   * The operator's act that removes the finding, when one does: the participant's display name (spec §7.2), its
   * declared stack (spec §7.1) or its reference run record (spec §7.1). Absent for a finding no such act fixes (the
   * rendering's faults, a secret, a correction's reason). The console shows the control for it (docs/console.md
   * "Screens").
   */
  fix?: LintFix;
}

/**
 * The facts of a finding, by code: LINT_MODEL_NAME_NEGATIVE {name, site: agent | correction | declared_stack |
 * agent_name, lists: the report lists the name heads, comma-separated: unsupported, instrument_faults,
 * rejected_at_close, not_submitted}; LINT_HUMOUR_OR_EMOJI {site: agent | text, marker?} (no marker: an emoji); LINT_COMMUNITY_LABEL_MISSING
 * and LINT_AI_ACT_LABEL_MISSING {place: page | data}; LINT_TRACKS_MIXED {track, other?} (no other: two sections);
 * LINT_SECRET {kind}; LINT_FORMULA_TEXT {field: agent | model | model_version | framework, character};
 * LINT_NAME_DUPLICATE {name, other_participant_id, other_track}; LINT_NAME_CONFUSABLE {name, other_name,
 * other_participant_id, other_track, position, code_point, other_code_point} (the first character where the two names
 * differ, 1-based in NFC; other_code_point "none" when the other name ends there).
 */
export type LintFacts = Readonly<Record<string, string>>;

export interface LintFix {
  act: 'display_name' | 'declared_stack' | 'reference';
  track: string;
  participant_id: string;
}

const fixOf = (act: LintFix['act'], row: { track: string; participant_id: string }): LintFix => ({
  act,
  track: row.track,
  participant_id: row.participant_id,
});

/** A secret the export must never hold, named by its kind only (its value is never printed). */
export interface KnownSecret {
  kind: string;
  value: string;
}

export interface LintInput {
  doc: IndexDocument;
  files: ReadonlyMap<string, Uint8Array>;
  modelNames: readonly string[];
  humourMarkers: readonly string[];
  secrets: readonly KnownSecret[];
  /**
   * The replay bundles the export publishes beside its pages (`bundles/<track>/...`, replay-files.ts), path → bytes:
   * read for the names they hold (bundleNameFindings). Absent: a draft made without them (pages only).
   */
  bundles?: ReadonlyMap<string, Uint8Array>;
}

const dec = new TextDecoder();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Case-insensitive, on word boundaries (letters, digits, '_' and '-' count as inside a word's neighbourhood). */
const wordRe = (w: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRe(w)}(?![\\p{L}\\p{N}_])`, 'iu');
const EMOJI = /\p{Extended_Pictographic}/u;

/** Secrets recognisable by their form alone: a private key block, a Trust Layer API key, a season token. */
const SECRET_PATTERNS: { kind: string; re: RegExp }[] = [
  { kind: 'private key (PEM)', re: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { kind: 'Trust Layer API key', re: /\bmcp_(?:free|pro|test|internal|enterprise)_[A-Za-z0-9_-]{8,}/ },
  { kind: 'season token', re: /\bsst_[A-Za-z0-9_-]{20,}/ },
];

/** The texts of a report that sit in a negative category (spec §7.3): unsupported assertions, failures, faults. */
function negativeTexts(r: ReportSummary): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (const u of r.unsupported)
    out.push({ where: `unsupported ${u.task_id}/${u.assertion_id}`, text: `${u.resource} ${u.field} ${u.value}` });
  for (const x of r.rejected_at_close) out.push({ where: `rejected at close ${x.task_id}`, text: x.rule });
  for (const c of r.corrections) out.push({ where: `correction ${c.task_id}/${c.assertion_id}`, text: c.reason });
  return out;
}

/**
 * The report's lists a name heads (spec §7.3, "a negative category"), in the page's order: what a finding names as
 * the reason the participant is checked, never "negative results" as such (a participant at 0 % overclaim can head a
 * list of tasks not submitted or of instrument faults).
 */
const negativeLists = (r: ReportSummary): string[] =>
  (
    [
      ['unsupported', r.unsupported.length],
      ['instrument_faults', r.instrument_faults.length],
      ['rejected_at_close', r.rejected_at_close.length],
      ['not_submitted', r.not_submitted.length],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([list]) => list);
const hasNegative = (r: ReportSummary) => negativeLists(r).length > 0;

/** The negative lists a private report's figures count (its detail is not published). */
const privateNegativeLists = (r: PrivateReport): string[] =>
  [
    ['unsupported', r.figures.overclaim?.unsupported ?? 0],
    ['instrument_faults', r.figures.instrument_faults],
  ]
    .filter(([, n]) => (n as number) > 0)
    .map(([list]) => list as string);

function modelNameFindings(input: LintInput, out: LintFinding[]): void {
  const names = namesOf(input);
  // A report kept private publishes no page: its agent name is shown beside the negative figures of its row.
  for (const r of input.doc.private_reports ?? []) {
    const lists = privateNegativeLists(r);
    if (lists.length === 0) continue;
    for (const { n, re } of names)
      if (re.test(r.agent))
        out.push({
          code: 'LINT_MODEL_NAME_NEGATIVE',
          file: INDEX_FILES.html('fr'),
          where: `${r.track}/${r.participant_id}: agent name beside negative figures`,
          message:
            `the model or provider name "${n}" appears in a negative category (spec §7.3, reference runs included): ` +
            `give the participant a display name: proveit participant rename --season ${input.doc.season} ` +
            `--participant ${r.participant_id} --display-name NAME`,
          facts: { name: n, site: 'agent', lists: lists.join(',') },
          fix: fixOf('display_name', r),
        });
  }
  for (const r of input.doc.reports) {
    if (!hasNegative(r)) continue;
    const file = INDEX_FILES.reportHtml(r.track, r.participant_id, 'fr');
    // The agent name heads every negative list of the page; the operator's correction reasons are free text. Claim
    // values are corpus data (fictional), not checked here: a common word of the list would block the export.
    const sites = [
      { where: 'agent name heading the negative lists', site: 'agent', text: r.agent, fix: fixOf('display_name', r) },
      ...r.corrections.map((c) => ({
        where: `correction ${c.task_id}/${c.assertion_id}`,
        site: 'correction',
        text: c.reason,
        fix: undefined,
      })),
    ];
    for (const site of sites)
      for (const { n, re } of names)
        if (re.test(site.text))
          out.push({
            code: 'LINT_MODEL_NAME_NEGATIVE',
            file,
            where: `${r.track}/${r.participant_id}: ${site.where}`,
            message:
              `the model or provider name "${n}" appears in a negative category (spec §7.3, reference runs included): ` +
              `give the participant a display name: proveit participant rename --season ${input.doc.season} ` +
              `--participant ${r.participant_id} --display-name NAME`,
            facts: { name: n, site: site.site, lists: negativeLists(r).join(',') },
            ...(site.fix ? { fix: site.fix } : {}),
          });
  }
}

/**
 * The names looked for (spec §7.3): the list given (shipped, or `--names`) and every reference run's model as the
 * Index's own model column publishes it (docs/index-export.md "Publication rules, enforced at export (the linter)"), so
 * a stored version is checked against the models it shows.
 */
function namesOf(input: LintInput): { n: string; re: RegExp }[] {
  const models = input.doc.tracks.flatMap((s) => s.reference_runs.map((r) => r.reference?.model ?? ''));
  return [...new Set([...input.modelNames, ...models])]
    .filter((n) => n.trim() !== '')
    .map((n) => ({ n, re: wordRe(n) }));
}

/**
 * A community row's `declared_stack` beside a participant whose report has negative results (spec §7.3;
 * docs/index-export.md "Publication rules, enforced at export (the linter)"): the participant's own text, shown on the
 * row of the Index table and in its CSV.
 */
function declaredStackFindings(input: LintInput, out: LintFinding[]): void {
  const names = namesOf(input);
  const negative = new Map([
    ...input.doc.reports.filter(hasNegative).map((r) => [`${r.track}/${r.participant_id}`, negativeLists(r).join(',')]),
    // A report kept private (docs/publications.md "Private reports, public by choice") shows its figures only: the
    // negative lists the row publishes are those its figures count.
    ...(input.doc.private_reports ?? [])
      .map((r) => [`${r.track}/${r.participant_id}`, privateNegativeLists(r).join(',')])
      .filter(([, lists]) => lists !== ''),
  ] as [string, string][]);
  for (const s of input.doc.tracks)
    for (const row of s.community) {
      if (!negative.has(`${row.track}/${row.participant_id}`)) continue;
      for (const { n, re } of names)
        if (re.test(row.declared_stack))
          out.push({
            code: 'LINT_MODEL_NAME_NEGATIVE',
            file: INDEX_FILES.csv(s.track, 'community'),
            where: `${s.track}/${row.participant_id}: declared_stack`,
            message:
              `the declared stack "${row.declared_stack}" names "${n}" on a row with negative results (spec §7.3): ` +
              `declare a stack naming no model or provider (spec §7.1, "declared by the operator"): proveit ` +
              `participant rename --season ${input.doc.season} --participant ${row.participant_id} --declared-stack TEXT`,
            facts: { name: n, site: 'declared_stack', lists: negative.get(`${row.track}/${row.participant_id}`)! },
            fix: fixOf('declared_stack', row),
          });
    }
}

/** The JSON copies of reports with negative content: their agent_name is a name shown in a negative category too. */
function reportJsonFindings(input: LintInput, out: LintFinding[]): void {
  const names = namesOf(input);
  for (const r of input.doc.reports) {
    if (!hasNegative(r)) continue;
    const bytes = input.files.get(r.report_json_file);
    if (!bytes) continue;
    let agent: unknown;
    try {
      agent = (JSON.parse(dec.decode(bytes)) as { agent_name?: unknown }).agent_name;
    } catch {
      continue;
    }
    if (typeof agent !== 'string') continue;
    for (const { n, re } of names)
      if (re.test(agent))
        out.push({
          code: 'LINT_MODEL_NAME_NEGATIVE',
          file: r.report_json_file,
          where: `${r.track}/${r.participant_id}: agent_name`,
          message: `the model or provider name "${n}" is the agent_name of a report with negative results: give the participant a display name (proveit participant rename)`,
          facts: { name: n, site: 'agent_name', lists: negativeLists(r).join(',') },
          fix: fixOf('display_name', r),
        });
  }
}

/** A value of a bundle file naming a participant (`participant_id` beside `agent_name` or `declared_stack`). */
interface BundleName {
  participantId: string;
  field: 'agent_name' | 'declared_stack';
  text: string;
}

/** Every object of a JSON value with a string `participant_id`, with the name fields it carries. */
function namesIn(value: unknown, out: BundleName[]): void {
  if (Array.isArray(value)) for (const v of value) namesIn(v, out);
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const id = o['participant_id'];
    if (typeof id === 'string')
      for (const field of ['agent_name', 'declared_stack'] as const) {
        const text = o[field];
        if (typeof text === 'string') out.push({ participantId: id, field, text });
      }
    for (const v of Object.values(o)) if (v !== null && typeof v === 'object') namesIn(v, out);
  }
}

/** The names a bundle file publishes: JSON documents and NDJSON lines; a file with no name field is not parsed. */
function bundleNames(bytes: Uint8Array): BundleName[] {
  const out: BundleName[] = [];
  const text = dec.decode(bytes);
  if (!text.includes('"agent_name"') && !text.includes('"declared_stack"')) return out;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      namesIn(JSON.parse(line), out);
    } catch {
      // Not one JSON value per line: the whole file as one document.
      try {
        namesIn(JSON.parse(text), out);
      } catch {
        // Not JSON: it names no participant by field.
      }
      break;
    }
  }
  return out;
}

/**
 * The replay bundles hold the season service's signed export and the scorer's outputs byte for byte
 * (docs/replay-bundle.md "The bundle"), so each participant's `agent_name` and `declared_stack` as enrolled: a display
 * name or a declared stack set by the operator changes the pages, not those bytes (issue 39 item 6). A model or
 * provider name there, for a participant whose report has negative results, is in a negative category as much as on
 * its page (spec §7.3): found in every bundle file that carries it, and no act on the Index removes it (the bundle
 * cannot change without breaking the replay), hence no `fix`. Since proveit-scorer/5 and export format 2 a close's
 * bundle carries no name: this reads the bundles of earlier closes (docs/index-export.md "Names in the replay
 * bundles").
 */
function bundleNameFindings(input: LintInput, out: LintFinding[]): void {
  if (!input.bundles) return;
  const names = namesOf(input);
  const markers = input.humourMarkers.map((m) => ({ m, re: wordRe(m) }));
  const negative = new Map(
    input.doc.reports.filter(hasNegative).map((r) => [`${r.track}/${r.participant_id}`, negativeLists(r).join(',')]),
  );
  const prefix = `${INDEX_FILES.bundle('')}`;
  for (const [path, bytes] of input.bundles) {
    if (!path.startsWith(prefix)) continue;
    const track = path.slice(prefix.length).split('/')[0]!;
    const seen = new Set<string>();
    for (const found of bundleNames(bytes)) {
      const lists = negative.get(`${track}/${found.participantId}`);
      const key = `${found.participantId}\u0000${found.field}\u0000${found.text}`;
      if (lists === undefined || seen.has(key)) continue;
      seen.add(key);
      const where = `${track}/${found.participantId}: ${found.field} in the replay bundle`;
      const why =
        `the replay bundle publishes the season service's export and the scorer's outputs byte for byte, so a ` +
        `display name or declared stack set by the operator does not change it, and it cannot change without breaking ` +
        `the replay: close the track again with this version, whose bundles carry no name (proveit-scorer/5), and ` +
        `publish that close (docs/index-export.md "Names in the replay bundles")`;
      for (const { n, re } of names)
        if (re.test(found.text))
          out.push({
            code: 'LINT_MODEL_NAME_NEGATIVE',
            file: path,
            where,
            message: `the model or provider name "${n}" is the ${found.field} of participant ${found.participantId}, whose report has negative results (spec §7.3), in ${path}: ${why}`,
            facts: { name: n, site: `bundle_${found.field}`, lists },
          });
      if (found.field !== 'agent_name') continue;
      if (EMOJI.test(found.text))
        out.push({
          code: 'LINT_HUMOUR_OR_EMOJI',
          file: path,
          where,
          message: `an emoji in the agent_name of participant ${found.participantId}, on a named negative result (spec §7.3), in ${path}: ${why}`,
          facts: { site: 'bundle_agent_name' },
        });
      for (const { m, re } of markers)
        if (re.test(found.text))
          out.push({
            code: 'LINT_HUMOUR_OR_EMOJI',
            file: path,
            where,
            message: `"${m}" in the agent_name of participant ${found.participantId} reads as humour on a named negative result (spec §7.3), in ${path}: ${why}`,
            facts: { site: 'bundle_agent_name', marker: m },
          });
    }
  }
}

function humourFindings(input: LintInput, out: LintFinding[]): void {
  const markers = input.humourMarkers.map((m) => ({ m, re: wordRe(m) }));
  for (const r of input.doc.reports) {
    if (!hasNegative(r)) continue;
    const file = INDEX_FILES.reportHtml(r.track, r.participant_id, 'fr');
    const agentFix = fixOf('display_name', r);
    for (const site of [{ where: 'agent name', text: r.agent, fix: agentFix }, ...negativeTexts(r)]) {
      const fix = 'fix' in site ? { fix: site.fix } : {};
      if (EMOJI.test(site.text))
        out.push({
          code: 'LINT_HUMOUR_OR_EMOJI',
          file,
          where: `${r.track}/${r.participant_id}: ${site.where}`,
          message: 'an emoji on a named negative result (spec §7.3)',
          facts: { site: 'fix' in site ? 'agent' : 'text' },
          ...fix,
        });
      for (const { m, re } of markers)
        if (re.test(site.text))
          out.push({
            code: 'LINT_HUMOUR_OR_EMOJI',
            file,
            where: `${r.track}/${r.participant_id}: ${site.where}`,
            message: `"${m}" reads as humour on a named negative result (spec §7.3)`,
            facts: { site: 'fix' in site ? 'agent' : 'text', marker: m },
            ...fix,
          });
    }
  }
}

function communityLabelFindings(input: LintInput, out: LintFinding[]): void {
  for (const lang of LANGS) {
    const path = INDEX_FILES.html(lang);
    const html = input.files.get(path);
    if (!html) continue;
    const label = TEXTS[lang].communityLabel;
    for (const m of dec
      .decode(html)
      .matchAll(/<tr data-row="community"[^>]*data-participant="([^"]*)"[^>]*>([\s\S]*?)<\/tr>/g))
      if (!m[2]!.includes(`data-lint="community-label">${esc(label)}<`))
        out.push({
          code: 'LINT_COMMUNITY_LABEL_MISSING',
          file: path,
          where: `community row ${m[1]}`,
          message: `the row lacks "${label}" (spec §7.1: on every row, not only in a legend)`,
          facts: { place: 'page' },
        });
  }
  for (const s of input.doc.tracks) {
    const path = INDEX_FILES.csv(s.track, 'community');
    const csv = input.files.get(path);
    if (!csv) continue;
    const lines = dec
      .decode(csv)
      .split('\r\n')
      .filter((l) => l !== '');
    const header = lines[0]?.split(',') ?? [];
    const col = header.indexOf('stack_label');
    for (const l of lines.slice(2))
      if (col < 0 || !l.includes(TEXTS.en.communityLabel) || !l.includes(TEXTS.fr.communityLabel))
        out.push({
          code: 'LINT_COMMUNITY_LABEL_MISSING',
          file: path,
          where: `row ${l.split(',')[4] ?? ''}`,
          message: 'the CSV row lacks its stack_label',
          facts: { place: 'data' },
        });
  }
}

/**
 * The label of the JSON and CSV files (docs/index-export.md "CSV"): index.json's `ai_act_label`, each report's JSON
 * copy's when the document labels them (`report_copies_labelled`; a version exported before is written again as it
 * was), a CSV column on every row.
 */
function aiActDataFindings(input: LintInput, out: LintFinding[]): void {
  const missing = (file: string, where: string) =>
    out.push({
      code: 'LINT_AI_ACT_LABEL_MISSING',
      file,
      where,
      message:
        'the EU AI Act art. 50 label is missing (spec §7.3: the JSON and CSV files carry it as the pages do): ' +
        'export the latest publications, whose document carries it',
      facts: { place: 'data' },
    });
  const labelled = (bytes: Uint8Array) => {
    let label: unknown;
    try {
      label = (JSON.parse(dec.decode(bytes)) as { ai_act_label?: unknown }).ai_act_label;
    } catch {
      label = undefined;
    }
    const l = label as { fr?: unknown; en?: unknown } | undefined;
    return l?.fr === TEXTS.fr.aiActLabel && l.en === TEXTS.en.aiActLabel;
  };
  const json = input.files.get(INDEX_FILES.json);
  if (json && !labelled(json)) missing(INDEX_FILES.json, 'ai_act_label');
  if (input.doc.report_copies_labelled)
    for (const [path, bytes] of input.files)
      if (path.startsWith('reports/') && path.endsWith('.json') && !labelled(bytes)) missing(path, 'ai_act_label');
  for (const [path, bytes] of input.files) {
    if (!path.endsWith('.csv')) continue;
    const lines = dec
      .decode(bytes)
      .split('\r\n')
      .filter((l) => l !== '');
    if (!(lines[0]?.split(',') ?? []).includes('ai_act_label')) {
      missing(path, 'header');
      continue;
    }
    for (const [i, l] of lines.slice(1).entries())
      if (!l.includes(TEXTS.fr.aiActLabel) || !l.includes(TEXTS.en.aiActLabel)) missing(path, `row ${i + 1}`);
  }
}

function aiActFindings(input: LintInput, out: LintFinding[]): void {
  for (const [path, bytes] of input.files) {
    if (!path.endsWith('.html')) continue;
    const lang = path.endsWith('.en.html') ? 'en' : 'fr';
    if (!dec.decode(bytes).includes(`data-lint="ai-act-label">${esc(TEXTS[lang].aiActLabel)}<`))
      out.push({
        code: 'LINT_AI_ACT_LABEL_MISSING',
        file: path,
        where: 'page header',
        message: 'the EU AI Act art. 50 label is missing (spec §7.3: on the Index and on every report)',
        facts: { place: 'page' },
      });
  }
}

function trackMixFindings(input: LintInput, out: LintFinding[]): void {
  const seen = new Set<string>();
  for (const s of input.doc.tracks) {
    if (seen.has(s.track))
      out.push({
        code: 'LINT_TRACKS_MIXED',
        file: INDEX_FILES.json,
        where: `tracks ${s.track}`,
        message: 'two sections for one track',
        facts: { track: s.track },
      });
    seen.add(s.track);
    for (const row of [...s.reference_runs, ...s.community])
      if (row.track !== s.track)
        out.push({
          code: 'LINT_TRACKS_MIXED',
          file: INDEX_FILES.json,
          where: `${s.track} table, row ${row.participant_id}`,
          message: `a ${row.track} row in the ${s.track} table (spec §6.6)`,
          facts: { track: s.track, other: row.track },
        });
  }
  for (const lang of LANGS) {
    const path = INDEX_FILES.html(lang);
    const html = input.files.get(path);
    if (!html) continue;
    const text = dec.decode(html);
    for (const m of text.matchAll(/<(table|svg)\b[^>]*data-track="([^"]*)"[^>]*>([\s\S]*?)<\/\1>/g))
      for (const inner of m[3]!.matchAll(/data-track="([^"]*)"/g))
        if (inner[1] !== m[2])
          out.push({
            code: 'LINT_TRACKS_MIXED',
            file: path,
            where: `${m[1]} of track ${m[2]}`,
            message: `holds an element of track ${inner[1]} (spec §6.6: never the same table or chart)`,
            facts: { track: m[2]!, other: inner[1]! },
          });
  }
}

function secretFindings(input: LintInput, out: LintFinding[]): void {
  const secrets = input.secrets.filter((s) => s.value.length >= 12);
  // Every published byte: the pages and the replay bundles copied beside them (issue 39 item 6).
  for (const [path, bytes] of [...input.files, ...(input.bundles ?? [])]) {
    const text = dec.decode(bytes);
    for (const s of secrets)
      if (text.includes(s.value))
        out.push({
          code: 'LINT_SECRET',
          file: path,
          where: s.kind,
          message: `the file holds a secret (${s.kind}); nothing is written`,
          facts: { kind: s.kind },
        });
    for (const p of SECRET_PATTERNS)
      if (p.re.test(text))
        out.push({
          code: 'LINT_SECRET',
          file: path,
          where: p.kind,
          message: `the file holds what has the form of a secret (${p.kind}); nothing is written`,
          facts: { kind: p.kind },
        });
  }
}

/**
 * Names a spreadsheet would read as a formula (OWASP CSV injection; docs/index-export.md "CSV"): the CSV writes them
 * inert (csvCell), but they are the operator's to choose (spec §7.2 "agent (name chosen by the operator)"), so staff
 * see and replace them before export. The declared stack is not a finding: the season service refuses such text at
 * enrollment, `participant rename --declared-stack` refuses it too, and the CSV makes any inert.
 */
function formulaTextFindings(input: LintInput, out: LintFinding[]): void {
  const season = input.doc.season;
  for (const s of input.doc.tracks)
    for (const [table, rows] of [
      ['reference', s.reference_runs],
      ['community', s.community],
    ] as const)
      for (const row of rows) {
        const where = `${s.track}/${row.participant_id}`;
        const file = INDEX_FILES.csv(s.track, table);
        if (startsAsFormula(row.agent))
          out.push({
            code: 'LINT_FORMULA_TEXT',
            file,
            where: `${where}: agent`,
            message:
              `the agent name starts with ${JSON.stringify(row.agent[0])}, which a spreadsheet reads as a formula: ` +
              `give the participant a display name: proveit participant rename --season ${season} ` +
              `--participant ${row.participant_id} --display-name NAME`,
            facts: { field: 'agent', character: row.agent[0]! },
            fix: fixOf('display_name', row),
          });
        const ref = row.reference;
        for (const [field, text] of ref
          ? ([
              ['model', ref.model],
              ['model_version', ref.model_version],
              ['framework', ref.framework],
            ] as const)
          : [])
          if (startsAsFormula(text))
            out.push({
              code: 'LINT_FORMULA_TEXT',
              file,
              where: `${where}: ${field}`,
              message:
                `the reference run's ${field} starts with ${JSON.stringify(text[0])}, which a spreadsheet reads as a ` +
                `formula: mark it again with proveit participant reference --season ${season} ` +
                `--participant ${row.participant_id}`,
              facts: { field, character: text[0]! },
              fix: fixOf('reference', row),
            });
      }
}

/** The first character (1-based, in NFC) where two names differ, and what each holds there ("none": it ended). */
function firstDifference(
  name: string,
  other: string,
): { position: string; code_point: string; other_code_point: string } {
  const a = [...normalizeName(name)];
  const b = [...normalizeName(other)];
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const label = (ch: string | undefined) => (ch === undefined ? 'none' : codePointLabel(ch));
  return { position: String(i + 1), code_point: label(a[i]), other_code_point: label(b[i]) };
}

/**
 * Two participants the Index shows under one name, or under names that read alike (docs/index-export.md "Names that
 * look alike"): a copy of another's name, or the same with a Cyrillic е for a Latin e, a default-ignorable character
 * inserted, a digit 1 for an l, is a row passing itself off as another beside it. Names are compared in NFC (the same
 * text, LINT_NAME_DUPLICATE) and by their UTS #39 skeletons (confusable-skeleton.ts: LINT_NAME_CONFUSABLE). One
 * finding a pair, naming both rows; its fix is the display name of one of them: a community row's rather than a
 * reference run's (the operator names reference runs), else the later in the Index's order.
 */
function nameCollisionFindings(input: LintInput, out: LintFinding[]): void {
  const season = input.doc.season;
  // One entry per participant and name: a participant of both tracks shows its one name twice.
  const rows: { row: IndexRow; reference: boolean }[] = [];
  const seen = new Set<string>();
  for (const s of input.doc.tracks)
    for (const [reference, list] of [
      [true, s.reference_runs],
      [false, s.community],
    ] as const)
      for (const row of list) {
        const key = `${row.participant_id}\u0000${row.agent}`;
        if (seen.has(key)) continue;
        seen.add(key);
        rows.push({ row, reference });
      }
  const bySkeleton = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = skeleton(r.row.agent);
    bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), r]);
  }
  for (const group of bySkeleton.values())
    for (const [j, later] of group.entries())
      for (const earlier of group.slice(0, j)) {
        if (earlier.row.participant_id === later.row.participant_id) continue;
        const [kept, fixed] = later.reference && !earlier.reference ? [later, earlier] : [earlier, later];
        const [a, b] = [fixed.row, kept.row];
        const rename =
          `give one of them a display name: proveit participant rename --season ${season} ` +
          `--participant ${a.participant_id} --display-name NAME`;
        const where = `${a.track}/${a.participant_id} and ${b.track}/${b.participant_id}: agent`;
        const other = { other_participant_id: b.participant_id, other_track: b.track };
        if (normalizeName(a.agent) === normalizeName(b.agent))
          out.push({
            code: 'LINT_NAME_DUPLICATE',
            file: INDEX_FILES.html('fr'),
            where,
            message:
              `participants ${a.participant_id} (${a.track}) and ${b.participant_id} (${b.track}) are both shown as ` +
              `${JSON.stringify(a.agent)}: ${rename}`,
            facts: { name: a.agent, ...other },
            fix: fixOf('display_name', a),
          });
        else {
          const differ = firstDifference(a.agent, b.agent);
          out.push({
            code: 'LINT_NAME_CONFUSABLE',
            file: INDEX_FILES.html('fr'),
            where,
            message:
              `participant ${a.participant_id} (${a.track}) is shown as ${JSON.stringify(a.agent)}, which reads like ` +
              `${JSON.stringify(b.agent)} of participant ${b.participant_id} (${b.track}): they differ only by ` +
              `look-alike or invisible characters (Unicode TR39 confusables), first at character ${differ.position} ` +
              `(${differ.code_point} against ${differ.other_code_point}): ${rename}`,
            facts: { name: a.agent, other_name: b.agent, ...other, ...differ },
            fix: fixOf('display_name', a),
          });
        }
      }
}

/**
 * The publication linter (spec §7.3; docs/index-export.md "Publication rules, enforced at export (the linter)"): runs
 * on every export over the document and the rendered files, and returns every finding; any finding blocks the export.
 * Pure. A finding never quotes a secret's value.
 */
export function lintIndex(input: LintInput): LintFinding[] {
  const out: LintFinding[] = [];
  modelNameFindings(input, out);
  declaredStackFindings(input, out);
  reportJsonFindings(input, out);
  bundleNameFindings(input, out);
  humourFindings(input, out);
  communityLabelFindings(input, out);
  aiActFindings(input, out);
  aiActDataFindings(input, out);
  trackMixFindings(input, out);
  secretFindings(input, out);
  formulaTextFindings(input, out);
  nameCollisionFindings(input, out);
  return out;
}
