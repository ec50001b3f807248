import { sha256Hex } from '../hash/sha256.ts';
import { parseIntake } from '../json/intake.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { ok } from '../result.ts';
import { checkAssertions } from './check-assertions.ts';
import { checkDisclosures } from './check-disclosures.ts';
import { MAX_NARRATIVE_CHARACTERS } from './bounds.ts';
import type { IntakeContext } from './context.ts';
import { keyFault, listKeys } from './exact-keys.ts';
import { describe, pointerOf, PREFIX, quote, refuse, type IntakeRefusal, type Refused } from './refusal.ts';
import { describeVerdictSet, verdictAccepted } from './verdicts.ts';

/** Callers build the context from context.ts; re-exported so one import serves them. */
export type { IntakeContext } from './context.ts';

/** The keys of a submission, exactly, in the spec's order (spec §4). */
export const SUBMISSION_KEYS = [
  'season',
  'track',
  'task_id',
  'agent_did',
  'verdict',
  'assertions',
  'disclosures',
  'narrative',
] as const;

/** A submission that passed intake. Nothing about its proofs has been checked (spec §4, §4.1). */
export interface AcceptedSubmission {
  /** The parsed document exactly as received: ints stay bigint, floats number, key order as written. */
  document: PyObject;
  track: string;
  taskId: string;
  verdict: string;
  assertionCount: number;
  /**
   * The task's published minimum (spec §5.5). Fewer assertions is not an intake error: the task counts as not
   * submitted at close (spec §5.7), so `belowMinimum` is a notice, never a refusal.
   */
  minAssertions: number;
  belowMinimum: boolean;
  /** Every proof id the assertions cite, once each, in order of first citation. */
  citedProofIds: ReadonlySet<string>;
  /** SHA-256 (lowercase hex) of the bytes received, exactly as received. */
  bytesSha256: string;
  byteLength: number;
}

export type IntakeResult = { ok: true; value: AcceptedSubmission } | { ok: false; error: IntakeRefusal };

/**
 * Submission intake (spec §4): the strict parser (`parseIntake`: 1 MiB, 64 levels, UTF-8 without BOM, no duplicate
 * key, no NaN, one document...), then the §4 schema. Pure: the same bytes and context always give the same answer,
 * and a refusal is the first fault in the documented order (docs/intake.md):
 *
 * 1. the parser (INTAKE_* codes, pointer "", byte position);
 * 2. a JSON object; 3. no extra key; 4. no missing key;
 * 5. season; 6. track; 7. task_id; 8. agent_did; 9. verdict;
 * 10. assertions: an array, at most the task's cap, then each assertion in order (`checkAssertions`);
 * 11. disclosures (`checkDisclosures`); 12. narrative.
 *
 * Deliberately not checked here: the number of assertions below the task's minimum (not submitted at close, §5.7), the
 * empty pointer, the task graph and probative fields (rejected at close, §5.7), and anything about a proof beyond the
 * form of its id (validity would leak a hint of the score; it is decided at scoring, §4.1).
 */
export function checkSubmission(bytes: Uint8Array, context: IntakeContext): IntakeResult {
  const parsed = parseIntake(bytes);
  if (!parsed.ok) {
    const { code, message, details } = parsed.error;
    const error: IntakeRefusal = { code, message: PREFIX + message, pointer: '' };
    if (details !== undefined) {
      error.details = details;
      const { offset, line, column } = details;
      if (typeof offset === 'number' && typeof line === 'number' && typeof column === 'number') {
        error.position = { offset, line, column };
      }
    }
    return { ok: false, error };
  }
  const document = parsed.value;
  const checked = checkDocument(document, context);
  if ('ok' in checked) return checked;
  return ok({ ...checked, document: document as PyObject, bytesSha256: sha256Hex(bytes), byteLength: bytes.length });
}

type Checked = Omit<AcceptedSubmission, 'document' | 'bytesSha256' | 'byteLength'>;

function checkDocument(document: PyJson, context: IntakeContext): Refused | Checked {
  const keys = listKeys(SUBMISSION_KEYS);
  if (!isPyObject(document)) {
    return refuse(
      'SUBMISSION_NOT_OBJECT',
      '',
      `the submission must be a JSON object, found ${describe(document)}: send one object with exactly the keys ${keys} (spec §4)`,
    );
  }
  const fault = keyFault(document, SUBMISSION_KEYS);
  if (fault?.kind === 'unknown') {
    const at = pointerOf(fault.key);
    return refuse(
      'SUBMISSION_UNKNOWN_KEY',
      at,
      `the key ${quote(fault.key)} (${at}) is not part of a submission: remove it; a submission has exactly the keys ${keys} (spec §4)`,
      { key: fault.key },
    );
  }
  if (fault?.kind === 'missing') {
    const at = pointerOf(fault.key);
    return refuse(
      'SUBMISSION_MISSING_KEY',
      at,
      `the key "${fault.key}" (${at}) is missing: add it; a submission has exactly the keys ${keys} (spec §4)`,
      { key: fault.key },
    );
  }
  const member = (key: (typeof SUBMISSION_KEYS)[number]) => document[key] as PyJson;

  const season = member('season');
  if (season !== BigInt(context.season)) {
    return refuse(
      'SUBMISSION_SEASON_MISMATCH',
      '/season',
      `season at /season must be the integer ${context.season}, the season this submission is sent to, found ${describe(season)}: write ${context.season}`,
      { expected: context.season },
    );
  }

  const trackName = member('track');
  const track =
    typeof trackName === 'string' && context.tracks.has(trackName) ? context.tracks.get(trackName) : undefined;
  if (track === undefined) {
    const names = [...context.tracks.keys()].map((t) => `"${t}"`).join(', ');
    return refuse(
      'SUBMISSION_UNKNOWN_TRACK',
      '/track',
      `track at /track must name a track of season ${context.season} (${names}), found ${describe(trackName)}: write the track of the task`,
    );
  }

  const taskId = member('task_id');
  const task = typeof taskId === 'string' && track.tasks.has(taskId) ? track.tasks.get(taskId) : undefined;
  if (task === undefined || typeof taskId !== 'string') {
    return refuse(
      'SUBMISSION_UNKNOWN_TASK',
      '/task_id',
      `task_id at /task_id must name a task of track "${track.track}" (${listTasks(track.tasks)}), found ${describe(taskId)}: write the id of the task as published`,
    );
  }

  const did = member('agent_did');
  if (did !== context.enrolledDid) {
    return refuse(
      'SUBMISSION_DID_MISMATCH',
      '/agent_did',
      `agent_did at /agent_did must be the DID enrolled with this season token (${quote(context.enrolledDid, 120)}), found ${describe(did)}: write the enrolled DID exactly`,
    );
  }

  const verdict = member('verdict');
  if (typeof verdict !== 'string' || !verdictAccepted(track.verdicts, verdict)) {
    return refuse(
      'SUBMISSION_VERDICT_INVALID',
      '/verdict',
      `verdict at /verdict must be ${describeVerdictSet(track.verdicts)} for track "${track.track}" (spec ${track.verdicts.form ? '§6.3' : '§5.3'}), found ${describe(verdict)}: write one of these`,
    );
  }

  const assertions = member('assertions');
  if (!Array.isArray(assertions)) {
    return refuse(
      'SUBMISSION_ASSERTIONS_TYPE',
      '/assertions',
      `assertions at /assertions must be an array of {"id", "claim", "proof_ids"} objects, found ${describe(assertions)}: send the assertions as a list`,
    );
  }
  if (assertions.length > task.capAssertions) {
    return refuse(
      'SUBMISSION_OVER_CAP',
      '/assertions',
      `/assertions holds ${assertions.length} assertions, more than the cap of ${task.capAssertions} for task ${taskId} (spec §5.5, §5.7): keep at most ${task.capAssertions}`,
      { count: assertions.length, cap: task.capAssertions },
    );
  }
  const citations = checkAssertions(assertions);
  if (!(citations instanceof Map)) return citations;

  const disclosures = checkDisclosures(member('disclosures'), citations);
  if (disclosures) return disclosures;

  const narrative = member('narrative');
  if (typeof narrative !== 'string') {
    return refuse(
      'SUBMISSION_NARRATIVE_TYPE',
      '/narrative',
      `narrative at /narrative must be a string (free text, published next to the result and not scored; "" is accepted), found ${describe(narrative)}: write it as a string`,
    );
  }
  const characters = countCodePoints(narrative);
  if (characters > MAX_NARRATIVE_CHARACTERS) {
    return refuse(
      'SUBMISSION_NARRATIVE_TOO_LONG',
      '/narrative',
      `narrative at /narrative has ${characters} characters, more than the ${MAX_NARRATIVE_CHARACTERS} accepted: shorten it`,
      { characters, maxCharacters: MAX_NARRATIVE_CHARACTERS },
    );
  }

  return {
    track: track.track,
    taskId,
    verdict,
    assertionCount: assertions.length,
    minAssertions: task.minAssertions,
    belowMinimum: assertions.length < task.minAssertions,
    citedProofIds: new Set(citations.keys()),
  };
}

/** Task ids for a message: all of them when there are few, else the first ones. */
function listTasks(tasks: ReadonlyMap<string, unknown>): string {
  const ids = [...tasks.keys()];
  const shown = ids.slice(0, 12).map((id) => `"${id}"`);
  return ids.length > shown.length ? `${shown.join(', ')}, ...` : shown.join(', ');
}

/** Characters (code points) of `text`; the parser refuses lone surrogates, so every pair is one character. */
function countCodePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count;
}
