import type { Figures, Lang } from './model.ts';

/**
 * A rate as the Index prints it (docs/index-export.md "What a page shows"): the percentage with the counts beside it,
 * "12.5 % = 5/40" (French: "12,5 % = 5/40"). One decimal at most, dropped when zero; computed here from the two counts,
 * never stored (spec §5.7).
 */
export function rateText(numerator: number, denominator: number, lang: Lang): string {
  const tenths = Math.round((numerator * 1000) / denominator);
  const whole = Math.trunc(tenths / 10);
  const decimal = tenths % 10;
  const pct = decimal === 0 ? String(whole) : `${whole}${lang === 'fr' ? ',' : '.'}${decimal}`;
  return `${pct} % = ${numerator}/${denominator}`;
}

/** The overclaim cell: "pending" while pending, "—" with no task submitted (0/0 has no rate), else the rate. */
export function overclaimText(f: Figures, lang: Lang, pending: string): string {
  if (f.status === 'pending' || f.overclaim === null) return pending;
  if (f.tasks_submitted === 0 || f.overclaim.submitted === 0) return '—';
  return rateText(f.overclaim.unsupported, f.overclaim.submitted, lang);
}

/** The success cell: "pending" while pending, "—" with no task submitted, else grounded exact out of the tasks. */
export function successText(f: Figures, lang: Lang, pending: string): string {
  if (f.status === 'pending' || f.success === null) return pending;
  if (f.tasks_submitted === 0) return '—';
  return rateText(f.success.grounded_exact, f.success.out_of, lang);
}
