/** A Trust Layer proof id (trust-layer-reference §3.1): UTC date and time plus 3 random bytes in hex. */
export const PROOF_ID_PATTERN = /^prf_\d{8}_\d{6}_[0-9a-f]{6}$/;

export function isProofId(text: string): boolean {
  return PROOF_ID_PATTERN.test(text);
}

/** POST /v1/proofs takes 1 to 50 ids (reference §7); more gives a 400 for the whole request. */
export const MAX_IDS_PER_READ = 50;
