import { isoUtc } from '../../core/time/iso-utc.ts';
import type { FigureChoices, FiguresAsked, ShownFigures, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { latestSeasonClose, publicationVersionsOf, type PublicationVersionRow } from '../../db/publications.ts';
import type { Db } from '../../db/open-database.ts';

/** Where the figures asked come from: a stored version, or the folder of a close that no version publishes. */
export type FiguresSource =
  | { kind: 'published'; row: PublicationVersionRow; shown: ShownFigures; choices: FigureChoices }
  | { kind: 'close'; close: { id: number; outDir: string }; shown: ShownFigures; choices: FigureChoices };

/**
 * The figures a Scoring or report view shows (docs/publications.md): the version asked, the latest close when asked
 * (`latest_close`), else the latest of the two: the latest version, unless a later close publishes nothing yet. The
 * answer says which (`shown`) and what else could be shown (`choices`), so the screen labels every figure and
 * offers the switch; a close run after the latest version is never shown unlabelled beside the published figures.
 */
export function figuresSource(db: Db, ref: TrackRef & FiguresAsked): FiguresSource {
  if (ref.version !== undefined && ref.latest_close === true)
    throw new HandlerRefusal(
      'FIGURES_ASKED_TWICE',
      'ask for a published version or for the latest close, not both: send version or latest_close',
    );
  const versions = publicationVersionsOf(db, ref.season, ref.track);
  const latest = versions[versions.length - 1];
  const close = latestSeasonClose(db, ref.season, ref.track);
  const unpublished = close && (!latest || close.id > latest.closeId) ? close : null;
  const choices: FigureChoices = {
    published: versions.map((v) => ({
      version: v.version,
      corrects_version: v.correctsVersion,
      published_at: isoUtc(v.publishedAtMs),
    })),
    unpublished_close: unpublished ? { close_id: unpublished.id, closed_at: isoUtc(unpublished.closedAtMs) } : null,
  };
  const published = (row: PublicationVersionRow): FiguresSource => ({
    kind: 'published',
    row,
    shown: { kind: 'published', version: row.version, published_at: isoUtc(row.publishedAtMs) },
    choices,
  });
  const ofClose = (c: { id: number; outDir: string; closedAtMs: number }): FiguresSource => ({
    kind: 'close',
    close: c,
    shown: { kind: 'close', close_id: c.id, closed_at: isoUtc(c.closedAtMs) },
    choices,
  });
  if (ref.version !== undefined) {
    const row = versions.find((v) => v.version === ref.version);
    if (!row)
      throw new HandlerRefusal(
        'PUBLICATION_VERSION_NOT_FOUND',
        versions.length === 0
          ? `season ${ref.season}, track ${ref.track} has no published version yet: publish the close first`
          : `season ${ref.season}, track ${ref.track} has no version ${ref.version}: versions are 1 to ${versions.length}`,
      );
    return published(row);
  }
  if (ref.latest_close === true) {
    if (!close) throw notScored(ref);
    return ofClose(close);
  }
  if (unpublished) return ofClose(unpublished);
  if (latest) return published(latest);
  throw notScored(ref);
}

export function notScored(ref: TrackRef): HandlerRefusal {
  return new HandlerRefusal(
    'SCORES_NOT_FOUND',
    `season ${ref.season}, track ${ref.track} has no close yet: run the close (Scoring screen, or proveit season close)`,
  );
}
