import { describe, expect, it } from 'vitest';
import { folderGraph, importCircles, importGraph } from './import-graph.ts';

const SOURCES = ['main', 'preload', 'season-service', 'devnet'];

/**
 * The folders that import each other, each a folder and the subfolders it gathers: the routes and handlers it
 * registers, which take its context; the migrations the database opens; the CLI's options; the corpus tracks. Any
 * other circle between folders fails, such as the two issue 41 removed: core/proof and core/trust through the strict
 * decoders (now core/encoding), and season-service/limits and service-context.ts through ServiceLimits (now
 * limits/service-limits.ts). A new one is removed by moving what both folders need where both can import it.
 */
const GATHERING_FOLDERS = [
  ['devnet/trust-layer', 'devnet/trust-layer/routes'],
  ['main/cli', 'main/cli/options'],
  ['main/console', 'main/console/handlers', 'main/console/jobs'],
  ['main/core/corpus', 'main/core/corpus/conformite', 'main/core/corpus/fiction', 'main/core/corpus/generique'],
  ['main/db', 'main/db/migrations'],
  ['season-service', 'season-service/routes'],
];

describe('the import graph (docs/conventions.md "Layers")', () => {
  it('no module of main/, preload/, season-service/ or devnet/ is in an import circle', () => {
    expect(importCircles(importGraph(process.cwd(), SOURCES))).toEqual([]);
  });

  it('no two folders import each other but a folder and the subfolders it gathers', () => {
    const circles = importCircles(folderGraph(importGraph(process.cwd(), SOURCES)));
    expect(circles.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(GATHERING_FOLDERS);
  });

  it('the circle finder finds a circle of three and a module importing itself, and nothing in a chain', () => {
    const circles = importCircles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', ['c.ts']],
        ['c.ts', ['a.ts']],
        ['d.ts', ['d.ts']],
        ['e.ts', ['a.ts']],
      ]),
    );
    expect(circles).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('two sibling folders whose modules import each other are a circle of folders, though no module is in one', () => {
    const modules = new Map([
      ['core/proof/verify.ts', ['core/trust/bundle.ts']],
      ['core/proof/encodings.ts', []],
      ['core/trust/bundle.ts', ['core/proof/encodings.ts']],
    ]);
    expect(importCircles(modules)).toEqual([]);
    expect(importCircles(folderGraph(modules))).toEqual([['core/proof', 'core/trust']]);
  });
});
