import { canonical } from '../json/canonical.ts';
import type { PyJson } from '../json/value.ts';
import { stripSha256Prefix } from '../encoding/encodings.ts';
import type { OpenedValues } from './openings.ts';

/**
 * A flat field that disagrees with the value opened against its commitment (spec §4.1: "a Trust Layer
 * incident, flagged as such"). The opened value is the evidence; the flat one is informational, so this never
 * fails a witness. Values are given as canonical JSON text.
 */
export interface IssuerAnomaly {
  code: 'ISSUER_FLAT_FIELD_DIFFERS';
  field: string;
  flat: string;
  opened: string;
}

// hashes.request/response are "sha256:<hex>" while the committed request_hash/response_hash are bare hex.
const HASH_FIELDS = new Set(['request_hash', 'response_hash']);

function comparable(field: string, value: PyJson): string {
  if (HASH_FIELDS.has(field)) {
    const hex = stripSha256Prefix(value);
    if (hex) return canonical(hex);
  }
  return canonical(value);
}

/** Compares each flat field the view shows with its opened value, when both exist. */
export function issuerAnomalies(flat: Record<string, PyJson | undefined>, opened: OpenedValues): IssuerAnomaly[] {
  const anomalies: IssuerAnomaly[] = [];
  for (const [field, shown] of Object.entries(flat)) {
    if (shown === undefined || !opened.has(field)) continue;
    const flatText = comparable(field, shown);
    const openedText = comparable(field, opened.get(field) as PyJson);
    if (flatText !== openedText) {
      anomalies.push({ code: 'ISSUER_FLAT_FIELD_DIFFERS', field, flat: flatText, opened: openedText });
    }
  }
  return anomalies;
}
