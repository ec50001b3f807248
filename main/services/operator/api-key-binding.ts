import { bindChallengeSignature } from '../../core/operator/bind-challenge.ts';
import { didKeyOfEd25519 } from '../../core/encoding/did-key.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import type { HttpClient } from '../http/http-client.ts';

/** The DID a Trust Layer API key is bound to (`GET /v1/keys/identity`, trust-layer-reference §7, v1.10.0). */
export interface KeyIdentity {
  /** Null: no DID bound to the key. */
  did: string | null;
  method: string | null;
  boundAt: string | null;
}

export type KeyIdentityCode = 'API_KEY_IDENTITY_UNREACHABLE' | 'API_KEY_IDENTITY_REFUSED' | 'API_KEY_IDENTITY_INVALID';

export type BindCode = 'SETUP_BIND_UNREACHABLE' | 'SETUP_BIND_REFUSED' | 'SETUP_BIND_ANSWER_INVALID';

const trimmed = (base: string) => base.replace(/\/+$/, '');

const text = (o: PyObject, key: string): string | null => (typeof o[key] === 'string' ? (o[key] as string) : null);

/** The Trust Layer's own error (`{"error": {"code", "message"}}`): its code and message, never a request header. */
function trustLayerError(value: PyJson | undefined): { code: string | null; message: string | null } {
  const error = isPyObject(value ?? null) ? (value as PyObject)['error'] : undefined;
  if (!isPyObject(error ?? null)) return { code: null, message: null };
  return { code: text(error as PyObject, 'code'), message: text(error as PyObject, 'message') };
}

interface Called {
  status: number;
  value: PyObject | null;
  error: { code: string | null; message: string | null };
}

/** One call with the key in `X-Api-Key` (never in a URL, a message or a detail); null when nothing answered. */
async function call(
  http: HttpClient,
  request: { method: 'GET' | 'POST'; url: string; apiKey: string; body?: PyObject | Record<string, string> },
): Promise<Result<Called, 'UNREACHABLE'>> {
  const answer = await http.request({
    method: request.method,
    url: request.url,
    headers: {
      'X-Api-Key': request.apiKey,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  if (!answer.ok) return fail('UNREACHABLE', answer.error.code, { cause: answer.error.code });
  const parsed = loads(answer.value.body);
  const value = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  return ok({ status: answer.value.status, value, error: trustLayerError(value ?? undefined) });
}

/** `status (code: message)` of a refusal, for a message. */
const refusalText = (c: Called) =>
  `${c.status}${c.error.code === null ? '' : ` ${c.error.code}`}${c.error.message === null ? '' : `: ${c.error.message}`}`;

/**
 * The DID the Trust Layer has bound to this API key, as it answers for the key (`GET /v1/keys/identity`). Reads no
 * proof and costs no quota. The refusal's details carry the status and the Trust Layer's code, never the key.
 */
export async function apiKeyIdentity(
  http: HttpClient,
  trustLayer: string,
  apiKey: string,
): Promise<Result<KeyIdentity, KeyIdentityCode>> {
  const answer = await call(http, { method: 'GET', url: `${trimmed(trustLayer)}/v1/keys/identity`, apiKey });
  if (!answer.ok)
    return fail('API_KEY_IDENTITY_UNREACHABLE', `GET /v1/keys/identity got no answer (${answer.error.message})`, {
      cause: answer.error.message,
    });
  const c = answer.value;
  if (c.status !== 200)
    return fail('API_KEY_IDENTITY_REFUSED', `GET /v1/keys/identity answered ${refusalText(c)}`, {
      status: c.status,
      error_code: c.error.code,
    });
  const did = c.value === null ? undefined : c.value['verified_did'];
  if (c.value === null || (did !== null && typeof did !== 'string'))
    return fail('API_KEY_IDENTITY_INVALID', 'GET /v1/keys/identity answered no verified_did (a string or null)');
  return ok({
    did: did ?? null,
    method: text(c.value, 'verified_did_method'),
    boundAt: text(c.value, 'verified_did_bound_at'),
  });
}

export interface Bound {
  did: string;
  boundAt: string;
  method: string;
}

/**
 * Binds the API key to the did:key of the operator key (docs/freeze.md "The challenge's DID"): `POST
 * /v1/keys/bind-did` with that DID, then `/confirm` with the challenge signed by the operator key
 * (bindChallengeSignature: a 64-hex challenge only). The private key stays in this process; the Trust Layer gets the
 * DID and the signature. A refusal names the option to change: the key (--api-key-file), the address
 * (--trust-layer).
 */
export async function bindApiKey(
  http: HttpClient,
  o: { trustLayer: string; apiKey: string; operatorKey: { privateKey: Uint8Array; publicKey: Uint8Array } },
): Promise<Result<Bound, BindCode>> {
  const did = didKeyOfEd25519(o.operatorKey.publicKey);
  const base = trimmed(o.trustLayer);
  const unreachable = (step: string, cause: string) =>
    fail(
      'SETUP_BIND_UNREACHABLE',
      `POST ${step} got no answer (${cause}): check the Trust Layer's address given with --trust-layer URL`,
      { cause },
    );
  const refused = (step: string, c: Called) =>
    fail(
      'SETUP_BIND_REFUSED',
      `POST ${step} answered ${refusalText(c)}: ` +
        (c.status === 401 || c.status === 403
          ? 'the Trust Layer refuses the API key: give --api-key-file FILE holding a key of the --trust-layer Trust Layer'
          : c.status === 429
            ? 'the Trust Layer allows 5 binding attempts an hour per key: bind again after the hour'
            : 'nothing was bound; correct the cause the Trust Layer names, then bind again'),
      { status: c.status, error_code: c.error.code, step },
    );
  const started = await call(http, {
    method: 'POST',
    url: `${base}/v1/keys/bind-did`,
    apiKey: o.apiKey,
    body: { did },
  });
  if (!started.ok) return unreachable('/v1/keys/bind-did', started.error.message);
  if (started.value.status !== 200) return refused('/v1/keys/bind-did', started.value);
  const challenge = started.value.value === null ? null : text(started.value.value, 'challenge');
  const signature = challenge === null ? null : bindChallengeSignature(challenge, o.operatorKey.privateKey);
  if (challenge === null || signature === null)
    return fail(
      'SETUP_BIND_ANSWER_INVALID',
      'POST /v1/keys/bind-did answered no 64-hex challenge: nothing was signed, nothing was bound',
    );
  const confirmed = await call(http, {
    method: 'POST',
    url: `${base}/v1/keys/bind-did/confirm`,
    apiKey: o.apiKey,
    body: { challenge, signature },
  });
  if (!confirmed.ok) return unreachable('/v1/keys/bind-did/confirm', confirmed.error.message);
  if (confirmed.value.status !== 200) return refused('/v1/keys/bind-did/confirm', confirmed.value);
  const answer = confirmed.value.value;
  const verified = answer === null ? null : text(answer, 'verified_did');
  if (answer === null || verified !== did)
    return fail(
      'SETUP_BIND_ANSWER_INVALID',
      `POST /v1/keys/bind-did/confirm answered ${verified === null ? 'no verified_did' : `verified_did ${verified}`}, not the challenge's DID ${did}`,
      { anchored: verified, recomputed: did },
    );
  return ok({ did, boundAt: text(answer, 'bound_at') ?? '', method: text(answer, 'method') ?? 'challenge_response' });
}
