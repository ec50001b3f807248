// The facts a refusal carries (its Failure's details, main/core/result.ts), read for a catalogue sentence. Details
// come from main as JSON: any key may be absent or of another type, so every read has a fallback and a sentence
// still reads without it.
import { formatInstant } from '../lib/rates.ts';

/** A refusal's details as the renderer receives them (absent when the check gave none). */
export type Facts = Readonly<Record<string, unknown>> | undefined;

/** One "what happened" sentence, written from the refusal's facts in the catalogue's language. */
export type Happened = (facts: Facts) => string;

/** The fact `key` as text, or `fallback` when absent or not a scalar. */
export function fact(facts: Facts, key: string, fallback = '?'): string {
  const v = facts?.[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
    ? String(v)
    : fallback;
}

/** The fact `key` as a count, or null when it is not a number (the sentence then words it without the count). */
export function countOf(facts: Facts, key: string): number | null {
  const v = facts?.[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (Array.isArray(v)) return v.length;
  return null;
}

/** The fact `key` as an instant in UTC, formatted for `locale`; `fallback` when absent. */
export function instantOf(facts: Facts, key: string, locale: string, fallback = '?'): string {
  const v = facts?.[key];
  return typeof v === 'string' || typeof v === 'number' ? formatInstant(v, locale) : fallback;
}

/** The fact `key` as a list of scalars joined by ", " (an empty string when absent). */
export function listOf(facts: Facts, key: string): string {
  const v = facts?.[key];
  return Array.isArray(v) ? v.filter((x) => typeof x === 'string' || typeof x === 'number').join(', ') : '';
}
