import { sha256HexOfText } from '../hash/sha256.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson } from '../json/value.ts';
import { commitmentsRoot } from './commitments.ts';
import { stripSha256Prefix } from '../encoding/encodings.ts';
import type { ChainPreimage, ProofView } from './parse-view.ts';
import { checkFailed, checkOk, checkSkipped, type CheckOutcome } from './check-outcome.ts';

/** The six fields every pre-3.0 chain covers, plus the two optional ones (trust-layer-reference §4.3). */
export interface ChainInputs {
  request_hash: string;
  response_hash: string;
  transaction_id: string;
  timestamp: string;
  buyer_fingerprint: string;
  seller: string;
  upstream_timestamp?: string | null;
  receipt_content_hash?: string | null;
}

/**
 * Legacy chain (spec 1.0, 1.1, 2.0, or no spec_version): SHA-256 of the plain concatenation, optional fields
 * appended only when present and non-empty (Python truthiness).
 */
export function legacyChainHash(inputs: ChainInputs): string {
  let text =
    inputs.request_hash +
    inputs.response_hash +
    inputs.transaction_id +
    inputs.timestamp +
    inputs.buyer_fingerprint +
    inputs.seller;
  if (inputs.upstream_timestamp) text += inputs.upstream_timestamp;
  if (inputs.receipt_content_hash) text += inputs.receipt_content_hash;
  return sha256HexOfText(text);
}

/** Values chain (spec 1.2, 2.1): SHA-256 of canonical_json of the fields as an object; optional ones only if truthy. */
export function valuesChainHash(inputs: ChainInputs): string {
  const entries: [string, PyJson][] = [
    ['buyer_fingerprint', inputs.buyer_fingerprint],
    ['request_hash', inputs.request_hash],
    ['response_hash', inputs.response_hash],
    ['seller', inputs.seller],
    ['timestamp', inputs.timestamp],
    ['transaction_id', inputs.transaction_id],
  ];
  if (inputs.upstream_timestamp) entries.push(['upstream_timestamp', inputs.upstream_timestamp]);
  if (inputs.receipt_content_hash) entries.push(['receipt_content_hash', inputs.receipt_content_hash]);
  return sha256Canonical(pyObjectFrom(entries));
}

export type ChainCode =
  | 'CHAIN_HASH_MALFORMED'
  | 'CHAIN_PREIMAGE_REDACTED'
  | 'CHAIN_INPUT_MALFORMED'
  | 'CHAIN_COMMITMENTS_MISSING'
  | 'CHAIN_COMMITMENT_MALFORMED'
  | 'CHAIN_MISMATCH';

const REQUIRED: readonly (keyof ChainPreimage)[] = [
  'request_hash',
  'response_hash',
  'transaction_id',
  'timestamp',
  'buyer_fingerprint',
  'seller',
];

/** The fields public views remove (reference §3.2): without them no pre-3.0 chain can be recomputed. */
const REDACTED_IN_PUBLIC_VIEWS: readonly (keyof ChainPreimage)[] = ['transaction_id', 'buyer_fingerprint'];

function preimageInputs(preimage: ChainPreimage): CheckOutcome<ChainCode> | ChainInputs {
  const redacted = REDACTED_IN_PUBLIC_VIEWS.filter((key) => preimage[key] === undefined);
  if (redacted.length > 0) {
    // A public view of a pre-3.0 proof: its preimage is not published, so nothing can be said about the chain
    // (reference §8 step 1). A mismatch here would be the verifier's defect, never the proof's.
    return checkSkipped(
      'CHAIN_PREIMAGE_REDACTED',
      `the chain preimage is not published in this view (${redacted.join(', ')} redacted); supply the owner view (/v1/proof/{id}/full) to recompute it`,
      { redacted },
    );
  }
  for (const key of [...REQUIRED, 'upstream_timestamp', 'receipt_content_hash'] as const) {
    const value = preimage[key];
    const optional = key === 'upstream_timestamp' || key === 'receipt_content_hash';
    if (typeof value === 'string' || (optional && (value === undefined || value === null))) continue;
    return checkFailed('CHAIN_INPUT_MALFORMED', `chain preimage field "${key}" must be a string`, {
      field: key,
      type: value === null ? 'null' : typeof value,
    });
  }
  return preimage as ChainInputs;
}

function commitmentsOf(value: PyJson | undefined): CheckOutcome<ChainCode> | Map<string, string> {
  if (!isPyObject(value) || Object.keys(value).length === 0) {
    return checkFailed('CHAIN_COMMITMENTS_MISSING', 'a spec 3.x proof must carry a non-empty "commitments" object', {
      commitments: value === undefined ? 'absent' : value === null ? null : typeof value,
    });
  }
  const map = new Map<string, string>();
  for (const [field, text] of Object.entries(value)) {
    const hex = stripSha256Prefix(text);
    if (!hex) {
      return checkFailed('CHAIN_COMMITMENT_MALFORMED', `commitment "${field}" must be "sha256:" + 64 lowercase hex`, {
        field,
      });
    }
    map.set(field, hex);
  }
  return map;
}

/** `hashes.chain` as 64 lowercase hex, or null when it is missing or malformed. */
export function chainHexOf(view: ProofView): string | null {
  return stripSha256Prefix(view.chainText);
}

/** The chain check (reference §8 step 1): recompute `hashes.chain` by the proof's own algorithm. */
export function checkChain(view: ProofView): CheckOutcome<ChainCode> {
  const stated = chainHexOf(view);
  if (!stated) {
    return checkFailed('CHAIN_HASH_MALFORMED', '"hashes.chain" must be "sha256:" + 64 lowercase hex', {
      chain: typeof view.chainText === 'string' ? view.chainText : String(view.chainText),
    });
  }
  let computed: string;
  let detail: Record<string, unknown>;
  if (view.algorithm === 'commitments') {
    const commitments = commitmentsOf(view.commitments);
    if (!(commitments instanceof Map)) return commitments;
    computed = commitmentsRoot(commitments);
    detail = { algorithm: 'commitments', fields: commitments.size };
  } else {
    const inputs = preimageInputs(view.preimage);
    if ('status' in inputs) return inputs;
    computed = view.algorithm === 'legacy' ? legacyChainHash(inputs) : valuesChainHash(inputs);
    detail = { algorithm: view.algorithm };
  }
  if (computed !== stated) {
    return checkFailed('CHAIN_MISMATCH', 'the recomputed chain hash differs from "hashes.chain"', {
      ...detail,
      expected: stated,
      actual: computed,
    });
  }
  return checkOk(`chain hash recomputed (${view.algorithm})`, { ...detail, chain: stated });
}
