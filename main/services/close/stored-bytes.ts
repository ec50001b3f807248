import type { IncidentGroup } from '../../core/incidents/group-incidents.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import type { Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { keepFirstUseViewDigest, type StoredView } from '../../db/proof-views.ts';
import { keepFirstUseRekorDigest, rekorEntryWithDigest } from '../../db/rekor-entries.ts';
import { inTransaction } from '../refused.ts';

/** A stored view or Rekor entry whose bytes no longer have the SHA-256 kept when they were read. */
export interface CorruptedBytes {
  what: 'proof_view' | 'rekor_entry';
  /** The proof whose view it is, or a proof naming the entry. */
  proofId: string;
  /** The entry's uuid (null for a view). */
  uuid: string | null;
  keptSha256: string;
  sha256Now: string;
}

export interface StoredBytesCheck {
  corrupted: CorruptedBytes[];
  /** Views and entries stored before migration 14: hashed now, at their first use (docs/operator-database.md). */
  hashedAtFirstUse: { proofIds: string[]; rekorUuids: string[] };
  /** The Rekor entries that passed, by uuid: the close bundles these bytes and no others. */
  rekorEntries: Map<string, Uint8Array>;
}

/**
 * Checks the bytes a close is about to use against the SHA-256 kept for them (docs/operator-database.md "Stored bytes
 * digests"): each view of `views` and the Rekor entry of each uuid in `rekorOf`. A view or entry without a digest
 * (stored before migration 14) gets one now, flagged `first_use` (all in one transaction: one commit, however many old
 * rows). Nothing here is scored or refused: the caller refuses when `corrupted` is not empty.
 */
export function checkStoredBytes(
  db: Db,
  views: readonly StoredView[],
  rekorUuids: ReadonlyMap<string, string>,
  atMs: number,
): Result<StoredBytesCheck, never> {
  return inTransaction(db, () => checkEach(db, views, rekorUuids, atMs));
}

function checkEach(
  db: Db,
  views: readonly StoredView[],
  rekorUuids: ReadonlyMap<string, string>,
  atMs: number,
): StoredBytesCheck {
  const check: StoredBytesCheck = {
    corrupted: [],
    hashedAtFirstUse: { proofIds: [], rekorUuids: [] },
    rekorEntries: new Map(),
  };
  for (const view of views) {
    if (view.raw === null) continue;
    const now = sha256Hex(view.raw);
    if (view.rawSha256 === null) {
      keepFirstUseViewDigest(db, { proofId: view.proofId, readId: view.readId, sha256: now, atMs });
      check.hashedAtFirstUse.proofIds.push(view.proofId);
    } else if (view.rawSha256 !== now) {
      check.corrupted.push({
        what: 'proof_view',
        proofId: view.proofId,
        uuid: null,
        keptSha256: view.rawSha256,
        sha256Now: now,
      });
    }
  }
  for (const [uuid, proofId] of rekorUuids) {
    const entry = rekorEntryWithDigest(db, uuid);
    if (entry === null) continue;
    const now = sha256Hex(entry.raw);
    if (entry.sha256 === null) {
      keepFirstUseRekorDigest(db, { uuid, sha256: now, atMs });
      check.hashedAtFirstUse.rekorUuids.push(uuid);
    } else if (entry.sha256 !== now) {
      check.corrupted.push({ what: 'rekor_entry', proofId, uuid, keptSha256: entry.sha256, sha256Now: now });
      continue;
    }
    check.rekorEntries.set(uuid, entry.raw);
  }
  return check;
}

/**
 * The incident a close refused for its stored bytes opens (docs/incidents.md): one group per season and track, so a
 * close run again over the same damage adds nothing, and a newly damaged proof is added to the open incident.
 */
export function storedBytesIncident(corrupted: readonly CorruptedBytes[], atMs: number): IncidentGroup {
  const proofs = [...new Set(corrupted.map((c) => c.proofId))].sort();
  return {
    kind: 'other',
    cause: 'CLOSE_STORED_VIEW_CORRUPTED',
    groupKey: 'stored_bytes_corrupted',
    windowStartMs: atMs,
    windowEndMs: atMs,
    summary: `${proofs.length} stored proof view(s) or Rekor entries no longer match the SHA-256 kept when they were read (first ${proofs[0]}); the close was refused and nothing was scored`,
    links: proofs.map((proof) => ({ participant: null, task: null, assertion: null, proof })),
  };
}
