import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
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
import { rekorEntry } from '../../db/rekor-entries.ts';
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
import { checkTakenAfterClose, openSignedExport } from '../../core/season-export/signed-export.ts';
import type { FreezePublication } from '../../core/freeze/publication.ts';
import type { ScoreInputs } from '../../core/scoring/model.ts';
import { scoreBundle, type OutputFile } from './score-bundle.ts';
import { writeBundle, type BundledView } from './write-bundle.ts';

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
}

const closeFail = (code: string, message: string, details?: Record<string, unknown>) => fail(code, message, details);

async function writeOutputs(dir: string, files: readonly OutputFile[]): Promise<void> {
  for (const f of files) {
    const target = join(dir, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.bytes, { flag: 'wx' });
  }
}

/**
 * The export as the season service signed it, taken at or after the close, every submission of the track received
 * inside the window of the freeze in force (docs/season-service.md "Export"; issue 22).
 */
function checkedExport(input: CloseSeasonInput, publication: FreezePublication): Result<TrackSubmissions> {
  const opened = openSignedExport(input.submissions, input.serviceKey);
  if (!opened.ok) return opened;
  const inForce = publication.freezes.find((f) => f.proof_id === publication.in_force)!;
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
 */
export async function closeSeason(input: CloseSeasonInput): Promise<Result<CloseSummary> & { fetch?: FetchReport }> {
  const { db, season, track } = input;
  const existing = await readdir(input.outDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    return closeFail(
      'CLOSE_OUT_NOT_EMPTY',
      `${input.outDir} is not empty: a close writes into a new folder; choose another --out`,
      { out: input.outDir },
    );
  }
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
    ...(input.readSettings ? { settings: input.readSettings } : {}),
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
  const rekorOf = (uuid: string | null) => (uuid !== null && SAFE_REKOR_UUID.test(uuid) ? rekorEntry(db, uuid) : null);
  let freezeUuid = freezeStored.rekorUuid;
  if (freezeUuid === null) {
    const parsed = loads(freezeView);
    const log = parsed.ok && isPyObject(parsed.value) ? parsed.value['transparency_log'] : undefined;
    freezeUuid = isPyObject(log) && typeof log['uuid'] === 'string' ? log['uuid'] : null;
  }
  const views: BundledView[] = citedIds.map((id) => {
    const v = stored.get(id)!;
    return { proofId: id, status: v.status, raw: v.raw };
  });
  const rekorEntries = new Map<string, Uint8Array>();
  for (const id of citedIds) {
    const uuid = stored.get(id)!.rekorUuid;
    const raw = rekorOf(uuid);
    if (uuid !== null && raw !== null) rekorEntries.set(uuid, raw);
  }

  // Write the bundle beside OUT's final place, score from it, and only then move it into place.
  await mkdir(input.outDir, { recursive: true });
  const staging = join(input.outDir, '.bundle-partial');
  await rm(staging, { recursive: true, force: true });
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
    trust: { bundle: trust.value, dir: input.trustDir },
  });
  if (!written.ok) {
    await rm(staging, { recursive: true, force: true });
    return { ...written, fetch };
  }
  const scored = await scoreBundle(staging, { season, track });
  if (scored.kind === 'refused') {
    await rm(staging, { recursive: true, force: true });
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
  await writeOutputs(inBundle(staging, BUNDLE.expected), scored.files);
  const bundleDir = join(input.outDir, 'bundle');
  await rename(staging, bundleDir);
  await writeOutputs(input.outDir, scored.files);

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
  });
}
