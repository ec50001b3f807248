/**
 * An instant in milliseconds since the epoch as ISO 8601 UTC with milliseconds (`2026-03-01T08:00:00.000Z`), the form
 * every stored and shown instant takes; `null` (no such instant yet) stays `null`. The one conversion of the project:
 * a document, a listing and a screen write the same instant the same way.
 */
export function isoUtc(ms: number): string;
export function isoUtc(ms: number | null): string | null;
export function isoUtc(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
