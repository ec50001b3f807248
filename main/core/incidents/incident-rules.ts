import { fail, ok, type Result } from '../result.ts';
import { INCIDENT_KINDS, type IncidentKind } from './group-incidents.ts';

/**
 * Why an incident change was refused (docs/incidents.md). Codes are API: never rename one.
 */
export type IncidentCode =
  | 'INCIDENT_NOT_FOUND'
  | 'INCIDENT_ALREADY_RESOLVED'
  | 'INCIDENT_RESOLUTION_REQUIRED'
  | 'INCIDENT_NOTE_REQUIRED'
  | 'INCIDENT_OWNER_REQUIRED'
  | 'INCIDENT_SUMMARY_REQUIRED'
  | 'INCIDENT_KIND_UNKNOWN'
  | 'INCIDENT_WINDOW_INVALID';

export function parseIncidentKind(text: string): Result<IncidentKind, 'INCIDENT_KIND_UNKNOWN'> {
  return (INCIDENT_KINDS as readonly string[]).includes(text)
    ? ok(text as IncidentKind)
    : fail('INCIDENT_KIND_UNKNOWN', `unknown incident kind '${text}': one of ${INCIDENT_KINDS.join(', ')}`, {
        kind: text,
      });
}

/** A written text (summary, note, resolution): not blank once trimmed. */
export function writtenText<C extends IncidentCode>(
  code: C,
  what: string,
  text: string | undefined,
): Result<string, C> {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? fail(code, `${what} must be written (it is empty)`) : ok(trimmed);
}

export function checkWindow(
  startMs: number | null,
  endMs: number | null,
): Result<{ startMs: number | null; endMs: number | null }, 'INCIDENT_WINDOW_INVALID'> {
  if (startMs !== null && endMs !== null && endMs < startMs)
    return fail('INCIDENT_WINDOW_INVALID', 'the window ends before it starts', { startMs, endMs });
  return ok({ startMs, endMs });
}

/** A resolution or a new owner is allowed on an open incident only: a resolved one keeps both (notes stay allowed). */
export function checkResolvable(
  id: number,
  state: 'open' | 'resolved' | null,
): Result<true, 'INCIDENT_NOT_FOUND' | 'INCIDENT_ALREADY_RESOLVED'> {
  if (state === null) return fail('INCIDENT_NOT_FOUND', `no incident ${id} in this database`, { id });
  if (state === 'resolved')
    return fail(
      'INCIDENT_ALREADY_RESOLVED',
      `incident ${id} is already resolved; add a note instead (proveit incident note ${id} --text TEXT)`,
      { id },
    );
  return ok(true);
}
