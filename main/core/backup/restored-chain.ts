import { fail, ok, type Result } from '../result.ts';
import { isoUtc } from '../time/iso-utc.ts';

/**
 * What `proveit backup restore --replaces FILE` says when the restored audit chain is not a continuation of the chain
 * of the database it stands in for (docs/operator-database.md "Restoring an older backup"). Warnings, not refusals:
 * restoring an older backup is what a restore is for; the operator is told which acts the restored file no longer
 * records. Codes are API: never rename one.
 * - BACKUP_RESTORE_BEHIND_REPLACED: the restored chain is a beginning of the replaced one: its later entries are not in it;
 * - BACKUP_RESTORE_FORKED_FROM_REPLACED: the two chains agree up to an entry and then differ (the replaced database
 *   was itself restored and written to, or rewritten): neither holds the other.
 */
export type RestoredChainCode = 'BACKUP_RESTORE_BEHIND_REPLACED' | 'BACKUP_RESTORE_FORKED_FROM_REPLACED';

/** One entry of the replaced database's chain, as its rows hold it. */
export interface ChainEntry {
  seq: number;
  hash: string;
  atMs: number;
  action: string;
  summary: string;
  /** For a `backup.create` entry, the SHA-256 of the backup it wrote (its details.sha256); else null. */
  backupSha256: string | null;
}

export interface ChainsAgree {
  /** Entries both chains share, from entry 1. */
  common: number;
  /** The replaced chain's one entry more is the `backup.create` of the very backup restored: not an act lost. */
  ownRecordAfter: boolean;
}

/** How many entries a warning lists by name; the rest are counted. */
export const LISTED_ENTRIES = 20;

const head = (entries: readonly { seq: number; hash: string }[]) => {
  const last = entries.at(-1);
  return last === undefined ? { seq: 0, hash: '0'.repeat(64) } : { seq: last.seq, hash: last.hash };
};

const listed = (entries: readonly ChainEntry[]) =>
  entries.slice(0, LISTED_ENTRIES).map((e) => ({
    seq: e.seq,
    at: Number.isFinite(e.atMs) ? isoUtc(e.atMs) : String(e.atMs),
    action: e.action,
    summary: e.summary,
  }));

/**
 * Compares the restored chain (its entry hashes, entry 1 first) with the chain of the database it replaces. Ok when
 * the restored chain holds every entry of the replaced one (the same, or later), or lacks only the `backup.create`
 * entry of the backup restored (`backupSha256`), which a backup never holds (docs/operator-database.md "Backups": it is
 * appended after the snapshot); otherwise which entries of the replaced database the restored one lacks (the first
 * LISTED_ENTRIES by seq, action and summary). Pure.
 */
export function compareRestoredChain(
  restored: readonly { seq: number; hash: string }[],
  replaced: readonly ChainEntry[],
  backupSha256: string,
): Result<ChainsAgree, RestoredChainCode> {
  let common = 0;
  while (common < restored.length && common < replaced.length && restored[common]!.hash === replaced[common]!.hash)
    common++;
  if (common === replaced.length) return ok({ common, ownRecordAfter: false });
  const lost = replaced.slice(common);
  if (
    common === restored.length &&
    lost.length === 1 &&
    lost[0]!.action === 'backup.create' &&
    lost[0]!.backupSha256 === backupSha256
  )
    return ok({ common, ownRecordAfter: true });
  const details = {
    common,
    restoredHead: head(restored),
    replacedHead: head(replaced),
    missingFrom: lost[0]!.seq,
    missingTo: lost.at(-1)!.seq,
    missing: listed(lost),
    missingCount: lost.length,
  };
  const more = lost.length > LISTED_ENTRIES ? `, the first ${LISTED_ENTRIES} in details.missing` : '';
  if (common === restored.length)
    return fail(
      'BACKUP_RESTORE_BEHIND_REPLACED',
      `the restored audit log ends at entry ${common}; the database it replaces went on to entry ${details.replacedHead.seq}: ` +
        `entries ${details.missingFrom}..${details.missingTo} (${lost.length} act(s)${more}) are not in the restored database`,
      details,
    );
  return fail(
    'BACKUP_RESTORE_FORKED_FROM_REPLACED',
    `the restored audit log and the database it replaces agree up to entry ${common} and then differ: entry ` +
      `${common + 1} of each is another act; entries ${details.missingFrom}..${details.missingTo} of the replaced ` +
      `database (${lost.length} act(s)${more}) are not in the restored one`,
    { ...details, restoredAfter: restored.length - common },
  );
}
