import { loads } from '../main/core/json/loads.ts';
import { isPyObject } from '../main/core/json/value.ts';
import type { HttpClient } from '../main/services/http/http-client.ts';

/** What the Trust Layer says of an API key's identity (GET /v1/keys/identity, TL v1.10.0, reference §9). */
export type KeyIdentity =
  | { kind: 'bound'; did: string; history: string[] }
  | { kind: 'not_bound'; history: string[] }
  | { kind: 'key_refused'; status: number }
  | { kind: 'unreachable'; detail: string };

export type IdentityLookup = (apiKey: string) => Promise<KeyIdentity>;

/**
 * Asks the Trust Layer which DID the key is bound to, and every DID it was bound to before (`verified_did_history`):
 * spec §9.1 counts all of them as one participant. The key is sent only in X-Api-Key and never kept.
 */
export function trustLayerIdentity(trustLayer: string, http: HttpClient): IdentityLookup {
  const url = `${trustLayer.replace(/\/+$/, '')}/v1/keys/identity`;
  return async (apiKey) => {
    const answer = await http.request({ method: 'GET', url, headers: { 'x-api-key': apiKey } });
    if (!answer.ok) return { kind: 'unreachable', detail: answer.error.code };
    const { status, body } = answer.value;
    if (status === 401 || status === 403) return { kind: 'key_refused', status };
    if (status !== 200) return { kind: 'unreachable', detail: `HTTP ${status}` };
    const parsed = loads(body);
    if (!parsed.ok || !isPyObject(parsed.value))
      return { kind: 'unreachable', detail: 'the answer is not a JSON object' };
    const value = parsed.value;
    const history = Array.isArray(value['verified_did_history'])
      ? value['verified_did_history'].flatMap((entry) =>
          isPyObject(entry) && typeof entry['did'] === 'string' ? [entry['did']] : [],
        )
      : [];
    const did = value['verified_did'];
    return typeof did === 'string' && did.length > 0 ? { kind: 'bound', did, history } : { kind: 'not_bound', history };
  };
}
