// The English text of the console's operations look (docs/console.md "Controls"): form dialogs, the navigation's
// counters, the charts' marks and the Index previews' switch. look-fr.ts has the same shape.
import { pluralOf } from './plural.ts';

const plural = pluralOf('en');

export const lookEn = {
  close: 'Close',
  /** The buttons that open the Disputes screen's forms in a dialog (components/FormDialog.svelte). */
  receiveDispute: 'Receive a dispute…',
  decideDispute: 'Review and decide…',
  decideTitle: (id: string): string => `Review and decide ${id}`,
  /** The counters beside the navigation's links: the figure shown and the sentence a screen reader reads. */
  counts: {
    disputes: (n: number): string => `Disputes, ${n} undecided`,
    incidents: (n: number): string => `Incidents, ${n} open`,
    proofs: (n: number): string => `Proofs, ${plural(n, { one: '{n} pending proof', other: '{n} pending proofs' })}`,
  },
  /** A bar's hover text on the reads chart. */
  barTitle: (hour: string, reads: number): string =>
    `${hour} UTC: ${plural(reads, { one: '{n} read', other: '{n} reads' })}`,
  /** The hourly limit above the chart's scale, where its line would be off the picture. */
  limitAbove: (limit: number): string => `limit ${limit}/h, above this scale ↑`,
  /** A mark's hover text on the Scoring chart. */
  markTitle: (name: string, overclaim: string, success: string, reference: boolean): string =>
    `${name}${reference ? ' (reference run)' : ''}: overclaim rate ${overclaim}, success rate ${success}`,
  /** The Corpus screen's resources, shown a page at a time. */
  resourcesShown: (from: number, to: number, of: number): string => `Resources ${from}–${to} of ${of}`,
  resourcePages: 'Resource pages',
  /** The Index previews: one language at a time, full width. */
  previewLanguage: 'Preview language',
};
