import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorpusTree } from '../../../main/core/corpus/tree.ts';
import {
  checkFreezeCreation,
  type FreezeCreationFacts,
  type FreezeCreationRequest,
} from '../../../main/core/freeze/freeze-creation.ts';
import { frozenMaterialOf } from '../../../main/core/freeze/frozen-material.ts';
import { OPENING_LEAD_MS } from '../../../main/core/freeze/opening-lead.ts';
import { readCorpusTree } from '../../../main/services/corpus/corpus-folder.ts';

const dir = join(process.cwd(), 'corpus', 'season-1', 'generique');
const NOW = Date.parse('2026-03-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

// Read before the table below is built, at collection.
const tree = await readCorpusTree(dir);

const request = (over: Partial<FreezeCreationRequest> = {}): FreezeCreationRequest => ({
  corpusDir: dir,
  opensAt: iso(NOW + DAY),
  closesAt: iso(NOW + 30 * DAY),
  opensAtField: '--opens-at',
  replace: false,
  reason: null,
  ...over,
});

/** The facts of the real track folder, edited by `edit` (a copy), with no invalidation and no freeze in force. */
const facts = (over: Partial<FreezeCreationFacts> = {}, edit?: (t: CorpusTree) => void): FreezeCreationFacts => {
  const copy = new Map(tree);
  edit?.(copy);
  return {
    corpus: { tree: copy, material: frozenMaterialOf(copy) },
    invalidation: null,
    current: null,
    nowMs: NOW,
    ...over,
  };
};

const codeOf = (r: ReturnType<typeof checkFreezeCreation>) => (r.ok ? 'OK' : r.error.code);
const inForce = { proofId: 'prf_current', opensAt: iso(NOW + DAY) };

describe('whether a freeze may be made (spec §8.1–8.3), before anything is anchored', () => {
  const edited = (edit: (t: CorpusTree) => void) => facts({}, edit);
  it.each([
    {
      what: 'a window that closes when it opens',
      code: 'FREEZE_WINDOW_INVALID',
      req: request({ closesAt: iso(NOW + DAY) }),
      given: facts(),
    },
    {
      what: 'an unreadable track folder',
      code: 'FREEZE_CORPUS_UNREADABLE',
      req: request(),
      given: facts({ corpus: { unreadable: 'ENOENT' } }),
    },
    {
      what: 'a track folder without its rules text',
      code: 'FREEZE_CORPUS_UNREADABLE',
      req: request(),
      given: edited((t) => t.delete('rules/generique-bareme-v1.md')),
    },
    {
      what: 'a track folder without its sealed key',
      code: 'FREEZE_KEY_MISSING',
      req: request(),
      given: edited((t) => t.delete('sealed/answer-key.json')),
    },
    {
      what: 'an invalidated season and track',
      code: 'FREEZE_TRACK_INVALIDATED',
      req: request(),
      given: facts({ invalidation: { invalidatedAt: iso(NOW - DAY), proofId: 'prf_inv', reason: 'leak' } }),
    },
    {
      what: 'an opening already passed',
      code: 'FREEZE_SEASON_OPENED',
      req: request({ opensAt: iso(NOW - 1) }),
      given: facts(),
    },
    {
      what: 'a replacement moving an opening already passed later',
      code: 'FREEZE_SEASON_OPENED',
      req: request({ replace: true, reason: 'typo' }),
      given: facts({ current: { proofId: 'prf_current', opensAt: iso(NOW - 1) } }),
    },
    {
      what: 'a track already frozen, without --replace',
      code: 'FREEZE_ALREADY_EXISTS',
      req: request(),
      given: facts({ current: inForce }),
    },
    {
      what: 'a replacement with nothing to replace',
      code: 'FREEZE_NOTHING_TO_REPLACE',
      req: request({ replace: true, reason: 'x' }),
      given: facts(),
    },
    {
      what: 'a replacement without its reason',
      code: 'FREEZE_REASON_REQUIRED',
      req: request({ replace: true, reason: ' ' }),
      given: facts({ current: inForce }),
    },
    {
      what: 'an opening closer than the batch age and margin',
      code: 'FREEZE_OPENING_TOO_SOON',
      req: request({ opensAt: iso(NOW + OPENING_LEAD_MS - 1000) }),
      given: facts(),
    },
    {
      what: 'a sealed key that disagrees with its corpus',
      code: 'FREEZE_CORPUS_CHECK_FAILED',
      req: request(),
      given: edited((t) => {
        const key = new TextDecoder().decode(t.get('sealed/answer-key.json'));
        t.set('sealed/answer-key.json', new TextEncoder().encode(key.replace('"PAP-5658"', '"PAP-0000"')));
      }),
    },
  ])('a freeze for $what is refused $code', ({ code, req, given }) => {
    expect(codeOf(checkFreezeCreation(req, given))).toBe(code);
  });

  it('the first refusal in order is returned: an invalid window before an unreadable folder', () => {
    const r = checkFreezeCreation(request({ closesAt: iso(NOW) }), facts({ corpus: { unreadable: 'ENOENT' } }));
    expect(codeOf(r)).toBe('FREEZE_WINDOW_INVALID');
  });

  it('the advice names the field the caller gave for the opening', () => {
    const r = checkFreezeCreation(request({ opensAt: iso(NOW + 60_000), opensAtField: 'opens_at' }), facts());
    expect(r.ok ? null : r.error.details?.field).toBe('opens_at');
  });

  it('a first freeze replaces nothing; a replacement with its reason replaces the freeze in force', () => {
    const first = checkFreezeCreation(request(), facts());
    expect(first.ok && first.value.replaces).toBeNull();
    expect(first.ok && first.value.material).toMatchObject({ season: 1, track: 'generique' });
    const replacing = checkFreezeCreation(request({ replace: true, reason: 'typo' }), facts({ current: inForce }));
    expect(replacing.ok && replacing.value.replaces).toBe('prf_current');
  });
});
