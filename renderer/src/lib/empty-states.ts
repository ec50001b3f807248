import type { Messages } from '../i18n/en.ts';
import type { Screen } from './route.svelte.ts';

/**
 * The refusals that say where a season stands, not that something went wrong: a track not frozen, closed or published
 * yet, the demo still being written. A screen shows them as an amber notice (role="status") with the act that moves
 * the season on, never as a red alert (docs/console.md "Screens"); every other code is a failure, shown red
 * (role="alert"). The one list: ErrorNotice consults it, so every screen follows it.
 *
 * `screen` is where that act is (null: nothing to do but wait) and `act` the words of its button there: the notice
 * links to that screen by them, and on that screen moves the focus to that button. What each code means is the
 * catalogues' `notice.says`.
 */
export const EMPTY_STATES = {
  // scores.view, report.view before a track's first close: a draft, frozen or open track has no figure yet.
  SCORES_NOT_FOUND: { screen: 'scoring', act: (m) => m.scoring.runClose },
  // freeze.verify before the close: a freeze is checked against its reveal, which the close makes.
  FREEZE_NOT_REVEALED: { screen: 'scoring', act: (m) => m.scoring.runClose },
  // freeze.view, close.run, proofs.fetch on a draft track: nothing is frozen yet.
  FREEZE_NOT_FOUND: { screen: 'freeze', act: (m) => m.freeze.create },
  // index.preview before the season's first publication: an Index shows published versions only.
  INDEX_NOTHING_PUBLISHED: { screen: 'scoring', act: (m) => m.scoring.publish },
  // index.verify before the season's first export.
  INDEX_NOT_EXPORTED: { screen: 'index', act: (m) => m.index.export },
  // Any read while the first start writes the demo season: its progress is shown above, the screens reload after.
  CONSOLE_DEMO_PLAYING: { screen: null, act: null },
} as const satisfies Record<string, { screen: Screen | null; act: ((m: Messages) => string) | null }>;

export type EmptyStateCode = keyof typeof EMPTY_STATES;

export function isEmptyState(code: string): code is EmptyStateCode {
  return Object.hasOwn(EMPTY_STATES, code);
}
