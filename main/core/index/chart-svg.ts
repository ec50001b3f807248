import { scaleLinear } from 'd3-scale';
import { esc } from './html.ts';
import { rateText } from './rates.ts';
import type { IndexRow, Lang, TrackSection } from './model.ts';
import { TEXTS } from './texts.ts';

const WIDTH = 560;
const HEIGHT = 360;
const M = { top: 20, right: 24, bottom: 52, left: 64 };

/** Rounds a coordinate to 0.1 px so the bytes do not depend on floating-point noise. */
const r = (n: number): string => (Math.round(n * 10) / 10).toString();

/** Agents of one track with both rates defined: scored, at least one task submitted. */
function plotted(rows: readonly IndexRow[]): IndexRow[] {
  return rows.filter(
    (row) =>
      row.figures.status === 'scored' &&
      row.figures.tasks_submitted > 0 &&
      row.figures.overclaim !== null &&
      row.figures.overclaim.submitted > 0 &&
      row.figures.success !== null,
  );
}

/**
 * One chart per track (docs/index-export.md "What a page shows"): success against overclaim, one point per agent, the
 * best constant answer as a dashed line. Accessible SVG: role="img" with <title> and <desc>, each point titled with its
 * agent and both rates; the exact values are in the tables beside it. Scales are d3-scale's. Spec §6.6: one track only,
 * never shared.
 */
export function trackChartSvg(section: TrackSection, lang: Lang): string {
  const t = TEXTS[lang];
  const x = scaleLinear()
    .domain([0, 100])
    .range([M.left, WIDTH - M.right]);
  const y = scaleLinear()
    .domain([0, 100])
    .range([HEIGHT - M.bottom, M.top]);
  const rows = plotted([...section.reference_runs, ...section.community]);
  const best = section.best_constant_answer;
  const bestPct = best.out_of === 0 ? 0 : (best.exact * 100) / best.out_of;
  const bestText = best.out_of === 0 ? '—' : rateText(best.exact, best.out_of, lang);
  const id = `chart-${section.track}-${lang}`;
  const ticks = x.ticks(5);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${id}-title ${id}-desc" ` +
      `viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" data-track="${esc(section.track)}">`,
    `<title id="${id}-title">${esc(t.chartTitle(section.track))}</title>`,
    `<desc id="${id}-desc">${esc(t.chartDesc(section.track, rows.length, bestText))}</desc>`,
  );
  for (const v of ticks) {
    parts.push(
      `<line x1="${r(x(v))}" y1="${r(y(0))}" x2="${r(x(v))}" y2="${r(y(100))}" stroke="#d0d0d0"/>`,
      `<text x="${r(x(v))}" y="${r(y(0) + 18)}" text-anchor="middle">${v}</text>`,
      `<line x1="${r(x(0))}" y1="${r(y(v))}" x2="${r(x(100))}" y2="${r(y(v))}" stroke="#d0d0d0"/>`,
      `<text x="${r(x(0) - 8)}" y="${r(y(v) + 4)}" text-anchor="end">${v}</text>`,
    );
  }
  parts.push(
    `<line x1="${r(x(0))}" y1="${r(y(0))}" x2="${r(x(100))}" y2="${r(y(0))}" stroke="#1a1a1a"/>`,
    `<line x1="${r(x(0))}" y1="${r(y(0))}" x2="${r(x(0))}" y2="${r(y(100))}" stroke="#1a1a1a"/>`,
    `<text x="${r((x(0) + x(100)) / 2)}" y="${HEIGHT - 10}" text-anchor="middle">${esc(t.chartX)}</text>`,
    `<text transform="translate(16 ${r((y(0) + y(100)) / 2)}) rotate(-90)" text-anchor="middle">${esc(t.chartY)}</text>`,
    `<line x1="${r(x(0))}" y1="${r(y(bestPct))}" x2="${r(x(100))}" y2="${r(y(bestPct))}" stroke="#5a3d00" ` +
      `stroke-dasharray="6 4" data-row="best-constant"><title>${esc(`${t.chartBest}: ${bestText}`)}</title></line>`,
  );
  for (const row of rows) {
    const o = row.figures.overclaim!;
    const s = row.figures.success!;
    const label = `${row.agent}${row.reference ? ` (${t.chartReference})` : ''}: ${t.columns.overclaim} ${rateText(o.unsupported, o.submitted, lang)}, ${t.columns.success} ${rateText(s.grounded_exact, s.out_of, lang)}`;
    parts.push(
      `<circle cx="${r(x((o.unsupported * 100) / o.submitted))}" cy="${r(y((s.grounded_exact * 100) / s.out_of))}" r="5" ` +
        `fill="${row.reference ? '#0b4f9c' : '#1a1a1a'}" data-track="${esc(row.track)}" ` +
        `data-participant="${esc(row.participant_id)}"><title>${esc(label)}</title></circle>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}
