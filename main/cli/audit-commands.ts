import { isoUtc } from '../core/time/iso-utc.ts';
import { auditRows } from '../db/audit-log.ts';
import { openDatabase } from '../db/open-database.ts';
import type { PublishedIndex } from '../core/audit/published-heads.ts';
import { readPublishedIndex } from '../services/audit/published-index.ts';
import { verifyAuditLog } from '../services/audit/verify-audit-log.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { many, may, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';

const DB_JSON = synopsis([may('db'), may('json')]);
const VERIFY = synopsis([
  may('db'),
  many('index', {
    help: 'a published Index folder: every audit head its manifest publishes must be an entry of this chain',
    defaultText: 'none: the heads the database quotes itself only',
  }),
  may('json'),
]);

/**
 * `proveit audit verify` (docs/audit-log.md): recomputes every entry's hash and the chain from the rows as
 * stored, then checks every head quoted by a publication, then every head each `--index` folder publishes
 * ("Against the published Index": a database restored from a backup older than the Index, or forked since). Exit 0 on
 * an intact log holding them, 1 naming the first entry edited, removed or reordered, or the published head it lacks,
 * with its stable code.
 */
export const auditVerifyCommand: Command = {
  path: ['audit', 'verify'],
  summary:
    'verify the audit log: every entry hash, the chain, the heads publications quote and those a published Index ' +
    'holds (exit 1 on tampering, or on a chain behind or forked from the published one)',
  synopsis: VERIFY,
  async run(args, io) {
    const parsed = parseSynopsis(VERIFY, args);
    if (!parsed.ok) return usageError(io, auditVerifyCommand, parsed.message);
    const { values } = parsed;
    const published: PublishedIndex[] = [];
    for (const dir of values.index ?? []) {
      const read = readPublishedIndex(dir);
      if (!read.ok) {
        const { code, message, details } = read.error;
        if (values.json) printJson(io, { ok: false, code, message, details: details ?? null });
        else io.err(`proveit audit verify: ${code}: ${message}\n`);
        return EXIT.failed;
      }
      published.push(read.value);
    }
    const db = openDatabase(dbPathFrom(values.db), { readOnly: true });
    try {
      const verified = verifyAuditLog(db, published);
      if (!verified.ok) {
        const { code, message, details } = verified.error;
        if (values.json) printJson(io, { ok: false, code, message, details: details ?? null });
        else io.err(`proveit audit verify: ${code}: ${message}\n`);
        return EXIT.failed;
      }
      const v = verified.value;
      if (values.json)
        printJson(io, {
          ok: true,
          entries: v.entries,
          head: v.head,
          quoted_heads: v.quotedHeads,
          published_heads: v.publishedHeads,
        });
      else
        io.out(
          `audit log intact: ${v.entries} entr${v.entries === 1 ? 'y' : 'ies'}, head ${v.head.seq} ${v.head.hash}; ` +
            `${v.quotedHeads} quoted head(s) found in the log` +
            (published.length === 0
              ? ''
              : `; the ${v.publishedHeads} head(s) published by ${published.map((p) => `Index version ${p.indexVersion} of season ${p.season}`).join(', ')} are in this chain`) +
            '\n',
        );
      return EXIT.ok;
    } finally {
      db.close();
    }
  },
};

/** An entry's time in ISO UTC, or the stored value as text when it is not a time (a tampered row). */
function isoOf(ms: unknown): string {
  return typeof ms === 'number' && !Number.isNaN(new Date(ms).getTime()) ? isoUtc(ms) : String(ms);
}

/** Details as plain JSON for printing; text that is not JSON (a tampered row) is shown as is. */
function detailsForPrint(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `proveit audit list`: every entry, oldest first (it does not verify: run `proveit audit verify`). */
export const auditListCommand: Command = {
  path: ['audit', 'list'],
  summary: 'list the audit log, oldest first: time, actor, action, summary (run audit verify to check it)',
  synopsis: DB_JSON,
  async run(args, io) {
    const parsed = parseSynopsis(DB_JSON, args);
    if (!parsed.ok) return usageError(io, auditListCommand, parsed.message);
    const { values } = parsed;
    const db = openDatabase(dbPathFrom(values.db), { readOnly: true });
    try {
      const rows = auditRows(db);
      if (values.json) {
        printJson(io, {
          entries: rows.map((r) => ({
            seq: r.seq,
            at: isoOf(r.atMs),
            at_ms: r.atMs,
            actor: r.actor,
            action: r.action,
            summary: r.summary,
            details: typeof r.details === 'string' ? detailsForPrint(r.details) : r.details,
            prev_hash: r.prevHash,
            entry_hash: r.entryHash,
          })),
        });
      } else if (rows.length === 0) io.out('the audit log is empty\n');
      else for (const r of rows) io.out(`${r.seq}\t${isoOf(r.atMs)}\t${r.actor}\t${r.action}\t${r.summary}\n`);
      return EXIT.ok;
    } finally {
      db.close();
    }
  },
};

export const auditCommands: Command[] = [auditVerifyCommand, auditListCommand];
