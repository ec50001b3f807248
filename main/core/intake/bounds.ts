/**
 * The bounds of submission intake (spec §4: "strict JSON schema, validated at intake"). The document-level caps
 * (1 MiB, 64 levels of nesting) are the strict parser's (`INTAKE_MAX_BYTES`, `INTAKE_MAX_DEPTH` in
 * main/core/json/intake.ts); these are the schema's. Each one is far above what an honest submission needs, so it
 * only ever refuses a document no task could use, and each keeps what intake publishes and compares small.
 * docs/intake.md lists them with the same reasons.
 */

/**
 * Proof ids one assertion may cite. Spec §5.6: "No task in the scoring rules requires more than 20 calls", and each
 * corpus call yields one proof, so no assertion can need more than 20 proofs.
 */
export const MAX_PROOF_IDS_PER_ASSERTION = 20;

/**
 * An assertion id: 1 to 64 characters among A-Z a-z 0-9 . _ -. The id names the assertion in the participant's report
 * (spec §4.1: each unsupported cause is logged per assertion) and in the published submission; the spec's example is
 * "a1". A short ASCII identifier can be shown anywhere without escaping, and a UUID (36 characters) still fits.
 */
export const MAX_ASSERTION_ID_LENGTH = 64;
export const ASSERTION_ID_PATTERN = new RegExp(`^[A-Za-z0-9._-]{1,${MAX_ASSERTION_ID_LENGTH}}$`);

/**
 * Nesting of a claim value: a scalar is 0, `[]` and `{}` are 1, `{"a": [1]}` is 2. The deepest body the corpus serves
 * is 3 levels (demo season 1: /referentiel; the response contract of spec §2.5 keeps bodies flat), and the value of a
 * claim is part of a served body (or the whole body for the empty pointer), so 16 leaves ample room.
 */
export const MAX_CLAIM_VALUE_DEPTH = 16;

/**
 * Size of a claim value, in bytes of its canonical JSON (`canonical`, main/core/json/canonical.ts: the encoding every
 * hash of the challenge uses). The largest body of demo season 1 is 3,611 canonical bytes (/referentiel); 64 KiB is
 * eighteen times that, so even the whole document of any body (the empty pointer, refused only at close, spec §5.7)
 * passes intake, while the cap times this bound stays under the 1 MiB document cap.
 */
export const MAX_CLAIM_VALUE_BYTES = 65_536;

/**
 * Characters (Unicode code points) of `narrative`. Spec §4: free-form, "published next to the result for the reader,
 * ignored by the scorer". 8,000 characters is about three printed pages: room for any explanation, while the published
 * submission stays readable and far below the 1 MiB document cap.
 */
export const MAX_NARRATIVE_CHARACTERS = 8_000;

/**
 * Characters of a verdict of the product-reference form (spec §6.3). Every verdict of either track is under 25
 * characters (`aucune_option_valide` is 20, a reference such as PAP-5658 is 8); the verdict is published in the Index.
 */
export const MAX_VERDICT_LENGTH = 64;
