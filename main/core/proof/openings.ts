import { isPyObject, type PyJson } from '../json/value.ts';
import { checkFailed, checkOk, checkSkipped, type CheckOutcome } from './check-outcome.ts';
import { commitmentHex } from './commitments.ts';
import { isHex64AnyCase, stripSha256Prefix } from '../encoding/encodings.ts';
import type { OpeningView } from './parse-view.ts';

/** Where an opening came from: the proof's `disclosed` block, the owner view, or a disclosure supplied with it. */
export type OpeningSource = 'disclosed' | 'owner_view' | 'disclosure';

/** One (nonce, value) pair that claims to open the commitment of `field`. */
export interface Opening {
  field: string;
  nonce: PyJson | undefined;
  value: PyJson | undefined;
  source: OpeningSource;
}

export type OpeningCode =
  | 'OPENING_MALFORMED'
  | 'OPENING_NONCE_MALFORMED'
  | 'OPENING_NOT_COMMITTED'
  | 'OPENING_MISMATCH'
  | 'OPENING_BEFORE_COMMITMENTS'
  | 'OPENING_NONE';

/**
 * Reads `{field: {nonce, value}}`: the proof's `disclosed` block, a disclosure bundle's `disclosed`, and a
 * submission's per-proof `disclosures` entry (`{request_hash: {nonce, value}, response_hash: {nonce, value}}`,
 * spec §4) all have this shape.
 */
export function openingsFromFieldMap(map: PyJson | undefined, source: OpeningSource): Opening[] | null {
  if (map === undefined || map === null) return [];
  if (!isPyObject(map)) return null;
  return Object.entries(map).map(([field, pair]) => ({
    field,
    nonce: isPyObject(pair) ? pair.nonce : undefined,
    value: isPyObject(pair) && 'value' in pair ? pair.value : undefined,
    source,
  }));
}

/** The owner view opens every field: `commitment_nonces` {field: hex} beside `chain_data` {field: value}. */
export function openingsFromOwnerView(view: OpeningView): Opening[] {
  if (!isPyObject(view.ownerNonces) || !isPyObject(view.ownerChainData)) return [];
  const data = view.ownerChainData;
  return Object.entries(view.ownerNonces).map(([field, nonce]) => ({
    field,
    nonce,
    value: field in data ? data[field] : undefined,
    source: 'owner_view' as const,
  }));
}

/**
 * Picks this proof's disclosures out of a supplied document: a disclosure bundle `{"disclosed": {...}}`
 * (reference §3.3), a submission's `disclosures` keyed by proof id, or a bare field map.
 */
export function disclosureFieldMap(document: PyJson, proofId: string | null): PyJson | undefined {
  if (!isPyObject(document)) return document;
  if (isPyObject(document.disclosed)) return document.disclosed;
  if (isPyObject(document.disclosures)) return disclosureFieldMap(document.disclosures, proofId);
  if (proofId !== null && isPyObject(document[proofId])) return document[proofId];
  return document;
}

/** The values that opened their commitment, by field. Only these are evidence (spec §4.1). */
export type OpenedValues = Map<string, PyJson>;

export interface OpeningsResult {
  outcome: CheckOutcome<OpeningCode>;
  opened: OpenedValues;
}

/**
 * Every supplied opening must reproduce its commitment SHA256(field ‖ 0x00 ‖ nonce ‖ canonical_json(value))
 * (trust-layer-reference §4.3). One failing opening fails the check: a disclosure that does not open is not
 * quietly ignored.
 */
export function checkOpenings(view: OpeningView, openings: readonly Opening[]): OpeningsResult {
  const opened: OpenedValues = new Map();
  if (openings.length === 0) {
    return { outcome: checkSkipped('OPENING_NONE', 'no opening was supplied or published'), opened };
  }
  if (view.algorithm !== 'commitments') {
    // TL v1.9.3: a disclosure for a proof without commitments fails; it cannot open anything.
    return {
      outcome: checkFailed(
        'OPENING_BEFORE_COMMITMENTS',
        `spec ${view.specVersion ?? '(none)'} has no commitments, so a disclosure cannot open anything; drop it`,
        { fields: openings.map((o) => o.field) },
      ),
      opened,
    };
  }
  const commitments = isPyObject(view.commitments) ? view.commitments : null;
  for (const opening of openings) {
    const where = { field: opening.field, source: opening.source };
    if (opening.value === undefined) {
      return {
        outcome: checkFailed('OPENING_MALFORMED', `the opening of "${opening.field}" has no "value"`, where),
        opened,
      };
    }
    // The nonce is 32 raw bytes written as hex; the Trust Layer's verifier decodes either case (bytes.fromhex).
    if (!isHex64AnyCase(opening.nonce)) {
      return {
        outcome: checkFailed(
          'OPENING_NONCE_MALFORMED',
          `the nonce of "${opening.field}" must be 64 hex digits (32 bytes)`,
          where,
        ),
        opened,
      };
    }
    const committed = commitments ? stripSha256Prefix(commitments[opening.field]) : null;
    if (!committed) {
      return {
        outcome: checkFailed(
          'OPENING_NOT_COMMITTED',
          `the proof has no commitment for "${opening.field}" to open`,
          where,
        ),
        opened,
      };
    }
    const computed = commitmentHex(opening.field, opening.nonce.toLowerCase(), opening.value);
    if (computed !== committed) {
      return {
        outcome: checkFailed(
          'OPENING_MISMATCH',
          `the (nonce, value) of "${opening.field}" does not reproduce its commitment`,
          {
            ...where,
            expected: committed,
            actual: computed,
          },
        ),
        opened,
      };
    }
    opened.set(opening.field, opening.value);
  }
  const fields = [...opened.keys()].sort();
  return { outcome: checkOk(`${fields.length} opening(s) reproduce their commitments`, { fields }), opened };
}
