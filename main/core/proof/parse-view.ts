import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { stripSha256Prefix } from '../encoding/encodings.ts';
import { chainAlgorithm, type ChainAlgorithm } from './spec-version.ts';
import { loads } from '../json/loads.ts';

/** The chain preimage fields, named as the chain formulas name them (trust-layer-reference §4.3). */
export interface ChainPreimage {
  request_hash: PyJson | undefined;
  response_hash: PyJson | undefined;
  transaction_id: PyJson | undefined;
  timestamp: PyJson | undefined;
  buyer_fingerprint: PyJson | undefined;
  seller: PyJson | undefined;
  upstream_timestamp: PyJson | undefined;
  receipt_content_hash: PyJson | undefined;
}

/**
 * A proof as served, in any documented shape: public view (`GET /v1/proof/{id}`, one entry of `POST /v1/proofs`),
 * owner view (`/full`), or a legacy owner record (reference §3). Parsing is tolerant: only what makes the proof
 * unreadable is refused here; every other defect is left for the check that owns it to report as a failure.
 */
export interface ProofView {
  /** The bytes as received: what a report or an archive keeps. */
  raw: Uint8Array;
  json: PyObject;
  proofId: string | null;
  specVersion: string | null;
  algorithm: ChainAlgorithm;
  /** `hashes.chain`, as written. */
  chainText: PyJson | undefined;
  /** `commitments` (null on a pre-3.0 view served after v1.8, absent before). */
  commitments: PyJson | undefined;
  /** The proof's own openings (spec 3.1 public view). */
  disclosed: PyJson | undefined;
  /** Owner view: `commitment_nonces` and `chain_data`, which together open every field. */
  ownerNonces: PyJson | undefined;
  ownerChainData: PyJson | undefined;
  /** null or absent both mean "no batch": the anchored hash is then the chain hash. */
  batchAnchor: PyJson | undefined;
  timestampAuthority: PyJson | undefined;
  transparencyLog: PyJson | undefined;
  signature: PyJson | undefined;
  pubkey: PyJson | undefined;
  /** `arkforge_kid` (v1.12 and later), optional in public views (reference §9.3). */
  kid: PyJson | undefined;
  preimage: ChainPreimage;
  /** The informational flat fields a reader sees, compared with opened values for issuer anomalies. */
  flat: Record<string, PyJson | undefined>;
}

/** What the openings and identity checks read of a view: all that a disclosure is checked against. */
export type OpeningView = Pick<
  ProofView,
  'proofId' | 'specVersion' | 'algorithm' | 'commitments' | 'disclosed' | 'ownerNonces' | 'ownerChainData' | 'flat'
>;

export type ParseCode = 'PROOF_NOT_JSON' | 'PROOF_NOT_OBJECT' | 'PROOF_SPEC_VERSION_UNKNOWN';

const member = (object: PyJson | undefined, key: string): PyJson | undefined =>
  isPyObject(object) ? object[key] : undefined;

/** The first defined value: the variants name the same field in different places. */
const firstDefined = (...values: (PyJson | undefined)[]): PyJson | undefined => values.find((v) => v !== undefined);

/** Hashes appear as "sha256:<hex>" in proofs and as bare hex in the chain preimage (reference §4.2). */
function bareHash(value: PyJson | undefined): PyJson | undefined {
  return value === undefined ? undefined : (stripSha256Prefix(value) ?? value);
}

function preimageOf(json: PyObject): ChainPreimage {
  const parties = json.parties;
  const hashes = json.hashes;
  // `certification_fee` is what the implementation stores; the spec and Feb-2026 proofs say `payment` (§9.13).
  const fee = firstDefined(json.certification_fee, json.payment);
  return {
    request_hash: bareHash(member(hashes, 'request')),
    response_hash: bareHash(member(hashes, 'response')),
    transaction_id: member(fee, 'transaction_id'),
    timestamp: json.timestamp,
    buyer_fingerprint: firstDefined(member(parties, 'buyer_fingerprint'), json.buyer_fingerprint),
    seller: firstDefined(member(parties, 'seller'), json.seller),
    upstream_timestamp: json.upstream_timestamp,
    receipt_content_hash: bareHash(member(json.provider_payment, 'receipt_content_hash')),
  };
}

function flatOf(json: PyObject): Record<string, PyJson | undefined> {
  const parties = json.parties;
  return {
    agent_identity: firstDefined(json.agent_identity, member(parties, 'agent_identity')),
    agent_identity_verified: firstDefined(json.agent_identity_verified, member(parties, 'agent_identity_verified')),
    did_resolution_status: firstDefined(json.did_resolution_status, member(parties, 'did_resolution_status')),
    identity_consistent: json.identity_consistent,
    seller: firstDefined(json.seller, member(parties, 'seller')),
    timestamp: json.timestamp,
    upstream_timestamp: json.upstream_timestamp,
    request_hash: bareHash(member(json.hashes, 'request')),
    response_hash: bareHash(member(json.hashes, 'response')),
  };
}

/** Reads a proof from a parsed JSON value (e.g. one entry of a `POST /v1/proofs` answer) and its bytes. */
export function proofViewFromJson(json: PyJson, raw: Uint8Array): Result<ProofView, ParseCode> {
  if (!isPyObject(json))
    return fail('PROOF_NOT_OBJECT', 'a proof must be a JSON object (the body of GET /v1/proof/{id})');
  const algorithm = chainAlgorithm(json.spec_version);
  if (!algorithm.ok) return algorithm;
  return ok({
    raw,
    json,
    proofId: typeof json.proof_id === 'string' ? json.proof_id : null,
    specVersion: typeof json.spec_version === 'string' ? json.spec_version : null,
    algorithm: algorithm.value,
    chainText: member(json.hashes, 'chain'),
    commitments: json.commitments,
    disclosed: json.disclosed,
    ownerNonces: json.commitment_nonces,
    ownerChainData: json.chain_data,
    batchAnchor: json.batch_anchor,
    timestampAuthority: json.timestamp_authority,
    transparencyLog: json.transparency_log,
    signature: json.arkforge_signature,
    pubkey: json.arkforge_pubkey,
    kid: json.arkforge_kid,
    preimage: preimageOf(json),
    flat: flatOf(json),
  });
}

/** Parses a proof from the bytes served, keeping them. */
export function parseProofView(raw: Uint8Array): Result<ProofView, ParseCode> {
  const parsed = loads(raw);
  if (!parsed.ok) return fail('PROOF_NOT_JSON', `the proof is not JSON: ${parsed.error.message}`);
  return proofViewFromJson(parsed.value, raw);
}
