/** The screens, in the order of the navigation landmark (their link names are in the message catalogue). */
export const SCREENS = [
  'season',
  'freeze',
  'corpus',
  'proofs',
  'scoring',
  'participants',
  'disputes',
  'incidents',
  'index',
  'audit',
  'backups',
  'connections',
] as const;
export type Screen = (typeof SCREENS)[number];

/** The fragment's parts after "#/", decoded: ['scoring', 'conformite', 'p-0003'] (a malformed escape is kept as typed). */
function partsOfHash(hash: string): string[] {
  return hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

function screenOfParts(parts: string[]): Screen {
  const name = parts[0] ?? '';
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : 'season';
}

/**
 * The screen shown, kept in the URL fragment (#/scoring) so a reload stays on it and Back works; what follows the
 * screen names what it opens (#/scoring/<track>/<participant>: that participant's report, docs/console.md "Screens").
 */
class Route {
  #parts = $state<string[]>(partsOfHash(window.location.hash));
  current = $derived<Screen>(screenOfParts(this.#parts));
  /** The parts after the screen's name (none on an unknown screen, which shows Season). */
  rest = $derived<string[]>(this.#parts[0] === this.current ? this.#parts.slice(1) : []);

  constructor() {
    window.addEventListener('hashchange', () => {
      this.#parts = partsOfHash(window.location.hash);
    });
  }

  href(screen: Screen, ...rest: string[]): string {
    return `#/${[screen, ...rest].map(encodeURIComponent).join('/')}`;
  }

  /** Goes to a screen and what it opens: a new history entry (Back returns), the route updated at once. */
  go(screen: Screen, ...rest: string[]): void {
    const href = this.href(screen, ...rest);
    if (window.location.hash === href) return;
    this.#parts = [screen, ...rest];
    window.location.hash = href;
  }
}

export const route = new Route();
