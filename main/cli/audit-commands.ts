import { auditRows } from '../db/audit-log.ts';
import { openDatabase } from '../db/open-database.ts';
import { verifyAuditLog } from '../services/audit/verify-audit-log.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, parseSynopsis, synopsis } from './options/synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';

const DB_JSON = synopsis([may('db'), may('json')]);

/**
 * `proveit audit verify` (docs/audit-log.md): recomputes every entry's hash and the chain from the rows as
 * stored, then checks every head quoted by a publication. Exit 0 on an intact log, 1 naming the first entry edited,
 * removed or reordered, with its stable code.
 */
export const auditVerifyCommand: Command = {
  path: ['audit', 'verify'],
  summary: 'verify the audit log: every entry hash, the chain, and the heads publications quote (exit 1 on tampering)',
  synopsis: DB_JSON,
  async run(args, io) {
    const parsed = parseSynopsis(DB_JSON, args);
    if (!parsed.ok) return usageError(io, auditVerifyCommand, parsed.message);
    const { values } = parsed;
    const db = openDatabase(dbPathFrom(values.db), { readOnly: true });
    try {
      const verified = verifyAuditLog(db);
      if (!verified.ok) {
        const { code, message, details } = verified.error;
        if (values.json) printJson(io, { ok: false, code, message, details: details ?? null });
        else io.err(`proveit audit verify: ${code}: ${message}\n`);
        return EXIT.failed;
      }
      const v = verified.value;
      if (values.json) printJson(io, { ok: true, entries: v.entries, head: v.head, quoted_heads: v.quotedHeads });
      else
        io.out(
          `audit log intact: ${v.entries} entr${v.entries === 1 ? 'y' : 'ies'}, head ${v.head.seq} ${v.head.hash}; ` +
            `${v.quotedHeads} quoted head(s) found in the log\n`,
        );
      return EXIT.ok;
    } finally {
      db.close();
    }
  },
};

/** An entry's time in ISO UTC, or the stored value as text when it is not a time (a tampered row). */
function isoOf(ms: unknown): string {
  const date = new Date(typeof ms === 'number' ? ms : NaN);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
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
