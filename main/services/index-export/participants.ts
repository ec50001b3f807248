import { sha256Hex } from '../../core/hash/sha256.ts';
import { startsAsFormula } from '../../core/index/csv-cell.ts';
import { nameTextFound, nameTextProblem, normalizeName, type NameTextProblem } from '../../core/names/name-text.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit, type AuditAppend, type AuditHead } from '../../db/audit-log.ts';
import { insertDeclaredStack, insertDisplayName, insertReferenceRun } from '../../db/index-exports.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import { inTransaction } from '../refused.ts';

export type ParticipantCode =
  | 'PARTICIPANT_UNKNOWN'
  | 'PARTICIPANT_DISPLAY_NAME_INVALID'
  | 'PARTICIPANT_DISPLAY_NAME_INVISIBLE_CHARACTER'
  | 'PARTICIPANT_DISPLAY_NAME_COMBINING_STACK'
  | 'PARTICIPANT_REFERENCE_INVALID'
  | 'PARTICIPANT_DECLARED_STACK_INVALID'
  | 'PARTICIPANT_DECLARED_STACK_INVISIBLE_CHARACTER'
  | 'PARTICIPANT_DECLARED_STACK_COMBINING_STACK';

/** Whether any publication of the season lists the participant (scores.json rows). */
function publishedParticipant(db: Db, season: number, participantId: string): boolean {
  const rows = db.prepare('SELECT scores_json FROM publication_versions WHERE season = ?').all(season) as {
    scores_json: Buffer;
  }[];
  return rows.some((r) => {
    try {
      const doc = JSON.parse(r.scores_json.toString('utf8')) as { participants?: { participant_id?: string }[] };
      return (doc.participants ?? []).some((p) => p.participant_id === participantId);
    } catch {
      return false;
    }
  });
}

function unknown(season: number, id: string) {
  return fail(
    'PARTICIPANT_UNKNOWN',
    `no publication of season ${season} lists participant ${id}: check the id in scores.json (proveit dispute list shows them too)`,
    { season, participant_id: id },
  );
}

// One line, printable, no control character: it is shown in every table and report heading.
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

const DISPLAY_NAME_RULE = 'a display name is 1 to 80 printable characters on one line, e.g. --display-name "Agent A"';
const DECLARED_STACK_RULE =
  'a declared stack is 1 to 200 printable characters on one line, not starting with =, +, - or @, e.g. ' +
  '--declared-stack "a general-purpose agent"';

/**
 * A name's text problem (main/core/names/name-text.ts) as a refusal of `participant rename`: a control or format
 * character is the field's _INVALID (not printable on one line, as before); an invisible character and a pile of
 * combining marks have codes of their own (docs/index-export.md "The text of a name"). The message and the details
 * name the character and where it is.
 */
function textRefusal<F extends 'DISPLAY_NAME' | 'DECLARED_STACK'>(field: F, problem: NameTextProblem, length: number) {
  const [flag, rule] =
    field === 'DISPLAY_NAME' ? ['--display-name', DISPLAY_NAME_RULE] : ['--declared-stack', DECLARED_STACK_RULE];
  const code =
    problem.kind === 'invisible'
      ? (`PARTICIPANT_${field}_INVISIBLE_CHARACTER` as const)
      : problem.kind === 'combining_stack'
        ? (`PARTICIPANT_${field}_COMBINING_STACK` as const)
        : (`PARTICIPANT_${field}_INVALID` as const);
  const fix =
    problem.kind === 'combining_stack' ? 'remove the extra marks' : problem.kind === 'invisible' ? 'remove it' : rule;
  return fail(code, `${flag} ${nameTextFound(problem)}: ${fix}`, {
    length,
    code_point: problem.codePoint,
    position: problem.position,
    ...(problem.kind === 'combining_stack' ? { marks: problem.marks } : {}),
  });
}

/** A participant's record and its audit entry, in one transaction: the entry names the head it chains from. */
function recordWithAudit(db: Db, write: () => void, entry: AuditAppend): Result<AuditHead, ParticipantCode> {
  return inTransaction(db, () => {
    write();
    return appendAudit(db, entry);
  });
}

/**
 * `proveit participant rename` (spec §7.2 "agent (name chosen by the operator)"; spec §7.3: how a model or provider
 * name leaves a negative category). Appends the display name in force and a `participant.rename` audit entry. The
 * name is stored trimmed and in NFC.
 */
export function renameParticipant(
  db: Db,
  o: { season: number; participantId: string; displayName: string; clock: Clock; actor: string },
): Result<{ displayName: string; audit: AuditHead }, ParticipantCode> {
  const name = normalizeName(o.displayName.trim());
  if (name === '' || name.length > 80)
    return fail('PARTICIPANT_DISPLAY_NAME_INVALID', DISPLAY_NAME_RULE, { length: name.length });
  const problem = nameTextProblem(name);
  if (problem !== null) return textRefusal('DISPLAY_NAME', problem, name.length);
  if (!publishedParticipant(db, o.season, o.participantId)) return unknown(o.season, o.participantId);
  const at = o.clock.now();
  const recorded = recordWithAudit(
    db,
    () =>
      insertDisplayName(db, o.season, {
        participantId: o.participantId,
        displayName: name,
        setAtMs: at,
        actor: o.actor,
      }),
    {
      atMs: at,
      actor: o.actor,
      action: 'participant.rename',
      summary: `season ${o.season}: participant ${o.participantId} shown as "${name}"`,
      details: pyObjectFrom([
        ['season', BigInt(o.season)],
        ['participant_id', o.participantId],
        ['display_name', name],
      ]),
    },
  );
  if (!recorded.ok) return recorded;
  return ok({ displayName: name, audit: recorded.value });
}

/** A declared stack as the Index shows it: trimmed, in NFC, 1 to 200 printable characters on one line. */
export function checkDeclaredStack(
  text: string,
): Result<
  string,
  | 'PARTICIPANT_DECLARED_STACK_INVALID'
  | 'PARTICIPANT_DECLARED_STACK_INVISIBLE_CHARACTER'
  | 'PARTICIPANT_DECLARED_STACK_COMBINING_STACK'
> {
  const stack = normalizeName(text.trim());
  // Never a formula in the CSV (docs/index-export.md "CSV"): the CSV would write it inert, but the operator's own text
  // need not be one.
  if (stack === '' || stack.length > 200 || startsAsFormula(stack))
    return fail('PARTICIPANT_DECLARED_STACK_INVALID', DECLARED_STACK_RULE, { length: stack.length });
  const problem = nameTextProblem(stack);
  if (problem !== null) return textRefusal('DECLARED_STACK', problem, stack.length);
  return ok(stack);
}

/**
 * `proveit participant rename --declared-stack` (spec §7.1 "Stack declared by the operator"; spec §7.3: how a model or
 * provider name in a participant's own stack leaves a row with negative results). Appends the stack the Index shows
 * and a `participant.stack` audit entry; the stack given at enrollment stays in scores.json and the reports.
 */
export function declareStack(
  db: Db,
  o: { season: number; participantId: string; declaredStack: string; clock: Clock; actor: string },
): Result<{ declaredStack: string; audit: AuditHead }, ParticipantCode> {
  const checked = checkDeclaredStack(o.declaredStack);
  if (!checked.ok) return checked;
  const stack = checked.value;
  if (!publishedParticipant(db, o.season, o.participantId)) return unknown(o.season, o.participantId);
  const at = o.clock.now();
  const recorded = recordWithAudit(
    db,
    () =>
      insertDeclaredStack(db, o.season, {
        participantId: o.participantId,
        declaredStack: stack,
        setAtMs: at,
        actor: o.actor,
      }),
    {
      atMs: at,
      actor: o.actor,
      action: 'participant.stack',
      summary: `season ${o.season}: participant ${o.participantId} shown with the stack "${stack}"`,
      details: pyObjectFrom([
        ['season', BigInt(o.season)],
        ['participant_id', o.participantId],
        ['declared_stack', stack],
      ]),
    },
  );
  if (!recorded.ok) return recorded;
  return ok({ declaredStack: stack, audit: recorded.value });
}

/**
 * `proveit participant reference` (spec §7.1): the operator marks a participant as a reference run, with the model,
 * version, framework and prompt the Index publishes. Never inferred; recorded with a `participant.reference` audit
 * entry (the prompt is named by its SHA-256 there, and published in full with the Index).
 */
export function markReferenceRun(
  db: Db,
  o: {
    season: number;
    participantId: string;
    model: string;
    modelVersion: string;
    framework: string;
    prompt: Uint8Array;
    clock: Clock;
    actor: string;
  },
): Result<{ promptSha256: string; audit: AuditHead }, ParticipantCode> {
  for (const [flag, value] of [
    ['--model', o.model],
    ['--version', o.modelVersion],
    ['--framework', o.framework],
  ] as const)
    if (value.trim() === '' || !PRINTABLE.test(value.trim()))
      return fail('PARTICIPANT_REFERENCE_INVALID', `${flag} must be printable text on one line`, { flag });
  if (o.prompt.length === 0)
    return fail('PARTICIPANT_REFERENCE_INVALID', 'the --prompt file is empty: the reference run publishes its prompt', {
      flag: '--prompt',
    });
  if (!publishedParticipant(db, o.season, o.participantId)) return unknown(o.season, o.participantId);
  const at = o.clock.now();
  const promptSha256 = sha256Hex(o.prompt);
  const recorded = recordWithAudit(
    db,
    () =>
      insertReferenceRun(db, o.season, {
        participantId: o.participantId,
        model: o.model.trim(),
        modelVersion: o.modelVersion.trim(),
        framework: o.framework.trim(),
        prompt: o.prompt,
        promptSha256,
        markedAtMs: at,
        actor: o.actor,
      }),
    {
      atMs: at,
      actor: o.actor,
      action: 'participant.reference',
      summary: `season ${o.season}: participant ${o.participantId} marked a reference run`,
      details: pyObjectFrom([
        ['season', BigInt(o.season)],
        ['participant_id', o.participantId],
        ['model', o.model.trim()],
        ['model_version', o.modelVersion.trim()],
        ['framework', o.framework.trim()],
        ['prompt_sha256', promptSha256],
      ]),
    },
  );
  if (!recorded.ok) return recorded;
  return ok({ promptSha256, audit: recorded.value });
}

/**
 * `proveit participant rename` with its display name, its declared stack or both, as one act: both are checked before
 * either is recorded, so one request has one outcome. The console's `participant.rename` is the same act.
 */
export function showParticipant(
  db: Db,
  o: {
    season: number;
    participantId: string;
    displayName?: string;
    declaredStack?: string;
    clock: Clock;
    actor: string;
  },
): Result<{ displayName?: string; declaredStack?: string; audit: AuditHead }, ParticipantCode> {
  const stackChecked = o.declaredStack === undefined ? null : checkDeclaredStack(o.declaredStack);
  if (stackChecked !== null && !stackChecked.ok) return stackChecked;
  const { season, participantId, clock, actor } = o;
  const named =
    o.displayName === undefined
      ? null
      : renameParticipant(db, { season, participantId, displayName: o.displayName, clock, actor });
  if (named !== null && !named.ok) return named;
  const stacked =
    o.declaredStack === undefined
      ? null
      : declareStack(db, { season, participantId, declaredStack: o.declaredStack, clock, actor });
  if (stacked !== null && !stacked.ok) return stacked;
  const audit = (stacked ?? named)?.value.audit;
  if (audit === undefined)
    return fail('PARTICIPANT_DISPLAY_NAME_INVALID', 'give a display name or a declared stack (or both)', {});
  return ok({
    ...(named ? { displayName: named.value.displayName } : {}),
    ...(stacked ? { declaredStack: stacked.value.declaredStack } : {}),
    audit,
  });
}
