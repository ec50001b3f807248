import { startsAsFormula } from '../../main/core/index/csv-cell.ts';
import { nameTextFound, nameTextProblem, normalizeName } from '../../main/core/names/name-text.ts';
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

type Read = { ok: true; value: EnrollBody } | { ok: false; refusal: Required<Omit<ServiceError, 'position'>> };

const refuse = (code: string, message: string, pointer = ''): Read => ({
  ok: false,
  refusal: { code, message, pointer },
});

/**
 * The code of each problem of a name's text (main/core/names/name-text.ts): ENROLL_FIELD_NOT_PLAIN_TEXT keeps what it
 * always meant, a control or formatting character; an invisible character and a pile of combining marks have their own
 * (docs/season-service.md "What an enrollment's names may hold").
 */
const TEXT_CODES = {
  control: 'ENROLL_FIELD_NOT_PLAIN_TEXT',
  format: 'ENROLL_FIELD_NOT_PLAIN_TEXT',
  invisible: 'ENROLL_FIELD_INVISIBLE_CHARACTER',
  combining_stack: 'ENROLL_FIELD_COMBINING_STACK',
} as const;
const TEXT_FIXES = {
  control: 'send plain text on one line',
  format: 'remove it and send plain text on one line',
  invisible: 'remove it: the Index shows a name as it reads',
  combining_stack: 'remove the extra marks',
} as const;

/** The field's text as stored (NFC, docs/season-service.md), or its refusal. */
function plainText(value: PyJson | undefined, key: string, max: number): { ok: true; text: string } | Read {
  const pointer = `/${key}`;
  if (value === undefined) return refuse('ENROLL_MISSING_KEY', `${key} is required`, pointer);
  if (typeof value !== 'string') return refuse('ENROLL_FIELD_TYPE', `${key} must be a string`, pointer);
  if (value.trim().length === 0) return refuse('ENROLL_FIELD_EMPTY', `${key} must not be empty`, pointer);
  // One text has one form: the name is compared, shown and exported as NFC (UAX #15).
  const text = normalizeName(value);
  const length = [...text].length;
  if (length > max)
    return refuse('ENROLL_FIELD_TOO_LONG', `${key} is ${length} characters; send at most ${max}`, pointer);
  const problem = nameTextProblem(text);
  if (problem !== null)
    return refuse(TEXT_CODES[problem.kind], `${key} ${nameTextFound(problem)}; ${TEXT_FIXES[problem.kind]}`, pointer);
  // The Index prints both in its CSV tables, where a leading =, +, - or @ reads as a spreadsheet formula
  // (docs/index-export.md "CSV").
  if (startsAsFormula(text)) {
    return refuse(
      'ENROLL_FIELD_FORMULA_TEXT',
      `${key} starts with ${JSON.stringify(text[0])}, which a spreadsheet reads as a formula; start it with a letter, a digit or another sign`,
      pointer,
    );
  }
  return { ok: true, text };
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
  const agentName = plainText(value['agent_name'], 'agent_name', AGENT_NAME_MAX);
  if (!('text' in agentName)) return agentName;
  const declaredStack = plainText(value['declared_stack'], 'declared_stack', DECLARED_STACK_MAX);
  if (!('text' in declaredStack)) return declaredStack;
  return { ok: true, value: { agentName: agentName.text, declaredStack: declaredStack.text } };
}
