import { Query } from '../api/query.svelte.ts';
import { refreshOnStateChange } from '../api/state-changes.svelte.ts';
import type { Messages } from '../i18n/en.ts';
import type { Screen } from './route.svelte.ts';

/** A counter beside a screen's link: the figure shown and the sentence a screen reader reads ("Disputes, 2 undecided"). */
export interface NavCount {
  n: number;
  said: string;
}

/**
 * The navigation's counters (docs/console.md "Navigation"): what waits for staff, from what the console already
 * answers: the disputes not decided yet (received or under review, `dispute.list`), the incidents still open
 * (`incident.list`) and the proofs still pending (`proofs.view`). Read once, then again on each `state.changed` that
 * touches them, from this window or another. A list the console refuses shows no counter. Call it once in a
 * component's script.
 */
export interface NavCounts {
  /** The counters known so far, in the catalogue's words. */
  of(m: Messages): Partial<Record<Screen, NavCount>>;
  /** The screens whose count is still awaited (never refused): their place is kept so no link moves when it comes. */
  awaited(): Screen[];
}

export function navCounts(): NavCounts {
  const disputes = new Query('dispute.list');
  const incidents = new Query('incident.list');
  const proofs = new Query('proofs.view');
  refreshOnStateChange(disputes, incidents, proofs);
  $effect(() => {
    void disputes.run({});
    void incidents.run({});
    void proofs.run({});
  });
  const queries = { disputes, incidents, proofs } as const;
  const of = (m: Messages): Partial<Record<Screen, NavCount>> => {
    const found: Partial<Record<Screen, NavCount>> = {};
    if (disputes.value) {
      const n = disputes.value.disputes.filter((d) => d.state === 'received' || d.state === 'under_review').length;
      found.disputes = { n, said: m.look.counts.disputes(n) };
    }
    if (incidents.value) {
      const n = incidents.value.incidents.filter((i) => i.state === 'open').length;
      found.incidents = { n, said: m.look.counts.incidents(n) };
    }
    if (proofs.value) {
      const n = proofs.value.pending.length;
      found.proofs = { n, said: m.look.counts.proofs(n) };
    }
    return found;
  };
  const awaited = (): Screen[] =>
    (Object.keys(queries) as (keyof typeof queries)[]).filter(
      (screen) => queries[screen].value === null && queries[screen].error === null,
    );
  return { of, awaited };
}
