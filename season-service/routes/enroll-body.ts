import { startsAsFormula } from '../../main/core/index/csv-cell.ts';
import { parseIntake } from '../../main/core/json/intake.ts';
import { isPyObject, type PyJson } from '../../main/core/json/value.ts';
import type { ServiceError } from '../http/respond.ts';

export interface EnrollBody {
  agentName: string;
  declaredStack: string;
}

/** Bounds on what the Index will print (spec §7.2: the agent's name, its declared stack). */
export const AGENT_NAME_MAX = 80;
export const DECLARED_STACK_MAX = 300;

// Plain text: no control characters (C0, DEL, C1) and no bidirectional or invisible formatting characters, which
// would let a name print differently from what it is on the Index.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point of this pattern
const NOT_PLAIN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

type Read = { ok: true; value: EnrollBody } | { ok: false; refusal: Required<Omit<ServiceError, 'position'>> };

const refuse = (code: string, message: string, pointer = ''): Read => ({
  ok: false,
  refusal: { code, message, pointer },
});

function plainTextProblem(value: PyJson | undefined, key: string, max: number): Read | null {
  const pointer = `/${key}`;
  if (value === undefined) return refuse('ENROLL_MISSING_KEY', `${key} is required`, pointer);
  if (typeof value !== 'string') return refuse('ENROLL_FIELD_TYPE', `${key} must be a string`, pointer);
  if (value.trim().length === 0) return refuse('ENROLL_FIELD_EMPTY', `${key} must not be empty`, pointer);
  const length = [...value].length;
  if (length > max)
    return refuse('ENROLL_FIELD_TOO_LONG', `${key} is ${length} characters; send at most ${max}`, pointer);
  if (NOT_PLAIN.test(value)) {
    return refuse(
      'ENROLL_FIELD_NOT_PLAIN_TEXT',
      `${key} holds a control or formatting character; send plain text on one line`,
      pointer,
    );
  }
  // The Index prints both in its CSV tables, where a leading =, +, - or @ reads as a spreadsheet formula
  // (docs/index-export.md "CSV").
  if (startsAsFormula(value)) {
    return refuse(
      'ENROLL_FIELD_FORMULA_TEXT',
      `${key} starts with ${JSON.stringify(value[0])}, which a spreadsheet reads as a formula; start it with a letter, a digit or another sign`,
      pointer,
    );
  }
  return null;
}

/** `{"agent_name": str, "declared_stack": str}`, exactly, read by the strict intake parser (design brief §4). */
export function readEnrollBody(bytes: Uint8Array): Read {
  const parsed = parseIntake(bytes);
  if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message);
  const value = parsed.value;
  if (!isPyObject(value))
    return refuse('ENROLL_BODY_NOT_OBJECT', 'Send {"agent_name": "...", "declared_stack": "..."}.');
  const unknown = Object.keys(value).find((key) => key !== 'agent_name' && key !== 'declared_stack');
  if (unknown !== undefined) {
    return refuse(
      'ENROLL_UNKNOWN_KEY',
      `'${unknown}' is not an enrollment field; send agent_name and declared_stack only`,
      `/${unknown}`,
    );
  }
  const problem =
    plainTextProblem(value['agent_name'], 'agent_name', AGENT_NAME_MAX) ??
    plainTextProblem(value['declared_stack'], 'declared_stack', DECLARED_STACK_MAX);
  if (problem) return problem;
  return {
    ok: true,
    value: { agentName: value['agent_name'] as string, declaredStack: value['declared_stack'] as string },
  };
}
