import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph.ts';

const SOURCES = ['main', 'preload', 'season-service', 'devnet'];

describe('the import graph (docs/conventions.md "Layers")', () => {
  it('no module of main/, preload/, season-service/ or devnet/ is in an import circle', () => {
    expect(importCircles(importGraph(process.cwd(), SOURCES))).toEqual([]);
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
});
