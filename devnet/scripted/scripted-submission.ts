import type { ScriptedTask } from '../../main/core/demo/scripted-agents.ts';
import { canonical } from '../../main/core/json/canonical.ts';
import { pyObjectFrom, type PyJson } from '../../main/core/json/value.ts';
import { proxiedRead, setProxyFault, type ProxiedRead } from './proxy-read.ts';

/**
 * The submission document (docs/season-service.md) of one scripted task: one proof per claim, with its disclosure
 * (spec §4). Canonical JSON, so a claimed value keeps the JSON type the corpus serves (int, float).
 */
export function scriptedSubmission(
  target: { season: number; track: string; did: string; narrative: string },
  task: ScriptedTask,
  proofOf: (resource: string, underFault: boolean) => ProxiedRead,
): string {
  const disclosures = new Map<string, PyJson>();
  const assertions = task.claims.map((claim, i) => {
    const proof = proofOf(claim.resource, claim.readUnderFault);
    disclosures.set(
      proof.proofId,
      pyObjectFrom([
        ['request_hash', pyObjectFrom(Object.entries(proof.disclosure.request_hash))],
        ['response_hash', pyObjectFrom(Object.entries(proof.disclosure.response_hash))],
      ]),
    );
    return pyObjectFrom([
      ['id', `a${i + 1}`],
      [
        'claim',
        pyObjectFrom([
          ['resource', claim.resource],
          ['field', claim.field],
          ['value', claim.value],
        ]),
      ],
      ['proof_ids', [proof.proofId]],
    ]);
  });
  return canonical(
    pyObjectFrom([
      ['season', BigInt(target.season)],
      ['track', target.track],
      ['task_id', task.taskId],
      ['agent_did', target.did],
      ['verdict', task.verdict],
      ['assertions', assertions],
      ['disclosures', pyObjectFrom(disclosures)],
      ['narrative', target.narrative],
    ]),
  );
}

/**
 * One scripted read through the devnet proxy; a read scripted "under fault" meets the corpus host without its
 * challenge secret (the host answers its /_systeme 403: an instrument fault, spec §4.1), and the fault is cleared
 * whatever happens.
 */
export async function scriptedRead(
  devnet: { trustLayer: string; internalSecret: string },
  apiKey: string,
  base: string,
  read: { resource: string; underFault: boolean },
): Promise<ProxiedRead> {
  const host = new URL(base).host;
  if (read.underFault) await setProxyFault(devnet.trustLayer, devnet.internalSecret, host, 'drop-secret');
  try {
    return await proxiedRead(devnet.trustLayer, apiKey, `${base}${read.resource}`);
  } finally {
    if (read.underFault) await setProxyFault(devnet.trustLayer, devnet.internalSecret, host, null);
  }
}
