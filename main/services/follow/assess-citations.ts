import { readCorpusTree } from '../corpus/corpus-folder.ts';
import { loadCorpus } from '../../core/corpus/load-corpus.ts';
import { computeManifest, type Manifest, type ManifestResource } from '../../core/corpus/manifest.ts';
import { Problems } from '../../core/corpus/problems.ts';
import type { SeasonWarning } from '../../core/follow/season-warnings.ts';
import { sha256HexOfText } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import type { PyJson } from '../../core/json/value.ts';
import { parseProofView } from '../../core/proof/parse-view.ts';
import { finishProof, prepareProof, type PreparedProof } from '../../core/proof/verify-proof.ts';
import { WitnessMemo } from '../../core/proof/witness-memo.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { assessProof } from '../../core/scoring/assess-proof.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import type { Db } from '../../db/open-database.ts';
import { storedViews, type ViewState } from '../../db/proof-views.ts';
import { rekorEntry } from '../../db/rekor-entries.ts';
import type { Citation, TrackCitations } from './season-citations.ts';

/** What the early warnings compare a track's citations with: its manifest and frozen bodies (spec §2.4, §4.1). */
export interface FrozenCorpus {
  manifest: Manifest;
  resources: Map<string, ManifestResource>;
  lookup: (path: string) => PyJson | undefined;
}

/**
 * A track's corpus folder, read for the early warnings, or why it cannot serve them: it must be the corpus the
 * freeze in force anchored (its manifest hash), or an instrument-fault body could not be told from another.
 */
export async function frozenCorpus(dir: string, manifestHash: string): Promise<Result<FrozenCorpus>> {
  const tree = await readCorpusTree(dir).catch((error: unknown) => error as Error);
  if (tree instanceof Error)
    return fail('FOLLOW_CORPUS_UNREADABLE', `cannot read the corpus folder ${dir}: ${tree.message}`);
  const manifest = computeManifest(tree);
  if (!manifest.ok) return manifest;
  if (manifest.value.manifest_hash !== manifestHash)
    return fail(
      'FOLLOW_CORPUS_NOT_FROZEN',
      `the corpus folder ${dir} has manifest ${manifest.value.manifest_hash}, not the ${manifestHash} the freeze in ` +
        'force anchored: instrument faults are left to the close; give the track folder that was frozen',
      { corpus: dir, manifest_hash: manifest.value.manifest_hash, frozen: manifestHash },
    );
  const bodies = loadCorpus(tree, new Problems()).bodies;
  return ok({
    manifest: manifest.value,
    resources: new Map(manifest.value.resources.map((r) => [r.path, r])),
    lookup: (path) => bodies.get(path)?.value,
  });
}

/** Views read into memory at once: a first cycle after a late start may have tens of thousands to verify. */
const VIEWS_PER_SLICE = 500;

/** A citation's digest: participant, task, assertion, proof and disclosure, as canonical JSON. */
export function citationDigest(c: Citation): string {
  return sha256HexOfText(canonical([c.participant, c.task, c.assertion, c.proofId, c.disclosure]));
}

export interface AssessInput {
  db: Db;
  bundle: TrustBundle;
  track: TrackCitations;
  /** null: no corpus for this track, only the flat fields are compared. */
  corpus: FrozenCorpus | null;
  views: ReadonlyMap<string, ViewState>;
  assessed: ReadonlySet<string>;
  now: number;
}

/**
 * Verifies each citation whose view is final (anchored, its Rekor entry stored or none named) and that no cycle
 * looked at yet, and keeps only what staff must hear of during the season: flat-field divergences, instrument-fault
 * bodies, witnesses the Trust Layer failed to produce. The conditions are the close's own (assessProof), so a body
 * served to another resource, DID or host is no instrument fault here either (spec §4.1). Every other outcome is
 * dropped unseen: the follower never scores (spec §7.4). Returns the warnings and the digests looked at.
 */
export async function assessCitations(input: AssessInput): Promise<{ warnings: SeasonWarning[]; assessed: string[] }> {
  const { track, corpus, views } = input;
  const memo = new WitnessMemo();
  const warnings: SeasonWarning[] = [];
  const assessed: string[] = [];
  const systemeHashes = corpus
    ? (['403', '503', '400'] as const).map((status) => ({ status, hash: corpus.manifest.system[status] }))
    : [];
  const flatSeen = new Set<string>();
  // Only the citations with a final view not looked at yet are verified, their views' bytes read a slice at a time.
  const entries = new Map<string, Uint8Array | null>();
  const entryOf = (uuid: string) => {
    if (!entries.has(uuid)) entries.set(uuid, rekorEntry(input.db, uuid));
    return entries.get(uuid)!;
  };
  const due = track.citations.flatMap((c) => {
    const digest = citationDigest(c);
    if (input.assessed.has(digest)) return [];
    const view = views.get(c.proofId);
    if (view?.status !== 'anchored') return [];
    const entryBytes = view.rekorUuid === null ? null : entryOf(view.rekorUuid);
    if (view.rekorUuid !== null && entryBytes === null) return [];
    return [{ c, digest, entryBytes }];
  });
  for (let start = 0; start < due.length; start += VIEWS_PER_SLICE) {
    const slice = due.slice(start, start + VIEWS_PER_SLICE);
    const bytes = new Map(
      storedViews(input.db, [...new Set(slice.map((d) => d.c.proofId))]).map((v) => [v.proofId, v]),
    );
    // A proof cited by several assertions is parsed and verified once; each disclosure is opened on it.
    const preparedOf = new Map<string, PreparedProof | null>();
    for (const { c, digest, entryBytes } of slice) {
      const view = bytes.get(c.proofId);
      if (!view || view.raw === null) continue;
      assessed.push(digest);
      let prepared = preparedOf.get(c.proofId);
      if (prepared === undefined) {
        const parsed = parseProofView(view.raw);
        const entry = entryBytes === null ? undefined : loads(entryBytes);
        prepared = parsed.ok
          ? await prepareProof(
              { view: parsed.value, ...(entry?.ok ? { rekorEntry: entry.value } : {}), offline: true },
              { bundle: input.bundle, memo },
            )
          : null;
        preparedOf.set(c.proofId, prepared);
      }
      if (prepared === null) continue;
      const report = finishProof(prepared, c.disclosure === null ? undefined : c.disclosure);
      const anchorTimeMs = report.anchorTime === null ? null : Date.parse(report.anchorTime);
      for (const anomaly of report.anomalies) {
        const key = `${c.participant}\n${c.proofId}\n${anomaly.field}`;
        if (flatSeen.has(key)) continue;
        flatSeen.add(key);
        warnings.push({
          kind: 'flat_field',
          field: anomaly.field,
          anchorTimeMs,
          participant: c.participant,
          proof: c.proofId,
        });
      }
      if (!corpus) continue;
      const outcome = assessProof(c.proofId, report, {
        window: { opensAt: track.followed.opensAt, closesAt: track.followed.closesAt },
        enrolledDid: c.enrolledDid,
        resource: corpus.resources.get(c.resource),
        systemeHashes,
        claim: { resource: c.resource, field: c.field, value: c.value },
        frozenBody: corpus.lookup(c.resource),
        closedAt: new Date(input.now).toISOString(),
        nullAnsweredAt: undefined,
      });
      const link = { participant: c.participant, task: c.task, assertion: c.assertion, proof: c.proofId };
      if (outcome.kind === 'instrument_fault')
        warnings.push({ kind: 'instrument_fault', status: outcome.status, anchorTimeMs, link });
      else if (outcome.kind === 'trust_layer_fault')
        warnings.push({ kind: 'trust_layer_fault', code: outcome.code, batchId: view.batchId, anchorTimeMs, link });
    }
  }
  return { warnings, assessed };
}
