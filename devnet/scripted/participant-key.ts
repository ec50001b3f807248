import { ed25519 } from '@noble/curves/ed25519.js';
import { generateKeyPairSync, sign } from 'node:crypto';
import { didKeyOfEd25519 } from '../../main/core/encoding/did-key.ts';

export interface ParticipantKey {
  apiKey: string;
  did: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

/**
 * A devnet free-signup API key with a fresh Ed25519 did:key bound to it (spec §3 steps 1-2), as a participant gets
 * one. The devnet allows five signups per address and hour of its clock.
 */
export async function participantKey(trustLayer: string, email: string): Promise<ParticipantKey> {
  const signup = await postJson(`${trustLayer}/v1/keys/free-signup`, { email });
  const apiKey = signup.json['api_key'];
  if (typeof apiKey !== 'string') throw new Error(`signup of ${email} refused: ${JSON.stringify(signup.json)}`);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'));
  const did = didKeyOfEd25519(raw);
  const headers = { 'X-Api-Key': apiKey };
  const started = await postJson(`${trustLayer}/v1/keys/bind-did`, { did }, headers);
  const challenge = started.json['challenge'];
  if (typeof challenge !== 'string') throw new Error(`bind-did refused: ${JSON.stringify(started.json)}`);
  const signature = sign(null, Buffer.from(challenge), privateKey).toString('base64url');
  const confirmed = await postJson(`${trustLayer}/v1/keys/bind-did/confirm`, { challenge, signature }, headers);
  if (confirmed.status !== 200) throw new Error(`binding refused: ${JSON.stringify(confirmed.json)}`);
  return { apiKey, did };
}

/**
 * The operator's free-signup key, bound to the challenge's own DID: the did:key of the operator's Ed25519 key (the
 * one that signs freezes and the Index), the challenge signed with that key's seed. A freeze or Index anchor made
 * through the proxy with it is issued under that DID (docs/freeze.md "The challenge's DID").
 */
export async function operatorKey(
  trustLayer: string,
  email: string,
  signingKey: { privateKey: Uint8Array; publicKey: Uint8Array },
): Promise<string> {
  const signup = await postJson(`${trustLayer}/v1/keys/free-signup`, { email });
  const apiKey = signup.json['api_key'];
  if (typeof apiKey !== 'string') throw new Error(`signup of ${email} refused: ${JSON.stringify(signup.json)}`);
  const headers = { 'X-Api-Key': apiKey };
  const did = didKeyOfEd25519(signingKey.publicKey);
  const started = await postJson(`${trustLayer}/v1/keys/bind-did`, { did }, headers);
  const challenge = started.json['challenge'];
  if (typeof challenge !== 'string') throw new Error(`bind-did refused: ${JSON.stringify(started.json)}`);
  const signature = Buffer.from(ed25519.sign(new TextEncoder().encode(challenge), signingKey.privateKey)).toString(
    'base64url',
  );
  const confirmed = await postJson(`${trustLayer}/v1/keys/bind-did/confirm`, { challenge, signature }, headers);
  if (confirmed.status !== 200) throw new Error(`binding refused: ${JSON.stringify(confirmed.json)}`);
  return apiKey;
}
