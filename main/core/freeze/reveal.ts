import { isPyObject, pyObjectFrom, type PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import type { TrackName } from '../corpus/model.ts';

export type RevealCode = 'FREEZE_REVEAL_INVALID' | 'FREEZE_REVEAL_NOT_FOUND';

/** One freeze's sealed material, published at close (spec §8.3): anyone recomputes sha256(salt ‖ key) from it. */
export interface RevealedFreeze {
  proof_id: string;
  key_commitment: string;
  /** 64 hex characters: the 32 bytes that preceded the key's canonical JSON in the commitment. */
  salt: string;
  /** The sealed answer key as committed (its canonical JSON is what the commitment covers). */
  key: PyJson;
}

/** What `proveit freeze reveal` publishes: every freeze of the season and track, the replaced ones included. */
export interface Reveal {
  season: number;
  track: TrackName;
  revealed_at: string;
  freezes: RevealedFreeze[];
}

/** The key and salt of one freeze read from a reveal file. */
export interface RevealedMaterial {
  salt: PyJson;
  key: PyJson;
}

function material(entry: PyJson, proofId: string): Result<RevealedMaterial, RevealCode> {
  if (!isPyObject(entry) || !('salt' in entry) || !('key' in entry)) {
    return fail('FREEZE_REVEAL_INVALID', 'a revealed freeze must be an object {proof_id, key_commitment, salt, key}', {
      field: 'freezes',
    });
  }
  const id = entry['proof_id'];
  if (id !== undefined && id !== proofId) {
    return fail('FREEZE_REVEAL_NOT_FOUND', `the reveal is for ${String(id)}, not for the published freeze ${proofId}`, {
      field: 'proof_id',
      published: proofId,
      revealed: id,
    });
  }
  return ok({ salt: entry['salt'] as PyJson, key: entry['key'] as PyJson });
}

/**
 * Reads `--reveal FILE`: the document `proveit freeze reveal` prints (`{season, track, revealed_at, freezes}`),
 * where the entry of `proofId` is taken, or a single `{proof_id?, salt, key}`. The salt's format is checked by the
 * verification itself (FREEZE_SALT_FORMAT).
 */
export function revealedMaterialFor(value: PyJson, proofId: string): Result<RevealedMaterial, RevealCode> {
  if (!isPyObject(value)) {
    return fail('FREEZE_REVEAL_INVALID', 'the reveal must be a JSON object, as proveit freeze reveal prints it', {
      field: '(document)',
    });
  }
  const list = value['freezes'];
  if (!Array.isArray(list)) return material(value, proofId);
  const entry = list.find((item) => isPyObject(item) && item['proof_id'] === proofId);
  if (entry === undefined) {
    return fail('FREEZE_REVEAL_NOT_FOUND', `the reveal holds no key and salt for the published freeze ${proofId}`, {
      field: 'proof_id',
      published: proofId,
    });
  }
  return material(entry, proofId);
}

/**
 * The reveal as a PyJson value, to be written with canonical(): the key goes out exactly as committed (ints stay
 * ints, floats stay floats), so sha256(salt ‖ canonical(key)) recomputes from the published file.
 */
export function revealValue(reveal: Reveal): PyJson {
  return pyObjectFrom([
    ['season', BigInt(reveal.season)],
    ['track', reveal.track],
    ['revealed_at', reveal.revealed_at],
    [
      'freezes',
      reveal.freezes.map((f) =>
        pyObjectFrom([
          ['proof_id', f.proof_id],
          ['key_commitment', f.key_commitment],
          ['salt', f.salt],
          ['key', f.key],
        ]),
      ),
    ],
  ]);
}
