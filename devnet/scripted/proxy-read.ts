/** What a submission discloses for one proof: the nonce and value of its request and response hashes. */
export interface Disclosure {
  request_hash: { nonce: string; value: string };
  response_hash: { nonce: string; value: string };
}

export interface ProxiedRead {
  proofId: string;
  disclosure: Disclosure;
}

/**
 * One participant read through the devnet Trust Layer's proxy (`POST /v1/proxy`, GET of `target`), then the owner's
 * full view of its proof, whose commitment nonces and chain data are the disclosure a submission gives.
 */
export async function proxiedRead(trustLayer: string, apiKey: string, target: string): Promise<ProxiedRead> {
  const answer = await fetch(`${trustLayer}/v1/proxy`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ target, method: 'GET', payload: {}, currency: 'eur' }),
  });
  const body = (await answer.json()) as { proof?: { proof_id: string } };
  if (answer.status !== 200 || !body.proof)
    throw new Error(`proxy read of ${target}: ${answer.status} ${JSON.stringify(body)}`);
  const proofId = body.proof.proof_id;
  const full = await fetch(`${trustLayer}/v1/proof/${proofId}/full`, { headers: { 'X-Api-Key': apiKey } });
  const view = (await full.json()) as { commitment_nonces: Record<string, string>; chain_data: Record<string, string> };
  const pair = (field: string) => ({ nonce: view.commitment_nonces[field]!, value: view.chain_data[field]! });
  return { proofId, disclosure: { request_hash: pair('request_hash'), response_hash: pair('response_hash') } };
}

/** POST /_devnet/faults: the proxy's next calls to `host` meet the fault (null clears it). */
export async function setProxyFault(
  trustLayer: string,
  internalSecret: string,
  host: string,
  fault: 'drop-secret' | null,
): Promise<void> {
  const answer = await fetch(`${trustLayer}/_devnet/faults`, {
    method: 'POST',
    headers: { 'X-Internal-Secret': internalSecret, 'Content-Type': 'application/json' },
    body: JSON.stringify({ host, fault }),
  });
  if (answer.status !== 200) throw new Error(`fault ${fault} on ${host}: ${answer.status} ${await answer.text()}`);
}
