import type { PyJson } from '../../core/json/value.ts';
import type { ProofReport } from '../../core/proof/report.ts';
import { failAll, ok, type Failure, type ResultAll } from '../../core/result.ts';
import type { IndexedProof } from './bundle-index.ts';
import { BUNDLE, proofFile } from './bundle-layout.ts';
import { citedKey } from './export-lines.ts';
import type { CitedOutcome, CitedWork } from './verify-cited.ts';

/** Every cited proof's reports, as the scorer looks them up, and the digests the score's inputs carry. */
export interface CitedReports {
  /** (proof id, digest of its view or null for a `null` answer), in id order: proofs_sha256's `proofs`. */
  viewHashes: [string, PyJson][];
  /** Rekor uuid → digest of its entry: proofs_sha256's `rekor_entries`. */
  rekorHashes: Map<string, string>;
  /** citedKey(proof id, disclosure) → its report. */
  reports: Map<string, ProofReport | 'absent'>;
  /** Each proof's anchor time (RFC 3161 genTime) from its first report: incidents are grouped by it. */
  anchorTimes: Map<string, string | null>;
  /** Views that are not the ones read at close (REPLAY_FILE_CHANGED): the score is refused with them. */
  failures: Failure[];
}

/**
 * The verified outcome of each cited proof, checked against bundle.json: a proof cited but not listed, or listed and
 * missing, refuses the replay at once; a view whose digest is not the one listed is reported with the others.
 */
export function collectCitedReports(
  citedIds: readonly string[],
  proofsIndex: ReadonlyMap<string, IndexedProof>,
  work: readonly CitedWork[],
  outcomes: ReadonlyMap<string, CitedOutcome>,
): ResultAll<CitedReports> {
  const workOf = new Map(work.map((w) => [w.proofId, w]));
  const found: CitedReports = {
    viewHashes: [],
    rekorHashes: new Map(),
    reports: new Map(),
    anchorTimes: new Map(),
    failures: [],
  };
  for (const id of citedIds) {
    const entry = proofsIndex.get(id);
    const outcome = outcomes.get(id);
    const cited = workOf.get(id);
    if (!entry || !outcome || !cited) {
      return failAll({
        code: 'REPLAY_PROOF_NOT_IN_BUNDLE',
        message: `${id} is cited by a submission but bundle.json does not list it`,
        details: { file: BUNDLE.index, proof_id: id },
      });
    }
    if (outcome.missing) {
      return failAll({
        code: 'REPLAY_FILE_MISSING',
        message: `${proofFile(id)} is missing from the bundle (bundle.json lists it as ${entry.status})`,
        details: { file: proofFile(id) },
      });
    }
    const digest = outcome.viewSha256;
    if (digest !== null && entry.sha256 !== null && entry.sha256 !== digest) {
      found.failures.push({
        code: 'REPLAY_FILE_CHANGED',
        message: `${proofFile(id)}: the view is not the one read at close (SHA-256 listed ${entry.sha256}, recomputed ${digest})`,
        details: { file: proofFile(id), field: 'sha256', anchored: entry.sha256, recomputed: digest },
      });
    }
    found.viewHashes.push([id, digest]);
    if (outcome.rekor) found.rekorHashes.set(outcome.rekor.uuid, outcome.rekor.sha256);
    cited.disclosures.forEach((disclosure, i) => {
      const report = outcome.reports[i]!;
      found.reports.set(citedKey(id, disclosure), report);
      if (report !== 'absent' && !found.anchorTimes.has(id)) found.anchorTimes.set(id, report.anchorTime);
    });
  }
  return ok(found);
}
