import { CONFORMITE_TRACK } from '../corpus/conformite/track.ts';
import { GENERIQUE_TRACK } from '../corpus/generique/track.ts';
import { MAX_VERDICT_LENGTH } from './bounds.ts';

/**
 * The verdicts a track accepts at intake, as data (so the refusal message and docs/intake.md can list them):
 * the values in `values`, written exactly, or any string of `form` (the generic track's product references).
 */
export interface VerdictSet {
  values: readonly string[];
  form?: VerdictForm;
}

export interface VerdictForm {
  /** Anchored pattern the whole verdict must match. */
  pattern: RegExp;
  maxLength: number;
  /** What the form is, in words, for messages: "a product reference such as PAP-5658". */
  description: string;
}

/**
 * A product reference of the catalogue's form (spec §6.3: "the recommended product reference").
 *
 * Where the form comes from:
 * - the generator names a product `<prefixe>-` followed by four digits, the first not zero
 *   (main/core/corpus/generique/option-factory.ts `ids.prefixed(`${c.prefixe}-`, 4)`, with
 *   main/core/corpus/fiction/identifiers.ts `prefixed`), and every category prefix is three capital letters
 *   (main/core/corpus/generique/domain.ts `CATEGORIES`: SIE, ECR, ORD, IMP, CAS, TAB, ARM, VID, DES, LAM, PAP);
 * - the demo season serves such references (corpus/season-1/generique/responses/produits/*.json `reference`: PAP-1613,
 *   ECR-5294, ...), and the catalogue pages link them as /produits/<reference>;
 * - `corpus check` accepts a key verdict of the form [A-Z]+-[0-9]+ naming an existing product
 *   (main/core/corpus/generique/track.ts `isVerdict`).
 * Intake takes the `corpus check` form, the wider of the two, so it never refuses a verdict a key could hold; whether
 * the product exists is not an intake question (intake runs without the corpus, spec §4): a reference to no product
 * is an inexact verdict at close.
 */
export const PRODUCT_REFERENCE_FORM: VerdictForm = {
  pattern: /^[A-Z]+-[0-9]+$/,
  maxLength: MAX_VERDICT_LENGTH,
  description: 'a product reference as the catalogue writes it (capital letters, "-", digits, such as PAP-5658)',
};

/**
 * Each track's verdict set. The values come from the track definitions `corpus check` uses (main/core/corpus/tracks.ts, read-only):
 * conformite: `conforme`, `non_conforme`, `indeterminable` (spec §5.3); generique: `aucune_option_valide` (spec §6.3).
 * The generic track's definition decides a product reference with the corpus in hand (`isVerdict` needs a lookup), so
 * the form intake checks without the corpus is added here.
 */
export const INTAKE_VERDICT_SETS: Readonly<Record<string, VerdictSet>> = {
  conformite: { values: CONFORMITE_TRACK.verdicts },
  generique: { values: GENERIQUE_TRACK.verdicts, form: PRODUCT_REFERENCE_FORM },
};

export function verdictAccepted(set: VerdictSet, verdict: string): boolean {
  if (set.values.includes(verdict)) return true;
  const form = set.form;
  return form !== undefined && verdict.length <= form.maxLength && form.pattern.test(verdict);
}

/** The set in words: `conforme`, `non_conforme` or `indeterminable`. */
export function describeVerdictSet(set: VerdictSet): string {
  const parts = [...set.values.map((v) => `"${v}"`), ...(set.form ? [set.form.description] : [])];
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]}`;
}
