import { operatorKey } from '../../../devnet/scripted/participant-key.ts';
import { readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { journeyCorpus } from './journey-corpus.ts';

/** A free-signup API key of the devnet Trust Layer at `trustLayer`, for `email` (one key per email and plan). */
export async function freeSignupKey(trustLayer: string, email: string): Promise<string> {
  const signup = await fetch(`${trustLayer}/v1/keys/free-signup`, {
    method: 'POST',
    body: JSON.stringify({ email }),
  });
  return ((await signup.json()) as { api_key: string }).api_key;
}

/**
 * The operator's API key as the devnet flows make it (devnet/scripted/participant-key.ts `operatorKey`): a free-signup
 * key bound to the did:key of the operator's Ed25519 key in `operatorKeyFile`, the challenge's own DID, so freezes
 * and Index anchors made with it are issued under that DID (docs/freeze.md "The challenge's DID").
 */
export async function operatorApiKey(trustLayer: string, email: string, operatorKeyFile: string): Promise<string> {
  const signing = readSigningKey(operatorKeyFile);
  if (!signing.ok) throw new Error(signing.error.message);
  return operatorKey(trustLayer, email, signing.value);
}

/** One POST /v1/proxy call to the first corpus resource (GET, empty payload); the proof id it answers with. */
export async function proxyCorpusCall(trustLayer: string, apiKey: string): Promise<string> {
  const proxied = await fetch(`${trustLayer}/v1/proxy`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey },
    body: JSON.stringify({ target: journeyCorpus.targets(1)[0], method: 'GET', payload: {}, currency: 'eur' }),
  });
  return ((await proxied.json()) as { proof: { proof_id: string } }).proof.proof_id;
}
