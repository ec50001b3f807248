/**
 * POST /_devnet/faults (devnet/README.md, its endpoint table): a fault the devnet's Trust Layer plays until cleared (a host's
 * answers through the proxy, null answers for proof ids, a failed witness step), with its internal secret.
 */
export async function devnetFault(
  devnet: { trust_layer: string; internal_secret: string },
  body: object,
): Promise<void> {
  const answer = await fetch(`${devnet.trust_layer}/_devnet/faults`, {
    method: 'POST',
    headers: { 'X-Internal-Secret': devnet.internal_secret, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200) throw new Error(`fault ${JSON.stringify(body)}: ${answer.status} ${await answer.text()}`);
}
