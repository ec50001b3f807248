import type { TrackName } from '../../core/corpus/model.ts';
import { keyCommitment, parseSalt } from '../../core/freeze/key-commitment.ts';
import { checkRevealRequest } from '../../core/freeze/reveal-policy.ts';
import { revealValue, type Reveal, type RevealedFreeze } from '../../core/freeze/reveal.ts';
import { sha256HexOfText } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loadsText } from '../../core/json/loads.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { freezeInForceOf, freezesOf, recordReveals, revealedAtOf, sealOf } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { invalidationOf } from '../../db/season-invalidations.ts';
import { inTransaction } from '../refused.ts';

/** The reveal and its published text: canonical JSON, so the key's ints and floats go out exactly as committed. */
export interface RevealOutcome {
  reveal: Reveal;
  text: string;
}

/** A reveal checked and written out, not recorded yet: what `recordReveal` records. */
export interface PreparedReveal extends RevealOutcome {
  season: number;
  track: TrackName;
  proofIds: string[];
  /** The first reveal's time when these freezes were revealed before, else null (this reveal is the first). */
  earlierMs: number | null;
  revealedAtMs: number;
  sha256: string;
}

/**
 * The reveal of `proveit freeze reveal` and `season close` (spec §8.3), checked and written out without a write: at
 * or after the close recorded with the freeze in force (or once the season was invalidated), the key and salt of every freeze of the season and track (the
 * replaced ones too: "the two salts at close"). Each seal is checked against its recorded commitment first, so a
 * reveal that would not verify is never published. A reveal made before is written again with its first time.
 */
export function prepareReveal(db: Db, season: number, track: TrackName, nowMs: number): Result<PreparedReveal> {
  const current = freezeInForceOf(db, season, track);
  if (current === null) {
    return fail('FREEZE_NOT_FOUND', `season ${season}, track ${track} has no freeze in this database`, {
      season,
      track,
    });
  }
  // An invalidated season is over at its invalidation: its key and salt are revealed at once (docs/freeze.md
  // "Invalidating a season").
  const invalidatedAt = invalidationOf(db, season, track)?.invalidatedAt ?? null;
  const allowed = checkRevealRequest(current.closesAt, new Date(nowMs).toISOString(), invalidatedAt);
  if (!allowed.ok) return allowed;

  const rows = freezesOf(db, season, track);
  const freezes: RevealedFreeze[] = [];
  for (const row of rows) {
    const seal = sealOf(db, row.proofId);
    const key = seal ? loadsText(seal.answerKey) : null;
    const salt = seal ? parseSalt(seal.saltHex) : null;
    if (!seal || !key?.ok || !salt?.ok || keyCommitment(key.value, salt.value) !== row.keyCommitment) {
      return fail(
        'FREEZE_SEAL_MISMATCH',
        `the sealed material of ${row.proofId} does not reproduce its key commitment: the database is damaged; nothing was revealed`,
        { proof_id: row.proofId },
      );
    }
    freezes.push({ proof_id: row.proofId, key_commitment: row.keyCommitment, salt: seal.saltHex, key: key.value });
  }
  const proofIds = rows.map((r) => r.proofId);
  const earlierMs = revealedAtOf(db, proofIds);
  const revealedAtMs = earlierMs ?? nowMs;
  const reveal: Reveal = { season, track, revealed_at: new Date(revealedAtMs).toISOString(), freezes };
  const text = canonical(revealValue(reveal));
  return ok({ reveal, text, season, track, proofIds, earlierMs, revealedAtMs, sha256: sha256HexOfText(text) });
}

/**
 * Records a prepared reveal and its audit entry, together (in the caller's transaction when there is one: a close
 * records it with its close row, docs/replay-bundle.md "What `season close` does, in order"). The entry names the
 * reveal document by its SHA-256 and never holds a key or a salt.
 */
export function recordReveal(db: Db, prepared: PreparedReveal, atMs: number, actor: string): Result<null, never> {
  const { season, track, proofIds, earlierMs, revealedAtMs, sha256: digest } = prepared;
  return inTransaction(db, () => {
    recordReveals(
      db,
      proofIds.map((proofId) => ({ proofId, revealedAtMs, revealSha256: digest })),
    );
    appendAudit(db, {
      atMs,
      actor,
      action: 'freeze.reveal',
      summary: `season ${season} ${track}: key and salt of ${proofIds.length} freeze(s) revealed${earlierMs === null ? '' : ` again (first revealed ${new Date(earlierMs).toISOString()})`}`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['track', track],
        ['proof_ids', proofIds],
        ['reveal_sha256', digest],
        ['first_revealed_at', new Date(revealedAtMs).toISOString()],
      ]),
    });
    return null;
  });
}

/**
 * `proveit freeze reveal` (spec §8.3): the reveal prepared, then recorded. The first reveal is recorded; running it
 * again prints the same document.
 */
export function revealFreezes(
  db: Db,
  season: number,
  track: TrackName,
  nowMs: number,
  actor: string,
): Result<RevealOutcome> {
  const prepared = prepareReveal(db, season, track, nowMs);
  if (!prepared.ok) return prepared;
  const recorded = recordReveal(db, prepared.value, nowMs, actor);
  if (!recorded.ok) return recorded;
  return ok({ reveal: prepared.value.reveal, text: prepared.value.text });
}
