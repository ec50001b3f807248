import type { ReadProof } from './close-devnet.ts';

/**
 * One assertion as the close tests script it: the claim, and the proof it cites. A bare proof id stands for a proof
 * the participant never read; its disclosure then opens nothing (the bulk-citation attack of docs/red-team.md).
 */
export type ScriptedAssertion = [resource: string, field: string, value: unknown, proof: ReadProof | string];

/**
 * A submission document (docs/season-service.md) for a compliance task: assertions a1, a2, … in order, each citing
 * its one proof, with that proof's disclosure; `disclosures` adds or overrides some (tampered openings).
 */
export function submissionDocument(
  p: { key: { did: string } },
  taskId: string,
  verdict: string,
  assertions: ScriptedAssertion[],
  options: { disclosures?: Record<string, unknown>; season?: number; narrative?: string } = {},
) {
  const cited: Record<string, unknown> = {};
  for (const [, , , proof] of assertions) {
    if (typeof proof === 'string')
      cited[proof] = {
        request_hash: { nonce: '1'.repeat(64), value: '2'.repeat(64) },
        response_hash: { nonce: '3'.repeat(64), value: '4'.repeat(64) },
      };
    else cited[proof.proofId] = proof.disclosure;
  }
  return {
    season: options.season ?? 1,
    track: 'conformite',
    task_id: taskId,
    agent_did: p.key.did,
    verdict,
    assertions: assertions.map(([resource, field, value, proof], i) => ({
      id: `a${i + 1}`,
      claim: { resource, field, value },
      proof_ids: [typeof proof === 'string' ? proof : proof.proofId],
    })),
    disclosures: { ...cited, ...options.disclosures },
    narrative: options.narrative ?? 'test',
  };
}
