import { lookup } from 'node:dns/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { sendError, sendJson } from '../../http/http-helpers.ts';
import { jsonDumps, loadsOrUndefined } from '../../wire/json-dumps.ts';
import { fingerprintOf } from '../accounts.ts';
import { buildProofRecord, withoutSecrets } from '../proof-record.ts';
import { apiKeyOf, proxyTimestamp, type TrustLayerContext } from '../trust-layer-context.ts';
import type { UpstreamResult } from '../upstream.ts';

const SUPPORTED_CURRENCIES = ['eur', 'usd', 'gbp'];
const MAX_RAW_TEXT = 1_000_000;
const IDEMPOTENCY_HOURS = 24;
// proxy.py _BLOCKED_EXTRA_HEADERS, plus the challenge secret: a participant cannot supply it (challenge spec §2.3).
const BLOCKED_EXTRA_HEADERS = new Set([
  'host',
  'transfer-encoding',
  'connection',
  'upgrade',
  'content-length',
  'content-type',
  'x-internal-secret',
  'x-challenge-secret',
]);
const PRIVATE_HOST =
  /^(localhost|0\.0\.0\.0|127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$|\[?f[cd])/i;

class ProxyError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Python truthiness: `service_response or {"error": ...}` replaces every falsy body, {} and [] included. */
function truthy(value: PyJson): boolean {
  if (value === null || value === false || value === 0n || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPyObject(value)) return Object.keys(value).length > 0;
  return true;
}

/**
 * response_data as proxy.py builds it: the parsed upstream JSON; {"_raw_text": text} when the body is not JSON;
 * a falsy body ({} or [], also 0, "", false, null) becomes {"error": null} because `service_response or
 * {"error": service_error}` falls through with service_error None (reference §3.1, challenge spec §2.5).
 */
export function responseDataOf(body: Buffer): { data: PyJson; parsed: PyJson } {
  const parsed = loadsOrUndefined(body) ?? { _raw_text: body.toString('utf8').slice(0, MAX_RAW_TEXT) };
  return { data: truthy(parsed) ? parsed : { error: null }, parsed };
}

function validateTarget(context: TrustLayerContext, target: PyJson | undefined): URL {
  if (typeof target !== 'string') throw new ProxyError('invalid_request', 'Provide "target": the URL to call.', 400);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProxyError('invalid_target', 'Invalid target URL', 400);
  }
  // The devnet's own PROVE IT hosts are allow-listed: plain http and loopback are accepted for them alone.
  if (context.upstream.isDevnetHost(url.hostname) && url.protocol === 'http:' && url.port === '') return url;
  if (url.protocol !== 'https:') {
    throw new ProxyError('invalid_target', `Only HTTPS targets allowed, got '${url.protocol.replace(':', '')}'`, 400);
  }
  if (!url.hostname) throw new ProxyError('invalid_target', 'Invalid target URL: no hostname', 400);
  if (PRIVATE_HOST.test(url.hostname))
    throw new ProxyError('invalid_target', 'Target resolves to private IP range', 400);
  return url;
}

/** _check_no_private_dns: a name is resolved at request time and refused when it does not resolve or is private. */
async function checkResolvesPublic(hostname: string): Promise<void> {
  let addresses: { address: string }[];
  try {
    addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
  } catch {
    throw new ProxyError('invalid_target', `Could not resolve hostname '${hostname}'`, 400);
  }
  if (addresses.some(({ address }) => PRIVATE_HOST.test(address))) {
    throw new ProxyError('invalid_target', 'Target resolves to private IP range', 400);
  }
}

function extraHeaders(value: PyJson | undefined): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isPyObject(value)) throw new ProxyError('invalid_request', 'extra_headers must be an object', 400);
  const keys = Object.keys(value);
  if (keys.length > 10) throw new ProxyError('invalid_request', 'extra_headers: max 10 headers allowed', 400);
  const headers: Record<string, string> = {};
  for (const key of keys) {
    const header = value[key];
    if (typeof header !== 'string')
      throw new ProxyError('invalid_request', 'extra_headers: keys and values must be strings', 400);
    if (header.length > 4096)
      throw new ProxyError('invalid_request', `extra_headers: value for '${key}' exceeds 4096 chars`, 400);
    headers[key] = header;
  }
  return headers;
}

function agentIdentityHeader(request: IncomingMessage): string | null {
  const value = request.headers['x-agent-identity'];
  if (typeof value !== 'string' || value === '') return null;
  // TL v1.9.0: at most 256 characters, no control characters.
  if (value.length > 256 || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    throw new ProxyError(
      'invalid_agent_identity',
      'X-Agent-Identity: at most 256 characters, no control characters',
      400,
    );
  }
  return value;
}

/** The call a POST /v1/proxy body asks for, checked (reference §3.4); a ProxyError where it is not one. */
async function proxyCall(context: TrustLayerContext, request: IncomingMessage, body: PyObject) {
  const currency = typeof body['currency'] === 'string' ? body['currency'].trim().toLowerCase() : 'eur';
  if (!SUPPORTED_CURRENCIES.includes(currency)) {
    throw new ProxyError(
      'invalid_currency',
      `Currency '${currency}' not supported. Supported: ${SUPPORTED_CURRENCIES.join(', ')}`,
      400,
    );
  }
  const target = validateTarget(context, body['target']);
  if (!context.upstream.isDevnetHost(target.hostname)) await checkResolvesPublic(target.hostname);
  const method = typeof body['method'] === 'string' ? body['method'].toUpperCase() : 'POST';
  if (method !== 'GET' && method !== 'POST') throw new ProxyError('invalid_request', 'method must be GET or POST', 400);
  const payload = body['payload'] ?? {};
  if (!isPyObject(payload)) throw new ProxyError('invalid_request', 'payload must be a JSON object', 400);
  const extra = extraHeaders(body['extra_headers']);
  const declaredIdentity = agentIdentityHeader(request);
  const agentVersion =
    typeof request.headers['x-agent-version'] === 'string' ? request.headers['x-agent-version'] : null;

  // A free key pays nothing: amount is the float 0.0, which canonical JSON writes as 0.0 (challenge spec §2.4).
  // `target` enters request_data exactly as sent (validate_target_url returns it unchanged), so a trailing slash or
  // parameter order changes the request hash (challenge spec §2.4).
  const requestData: PyObject = { target: body['target'] as string, method, payload, amount: 0, currency };
  const extraKeys = Object.keys(extra);
  if (extraKeys.length > 0) requestData['extra_headers_keys'] = [...extraKeys].sort();

  const forwarded: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) {
    if (!BLOCKED_EXTRA_HEADERS.has(name.toLowerCase())) forwarded[name] = value;
  }
  if (context.upstream.sendsChallengeSecret(target.hostname)) forwarded['X-Challenge-Secret'] = context.challengeSecret;
  return { currency, target, method, payload, requestData, forwarded, declaredIdentity, agentVersion };
}

/** The answer to a proxied call: its proof and the service's answer, or the upstream failure (502, 504). */
function proxyAnswer(
  context: TrustLayerContext,
  record: PyObject,
  proofId: string,
  upstreamStatus: number | null,
  body: PyJson,
  serviceError: string | null,
): { status: number; result: PyObject } {
  let serviceBody = body;
  const proof = withoutSecrets(record);
  let status = 200;
  let result: PyObject;
  if (serviceError !== null) {
    status = serviceError === 'proxy_timeout' ? 504 : 502;
    const code = serviceError === 'proxy_timeout' ? 'proxy_timeout' : 'service_error';
    const message = serviceError === 'proxy_timeout' ? 'Target service timed out' : serviceError;
    result = { error: { code, message, status: BigInt(status) }, proof };
  } else {
    // The digital stamp is injected after hashing, into JSON object bodies of successful calls only.
    if (isPyObject(serviceBody) && !('_raw_text' in serviceBody) && record['transaction_success'] === true) {
      serviceBody = {
        ...serviceBody,
        _arkforge_attestation: {
          id: proofId,
          seal: record['verification_url'] as string,
          status: 'VERIFIED_TRANSACTION',
          msg: 'Payment confirmed, execution anchored.',
        },
      };
    }
    result = {
      proof,
      service_response: { status_code: BigInt(upstreamStatus as number), body: serviceBody },
      _links: { pricing: `${context.baseUrl()}/v1/pricing` },
    };
  }
  return { status, result };
}

/**
 * POST /v1/proxy (reference §3.4, §7): validate, forward, hash, commit, sign, queue for the batch anchor.
 * The proof is issued even when the upstream call fails (502 service_error, 504 proxy_timeout).
 */
export async function proxy(
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  body: PyJson,
) {
  const apiKey = apiKeyOf(request);
  const key = apiKey ? context.accounts.findKey(apiKey) : undefined;
  if (!apiKey || !key) return sendError(response, 401, 'invalid_api_key', 'Invalid or inactive API key');
  if (!isPyObject(body)) return sendError(response, 400, 'invalid_request', 'The body must be a JSON object.');
  const now = context.now();
  const idempotencyKey = request.headers['x-idempotency-key'];
  if (typeof idempotencyKey === 'string' && idempotencyKey !== '') {
    const cached = context.accounts.cachedResponse(
      apiKey,
      idempotencyKey,
      now.getTime() - IDEMPOTENCY_HOURS * 3600 * 1000,
    );
    if (cached) {
      response.writeHead(cached.status, { 'Content-Type': 'application/json' }).end(cached.response);
      return;
    }
  }
  try {
    const { currency, target, method, payload, requestData, forwarded, declaredIdentity, agentVersion } =
      await proxyCall(context, request, body);
    const upstream: UpstreamResult = await context.upstream.call({
      target,
      method,
      payload,
      headers: forwarded,
      timeoutMs: context.proxyTimeoutMs,
    });

    const binding = context.accounts.currentBinding(apiKey);
    // A bound DID overrides X-Agent-Identity (TL v1.9.0); a declared identity alone is "unverified".
    const agentIdentity = binding ? binding.did : declaredIdentity;
    const identityConsistent = context.accounts.identityConsistency(apiKey, agentIdentity);
    let responseData: PyJson;
    let serviceBody: PyJson = null;
    let serviceError: string | null = null;
    if (upstream.kind === 'response') {
      const read = responseDataOf(upstream.body);
      responseData = read.data;
      serviceBody = read.parsed;
    } else {
      serviceError = upstream.kind === 'timeout' ? 'proxy_timeout' : `service_error: ${upstream.message}`;
      responseData = { error: serviceError };
    }
    const upstreamStatus = upstream.kind === 'response' ? upstream.status : null;
    const dateHeader = upstream.kind === 'response' ? upstream.headers.date : undefined;
    const proofId = freshProofId(context, proxyTimestamp(now));
    const batchId = context.anchor.currentBatchId();
    const record = buildProofRecord({
      proofId,
      baseUrl: context.baseUrl(),
      timestamp: proxyTimestamp(now),
      requestData,
      responseData,
      paymentData: { method: 'free_tier', transaction_id: 'free_tier', amount: 0, currency, status: 'free_tier' },
      buyerFingerprint: fingerprintOf(apiKey),
      seller: target.hostname,
      agentIdentity,
      agentIdentityVerified: binding ? true : null,
      didResolutionStatus: binding ? 'bound' : declaredIdentity ? 'unverified' : null,
      identityConsistent,
      agentVersion,
      upstreamTimestamp: typeof dateHeader === 'string' && dateHeader !== '' ? dateHeader : null,
      transactionSuccess: upstreamStatus !== null && upstreamStatus >= 200 && upstreamStatus < 400,
      upstreamStatusCode: upstreamStatus,
      batchId,
      signer: context.signer,
      randomBytes: context.randomBytes,
    });
    context.store.insertProof(record, target.hostname, fingerprintOf(apiKey), batchId);
    context.anchor.proofAdded();

    const { status, result } = proxyAnswer(context, record, proofId, upstreamStatus, serviceBody, serviceError);
    if (typeof idempotencyKey === 'string' && idempotencyKey !== '') {
      context.accounts.cacheResponse(apiKey, idempotencyKey, now.getTime(), status, jsonDumps(result));
    }
    sendJson(response, status, result, {
      'X-ArkForge-Proof': `${context.baseUrl()}/v1/proof/${proofId}`,
      'X-ArkForge-Verified': String(record['transaction_success']),
      'X-ArkForge-Proof-ID': proofId,
      'X-ArkForge-Trust-Link': `${context.baseUrl()}/v/${proofId}`,
    });
  } catch (error) {
    if (error instanceof ProxyError) return sendError(response, error.status, error.code, error.message);
    throw error;
  }
}

/**
 * A proof id of the Trust Layer's form, `prf_<date>_<time>_<6 hex>`, not yet in the store. Drawn again on a clash: on
 * a clock that stands still (a demo or test season at one instant) every proof shares the second, and a few hundred
 * draws of 3 bytes can meet (the birthday bound), which the store's primary key would refuse.
 */
export function freshProofId(context: Pick<TrustLayerContext, 'store' | 'randomBytes'>, timestamp: string): string {
  const prefix = `prf_${timestamp.slice(0, 10).replaceAll('-', '')}_${timestamp.slice(11, 19).replaceAll(':', '')}_`;
  for (;;) {
    const id = prefix + Buffer.from(context.randomBytes(3)).toString('hex');
    if (context.store.getProof(id) === undefined) return id;
  }
}
