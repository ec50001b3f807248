import type { FigureChoices, FiguresAsked, ShownFigures } from '../api/operations.ts';
import type { Messages } from '../i18n/en.ts';
import { formatInstant } from '../lib/rates.ts';

/**
 * What the figures on screen are (docs/publications.md): "published v2 · <when>" or "close of <when>, not
 * published". Every figure of the Scoring screen and of a report carries this label (main/ipc/contract.ts
 * ShownFigures).
 */
export function shownLabel(shown: ShownFigures, m: Messages, locale: string): string {
  return shown.kind === 'published'
    ? m.figures.published(shown.version, formatInstant(shown.published_at, locale))
    : m.figures.close(formatInstant(shown.closed_at, locale));
}

/** One entry of the "Figures shown" switch: its key (the <select> value), its words, and what it asks main for. */
export interface FigureOption {
  key: string;
  label: string;
  asked: FiguresAsked;
}

/** The switch's key of the figures shown: the same key as the option that asks for them. */
export function shownKey(shown: ShownFigures): string {
  return shown.kind === 'published' ? `v${shown.version}` : 'close';
}

/**
 * The figures a track can show, newest first: the close no version publishes (when there is one), then each
 * published version, a correction named with the version it corrects. The figures shown are always among them, even
 * when `choices` came from an older answer.
 */
export function figureOptions(
  choices: FigureChoices,
  shown: ShownFigures,
  m: Messages,
  locale: string,
): FigureOption[] {
  const at = (iso: string) => formatInstant(iso, locale);
  const published = [...choices.published]
    .sort((a, b) => b.version - a.version)
    .map((p) => ({
      key: `v${p.version}`,
      label:
        p.corrects_version === null
          ? m.figures.published(p.version, at(p.published_at))
          : m.figures.correction(p.version, p.corrects_version, at(p.published_at)),
      asked: { version: p.version },
    }));
  const close = choices.unpublished_close ?? (shown.kind === 'close' ? shown : null);
  const options: FigureOption[] = close
    ? [{ key: 'close', label: m.figures.close(at(close.closed_at)), asked: { latest_close: true } }, ...published]
    : published;
  if (shown.kind === 'published' && !options.some((o) => o.key === shownKey(shown)))
    options.push({ key: shownKey(shown), label: shownLabel(shown, m, locale), asked: { version: shown.version } });
  return options;
}
