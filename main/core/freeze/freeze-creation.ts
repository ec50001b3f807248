import { checkCorpus } from '../corpus/check-corpus.ts';
import { TRACKS } from '../corpus/tracks.ts';
import type { CorpusTree } from '../corpus/tree.ts';
import type { PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import type { FrozenMaterial } from './frozen-material.ts';
import { checkOpeningLead } from './opening-lead.ts';
import { checkFreezeRequest } from './replacement-policy.ts';

export interface FreezeCreationRequest {
  /** The track folder, as the operator named it (said in the refusals). */
  corpusDir: string;
  /** ISO UTC instants (parseInstant). */
  opensAt: string;
  closesAt: string;
  /** How the caller's user names the opening in advice (FREEZE_OPENING_TOO_SOON). */
  opensAtField: string;
  replace: boolean;
  reason: string | null;
}

/** What `proveit freeze create` read before deciding: the track folder and the season's records. */
export interface FreezeCreationFacts {
  /** The track folder as read, with what a freeze hashes from it, or why it could not be read. */
  corpus: { tree: CorpusTree; material: Result<FrozenMaterial> } | { unreadable: string };
  /** The invalidation of the folder's season and track, if any (none when the folder names none). */
  invalidation: { invalidatedAt: string; proofId: string; reason: string } | null;
  /** The freeze in force for the folder's season and track, if any. */
  current: { proofId: string; opensAt: string } | null;
  /** The operator's clock, in milliseconds since the epoch (the core reads no clock). */
  nowMs: number;
}

/** A freeze that may be made: what it hashes, its sealed key, and the proof id it replaces (null for a first one). */
export interface FreezeCreation {
  material: FrozenMaterial & { key: PyJson };
  replaces: string | null;
}

/**
 * Whether a freeze may be made (spec §8.1–8.3, docs/freeze.md), before anything is anchored: a window that closes
 * after it opens, a readable track folder with its sealed key, a season and track not invalidated, the replacement
 * policy (core/freeze/replacement-policy.ts), the opening lead (core/freeze/opening-lead.ts), and a corpus that
 * passes `proveit corpus check` (the reference solver replays the key: a key that disagrees with its corpus is
 * never frozen). The first refusal is returned, in that order.
 */
export function checkFreezeCreation(
  request: FreezeCreationRequest,
  facts: FreezeCreationFacts,
): Result<FreezeCreation> {
  if (Date.parse(request.closesAt) <= Date.parse(request.opensAt)) {
    return fail(
      'FREEZE_WINDOW_INVALID',
      `--closes-at ${request.closesAt} must come after --opens-at ${request.opensAt}`,
      { opens_at: request.opensAt, closes_at: request.closesAt },
    );
  }
  if ('unreadable' in facts.corpus) {
    return fail(
      'FREEZE_CORPUS_UNREADABLE',
      `cannot read the corpus folder ${request.corpusDir}: ${facts.corpus.unreadable}`,
    );
  }
  const { tree, material } = facts.corpus;
  if (!material.ok) return material;
  const { season, track, key } = material.value;
  if (key === undefined) {
    return fail(
      'FREEZE_KEY_MISSING',
      `${request.corpusDir} has no readable sealed/answer-key.json: a freeze commits to the key`,
    );
  }
  // An invalidated season is over (spec §8, docs/freeze.md "Invalidating a season"): it starts over under a new number.
  const invalidated = facts.invalidation;
  if (invalidated !== null) {
    return fail(
      'FREEZE_TRACK_INVALIDATED',
      `season ${season}, track ${track} was invalidated at ${invalidated.invalidatedAt} (${invalidated.proofId}; reason: ${invalidated.reason}): it is not frozen again. Start over as a new season: a track folder whose season.json names season ${season + 1}, with a new sealed key (this one is revealed)`,
      { season, track, invalidation_proof_id: invalidated.proofId, next_season: season + 1 },
    );
  }
  const { current } = facts;
  // A replacement cannot move the opening later to escape the rule: the earlier of the recorded and given opening
  // decides whether the season has opened.
  const opensAt =
    current && Date.parse(current.opensAt) < Date.parse(request.opensAt) ? current.opensAt : request.opensAt;
  const policy = checkFreezeRequest({
    opensAt,
    now: new Date(facts.nowMs).toISOString(),
    current: current?.proofId ?? null,
    replace: request.replace,
    reason: request.reason,
  });
  if (!policy.ok) return policy;
  // Spec §8: a freeze whose batch may close after the opening cannot score; refused before anything is anchored.
  const lead = checkOpeningLead({ opensAt, nowMs: facts.nowMs, field: request.opensAtField });
  if (!lead.ok) return lead;
  // Only the codes are reported: a problem's message may quote the sealed key, never printed before the reveal.
  const check = checkCorpus(tree, TRACKS);
  if (check.problems.length > 0) {
    return fail(
      'FREEZE_CORPUS_CHECK_FAILED',
      `the corpus fails 'proveit corpus check' (${check.problems.length} problem(s): ${[...new Set(check.problems.map((p) => p.code))].join(', ')}); run it for the details and fix the corpus before freezing`,
      { problems: check.problems.slice(0, 20).map((p) => p.code) },
    );
  }
  return ok({ material: { ...material.value, key }, replaces: policy.value });
}
