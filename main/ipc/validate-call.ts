import { TRACK_NAMES } from '../core/corpus/model.ts';
import { CONNECTION_NAMES } from '../core/console/connection-names.ts';
import { DECISIONS, DISPUTE_CHANGES } from '../core/disputes/transitions.ts';
import { INCIDENT_KINDS } from '../core/incidents/group-incidents.ts';
import { LANGS } from '../core/index/model.ts';
import { NOTICE_KINDS, NOTICE_TASKS_MAX, NOTICE_TEXT_MAX } from '../core/notices/season-notice.ts';
import { isProofId } from '../core/proofs-plan/proof-id.ts';
import { fail, ok, type Result } from '../core/result.ts';
import type { ArgsOf, Channel } from './contract.ts';

export type IpcCallCode = 'IPC_UNKNOWN_CHANNEL' | 'IPC_BAD_ARGUMENTS';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** A field's rule: null when the value is acceptable, else what to send instead. */
type FieldRule = (value: unknown) => string | null;

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const MAX_TEXT = 4000;

const season: FieldRule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 9999 ? null : 'a season number from 1 to 9999';
const track: FieldRule = (v) =>
  typeof v === 'string' && (TRACK_NAMES as readonly string[]).includes(v)
    ? null
    : TRACK_NAMES.map((t) => `'${t}'`).join(' or ');
const id: FieldRule = (v) => (typeof v === 'string' && SAFE_ID.test(v) ? null : 'an id (letters, digits, _ . : -)');
const count: FieldRule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 1_000_000 ? null : 'an integer from 0 to 1000000';
const positive: FieldRule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 1_000_000_000 ? null : 'a positive integer';
const pageSize: FieldRule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 1000 ? null : 'an integer from 1 to 1000';
const text: FieldRule = (v) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= MAX_TEXT
    ? null
    : `a written text (not blank, at most ${MAX_TEXT} characters)`;
/** A reference run's prompt, published in full with the Index: one call holds it (the headless call limit is 64 KiB). */
const MAX_PROMPT = 32_000;
const prompt: FieldRule = (v) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= MAX_PROMPT
    ? null
    : `the prompt's text (not blank, at most ${MAX_PROMPT} characters)`;
/** A person as the audit log names them (the acting person, an incident's owner): one printable line, 1 to 80. */
const person: FieldRule = (v) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= 80 && /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u.test(v)
    ? null
    : 'a name of 1 to 80 printable characters on one line';
/** A backup's file name in the backup folder (`console-20261202T010600123Z.backup`): a name, never a path. */
const backupName: FieldRule = (v) =>
  typeof v === 'string' && /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}\.backup$/.test(v)
    ? null
    : "a backup's file name in the backup folder, such as 'console-20261202T010600123Z.backup'";
/** At most 100 items, each by its own rule (an incident's affected participants, assertions, proofs). */
const listOf =
  (rule: FieldRule, what: string): FieldRule =>
  (v) =>
    Array.isArray(v) && v.length <= 100 && v.every((x) => rule(x) === null) ? null : `a list of at most 100 ${what}`;
const resourcePath: FieldRule = (v) =>
  typeof v === 'string' && /^\/[^\s\0?#]{0,511}$/.test(v) && !v.split('/').includes('..')
    ? null
    : "a corpus path such as '/entites/171904347' (no '..', query or fragment)";
const assertion: FieldRule = (v) =>
  typeof v === 'string' && /^[A-Za-z0-9_.-]{1,64}\/[A-Za-z0-9_.-]{1,64}$/.test(v)
    ? null
    : "TASK_ID/ASSERTION_ID, such as 'conf-01/a2'";
const instant: FieldRule = (v) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(v) && !Number.isNaN(Date.parse(v))
    ? null
    : "a UTC instant such as '2026-10-01T08:00:00Z' (a time without its zone would move with the operator's clock)";
/** Parsed in the handler with the zone it carries (DISPUTE_TIME_FORMAT otherwise): here only its size. */
const zonedInstant: FieldRule = (v) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= 40
    ? null
    : "an instant with its time zone, such as '2026-11-12T09:30:00+01:00'";
/**
 * A submission receipt as the participant sent it: a flat JSON object of at most 16 scalar fields, 4 KiB as JSON
 * (the service's answer is ten fields, about 500 bytes). What each field holds is the dispute's check
 * (DISPUTE_RECEIPT_INVALID names the field), so a receipt with a wrong field is refused with that code, not here.
 */
const receiptObject: FieldRule = (v) => {
  const problem = 'a submission receipt: the JSON object the season service answered (flat, at most 16 fields, 4 KiB)';
  if (!isPlainObject(v)) return problem;
  const values = Object.values(v);
  const scalar = (x: unknown) =>
    x === null || typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x));
  return values.length <= 16 && values.every(scalar) && JSON.stringify(v).length <= 4096 ? null : problem;
};
const proofId: FieldRule = (v) =>
  typeof v === 'string' && isProofId(v) ? null : "a proof id such as 'prf_20261028_101500_00a1b2'";
/** A freeze chain as `freeze publish` wrote it, pasted: a few kilobytes a freeze (the headless call is 64 KiB at most). */
const MAX_FREEZE_CHAIN = 1_048_576;
/** The sealed salt and key of a chain, pasted: each freeze's answer key (about 10 KB for season 1) with its salt. */
const MAX_SEALS = 262_144;
/** A JSON document pasted into a form, parsed in the handler: here only its size (never its text in the message). */
const pastedJson =
  (max: number): FieldRule =>
  (v) =>
    typeof v === 'string' && v.trim() !== '' && v.length <= max
      ? null
      : `a pasted JSON document (not blank, at most ${max} characters)`;
/** The follower's cadence (`follow.cadence`): whole seconds, a minute to an hour between cycle starts. */
const cadenceSeconds: FieldRule = (v) =>
  Number.isSafeInteger(v) && (v as number) >= 60 && (v as number) <= 3600
    ? null
    : 'whole seconds from 60 to 3600 between two cycle starts';
const flag: FieldRule = (v) => (typeof v === 'boolean' ? null : 'true or false');
const oneOf =
  (...values: string[]): FieldRule =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : values.map((x) => `'${x}'`).join(' or ');

/** A notice's text in one language: the notice's own limit (NOTICE_TEXT_TOO_LONG past it, in the handler's check). */
const noticeText: FieldRule = (v) =>
  typeof v === 'string' && v.trim() !== '' && [...v].length <= NOTICE_TEXT_MAX
    ? null
    : `a written text (not blank, at most ${NOTICE_TEXT_MAX} characters)`;
const taskId: FieldRule = (v) =>
  typeof v === 'string' && /^[A-Za-z0-9._~-]{1,64}$/.test(v) ? null : "a task id such as 'conf-01'";
const noticeTasks: FieldRule = (v) =>
  Array.isArray(v) && v.length <= NOTICE_TASKS_MAX && v.every((x) => taskId(x) === null)
    ? null
    : `a list of at most ${NOTICE_TASKS_MAX} task ids`;

/** Field → rule; a name ending in `?` is optional. Any other field is refused. */
type Shape = Record<string, FieldRule>;

/** The rule names a channel's arguments call for: each field by its name, an optional one with `?` after it. */
export type RuleKeys<A> = {
  [K in keyof A & string]-?: string extends K ? never : object extends Pick<A, K> ? `${K}?` : K;
}[keyof A & string];
/** A channel's rules, derived from its arguments in the contract: a rule for each field, required or optional alike. */
export type ShapeOf<A> = { [K in RuleKeys<A>]: FieldRule };
/** The rules a shape has for fields its arguments lack (`never` when none). */
export type ExtraRules<S, A> = Exclude<keyof S, RuleKeys<A>>;
/** Every channel of the contract with its rules: a channel without an entry does not typecheck. */
export type ChannelShapes = { [C in Channel]: ShapeOf<ArgsOf<C>> };

/**
 * `satisfies ChannelShapes` refuses a missing rule, a wrong `?` and a stray rule written out, but not a stray rule
 * brought in by a spread nor one in a channel without arguments: this refuses those too, at typecheck.
 */
export const exactShapes = <S extends ChannelShapes>(
  shapes: S & { [C in Channel]: Record<ExtraRules<S[C], ArgsOf<C>>, never> },
) => shapes;

const TRACK_REF = { season, track };
const PAGE = { 'offset?': count, 'limit?': pageSize };
/** A dispute decision, as `dispute.decide` records it and `dispute.preview` shows it first. */
const DECISION_ARGS = {
  dispute_id: id,
  decision: oneOf(...DECISIONS),
  reason: text,
  'reviewer?': person,
  'change?': oneOf(...DISPUTE_CHANGES),
};
const FIGURES_ASKED = { 'version?': positive, 'latest_close?': flag };

/** One shape per channel: the argument shape is checked in main, whatever the renderer sent. */
export const SHAPES: { [C in Channel]: Shape } = exactShapes({
  'console.overview': {},
  'console.actor': { actor: person },
  'console.connections': {
    'test?': oneOf(...CONNECTION_NAMES),
  },
  'setup.view': {},
  'setup.operator_key': {},
  'setup.bind': {},
  'season.status': {},
  'season.live': {},
  'season.activity': {},
  'follow.cadence': { every_seconds: cadenceSeconds },
  'follow.run_now': {},
  'freeze.view': TRACK_REF,
  'freeze.verify': TRACK_REF,
  'freeze.anchor': TRACK_REF,
  'freeze.create': { ...TRACK_REF, opens_at: instant, closes_at: instant },
  'freeze.replace': { ...TRACK_REF, opens_at: instant, closes_at: instant, reason: text },
  'freeze.publish': TRACK_REF,
  'freeze.reveal': TRACK_REF,
  'freeze.adopt': { ...TRACK_REF, freeze_chain: pastedJson(MAX_FREEZE_CHAIN), seals: pastedJson(MAX_SEALS) },
  'season.invalidate': { ...TRACK_REF, reason: text },
  'season.notice': {
    season,
    kind: oneOf(...NOTICE_KINDS),
    'track?': track,
    text_fr: noticeText,
    text_en: noticeText,
    'tasks?': noticeTasks,
    'window_from?': instant,
    'window_to?': instant,
    'incident_id?': positive,
  },
  'season.deliver': TRACK_REF,
  'season.consents': { season },
  'corpus.view': TRACK_REF,
  'corpus.resource': { ...TRACK_REF, path: resourcePath },
  'proofs.view': {},
  'proofs.fetch': {},
  'proofs.recheck': { proof_id: proofId },
  'close.run': TRACK_REF,
  'replay.run': TRACK_REF,
  'season.publish': TRACK_REF,
  'publish.preview': TRACK_REF,
  'scores.view': { ...TRACK_REF, ...PAGE, ...FIGURES_ASKED },
  'report.view': { ...TRACK_REF, participant_id: id, ...FIGURES_ASKED },
  'assertion.evidence': { ...TRACK_REF, participant_id: id, assertion },
  'publication.versions': TRACK_REF,
  'dispute.list': {},
  'dispute.view': { dispute_id: id },
  'dispute.open': {
    ...TRACK_REF,
    participant_id: id,
    assertion,
    reason: text,
    'received_at?': zonedInstant,
    'receipt?': receiptObject,
  },
  'dispute.review': { dispute_id: id, 'reviewer?': person },
  'dispute.preview': DECISION_ARGS,
  'dispute.decide': DECISION_ARGS,
  'incident.list': {},
  'incident.view': { id: positive },
  'incident.notice_draft': { id: positive },
  'incident.resolve': { id: positive, resolution: text },
  'incident.open': {
    ...TRACK_REF,
    kind: oneOf(...INCIDENT_KINDS),
    summary: text,
    'cause?': id,
    'owner?': person,
    'window_start?': instant,
    'window_end?': instant,
    'participants?': listOf(id, 'participant ids'),
    'assertions?': listOf(assertion, 'TASK_ID/ASSERTION_ID pairs'),
    'proofs?': listOf(id, 'proof ids'),
  },
  'incident.note': { id: positive, text },
  'incident.assign': { id: positive, owner: person },
  'participant.rename': { season, participant_id: id, 'display_name?': text, 'declared_stack?': text },
  'participant.reference': { season, participant_id: id, model: text, version: text, framework: text, prompt },
  'participant.list': TRACK_REF,
  'backup.list': {},
  'backup.create': {},
  'backup.verify': { name: backupName },
  'backup.restore_check': { name: backupName },
  'index.preview': { ...TRACK_REF, lang: oneOf(...LANGS) },
  'index.export': { season },
  'index.verify': { season },
  'index.status': { season, 'recheck?': flag },
  'index.anchor': { season },
  'audit.list': PAGE,
  'audit.verify': {},
  'jobs.list': {},
} satisfies ChannelShapes);

function shapeProblem(channel: Channel, args: Record<string, unknown>): string | null {
  const shape = SHAPES[channel];
  const rules = new Map(
    Object.entries(shape).map(([k, rule]) => [k.replace(/\?$/, ''), { rule, optional: k.endsWith('?') }]),
  );
  for (const key of Object.keys(args)) {
    if (!rules.has(key)) {
      const known = [...rules.keys()];
      return `${channel} takes no argument '${key}'${known.length ? `: it takes ${known.join(', ')}` : ''}`;
    }
  }
  for (const [key, { rule, optional }] of rules) {
    const value = args[key];
    if (value === undefined) {
      if (optional) continue;
      return `${channel} needs '${key}'`;
    }
    const problem = rule(value);
    if (problem !== null) return `${channel}: '${key}' must be ${problem}`;
  }
  return null;
}

/** The choke point's first step: a known channel and arguments of the shape the contract gives it. */
export function validateCall(
  channel: unknown,
  args: unknown,
): Result<{ channel: Channel; args: Record<string, unknown> }, IpcCallCode> {
  if (typeof channel !== 'string' || !Object.hasOwn(SHAPES, channel)) {
    return fail(
      'IPC_UNKNOWN_CHANNEL',
      `unknown channel ${JSON.stringify(channel)}: the contract has ${Object.keys(SHAPES).join(', ')}`,
    );
  }
  const known = channel as Channel;
  const given = args === undefined ? {} : args;
  if (!isPlainObject(given)) return fail('IPC_BAD_ARGUMENTS', `${known} takes an object of arguments`);
  const problem = shapeProblem(known, given);
  if (problem !== null) return fail('IPC_BAD_ARGUMENTS', problem);
  return ok({ channel: known, args: given });
}
