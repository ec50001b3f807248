import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { computeManifest } from '../../core/corpus/manifest.ts';
import type { Track } from '../../core/freeze/freeze-document.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import { isProofId } from '../../core/proofs-plan/proof-id.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { storedViews } from '../../db/proof-views.ts';
import { insertSeasonClose } from '../../db/season-closes.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { incidentGroupsOfClose } from '../../core/incidents/group-incidents.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { openIncidentsFromClose, type CloseIncidents } from '../incidents/incidents.ts';
import type { Clock } from '../clock.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import { publicView } from '../freeze/trust-layer-calls.ts';
import { freezePublication } from '../freeze/publish-freeze.ts';
import { revealFreezes } from '../freeze/reveal-freeze.ts';
import type { HttpClient } from '../http/http-client.ts';
import { fetchProofs, type FetchReport } from '../proofs/fetch-proofs.ts';
import type { FetchProgress } from '../proofs/progress.ts';
import type { ReadSettings } from '../proofs/read-settings.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { BUNDLE, inBundle, SAFE_PROOF_ID, SAFE_REKOR_UUID, SCORES_FILE } from './bundle-layout.ts';
import { trackSubmissions, type TrackSubmissions } from './export-lines.ts';
import { keepClosePublishedTexts } from './keep-published-texts.ts';
import { checkTakenAfterClose, openSignedExport } from '../../core/season-export/signed-export.ts';
import type { FreezePublication } from '../../core/freeze/publication.ts';
import type { ScoreInputs } from '../../core/scoring/model.ts';
import { NULL_ANSWER_RECHECK_MS } from '../../core/scoring/witness-state.ts';
import { scoreBundle, type OutputFile } from './score-bundle.ts';
import { writeBundle, type BundledView } from './write-bundle.ts';
import { discardCloseWork, finishCloseOut, prepareCloseOut } from './close-out.ts';
import { checkWrittenFiles, type WrittenFile } from './staged-files.ts';
import { checkStoredBytes, storedBytesIncident, type CorruptedBytes } from './stored-bytes.ts';

export interface CloseSeasonInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  season: number;
  track: Track;
  corpusDir: string;
  /** The season service's export as read (NDJSON bytes ending with its signed trailer, docs/season-service.md). */
  submissions: Uint8Array;
  /**
   * The season service's receipt key (64 hex) the export must be signed by: the one the operator configured, or the
   * one the service announces at GET /v1/season/{n} when the export is read from it (issue 22).
   */
  serviceKey: string;
  trustLayerUrl: string;
  rekorUrl?: string;
  /** The trust bundle folder the proofs are verified with (archived into the bundle). */
  trustDir: string;
  outDir: string;
  readSettings?: Partial<ReadSettings>;
  /** Who runs the close (--actor): recorded in the audit log with the close and the incidents it opens. */
  actor: string;
  /** Progress of the proof reads (the console's events); the CLI draws its own from the report. */
  onReadProgress?: (progress: FetchProgress) => void;
}

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
  /** An interrupted close's partial work was found in --out and replaced (issue 23 item 6). */
  replacedPartial: boolean;
  /** Stored views and Rekor entries older than their digests, hashed at this first use (docs/operator-database.md). */
  hashedAtFirstUse: { proofIds: string[]; rekorUuids: string[] };
}

const closeFail = (code: string, message: string, details?: Record<string, unknown>) => fail(code, message, details);

async function writeOutputs(dir: string, files: readonly OutputFile[]): Promise<WrittenFile[]> {
  for (const f of files) {
    const target = join(dir, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.bytes, { flag: 'wx' });
  }
  return files.map((f) => ({ path: f.path, sha256: sha256Hex(f.bytes) }));
}

function corruptedRefusal(corrupted: readonly CorruptedBytes[], incidents: CloseIncidents) {
  const [first] = corrupted;
  const views = corrupted.filter((c) => c.what === 'proof_view');
  const incident = [...incidents.opened, ...incidents.extended, ...incidents.unchanged][0];
  const what = (c: CorruptedBytes) =>
    c.what === 'proof_view'
      ? `the stored view of ${c.proofId}`
      : `the stored Rekor entry ${c.uuid} (named by ${c.proofId})`;
  return closeFail(
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

const inForceFreeze = (publication: FreezePublication) =>
  publication.freezes.find((f) => f.proof_id === publication.in_force)!;

/**
 * The export as the season service signed it, taken at or after the close, every submission of the track received
 * inside the window of the freeze in force (docs/season-service.md "Export"; issue 22).
 */
function checkedExport(input: CloseSeasonInput, publication: FreezePublication): Result<TrackSubmissions> {
  const opened = openSignedExport(input.submissions, input.serviceKey);
  if (!opened.ok) return opened;
  const inForce = inForceFreeze(publication);
  const taken = checkTakenAfterClose(opened.value.trailer, inForce.closes_at);
  if (!taken.ok) return taken;
  return trackSubmissions(opened.value.body, input.season, input.track, {
    opensAt: inForce.opens_at,
    closesAt: inForce.closes_at,
  });
}

/**
 * `proveit season close` (issue 11): reveal the key if the close has passed, read every cited proof view (and the
 * freeze proof's) through the read quota and cache, gather everything into OUT/bundle, then score FROM that bundle
 * with the function `season replay` runs, so a close and its replay are the same computation. The freeze in force
 * must verify (rules, manifest, key commitment, freeze proof anchored before the opening) or nothing is written.
 * Writes OUT/scores.json, OUT/reports/<participant_id>.json and OUT/bundle/ (with expected/), records the close.
 * OUT must be empty or hold only an interrupted close's partial work (close-out.ts), which is replaced.
 */
export async function closeSeason(input: CloseSeasonInput): Promise<Result<CloseSummary> & { fetch?: FetchReport }> {
  const prepared = await prepareCloseOut(input.outDir, {
    season: input.season,
    track: input.track,
    startedAtMs: input.clock.now(),
  });
  if (!prepared.ok) return prepared;
  // Whatever fails or throws before the close row commits, nothing this close wrote stays in --out (issue 23 item 6).
  let closed: Awaited<ReturnType<typeof closeInto>>;
  try {
    closed = await closeInto(input, prepared.value.replacedPartial);
  } catch (error) {
    await discardCloseWork(input.outDir, prepared.value);
    throw error;
  }
  if (!closed.ok) {
    await discardCloseWork(input.outDir, prepared.value);
    return closed;
  }
  await finishCloseOut(input.outDir);
  return closed;
}

/** The close itself, into an --out holding only its attempt marker; its caller removes what it wrote on failure. */
async function closeInto(
  input: CloseSeasonInput,
  replacedPartial: boolean,
): Promise<Result<CloseSummary> & { fetch?: FetchReport }> {
  const { db, season, track } = input;
  const trust = await loadTrustBundle(input.trustDir);
  if (!trust.ok) return trust;
  const publication = freezePublication(db, season, track);
  if (!publication.ok) return publication;
  // The export is checked before the key is revealed: a close refused for its export reveals nothing.
  const exported = checkedExport(input, publication.value);
  if (!exported.ok) return exported;
  const revealed = revealFreezes(db, season, track, input.clock.now(), input.actor);
  if (!revealed.ok) return revealed;

  const tree = await readCorpusTree(input.corpusDir).catch((error: unknown) => error as Error);
  if (tree instanceof Error) {
    return closeFail('FREEZE_CORPUS_UNREADABLE', `cannot read the corpus folder ${input.corpusDir}: ${tree.message}`, {
      field: 'corpus',
    });
  }
  const manifest = computeManifest(tree);
  if (!manifest.ok) return manifest;

  const badId = exported.value.cited.find((c) => !isProofId(c.proofId) || !SAFE_PROOF_ID.test(c.proofId));
  if (badId) {
    return closeFail(
      'CLOSE_SUBMISSIONS_INVALID',
      `a submission cites ${JSON.stringify(badId.proofId)}, which is not a proof id`,
      { proof_id: badId.proofId },
    );
  }
  const freezeId = publication.value.in_force;
  const citedIds = [...new Set(exported.value.cited.map((c) => c.proofId))];
  const ids = [...new Set([freezeId, ...citedIds])];

  // Views through the quota and the cache (issue 6), then the Rekor entry of each batch.
  const fetch = await fetchProofs({
    db,
    http: input.http,
    clock: input.clock,
    trustLayerUrl: input.trustLayerUrl,
    ...(input.rekorUrl === undefined ? {} : { rekorUrl: input.rekorUrl }),
    ids,
    // A null answer is read again until the recheck limit after closes_at (issue 24 rule 2), then once more.
    settings: {
      absentRecheckUntilMs: Date.parse(inForceFreeze(publication.value).closes_at) + NULL_ANSWER_RECHECK_MS,
      ...input.readSettings,
    },
    ...(input.onReadProgress ? { onProgress: input.onReadProgress } : {}),
  });
  if (fetch.outcome !== 'done') {
    const failure: Failure = fetch.failure ?? { code: 'CLOSE_READS_ABORTED', message: 'the proof reads were aborted' };
    return {
      ...closeFail(
        'CLOSE_READS_FAILED',
        `the proof views could not all be read: ${failure.code} ${failure.message}; run the close again (views read are kept)`,
        { failure },
      ),
      fetch,
    };
  }
  const stored = new Map(storedViews(db, ids).map((v) => [v.proofId, v]));
  const unread = ids.filter((id) => !stored.has(id));
  if (unread.length > 0) {
    return {
      ...closeFail(
        'CLOSE_PROOFS_UNREAD',
        `${unread.length} proof view(s) have never been read (first ${unread[0]}); run the close again`,
        { proof_ids: unread },
      ),
      fetch,
    };
  }

  // The freeze proof: its view as read; a Trust Layer that serves it to no batch read is asked once by GET.
  const freezeStored = stored.get(freezeId)!;
  let freezeView = freezeStored.raw;
  if (freezeView === null || freezeStored.status === 'absent') {
    const got = await publicView(input.http, input.trustLayerUrl, freezeId);
    if (!got.ok) return { ...got, fetch };
    freezeView = got.value;
  }
  let freezeUuid = freezeStored.rekorUuid;
  if (freezeUuid === null) {
    const parsed = loads(freezeView);
    const log = parsed.ok && isPyObject(parsed.value) ? parsed.value['transparency_log'] : undefined;
    freezeUuid = isPyObject(log) && typeof log['uuid'] === 'string' ? log['uuid'] : null;
  }
  // The stored bytes against the SHA-256 kept when they were read (issue 23 item 2): a changed byte is never scored.
  const rekorUuids = new Map<string, string>();
  for (const id of ids) {
    const uuid = stored.get(id)!.rekorUuid;
    if (uuid !== null && SAFE_REKOR_UUID.test(uuid) && !rekorUuids.has(uuid)) rekorUuids.set(uuid, id);
  }
  if (freezeUuid !== null && SAFE_REKOR_UUID.test(freezeUuid) && !rekorUuids.has(freezeUuid)) {
    rekorUuids.set(freezeUuid, freezeId);
  }
  const bytesCheck = checkStoredBytes(db, [...stored.values()], rekorUuids, input.clock.now());
  if (bytesCheck.corrupted.length > 0) {
    const atMs = input.clock.now();
    const incidents = db
      .transaction(() =>
        openIncidentsFromClose(db, {
          season,
          track,
          closeId: null,
          atMs,
          actor: input.actor,
          groups: [storedBytesIncident(bytesCheck.corrupted, atMs)],
        }),
      )
      .immediate();
    return { ...corruptedRefusal(bytesCheck.corrupted, incidents), fetch };
  }
  const rekorOf = (uuid: string | null) => (uuid === null ? null : (bytesCheck.rekorEntries.get(uuid) ?? null));

  const views: BundledView[] = citedIds.map((id) => {
    const v = stored.get(id)!;
    return { proofId: id, status: v.status, raw: v.raw, lastReadAtMs: v.lastReadAt };
  });
  const rekorEntries = new Map<string, Uint8Array>();
  for (const id of citedIds) {
    const uuid = stored.get(id)!.rekorUuid;
    const raw = rekorOf(uuid);
    if (uuid !== null && raw !== null) rekorEntries.set(uuid, raw);
  }

  // Write the bundle beside OUT's final place, read it back, score from it, and only then move it into place.
  const staging = join(input.outDir, '.bundle-partial');
  const written = await writeBundle(staging, {
    season,
    track,
    corpus: tree,
    manifest: manifest.value,
    publication: publication.value,
    freezeView,
    freezeRekorEntry: rekorOf(freezeUuid),
    revealText: revealed.value.text,
    submissions: input.submissions,
    views,
    rekorEntries: [...rekorEntries].map(([uuid, raw]) => ({ uuid, raw })),
    closedAtMs: input.clock.now(),
    trust: { bundle: trust.value, dir: input.trustDir },
  });
  if (!written.ok) return { ...written, fetch };
  const staged = await checkWrittenFiles(staging, written.value.written);
  if (!staged.ok) return { ...staged, fetch };
  const scored = await scoreBundle(staging, { season, track });
  if (scored.kind === 'refused') {
    const [first] = scored.failures;
    return {
      ok: false,
      error: {
        code: first?.code ?? 'CLOSE_REFUSED',
        message: scored.failures.map((f) => `${f.code}: ${f.message}`).join('\n'),
        details: { failures: scored.failures },
      },
      fetch,
    };
  }
  const expectedDir = inBundle(staging, BUNDLE.expected);
  const expected = await checkWrittenFiles(expectedDir, await writeOutputs(expectedDir, scored.files));
  if (!expected.ok) return { ...expected, fetch };
  const bundleDir = join(input.outDir, 'bundle');
  await rename(staging, bundleDir);
  const outputs = await checkWrittenFiles(input.outDir, await writeOutputs(input.outDir, scored.files));
  if (!outputs.ok) return { ...outputs, fetch };

  const scoresBytes = scored.files.find((f) => f.path === SCORES_FILE)!.bytes;
  const scoresSha256 = sha256Hex(scoresBytes);
  const closedAtMs = input.clock.now();
  // Incidents found by this close (spec §4.1): instrument faults, flat-field divergences, proofs pending too long,
  // Rekor entries not fetched. Grouped in the core; the times come from the stored views and the scorer's reports.
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
      proofIds: citedIds.filter((id) => stored.get(id)?.rekorUuid === f.uuid),
    })),
  });
  // The close row, its incidents and their audit entries commit together.
  const { closeId, incidents } = db
    .transaction(() => {
      const id = insertSeasonClose(db, {
        season,
        track,
        closedAtMs,
        freezeProofId: freezeId,
        scorerVersion: scored.inputs.scorer_version,
        rulesSha256: scored.inputs.rules_sha256,
        manifestHash: scored.inputs.manifest_hash,
        submissionsSha256: scored.inputs.submissions_sha256,
        keyCommitment: scored.inputs.key_commitment,
        trustBundleDigest: scored.inputs.trust_bundle_digest,
        proofsSha256: scored.inputs.proofs_sha256,
        scoresSha256,
        participants: scored.scored.length + scored.pending.length,
        scored: scored.scored.length,
        pending: scored.pending.length,
        outDir: input.outDir,
      });
      keepClosePublishedTexts(db, id, exported.value.participants);
      appendAudit(db, {
        atMs: closedAtMs,
        actor: input.actor,
        action: 'season.close',
        summary: `season ${season} ${track}: close ${id} scored ${scored.scored.length} participant(s), ${scored.pending.length} pending; scores.json ${scoresSha256}`,
        details: pyObjectFrom([
          ['close_id', BigInt(id)],
          ['season', BigInt(season)],
          ['track', track],
          ['freeze_proof_id', freezeId],
          ['scores_sha256', scoresSha256],
          ['scorer_version', scored.inputs.scorer_version],
          ['rules_sha256', scored.inputs.rules_sha256],
          ['manifest_hash', scored.inputs.manifest_hash],
          ['submissions_sha256', scored.inputs.submissions_sha256],
          ['key_commitment', scored.inputs.key_commitment],
          ['trust_bundle_digest', scored.inputs.trust_bundle_digest],
          ['proofs_sha256', scored.inputs.proofs_sha256],
          ['scored', BigInt(scored.scored.length)],
          ['pending', BigInt(scored.pending.length)],
          ['reads_this_run', BigInt(fetch.progress.readsThisRun)],
        ]),
      });
      const opened = openIncidentsFromClose(db, {
        season,
        track,
        closeId: id,
        atMs: closedAtMs,
        actor: input.actor,
        groups,
      });
      return { closeId: id, incidents: opened };
    })
    .immediate();
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
  });
}
