/** The screens, in the order of the navigation landmark (their link names are in the message catalogue). */
export const SCREENS = [
  'season',
  'freeze',
  'corpus',
  'proofs',
  'scoring',
  'disputes',
  'incidents',
  'index',
  'audit',
  'connections',
] as const;
export type Screen = (typeof SCREENS)[number];

function screenOfHash(hash: string): Screen {
  const name = hash.replace(/^#\/?/, '').split('/')[0] ?? '';
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : 'season';
}

/** The screen shown, kept in the URL fragment (#/scoring) so a reload stays on it and Back works. */
class Route {
  current = $state<Screen>(screenOfHash(window.location.hash));

  constructor() {
    window.addEventListener('hashchange', () => {
      this.current = screenOfHash(window.location.hash);
    });
  }

  href(screen: Screen): string {
    return `#/${screen}`;
  }
}

export const route = new Route();
