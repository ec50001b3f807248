import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import type { ScoredParticipant } from '../../core/scoring/model.ts';
import { assertionsOf, disclosureOf } from '../../core/scoring/submitted-assertions.ts';

export type ExportCode = 'CLOSE_SUBMISSIONS_INVALID' | 'CLOSE_EXPORT_RECEIVED_OUTSIDE_WINDOW';

/** The track's window from its freeze in force, ISO UTC: a submission is accepted from `opensAt` until `closesAt`. */
export interface ExportWindow {
  opensAt: string;
  closesAt: string;
}

/** One cited proof and the disclosure the submission gives for it: what one verification report is made for. */
export interface CitedProof {
  proofId: string;
  disclosure: PyJson;
}

export interface TrackSubmissions {
  /** Every participant of the export, in export order (enrollment order), each with this track's submissions only. */
  participants: ScoredParticipant[];
  /** Every (proof id, disclosure) pair cited by this track's submissions, first citation first, each once. */
  cited: CitedProof[];
}

const text = (o: PyObject, key: string): string | null => (typeof o[key] === 'string' ? (o[key] as string) : null);

/**
 * The canonical JSON of each disclosure object, written once: a submission's disclosure is looked up for every
 * assertion citing its proof, at reading and again at scoring. Parsed values are never mutated.
 */
const disclosureTexts = new WeakMap<object, string>();

function disclosureText(disclosure: PyJson): string {
  if (typeof disclosure !== 'object' || disclosure === null) return canonical(disclosure);
  let text = disclosureTexts.get(disclosure);
  if (text === undefined) {
    text = canonical(disclosure);
    disclosureTexts.set(disclosure, text);
  }
  return text;
}

/**
 * Each disclosure object's key with the proof id it was last asked for: scoring asks again for every assertion
 * citing the proof, and a key made once keeps the hash V8 computed for it, where a new string is hashed again.
 */
const citedKeys = new WeakMap<object, { proofId: string; key: string }>();

/** The key of one (proof id, disclosure) pair: the id and the canonical JSON of the disclosure. */
export function citedKey(proofId: string, disclosure: PyJson): string {
  if (typeof disclosure !== 'object' || disclosure === null) return `${proofId}\n${disclosureText(disclosure)}`;
  const known = citedKeys.get(disclosure);
  if (known?.proofId === proofId) return known.key;
  const key = `${proofId}\n${disclosureText(disclosure)}`;
  citedKeys.set(disclosure, { proofId, key });
  return key;
}

/** The citedKey of every (proof id, disclosure) pair these participants' submissions cite. */
export function citedKeysOf(participants: readonly ScoredParticipant[]): Set<string> {
  const keys = new Set<string>();
  for (const participant of participants) {
    for (const submission of participant.submissions.values()) {
      for (const assertion of assertionsOf(submission)) {
        for (const proofId of assertion.proofIds) keys.add(citedKey(proofId, disclosureOf(submission, proofId)));
      }
    }
  }
  return keys;
}

function invalid(line: number, message: string) {
  return fail(
    'CLOSE_SUBMISSIONS_INVALID',
    `submissions file, line ${line}: ${message} (docs/season-service.md, export)`,
    {
      line,
    },
  );
}

/**
 * A submission of the track received outside its window was never accepted by the service (it refuses outside
 * [opens_at, closes_at), docs/season-service.md): an export holding one is not the service's record.
 */
function outsideWindow(line: number, id: string, receivedAt: unknown, window: ExportWindow) {
  const at = typeof receivedAt === 'string' ? Date.parse(receivedAt) : NaN;
  if (at >= Date.parse(window.opensAt) && at < Date.parse(window.closesAt)) return null;
  return fail(
    'CLOSE_EXPORT_RECEIVED_OUTSIDE_WINDOW',
    `submissions file, line ${line}: participant ${id}'s submission was received at ${String(receivedAt)}, outside ` +
      `the track's window [${window.opensAt}, ${window.closesAt}); the export is not the season service's record`,
    { line, participant_id: id, received_at: receivedAt ?? null, opens_at: window.opensAt, closes_at: window.closesAt },
  );
}

/**
 * Reads the season service's export (NDJSON, docs/season-service.md "Export") for one track: every participant once,
 * in the order of its first line, with its submissions of this track by task id; lines of other tracks only make the
 * participant appear. Values keep Python's types (loads), so the submissions are scored as received. With a window,
 * every submission of the track must have been received inside it.
 */
export function trackSubmissions(
  bytes: Uint8Array,
  season: number,
  track: string,
  window?: ExportWindow,
): Result<TrackSubmissions, ExportCode> {
  const participants = new Map<string, { participant: ScoredParticipant; submissions: Map<string, PyObject> }>();
  const cited = new Map<string, CitedProof>();
  let start = 0;
  let lineNumber = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const lineBytes = bytes.subarray(start, end);
    start = end + 1;
    lineNumber++;
    if (lineBytes.length === 0) continue;
    const parsed = loads(lineBytes);
    if (!parsed.ok) return invalid(lineNumber, `not JSON: ${parsed.error.message}`);
    const line = parsed.value;
    if (!isPyObject(line)) return invalid(lineNumber, 'not a JSON object');
    const id = text(line, 'participant_id');
    const did = text(line, 'enrolled_did');
    // Format 1 lines name the participant; format 2 lines do not (its names are in the enrollment lines).
    const name = 'agent_name' in line ? text(line, 'agent_name') : undefined;
    const stack = 'declared_stack' in line ? text(line, 'declared_stack') : undefined;
    if (id === null || did === null || name === null || stack === null) {
      return invalid(
        lineNumber,
        'participant_id and enrolled_did (and agent_name, declared_stack when given) must be strings',
      );
    }
    let entry = participants.get(id);
    if (!entry) {
      const submissions = new Map<string, PyObject>();
      entry = {
        participant: {
          participantId: id,
          did,
          ...(name === undefined ? {} : { agentName: name }),
          ...(stack === undefined ? {} : { declaredStack: stack }),
          submissions,
        },
        submissions,
      };
      participants.set(id, entry);
    } else if (entry.participant.did !== did) {
      return invalid(lineNumber, `participant ${id} has two enrolled DIDs (${entry.participant.did}, ${did})`);
    }
    const submission = line['submission'];
    if (submission === null || submission === undefined) continue;
    if (!isPyObject(submission)) return invalid(lineNumber, '"submission" must be an object or null');
    if (submission['track'] !== track) continue;
    if (submission['season'] !== BigInt(season)) {
      return invalid(
        lineNumber,
        `the submission is for season ${String(submission['season'])}, the close for season ${season}`,
      );
    }
    const taskId = text(submission, 'task_id');
    if (taskId === null) return invalid(lineNumber, '"submission.task_id" must be a string');
    const outside = window ? outsideWindow(lineNumber, id, line['received_at'], window) : null;
    if (outside) return outside;
    if (entry.submissions.has(taskId)) {
      return invalid(lineNumber, `participant ${id} has two submissions in force for ${taskId}`);
    }
    entry.submissions.set(taskId, submission);
    for (const assertion of assertionsOf(submission)) {
      for (const proofId of assertion.proofIds) {
        const disclosure = disclosureOf(submission, proofId);
        const key = citedKey(proofId, disclosure);
        if (!cited.has(key)) cited.set(key, { proofId, disclosure });
      }
    }
  }
  return ok({ participants: [...participants.values()].map((e) => e.participant), cited: [...cited.values()] });
}

/** A participant's name and stack as it enrolled (the export's enrollment lines, format 2). */
export interface EnrolledName {
  agentName: string;
  declaredStack: string;
}

/**
 * The enrollment lines of a format 2 export (docs/season-service.md "Export"), participant id → name and stack, or
 * CLOSE_SUBMISSIONS_INVALID naming the line: they are signed, so only a service fault makes one malformed.
 */
export function enrolledNames(bytes: Uint8Array): Result<Map<string, EnrolledName>, 'CLOSE_SUBMISSIONS_INVALID'> {
  const names = new Map<string, EnrolledName>();
  const lines = new TextDecoder().decode(bytes).split('\n');
  for (const [i, raw] of lines.entries()) {
    if (raw === '') continue;
    const parsed = loads(new TextEncoder().encode(raw));
    const e = parsed.ok && isPyObject(parsed.value) ? parsed.value['enrollment'] : undefined;
    const id = e !== undefined && isPyObject(e) ? text(e, 'participant_id') : null;
    const agentName = e !== undefined && isPyObject(e) ? text(e, 'agent_name') : null;
    const declaredStack = e !== undefined && isPyObject(e) ? text(e, 'declared_stack') : null;
    if (id === null || agentName === null || declaredStack === null)
      return fail(
        'CLOSE_SUBMISSIONS_INVALID',
        `export enrollment line ${i + 1}: not {"enrollment": {participant_id, agent_name, declared_stack}} (docs/season-service.md, export)`,
        { line: i + 1 },
      );
    names.set(id, { agentName, declaredStack });
  }
  return ok(names);
}
