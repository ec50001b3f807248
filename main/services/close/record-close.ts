import { sha256Hex } from '../../core/hash/sha256.ts';
import { incidentGroupsOfClose } from '../../core/incidents/group-incidents.ts';
import { pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import type { Result } from '../../core/result.ts';
import { sameParticipantFindings, type SameParticipantFinding } from '../../core/scoring/same-participant.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { StoredView } from '../../db/proof-views.ts';
import { insertSeasonClose } from '../../db/season-closes.ts';
import { insertCloseParticipantNames } from '../../db/close-participant-names.ts';
import { recordReveal } from '../freeze/reveal-freeze.ts';
import { openIncidentsFromClose, type CloseIncidents } from '../incidents/incidents.ts';
import type { FetchReport } from '../proofs/fetch-proofs.ts';
import { inTransaction } from '../refused.ts';
import { SCORES_FILE } from './bundle-layout.ts';
import type { ScoredBundle } from './score-bundle.ts';
import type { CloseMaterial } from './close-material.ts';
import type { CloseSeasonInput } from './close-input.ts';
import { keepClosePublishedTexts } from './keep-published-texts.ts';

/** What one close recorded: its row's id, the incidents it opened or extended, its scores.json digest, its findings. */
export interface RecordedClose {
  closeId: number;
  incidents: CloseIncidents;
  scoresSha256: string;
  sameParticipant: SameParticipantFinding[];
}

/**
 * The close's record: its reveal (with its `freeze.reveal` entry: recorded only now that the files holding it are
 * written), its `season_closes` row, the texts it publishes, its `season.close` audit entry and the
 * incidents it found (spec §4.1: instrument faults, flat-field divergences, proofs pending too long, Rekor entries not
 * fetched; grouped in the core, the times from the stored views and the scorer's reports), in one transaction.
 */
export function recordClose(
  input: CloseSeasonInput,
  material: CloseMaterial,
  scored: ScoredBundle,
  stored: ReadonlyMap<string, StoredView>,
  fetch: FetchReport,
): Result<RecordedClose> {
  const { db, season, track } = input;
  // Spec §9.1 at close: participants whose cited proofs tie them (docs/scoring.md "One participant under two DIDs").
  const sameParticipant = sameParticipantFindings(scored.score, material.exported.participants);
  const scoresSha256 = sha256Hex(scored.files.find((f) => f.path === SCORES_FILE)!.bytes);
  const closedAtMs = input.clock.now();
  const groups = incidentGroupsOfClose({
    score: scored.score,
    closedAtMs,
    anchorTimeMs: (id) => {
      const iso = scored.anchorTimes.get(id);
      const ms = iso ? Date.parse(iso) : NaN;
      return Number.isFinite(ms) ? ms : null;
    },
    pendingSinceMs: (id) => stored.get(id)?.firstReadAt ?? null,
    batchIdOf: (id) => stored.get(id)?.batchId ?? null,
    rekorFailures: (fetch.rekor?.failed ?? []).map((f) => ({
      uuid: f.uuid,
      code: f.failure.code,
      proofIds: material.citedIds.filter((id) => stored.get(id)?.rekorUuid === f.uuid),
    })),
  });
  const { inputs } = scored;
  return inTransaction(db, () => {
    recordReveal(db, material.reveal, closedAtMs, input.actor);
    const id = insertSeasonClose(db, {
      season,
      track,
      closedAtMs,
      freezeProofId: material.freezeId,
      scorerVersion: inputs.scorer_version,
      rulesSha256: inputs.rules_sha256,
      manifestHash: inputs.manifest_hash,
      submissionsSha256: inputs.submissions_sha256,
      keyCommitment: inputs.key_commitment,
      trustBundleDigest: inputs.trust_bundle_digest,
      proofsSha256: inputs.proofs_sha256,
      scoresSha256,
      participants: scored.scored.length + scored.pending.length,
      scored: scored.scored.length,
      pending: scored.pending.length,
      outDir: input.outDir,
    });
    keepClosePublishedTexts(db, id, material.exported.participants);
    insertCloseParticipantNames(db, id, material.enrolled);
    appendAudit(db, {
      atMs: closedAtMs,
      actor: input.actor,
      action: 'season.close',
      summary: `season ${season} ${track}: close ${id} scored ${scored.scored.length} participant(s), ${scored.pending.length} pending; scores.json ${scoresSha256}`,
      details: pyObjectFrom([
        ['close_id', BigInt(id)],
        ['season', BigInt(season)],
        ['track', track],
        ['freeze_proof_id', material.freezeId],
        ['scores_sha256', scoresSha256],
        ['scorer_version', inputs.scorer_version],
        ['rules_sha256', inputs.rules_sha256],
        ['manifest_hash', inputs.manifest_hash],
        ['submissions_sha256', inputs.submissions_sha256],
        ['key_commitment', inputs.key_commitment],
        ['trust_bundle_digest', inputs.trust_bundle_digest],
        ['proofs_sha256', inputs.proofs_sha256],
        ['scored', BigInt(scored.scored.length)],
        ['pending', BigInt(scored.pending.length)],
        ['reads_this_run', BigInt(fetch.progress.readsThisRun)],
        // Only when found, so every other close's entry keeps its form.
        ...(sameParticipant.length > 0
          ? [['same_participant', sameParticipant.map(sameParticipantValue)] as [string, PyJson]]
          : []),
      ]),
    });
    const incidents = openIncidentsFromClose(db, {
      season,
      track,
      closeId: id,
      atMs: closedAtMs,
      actor: input.actor,
      groups,
    });
    return { closeId: id, incidents, scoresSha256, sameParticipant };
  });
}

/** A finding as the audit entry and `season close --json` write it (docs/scoring.md "One participant under two DIDs"). */
export function sameParticipantValue(f: SameParticipantFinding): PyJson {
  return pyObjectFrom([
    ['code', f.code],
    ['ranked', f.ranked],
    ['not_ranked', [...f.notRanked]],
    [
      'links',
      f.links.map((l) =>
        pyObjectFrom([
          ['cited_by', l.citedBy],
          ['task_id', l.taskId],
          ['assertion_id', l.assertionId],
          ['proof_id', l.proofId],
          ['did', l.did],
          ['did_of', l.didOf],
        ]),
      ),
    ],
  ]);
}
