import { ok, fail, type Failure, type Result } from '../../core/result.ts';
import type { ScoreInputs } from '../../core/scoring/model.ts';
import type { SameParticipantFinding } from '../../core/scoring/same-participant.ts';
import { databaseFaultOf } from '../../db/database-fault.ts';
import { invalidationOf } from '../../db/season-invalidations.ts';
import { prepareReveal, recordReveal, type PreparedReveal } from '../freeze/reveal-freeze.ts';
import { openIncidentsFromClose, type CloseIncidents } from '../incidents/incidents.ts';
import type { FetchReport } from '../proofs/fetch-proofs.ts';
import { bundleAndScore } from './bundle-and-score.ts';
import type { CloseSeasonInput } from './close-input.ts';
import { closeMaterial, closeSources, type CloseMaterial } from './close-material.ts';
import { discardCloseWork, finishCloseOut, prepareCloseOut, type PreparedOut } from './close-out.ts';
import { freezeMaterialOf, readCloseViews, rekorUuidsToCheck } from './close-reads.ts';
import { recordClose } from './record-close.ts';
import { checkStoredBytes, storedBytesIncident, type CorruptedBytes } from './stored-bytes.ts';
import { inTransaction } from '../refused.ts';
import { isWriteFaultCode, writeFaultOf } from '../write-fault.ts';

export interface CloseSummary {
  outDir: string;
  bundleDir: string;
  inputs: ScoreInputs;
  scored: string[];
  pending: string[];
  scoresSha256: string;
  closeId: number;
  fetch: FetchReport;
  /** The incidents this close opened, extended with new items, or found already open (docs/incidents.md). */
  incidents: CloseIncidents;
  /**
   * An interrupted close's partial work was found in --out and replaced (docs/replay-bundle.md "What `season close`
   * does, in order").
   */
  replacedPartial: boolean;
  /** Stored views and Rekor entries older than their digests, hashed at this first use (docs/operator-database.md). */
  hashedAtFirstUse: { proofIds: string[]; rekorUuids: string[] };
  /**
   * Participants found to be one by their cited proofs (spec §9.1; docs/scoring.md "One participant under two DIDs"):
   * recorded in the `season.close` audit entry; scores.json and the reports are unchanged.
   */
  sameParticipant: SameParticipantFinding[];
}

function corruptedRefusal(corrupted: readonly CorruptedBytes[], incidents: CloseIncidents) {
  const [first] = corrupted;
  const views = corrupted.filter((c) => c.what === 'proof_view');
  const incident = [...incidents.opened, ...incidents.extended, ...incidents.unchanged][0];
  const what = (c: CorruptedBytes) =>
    c.what === 'proof_view'
      ? `the stored view of ${c.proofId}`
      : `the stored Rekor entry ${c.uuid} (named by ${c.proofId})`;
  return fail(
    views.length > 0 ? 'CLOSE_STORED_VIEW_CORRUPTED' : 'CLOSE_STORED_REKOR_ENTRY_CORRUPTED',
    `${what(first!)} no longer has the SHA-256 kept when it was read (kept ${first!.keptSha256}, now ${first!.sha256Now})${corrupted.length > 1 ? `, and ${corrupted.length - 1} more` : ''}: the operator database changed under it, so nothing was scored (incident ${incident}); restore the database from a copy taken after the reads, then close again`,
    {
      incident_id: incident,
      corrupted: corrupted.map((c) => ({
        what: c.what,
        proof_id: c.proofId,
        uuid: c.uuid,
        kept_sha256: c.keptSha256,
        sha256_now: c.sha256Now,
      })),
    },
  );
}

/**
 * What the machine refused a close (docs/operator-database.md "File write faults", "Database faults"): a write to
 * --out (full disk, read-only, permission, I/O), or the operator database's own fault, as a refusal; undefined for
 * anything else.
 */
function closeFault(error: unknown, outDir: string, left: string): Failure | undefined {
  return (
    databaseFaultOf(error) ??
    writeFaultOf(error, {
      target: outDir,
      writing: 'the close into --out',
      left,
      elsewhere: 'give --out a new folder on another disk',
    })
  );
}

/** Removes what a failed close wrote; false when that removal failed too (the disk refusing even that). */
async function discarded(outDir: string, prepared: PreparedOut): Promise<boolean> {
  try {
    await discardCloseWork(outDir, prepared);
    return true;
  } catch {
    return false;
  }
}

const leftAfter = (removed: boolean) =>
  removed
    ? 'nothing was scored or recorded, and what the close wrote into --out was removed'
    : `nothing was scored or recorded, but what the close wrote into --out could not all be removed: the next close into it replaces that work`;

/**
 * A refusal the machine caused, not the close's input: the disk (a write fault, a staged file the disk did not keep)
 * or the database. The close did not happen, so its reveal is not recorded either.
 */
const machineRefused = (code: string) =>
  isWriteFaultCode(code) || code.startsWith('DB_') || code === 'CLOSE_STAGED_FILE_MISMATCH';

/**
 * `proveit season close` (docs/replay-bundle.md "What `season close` does, in order"): reveal the key if the close has
 * passed, read every cited proof view (and the freeze proof's) through the read quota and cache, gather everything into
 * OUT/bundle, then score FROM that bundle with the function `season replay` runs, so a close and its replay are the
 * same computation. The freeze in force must verify (rules, manifest, key commitment, freeze proof anchored before the
 * opening) or nothing is written. Writes OUT/scores.json, OUT/reports/<participant_id>.json and OUT/bundle/ (with
 * expected/), records the close. OUT must be empty or hold only an interrupted close's partial work (close-out.ts),
 * which is replaced. The reveal is recorded with the close row; a close refused after the reveal records it alone
 * (docs/replay-bundle.md "Limits"); a close the disk or the database refused records nothing and leaves --out as it
 * found it (a write fault is a WRITE_ code, a database fault its DB_ code).
 */
export async function closeSeason(input: CloseSeasonInput): Promise<Result<CloseSummary>> {
  // An invalidated season is never scored (spec §8; docs/freeze.md "Invalidating a season"): refused before --out is
  // touched or anything is read.
  const invalidated = invalidationOf(input.db, input.season, input.track);
  if (invalidated !== null) {
    return fail(
      'CLOSE_TRACK_INVALIDATED',
      `season ${input.season}, track ${input.track} was invalidated at ${invalidated.invalidatedAt} (${invalidated.proofId}; reason: ${invalidated.reason}): nothing is scored or ranked. Its key and salt are revealed with 'proveit freeze reveal'; the season starts over under a new number`,
      { season: input.season, track: input.track, invalidation_proof_id: invalidated.proofId },
    );
  }
  let prepared: Awaited<ReturnType<typeof prepareCloseOut>>;
  try {
    prepared = await prepareCloseOut(input.outDir, {
      season: input.season,
      track: input.track,
      startedAtMs: input.clock.now(),
    });
  } catch (error) {
    // prepareCloseOut removes its own marker and the folder it created when it cannot finish.
    const fault = closeFault(error, input.outDir, 'nothing was revealed, scored or recorded');
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  }
  if (!prepared.ok) return prepared;
  // Whatever fails or throws before the close row commits, nothing this close wrote stays in --out
  // (docs/replay-bundle.md "What `season close` does, in order").
  let reveal: PreparedReveal | undefined;
  let closed: Result<CloseSummary>;
  try {
    closed = await revealAndClose(input, prepared.value.replacedPartial, (kept) => (reveal = kept));
  } catch (error) {
    const removed = await discarded(input.outDir, prepared.value);
    const fault = closeFault(error, input.outDir, leftAfter(removed));
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  }
  if (!closed.ok) {
    await discarded(input.outDir, prepared.value);
    if (reveal !== undefined && !machineRefused(closed.error.code))
      recordReveal(input.db, reveal, input.clock.now(), input.actor);
    return closed;
  }
  await finishCloseOut(input.outDir);
  return closed;
}

/**
 * The checks a refusal reveals nothing for, the reveal (handed to `keep` as soon as it is prepared: a close refused
 * from then on still records it, docs/replay-bundle.md "Limits"), the material, then the close.
 */
async function revealAndClose(
  input: CloseSeasonInput,
  replacedPartial: boolean,
  keep: (reveal: PreparedReveal) => void,
): Promise<Result<CloseSummary>> {
  const sources = await closeSources(input);
  if (!sources.ok) return sources;
  const revealed = prepareReveal(input.db, input.season, input.track, input.clock.now());
  if (!revealed.ok) return revealed;
  keep(revealed.value);
  const material = await closeMaterial(input, sources.value, revealed.value);
  if (!material.ok) return material;
  return closeFrom(input, material.value, replacedPartial);
}

/**
 * The close itself, into an --out holding only its attempt marker, from its checked material; its caller removes
 * what it wrote on failure. Read what is left, refuse stored bytes that changed, bundle and score, record.
 */
async function closeFrom(
  input: CloseSeasonInput,
  material: CloseMaterial,
  replacedPartial: boolean,
): Promise<Result<CloseSummary>> {
  const read = await readCloseViews(input, material);
  if (!read.ok) return read;
  const { fetch, stored } = read.value;
  const { freezeId, ids } = material;
  const freeze = await freezeMaterialOf(input, stored, freezeId);
  if (!freeze.ok) return freeze;

  // The stored bytes against the SHA-256 kept when they were read (docs/operator-database.md "Stored bytes
  // digests"): a changed byte is never scored.
  const rekorUuids = rekorUuidsToCheck(ids, stored, { id: freezeId, rekorUuid: freeze.value.rekorUuid });
  const checkedBytes = checkStoredBytes(input.db, [...stored.values()], rekorUuids, input.clock.now());
  if (!checkedBytes.ok) return checkedBytes;
  const bytesCheck = checkedBytes.value;
  if (bytesCheck.corrupted.length > 0) return refuseCorrupted(input, bytesCheck.corrupted);
  const rekorOf = (uuid: string | null) => (uuid === null ? null : (bytesCheck.rekorEntries.get(uuid) ?? null));

  const bundled = await bundleAndScore(input, material, stored, freeze.value, rekorOf);
  if (!bundled.ok) return bundled;
  const { scored, bundleDir } = bundled.value;
  const recorded = recordClose(input, material, scored, stored, fetch);
  if (!recorded.ok) return recorded;
  const { closeId, incidents, scoresSha256, sameParticipant } = recorded.value;
  return ok({
    outDir: input.outDir,
    bundleDir,
    inputs: scored.inputs,
    scored: scored.scored,
    pending: scored.pending,
    scoresSha256,
    closeId,
    fetch,
    incidents,
    replacedPartial,
    hashedAtFirstUse: bytesCheck.hashedAtFirstUse,
    sameParticipant,
  });
}

/** A close refused for changed stored bytes leaves one record: the incident naming them (close_id null). */
function refuseCorrupted(input: CloseSeasonInput, corrupted: readonly CorruptedBytes[]): Result<never> {
  const atMs = input.clock.now();
  const incidents = inTransaction(input.db, () =>
    openIncidentsFromClose(input.db, {
      season: input.season,
      track: input.track,
      closeId: null,
      atMs,
      actor: input.actor,
      groups: [storedBytesIncident(corrupted, atMs)],
    }),
  );
  return incidents.ok ? corruptedRefusal(corrupted, incidents.value) : incidents;
}
