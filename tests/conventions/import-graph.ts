import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Every relative import of the project's own source: module path (from the root) → the modules it imports. */
export function importGraph(root: string, folders: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        const source = readFileSync(join(root, path), 'utf8');
        const targets = [...source.matchAll(/(?:import|export)[^'";]*?from\s+'(\.[^']+\.ts)'/g)].map((m) =>
          relative(root, resolve(root, dirname(path), m[1]!)),
        );
        graph.set(path, targets);
      }
    }
  };
  for (const folder of folders) walk(folder);
  return graph;
}

/** The same graph between folders: a folder imports another when one of its modules imports one of the other's. */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [module, targets] of graph) {
    const from = dirname(module);
    const into = folders.get(from) ?? new Set<string>();
    folders.set(from, into);
    for (const target of targets) if (dirname(target) !== from) into.add(dirname(target));
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/**
 * The import circles of a graph: its strongly connected components of more than one module, or a module importing
 * itself (Tarjan's algorithm). Type-only imports count: a circle of types is a circle of concepts.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) circles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}
