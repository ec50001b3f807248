import { randomBytes } from 'node:crypto';
import type { Db } from '../../../../main/db/open-database.ts';
import type { Clock } from '../../../../main/services/clock.ts';
import { createFreeze } from '../../../../main/services/freeze/create-freeze.ts';
import type { HttpClient } from '../../../../main/services/http/http-client.ts';
import { readSigningKey } from '../../../../main/services/index-export/signing-key.ts';

/**
 * Freezes one track folder through the devnet as the operator does (`freeze create`), for the window given, signed
 * with the devnet's operator key (`devnet.info.operator_key_file`), the one its season host accepts.
 */
export async function freezeTrack(
  corpusDir: string,
  window: { opensAt: string; closesAt: string },
  operator: { trustLayer: string; apiKey: string; operatorKeyFile: string; db: Db; http: HttpClient; clock: Clock },
): Promise<void> {
  const operatorKey = readSigningKey(operator.operatorKeyFile);
  if (!operatorKey.ok) throw new Error(operatorKey.error.message);
  const created = await createFreeze(
    {
      corpusDir,
      trustLayer: operator.trustLayer,
      apiKey: operator.apiKey,
      operatorKey: operatorKey.value,
      seasonBase: 'http://proveit.devnet.localhost',
      opensAt: window.opensAt,
      closesAt: window.closesAt,
      replace: false,
      reason: null,
      actor: 'test-operator',
    },
    { db: operator.db, http: operator.http, clock: operator.clock, randomBytes: (n) => new Uint8Array(randomBytes(n)) },
  );
  if (!created.ok) throw new Error(`freeze of ${corpusDir} refused: ${created.error.code} ${created.error.message}`);
}

/** The owner's full view of a proof: its commitment nonces and chain data give the submission's disclosures. */
export async function ownerFullView(trustLayer: string, apiKey: string, proofId: string) {
  const answer = await fetch(`${trustLayer}/v1/proof/${proofId}/full`, { headers: { 'X-Api-Key': apiKey } });
  return (await answer.json()) as { commitment_nonces: Record<string, string>; chain_data: Record<string, string> };
}
