import { computeManifest, type Manifest } from '../../core/corpus/manifest.ts';
import type { CorpusTree } from '../../core/corpus/tree.ts';
import type { FreezePublication } from '../../core/freeze/publication.ts';
import { isProofId } from '../../core/proofs-plan/proof-id.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { checkTakenAfterClose, openSignedExport } from '../../core/season-export/signed-export.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import { freezePublication } from '../freeze/publish-freeze.ts';
import type { PreparedReveal } from '../freeze/reveal-freeze.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { SAFE_PROOF_ID } from './bundle-layout.ts';
import type { CloseSeasonInput } from './close-input.ts';
import { enrolledNames, trackSubmissions, type EnrolledName, type TrackSubmissions } from './export-lines.ts';

/** What a close has checked before it reads anything: the trust, the freeze in force, the export, the corpus. */
export interface CloseMaterial {
  trust: TrustBundle;
  publication: FreezePublication;
  exported: TrackSubmissions;
  /**
   * The export as the bundle keeps it: without its enrollment lines (format 2), still verifying, so the replay bundle
   * and the Index that copies it publish no participant's name (docs/replay-bundle.md "Names in the bundle").
   */
  submissionsInBundle: Uint8Array;
  /** participant id → name and stack as enrolled (the enrollment lines, or format 1 lines), for the operator database. */
  enrolled: Map<string, EnrolledName>;
  revealText: string;
  /** The reveal, recorded with the close row, or with the close's refusal (close-season.ts), never before. */
  reveal: PreparedReveal;
  tree: CorpusTree;
  manifest: Manifest;
  freezeId: string;
  closesAt: string;
  /** Distinct cited proof ids, first citation first; `ids` adds the freeze proof's. */
  citedIds: string[];
  ids: string[];
}

export const inForceFreeze = (publication: FreezePublication) =>
  publication.freezes.find((f) => f.proof_id === publication.in_force)!;

/** The track's submissions from the export, the export as the bundle keeps it (no names), and the names enrolled. */
interface CheckedExport {
  exported: TrackSubmissions;
  withoutNames: Uint8Array;
  enrolled: Map<string, EnrolledName>;
}

/**
 * The export as the season service signed it, taken at or after the close, every submission of the track received
 * inside the window of the freeze in force (docs/season-service.md "Export").
 */
function checkedExport(input: CloseSeasonInput, publication: FreezePublication): Result<CheckedExport> {
  const opened = openSignedExport(input.submissions, input.serviceKey);
  if (!opened.ok) return opened;
  const inForce = inForceFreeze(publication);
  const taken = checkTakenAfterClose(opened.value.trailer, inForce.closes_at);
  if (!taken.ok) return taken;
  const exported = trackSubmissions(opened.value.body, input.season, input.track, {
    opensAt: inForce.opens_at,
    closesAt: inForce.closes_at,
  });
  if (!exported.ok) return exported;
  const names = opened.value.enrollments === null ? ok(new Map()) : enrolledNames(opened.value.enrollments);
  if (!names.ok) return names;
  const enrolled = names.value;
  for (const p of exported.value.participants)
    if (!enrolled.has(p.participantId) && p.agentName !== undefined)
      enrolled.set(p.participantId, { agentName: p.agentName, declaredStack: p.declaredStack ?? '' });
  return ok({ exported: exported.value, withoutNames: opened.value.withoutNames, enrolled });
}

/** What the close checks before the key is revealed: a close refused for any of these reveals nothing. */
export interface CloseSources {
  trust: TrustBundle;
  publication: FreezePublication;
  exported: CheckedExport;
}

/** The close's first step: the trust bundle, the freeze in force and the export, checked; nothing is written. */
export async function closeSources(input: CloseSeasonInput): Promise<Result<CloseSources>> {
  const { db, season, track } = input;
  const trust = await loadTrustBundle(input.trustDir);
  if (!trust.ok) return trust;
  const publication = freezePublication(db, season, track);
  if (!publication.ok) return publication;
  const exported = checkedExport(input, publication.value);
  if (!exported.ok) return exported;
  return ok({ trust: trust.value, publication: publication.value, exported: exported.value });
}

/**
 * The close's material once the key is revealed (the reveal is prepared by the close, close-season.ts, and recorded
 * with its row or its refusal): the corpus and its manifest, and the ids to read. Nothing is written.
 */
export async function closeMaterial(
  input: CloseSeasonInput,
  sources: CloseSources,
  reveal: PreparedReveal,
): Promise<Result<CloseMaterial>> {
  const { publication, exported } = sources;
  const tree = await readCorpusTree(input.corpusDir).catch((error: unknown) => error as Error);
  if (tree instanceof Error) {
    return fail('FREEZE_CORPUS_UNREADABLE', `cannot read the corpus folder ${input.corpusDir}: ${tree.message}`, {
      field: 'corpus',
    });
  }
  const manifest = computeManifest(tree);
  if (!manifest.ok) return manifest;

  const badId = exported.exported.cited.find((c) => !isProofId(c.proofId) || !SAFE_PROOF_ID.test(c.proofId));
  if (badId) {
    return fail(
      'CLOSE_SUBMISSIONS_INVALID',
      `a submission cites ${JSON.stringify(badId.proofId)}, which is not a proof id`,
      {
        proof_id: badId.proofId,
      },
    );
  }
  const freezeId = publication.in_force;
  const citedIds = [...new Set(exported.exported.cited.map((c) => c.proofId))];
  return ok({
    trust: sources.trust,
    publication,
    exported: exported.exported,
    submissionsInBundle: exported.withoutNames,
    enrolled: exported.enrolled,
    revealText: reveal.text,
    reveal,
    tree,
    manifest: manifest.value,
    freezeId,
    closesAt: inForceFreeze(publication).closes_at,
    citedIds,
    ids: [...new Set([freezeId, ...citedIds])],
  });
}
