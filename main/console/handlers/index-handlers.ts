import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IndexPreview, TrackName, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { INDEX_FILES } from '../../core/index/model.ts';
import { renderIndexHtml } from '../../core/index/render-index-html.ts';
import { draftIndex } from '../../services/index-export/draft-index.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { indexExportsRoot } from '../jobs/index-export-job.ts';

function exportsRoot(ctx: ConsoleContext): string {
  return indexExportsRoot(ctx.dbFile ?? '.');
}

/** The newest export of a season written by the console (or the demo's DIR/index for its season). */
export function newestExport(ctx: ConsoleContext, season: number): string {
  const root = exportsRoot(ctx);
  const prefix = `season-${season}-`;
  const made = existsSync(root)
    ? readdirSync(root)
        .filter((name) => name.startsWith(prefix))
        .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
    : [];
  const newest = made[made.length - 1];
  if (newest) return join(root, newest);
  const demo = join(dirname(ctx.dbFile ?? '.'), 'index');
  if (existsSync(join(demo, 'manifest.json'))) return demo;
  throw new HandlerRefusal(
    'INDEX_NOT_EXPORTED',
    `season ${season} has no Index exported from this console yet: export it first (Index screen, or proveit index export)`,
    { season },
  );
}

/**
 * The Index as the next export would write it, in the language asked, with the publication linter's findings
 * (docs/console.md "Screens": seen before exporting, not only as an INDEX_LINT_FAILED refusal). Written nowhere. While
 * a file holds a secret (LINT_SECRET) the page is withheld: secrets never reach the renderer (the finding names the
 * kind only).
 */
export async function indexPreview(ctx: ConsoleContext, args: TrackRef & { lang: 'fr' | 'en' }): Promise<IndexPreview> {
  const drafted = draftIndex(dbOf(ctx), { season: args.season, clock: ctx.clock });
  if (!drafted.ok) throw new HandlerRefusal(drafted.error.code, drafted.error.message, drafted.error.details);
  const { doc, files, findings, isNew } = drafted.value;
  // A version not exported yet is previewed as such: its page names no export time (each call would draw its own).
  const page = isNew
    ? new TextEncoder().encode(renderIndexHtml(doc, args.lang, { draft: true }))
    : files.get(INDEX_FILES.html(args.lang));
  const withheld = findings.some((f) => f.code === 'LINT_SECRET');
  return {
    ...args,
    version: doc.index_version,
    exported: !isNew,
    html: withheld || !page ? null : new TextDecoder().decode(page),
    findings: findings.map((f) => ({
      code: f.code,
      file: f.file,
      where: f.where,
      message: f.message,
      facts: { ...f.facts },
      fix: f.fix ? { ...f.fix, track: f.fix.track as TrackName } : null,
    })),
  };
}
