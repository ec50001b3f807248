/** The two witness steps of a batch close (reference §6.1 RFC 3161, §6.2 Rekor), named as the proof fields are. */
export type AnchorStep = 'timestamp_authority' | 'transparency_log';

export const ANCHOR_STEPS: readonly AnchorStep[] = ['timestamp_authority', 'transparency_log'];

/**
 * Faults on ArkForge's own side that a test puts on the devnet Trust Layer (POST /_devnet/faults), each held until
 * cleared: proofs answered `null` (a transient answer, as the Trust Layer gives for a proof it cannot serve now), and
 * witness steps that fail at every batch close, recorded `status: "failed"` with no token or entry while
 * `batch_anchor.status` stays "anchored" (reference §6.1, §9.7). The corpus-side faults live in Upstream.
 */
export class TrustLayerFaults {
  private readonly nullAnswers = new Set<string>();
  private readonly failedSteps = new Set<AnchorStep>();

  /** Whether the Trust Layer answers `null` for this proof now. */
  answersNull(proofId: string): boolean {
    return this.nullAnswers.has(proofId);
  }

  setNullAnswers(proofIds: readonly string[], on: boolean): void {
    for (const id of proofIds) {
      if (on) this.nullAnswers.add(id);
      else this.nullAnswers.delete(id);
    }
  }

  /** Whether this witness step fails at the next batch close. */
  stepFails(step: AnchorStep): boolean {
    return this.failedSteps.has(step);
  }

  setStepFailure(step: AnchorStep, on: boolean): void {
    if (on) this.failedSteps.add(step);
    else this.failedSteps.delete(step);
  }
}
