import type { Failure } from '../../core/result.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';

/** The failures of a read that never got the Trust Layer's answer: nothing was learnt about the proof. */
const UNREACHED = new Set(['HTTP_NETWORK', 'HTTP_TIMEOUT']);

/**
 * A re-check's read that failed, as the Proofs screen's refusal. A fault of ArkForge's side counts toward neither
 * overclaim nor the minimum (spec §4.1): the proof stays pending in the read cache, and the refusal says so and what
 * to do. With no read left it names the next possible read (details `next_read_at`); a Trust Layer that could not be
 * reached is PROOF_RECHECK_TRUST_LAYER_UNREACHABLE; any other answer keeps its code (docs/operator-database.md).
 */
export function recheckRefusal(failure: Failure, proofId: string, trustLayer: string): HandlerRefusal {
  if (failure.code === 'READ_NO_READ_LEFT')
    return new HandlerRefusal('PROOF_RECHECK_NO_READ_LEFT', `${failure.message}; re-check it then`, {
      ...failure.details,
      proof_id: proofId,
    });
  const facts = { ...failure.details, proof_id: proofId, trust_layer: trustLayer, cause: failure.code };
  if (UNREACHED.has(failure.code))
    return new HandlerRefusal(
      'PROOF_RECHECK_TRUST_LAYER_UNREACHABLE',
      `the Trust Layer ${trustLayer} could not be reached (${failure.message}): ${proofId} stays pending; re-check it later, or read the proofs later (Read proofs)`,
      facts,
    );
  return new HandlerRefusal(
    failure.code,
    `${failure.message}: ${proofId} stays pending; re-check it later, or read the proofs later (Read proofs)`,
    facts,
  );
}
