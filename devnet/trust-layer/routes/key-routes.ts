import { createPublicKey, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { clientIp, sendError, sendJson } from '../../http/http-helpers.ts';
import { ed25519KeyOfDidKey } from '../../../main/core/encoding/did-key.ts';
import { apiKeyOf, type TrustLayerContext } from '../trust-layer-context.ts';

const HOUR_MS = 3600 * 1000;
const SIGNUPS_PER_IP_PER_HOUR = 5;
const BIND_ATTEMPTS_PER_KEY_PER_HOUR = 5;
const CHALLENGE_SECONDS = 300;
const EMAIL_PATTERN = /^[^@\s]{1,64}@[^@\s]+\.[^@\s]{2,}$/;

function text(body: PyJson, key: string): string | undefined {
  const value = isPyObject(body) ? body[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** POST /v1/keys/free-signup: an mcp_free_ key (48 hex), 5 signups per IP per hour, one active key per email. */
export function freeSignup(
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  body: PyJson,
) {
  const email = text(body, 'email')?.trim().toLowerCase();
  if (text(body, 'website')) return sendError(response, 400, 'invalid_request', 'Signup refused.');
  if (!email || !EMAIL_PATTERN.test(email)) {
    return sendError(response, 422, 'invalid_email', 'Provide a valid email address in the "email" field.');
  }
  const now = context.now().getTime();
  const ip = clientIp(request);
  if (context.accounts.signupsFromIpSince(ip, now - HOUR_MS) >= SIGNUPS_PER_IP_PER_HOUR) {
    return sendError(response, 429, 'rate_limited', 'Too many signups from this IP: 5 per hour. Try again later.', {
      'Retry-After': '3600',
    });
  }
  if (context.accounts.keyForEmail(email, 'free')) {
    return sendError(response, 409, 'already_exists', 'An active free key already exists for this email.');
  }
  const apiKey = `mcp_free_${Buffer.from(context.randomBytes(24)).toString('hex')}`;
  context.accounts.createKey(apiKey, email, 'free', ip, now);
  sendJson(response, 200, {
    api_key: apiKey,
    plan: 'free',
    limit: '500 proofs/month',
    email,
    message: 'Your free API key is ready (devnet). Pass it in X-Api-Key.',
    upgrade_url: `${context.baseUrl()}/v1/pricing`,
    upgrade_cta: 'The devnet has no paid plans.',
  });
}

/** The caller's key record, or an error already sent (401 without a valid key). */
function requireKey(context: TrustLayerContext, request: IncomingMessage, response: ServerResponse) {
  const apiKey = apiKeyOf(request);
  if (!apiKey) {
    sendError(response, 401, 'auth_required', 'Send your API key in X-Api-Key or Authorization: Bearer.');
    return undefined;
  }
  const key = context.accounts.findKey(apiKey);
  if (!key) sendError(response, 401, 'invalid_api_key', 'Invalid or inactive API key');
  return key;
}

/** POST /v1/keys/bind-did, path A: a 64-hex challenge to sign with the did:key's Ed25519 key. */
export function bindDid(context: TrustLayerContext, request: IncomingMessage, response: ServerResponse, body: PyJson) {
  const key = requireKey(context, request, response);
  if (!key) return;
  const now = context.now().getTime();
  if (context.accounts.bindAttemptsSince(key.api_key, now - HOUR_MS) >= BIND_ATTEMPTS_PER_KEY_PER_HOUR) {
    return sendError(response, 429, 'rate_limited', 'Too many DID binding attempts for this key: 5 per hour.', {
      'Retry-After': '3600',
    });
  }
  context.accounts.recordBindAttempt(key.api_key, now);
  const did = text(body, 'did');
  if (!did) return sendError(response, 400, 'invalid_did', 'Provide "did": a did:key (z6Mk...) or did:web.');
  if (did.startsWith('did:web:')) {
    return sendError(response, 503, 'did_resolution_failed', 'The devnet cannot resolve did:web; bind a did:key.');
  }
  if (!ed25519KeyOfDidKey(did)) {
    return sendError(
      response,
      400,
      'invalid_did',
      'A did:key must be base58btc (z prefix) with multicodec 0xed01 and a 32-byte Ed25519 key.',
    );
  }
  const challenge = Buffer.from(context.randomBytes(32)).toString('hex');
  context.accounts.saveChallenge({ challenge, api_key: key.api_key, did, expires_at: now + CHALLENGE_SECONDS * 1000 });
  sendJson(response, 200, { challenge, expires_in: BigInt(CHALLENGE_SECONDS) });
}

/** POST /v1/keys/bind-did/confirm: Ed25519 over the challenge's ASCII bytes, base64url. */
export function confirmDid(
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  body: PyJson,
) {
  const key = requireKey(context, request, response);
  if (!key) return;
  const challengeText = text(body, 'challenge');
  const signature = text(body, 'signature');
  if (!challengeText || !signature) {
    return sendError(response, 400, 'missing_fields', 'Provide "challenge" and "signature" (base64url Ed25519).');
  }
  const challenge = context.accounts.takeChallenge(challengeText);
  if (!challenge || challenge.expires_at <= context.now().getTime()) {
    return sendError(response, 410, 'challenge_expired', 'Unknown or expired challenge: request a new one.');
  }
  if (challenge.api_key !== key.api_key) {
    return sendError(response, 400, 'key_mismatch', 'This challenge was issued to another API key.');
  }
  const raw = ed25519KeyOfDidKey(challenge.did) as Uint8Array;
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
    format: 'jwk',
  });
  let valid = false;
  try {
    valid = verify(null, Buffer.from(challenge.challenge, 'ascii'), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) return sendError(response, 400, 'invalid_signature', 'The signature does not verify with the DID key.');
  const boundAt = context.now().toISOString();
  context.accounts.bind(key.api_key, challenge.did, 'challenge_response', boundAt);
  sendJson(response, 200, { verified_did: challenge.did, bound_at: boundAt, method: 'challenge_response' });
}

/** GET /v1/keys/identity (TL v1.10.0): the bound DID and the history, identity only. */
export function identity(context: TrustLayerContext, request: IncomingMessage, response: ServerResponse) {
  const key = requireKey(context, request, response);
  if (!key) return;
  const current = context.accounts.currentBinding(key.api_key);
  const history: PyObject[] = context.accounts.bindingHistory(key.api_key).map((binding) => ({
    did: binding.did,
    bound_at: binding.bound_at,
    method: binding.method,
    unbound_at: binding.unbound_at,
  }));
  sendJson(response, 200, {
    verified_did: current?.did ?? null,
    verified_did_method: current?.method ?? null,
    verified_did_bound_at: current?.bound_at ?? null,
    verified_did_history: history,
  });
}
