import { isPyObject, type PyJson, type PyObject } from '../../main/core/json/value.ts';
import { commitment, commitmentsRoot } from '../../main/core/proof/commitments.ts';

/** The four identity fields spec 3.1 commits and publishes openings for (reference §3.2 `disclosed`). */
export const IDENTITY_FIELDS = [
  'agent_identity',
  'agent_identity_verified',
  'did_resolution_status',
  'identity_consistent',
];

/** get_public_proof()'s keys, in its order (reference §3.2). */
const PUBLIC_KEYS = [
  'proof_id',
  'is_demo',
  'spec_version',
  'hashes',
  'commitments',
  'batch_anchor',
  'timestamp_authority',
  'timestamp',
  'upstream_timestamp',
  'verification_algorithm',
  'arkforge_signature',
  'arkforge_pubkey',
  'identity_consistent',
  'views_count',
  'transaction_success',
  'upstream_status_code',
  'disputed',
  'dispute_id',
  'transparency_log',
  'agent_identity',
  'agent_identity_verified',
  'did_resolution_status',
  'seller',
];

function objectField(record: PyObject, key: string): PyObject {
  const value = record[key];
  return isPyObject(value) ? value : {};
}

/**
 * The server's own integrity check (`integrity_verified`): every nonce reopens its commitment and the
 * commitments' root is hashes.chain. It is the issuer's claim about itself, never evidence.
 */
export function integrityVerified(record: PyObject): boolean {
  const commitments = objectField(record, 'commitments');
  const nonces = objectField(record, '_commitment_nonces');
  const chainData = objectField(record, '_chain_data');
  const bare = new Map<string, string>();
  for (const field of Object.keys(commitments)) {
    const stated = String(commitments[field]).replace(/^sha256:/, '');
    const nonce = nonces[field];
    if (typeof nonce !== 'string') return false;
    const reopened = Buffer.from(commitment(field, Buffer.from(nonce, 'hex'), chainData[field] ?? null)).toString(
      'hex',
    );
    if (reopened !== stated) return false;
    bare.set(field, stated);
  }
  const chain = String(objectField(record, 'hashes')['chain']).replace(/^sha256:/, '');
  return bare.size > 0 && commitmentsRoot(bare) === chain;
}

/** GET /v1/proof/{id} and each element of POST /v1/proofs (reference §3.2). */
export function publicView(record: PyObject, viewsCount: bigint): PyObject {
  const parties = objectField(record, 'parties');
  const chainData = objectField(record, '_chain_data');
  const nonces = objectField(record, '_commitment_nonces');
  const view: PyObject = {};
  for (const key of PUBLIC_KEYS) {
    if (key === 'is_demo') view[key] = false;
    else if (key === 'views_count') view[key] = viewsCount;
    else if (['agent_identity', 'agent_identity_verified', 'did_resolution_status', 'seller'].includes(key)) {
      view[key] = parties[key] ?? null;
    } else view[key] = record[key] ?? null;
  }
  // Spec 3.1: the flat identity values are overwritten from the committed data, so editing `parties` cannot
  // change them, and each is published with its opening.
  const disclosed: PyObject = {};
  for (const field of IDENTITY_FIELDS) {
    view[field] = chainData[field] ?? null;
    disclosed[field] = { nonce: nonces[field] ?? null, value: chainData[field] ?? null };
  }
  view['disclosed'] = disclosed;
  const payment = record['provider_payment'];
  view['provider_payment'] = isPyObject(payment)
    ? {
        type: payment['type'] ?? null,
        receipt_content_hash: payment['receipt_content_hash'] ?? null,
        verification_status: payment['verification_status'] ?? null,
      }
    : null;
  view['integrity_verified'] = integrityVerified(record);
  return view;
}

/** GET /v1/proof/{id}/full, owner only (reference §3.3). */
export function fullView(record: PyObject, viewsCount: bigint): PyObject {
  const view = publicView(record, viewsCount);
  view['parties'] = record['parties'] ?? null;
  const fee = objectField(record, 'certification_fee');
  const filtered: PyObject = {};
  for (const key of ['transaction_id', 'amount', 'currency', 'status', 'method']) {
    if (key in fee) filtered[key] = fee[key] as PyJson;
  }
  view['certification_fee'] = filtered;
  view['provider_payment'] = record['provider_payment'] ?? null;
  view['buyer_reputation_score'] = null;
  view['buyer_profile_url'] = null;
  view['commitment_nonces'] = record['_commitment_nonces'] ?? null;
  view['chain_data'] = record['_chain_data'] ?? null;
  return view;
}
