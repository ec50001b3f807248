import { describe, expect, it } from 'vitest';
import {
  closeAvailability,
  closeDueAt,
  closeOffered,
  indexAnchorAvailability,
  indexExportAvailability,
  indexVerifyAvailability,
  publishAvailability,
  replayAvailability,
  revealAvailability,
  type IndexActFacts,
  type TrackActFacts,
} from '../../../main/core/console/act-availability.ts';

const CLOSES = '2026-11-01T08:00:00.000Z';
const at = (iso: string) => Date.parse(iso);
/** An open track, anchored in time, never closed, the season service given. */
const open = (f: Partial<TrackActFacts> = {}): TrackActFacts => ({
  closesAt: CLOSES,
  anchorState: 'anchored_in_time',
  latestCloseAt: null,
  closeRunning: false,
  seasonService: true,
  figures: null,
  ...f,
});

describe('the close, the publication, the replay and the reveal know the season’s state (pure)', () => {
  it('during the open season the close waits for closes_at and names it; at closes_at it is allowed', () => {
    expect(closeAvailability(open(), at('2026-11-01T07:50:30Z'))).toEqual({
      allowed: false,
      code: 'FREEZE_NOT_CLOSED',
      from: CLOSES,
    });
    expect(closeAvailability(open(), at(CLOSES))).toEqual({ allowed: true });
  });

  it('a draft track, a freeze anchored after its opening, a running close, a first close without the season service: why not, and never from a time', () => {
    expect(closeAvailability(open({ closesAt: null, anchorState: null }), at(CLOSES))).toMatchObject({
      code: 'FREEZE_NOT_FOUND',
      from: null,
    });
    expect(closeAvailability(open({ anchorState: 'anchored_after_opening' }), at(CLOSES) + 1)).toMatchObject({
      code: 'CLOSE_FREEZE_ANCHORED_AFTER_OPENING',
      from: null,
    });
    expect(closeAvailability(open({ closeRunning: true }), at(CLOSES) + 1)).toMatchObject({
      code: 'CLOSE_JOB_RUNNING',
    });
    expect(closeAvailability(open({ seasonService: false }), at(CLOSES) + 1)).toMatchObject({
      code: 'CONSOLE_CLOSE_NEEDS_EXPORT',
    });
    // A later close runs from the latest close's bundle: the season service is not needed then.
    expect(closeAvailability(open({ seasonService: false, latestCloseAt: CLOSES }), at(CLOSES) + 1).allowed).toBe(true);
  });

  it('the close is offered once closes_at plus the batch age (10 min) has passed, until a close is run after closes_at', () => {
    expect(closeDueAt(open())).toBe('2026-11-01T08:10:00.000Z');
    expect(closeOffered(open(), at('2026-11-01T08:09:59Z'))).toBe(false);
    expect(closeOffered(open(), at('2026-11-01T08:10:00Z'))).toBe(true);
    expect(closeOffered(open({ closeRunning: true }), at('2026-11-01T09:00:00Z'))).toBe(false);
    const closed = open({ latestCloseAt: '2026-11-01T08:12:00.000Z' });
    expect(closeDueAt(closed)).toBeNull();
    expect(closeOffered(closed, at('2026-11-02T00:00:00Z'))).toBe(false);
  });

  it('publish and replay need a close; publish is off once every close is published', () => {
    expect(publishAvailability(open())).toMatchObject({ code: 'PUBLISH_NO_CLOSE' });
    expect(replayAvailability(open())).toMatchObject({ code: 'CONSOLE_REPLAY_NO_CLOSE' });
    const closed = open({ latestCloseAt: '2026-11-01T08:12:00.000Z' });
    expect(publishAvailability({ ...closed, figures: { published: 0, unpublishedClose: true } }).allowed).toBe(true);
    expect(publishAvailability({ ...closed, figures: { published: 1, unpublishedClose: false } })).toMatchObject({
      code: 'PUBLISH_ALREADY_PUBLISHED',
    });
    expect(publishAvailability({ ...closed, figures: { published: 1, unpublishedClose: true } }).allowed).toBe(true);
    expect(replayAvailability(closed).allowed).toBe(true);
    expect(replayAvailability({ ...closed, closeRunning: true })).toMatchObject({ code: 'CLOSE_JOB_RUNNING' });
  });

  it('the key and the salt are revealed at the close, not before (docs/freeze.md "The reveal")', () => {
    expect(revealAvailability(CLOSES, at(CLOSES) - 1)).toEqual({
      allowed: false,
      code: 'FREEZE_NOT_CLOSED',
      from: CLOSES,
    });
    expect(revealAvailability(CLOSES, at(CLOSES))).toEqual({ allowed: true });
    expect(revealAvailability(null, at(CLOSES))).toMatchObject({ code: 'FREEZE_NOT_FOUND' });
  });
});

describe('the Index acts know what is published, exported, anchored and running (pure)', () => {
  const season = (f: Partial<IndexActFacts> = {}): IndexActFacts => ({
    published: true,
    findings: 0,
    exportRunning: false,
    newest: { anchor: 'absent' },
    trustLayer: true,
    ...f,
  });

  it('nothing published: export, verify and anchor are all off, saying so', () => {
    const none = season({ published: false, newest: null });
    for (const rule of [indexExportAvailability, indexVerifyAvailability, indexAnchorAvailability])
      expect(rule(none)).toMatchObject({ allowed: false, code: 'INDEX_NOTHING_PUBLISHED' });
  });

  it('published but never exported: export on, verify and anchor off (INDEX_NOT_EXPORTED)', () => {
    const never = season({ newest: null });
    expect(indexExportAvailability(never).allowed).toBe(true);
    expect(indexVerifyAvailability(never)).toMatchObject({ code: 'INDEX_NOT_EXPORTED' });
    expect(indexAnchorAvailability(never)).toMatchObject({ code: 'INDEX_NOT_EXPORTED' });
  });

  it('an export job running: verify waits for it (it would check the previous export), export too', () => {
    const running = season({ exportRunning: true });
    expect(indexVerifyAvailability(running)).toMatchObject({ code: 'INDEX_EXPORT_RUNNING' });
    expect(indexExportAvailability(running)).toMatchObject({ code: 'INDEX_EXPORT_RUNNING' });
    expect(indexAnchorAvailability(running)).toMatchObject({ code: 'INDEX_EXPORT_RUNNING' });
  });

  it('a finding blocks the export; anchoring needs the Trust Layer and happens once per export', () => {
    expect(indexExportAvailability(season({ findings: 2 }))).toMatchObject({ code: 'INDEX_LINT_FAILED' });
    expect(indexAnchorAvailability(season({ trustLayer: false }))).toMatchObject({
      code: 'CONSOLE_TRUST_LAYER_NOT_CONFIGURED',
    });
    expect(indexAnchorAvailability(season()).allowed).toBe(true);
    expect(indexAnchorAvailability(season({ newest: { anchor: 'pending' } }))).toMatchObject({
      code: 'INDEX_ALREADY_ANCHORED',
    });
    expect(indexAnchorAvailability(season({ newest: { anchor: 'anchored' } }))).toMatchObject({
      code: 'INDEX_ALREADY_ANCHORED',
    });
    // An anchor that does not verify may be made again.
    expect(indexAnchorAvailability(season({ newest: { anchor: 'not_verified' } })).allowed).toBe(true);
  });
});
