import { TEXTS } from './texts.ts';
import type { Lang } from './model.ts';

/** Escapes text for HTML element content and double-quoted attributes. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Marks every page with its export, so `index verify` can tell a file taken from another export (docs/index-export.md).
 */
export function exportMeta(season: number, version: number): string {
  return `<meta name="proveit-index" content="season=${season};version=${version}">`;
}

// Self-contained (docs/index-export.md "Files": readable offline, printable): inline styles, no script, no external
// resource. Colours keep at least 4.5:1 contrast (WCAG AA) so the page passes the axe-core check in tests.
const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#fff;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;line-height:1.45}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:2px solid #1a1a1a}h3{font-size:1.1rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.92rem}
caption{text-align:left;font-weight:600;padding:.3rem 0}
th,td{border:1px solid #6b6b6b;padding:.3rem .45rem;text-align:left;vertical-align:top}
th{background:#ececec}
td.num{font-variant-numeric:tabular-nums;white-space:nowrap}
tr.fixed td,tr.fixed th{background:#f4f4f4}
.label{display:block;font-size:.82rem;color:#3d3d3d}
.ai-act{border:2px solid #1a1a1a;padding:.5rem .75rem;background:#fafafa}
.reading-rule{font-weight:600}
code,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85rem;word-break:break-all}
a{color:#0b4f9c}
figure{margin:1rem 0}
svg text{font-family:system-ui,sans-serif;font-size:12px;fill:#1a1a1a}
@media print{a{color:#1a1a1a}h2{break-before:auto}table{page-break-inside:auto}tr{page-break-inside:avoid}}
`;

/** The shell of every page: language, title, the export marker, the art. 50 label first. */
export function page(
  options: { lang: Lang; title: string; otherHref: string; body: string } & (
    { season: number; version: number } | { marker: string }
  ),
): string {
  const t = TEXTS[options.lang];
  const marker = 'marker' in options ? options.marker : exportMeta(options.season, options.version);
  return (
    `<!DOCTYPE html>\n<html lang="${options.lang}">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `${marker}\n<title>${esc(options.title)}</title>\n<style>${STYLE}</style>\n` +
    `</head>\n<body>\n<header>\n<p class="ai-act" data-lint="ai-act-label">${esc(t.aiActLabel)}</p>\n` +
    `<p><a href="${esc(options.otherHref)}" hreflang="${t.otherLanguageName}" lang="${t.otherLanguageName}">` +
    `${esc(t.otherLanguage)}</a></p>\n</header>\n<main>\n${options.body}</main>\n</body>\n</html>\n`
  );
}
