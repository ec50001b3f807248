import type { VersionDate } from './participant-window.ts';

/**
 * One exported Index version as the dispute calendar needs it: the publication version of the track it holds and the
 * instant it made that version public, its export (docs/disputes.md "The calendar").
 */
export interface IndexShowing {
  publicationVersion: number;
  publicAtMs: number;
}

/**
 * Spec §9.2: "14 days after the score is published". A score is published when the public Index holding it is out, not
 * when `season publish` records it in the operator database: each publication version becomes public at the first
 * Index export that holds it or a later version of the same track (a later version repeats the figures it did not
 * change), and a version no export holds yet is not public at all, so it opens no window. The result keeps the
 * versions' order and numbers; `publishedAtMs` is the instant they became public.
 */
export function publicVersions<V extends VersionDate>(versions: readonly V[], shown: readonly IndexShowing[]): V[] {
  const out: V[] = [];
  for (const version of versions) {
    const first = shown
      .filter((s) => s.publicationVersion >= version.version)
      .reduce<number | undefined>((at, s) => (at === undefined || s.publicAtMs < at ? s.publicAtMs : at), undefined);
    if (first !== undefined) out.push({ ...version, publishedAtMs: first });
  }
  return out;
}
