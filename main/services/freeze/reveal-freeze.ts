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

/** The reveal and its published text: canonical JSON, so the key's ints and floats go out exactly as committed. */
export interface RevealOutcome {
  reveal: Reveal;
  text: string;
}

/**
 * `proveit freeze reveal` (spec §8.3): at or after the close recorded with the freeze in force, publish the key and
 * salt of every freeze of the season and track (the replaced ones too: "the two salts at close"). Each seal is
 * checked against its recorded commitment first, so a reveal that would not verify is never published. The first
 * reveal is recorded; running it again prints the same document.
 */
export function revealFreezes(
  db: Db,
  season: number,
  track: TrackName,
  nowMs: number,
  actor: string,
): Result<RevealOutcome> {
  const current = freezeInForceOf(db, season, track);
  if (current === null) {
    return fail('FREEZE_NOT_FOUND', `season ${season}, track ${track} has no freeze in this database`, {
      season,
      track,
    });
  }
  const allowed = checkRevealRequest(current.closesAt, new Date(nowMs).toISOString());
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
  const ids = rows.map((r) => r.proofId);
  const earlier = revealedAtOf(db, ids);
  const revealedAtMs = earlier ?? nowMs;
  const reveal: Reveal = { season, track, revealed_at: new Date(revealedAtMs).toISOString(), freezes };
  const text = canonical(revealValue(reveal));
  const digest = sha256HexOfText(text);
  // The reveal record and its audit entry commit together; the entry names the reveal document by its SHA-256 and
  // never holds a key or a salt.
  db.transaction(() => {
    recordReveals(
      db,
      ids.map((proofId) => ({ proofId, revealedAtMs, revealSha256: digest })),
    );
    appendAudit(db, {
      atMs: nowMs,
      actor,
      action: 'freeze.reveal',
      summary: `season ${season} ${track}: key and salt of ${ids.length} freeze(s) revealed${earlier === null ? '' : ` again (first revealed ${new Date(earlier).toISOString()})`}`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['track', track],
        ['proof_ids', ids],
        ['reveal_sha256', digest],
        ['first_revealed_at', new Date(revealedAtMs).toISOString()],
      ]),
    });
  }).immediate();
  return ok({ reveal, text });
}
