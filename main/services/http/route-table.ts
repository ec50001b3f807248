/**
 * A server's routes as data: a method and a path template (`/v1/season/{n}/catalogue/{track}`) to a handler. The
 * table matches paths, tells a wrong method apart from an unknown path (405 vs 404), and lists its routes for the
 * text of a 404, so that text names every route there is.
 */
export interface RouteEntry<H> {
  /** The method the route is named with (in lists and an Allow header). */
  method: string;
  path: string;
  handler: H;
  /** The methods answered; default the route's method alone. */
  accepts?: (method: string) => boolean;
}

export type RouteMatch<H> =
  | { kind: 'found'; route: RouteEntry<H>; params: Record<string, string> }
  | { kind: 'method'; route: RouteEntry<H>; params: Record<string, string> }
  | { kind: 'none' };

export interface RouteTable<H> {
  readonly routes: readonly RouteEntry<H>[];
  /** The route whose template the path fits, with its parameters, whatever the method. */
  path(path: string): { route: RouteEntry<H>; params: Record<string, string> } | null;
  /** The route of the first template the path fits, of the method (else that template's first route, a wrong method). */
  match(method: string, path: string): RouteMatch<H>;
  /** `METHOD /template` of every route, in the table's order. */
  list(): string[];
}

/** GET and HEAD alike: HEAD is a GET without its body (RFC 9110 §9.3.2). */
export const getOrHead = (method: string): boolean => method === 'GET' || method === 'HEAD';

/** Any parameter not given a pattern is one path segment. */
const SEGMENT = '[^/]+';

function compile(path: string, params: Record<string, RegExp>): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(\{[A-Za-z]+\})/)
    .map((part) => {
      const name = /^\{([A-Za-z]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return `(${params[name]?.source ?? SEGMENT})`;
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** A route table; `params` gives a pattern to a path parameter by its name (default: one path segment). */
export function routeTable<H>(routes: readonly RouteEntry<H>[], params: Record<string, RegExp> = {}): RouteTable<H> {
  const compiled = routes.map((route) => ({ route, ...compile(route.path, params) }));
  const fits = (target: string) =>
    compiled.flatMap(({ route, pattern, names }) => {
      const found = pattern.exec(target);
      return found ? [{ route, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? ''])) }] : [];
    });
  return {
    routes,
    path: (target) => fits(target)[0] ?? null,
    match(method, target) {
      // The first template the path fits is its route (a specific path before a catch-all); where routes share
      // that template, the one of the method.
      const [first, ...others] = fits(target);
      if (!first) return { kind: 'none' };
      const same = [first, ...others.filter(({ route }) => route.path === first.route.path)];
      const found = same.find(({ route }) => (route.accepts ?? ((m: string) => m === route.method))(method));
      return found ? { kind: 'found', ...found } : { kind: 'method', ...first };
    },
    list: () => routes.map((route) => `${route.method} ${route.path}`),
  };
}
