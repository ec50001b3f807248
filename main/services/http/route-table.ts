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
  /** The first route the path fits that accepts the method; else the first the path fits (a wrong method), or none. */
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
      const fit = fits(target);
      const found = fit.find(({ route }) => (route.accepts ?? ((m: string) => m === route.method))(method));
      if (found) return { kind: 'found', ...found };
      return fit[0] ? { kind: 'method', ...fit[0] } : { kind: 'none' };
    },
    list: () => routes.map((route) => `${route.method} ${route.path}`),
  };
}
