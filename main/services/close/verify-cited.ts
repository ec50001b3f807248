import { closeSync, openSync, readSync } from 'node:fs';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, type PyJson } from '../../core/json/value.ts';
import { proofViewFromJson } from '../../core/proof/parse-view.ts';
import type { ProofReport, ReportedCheck } from '../../core/proof/report.ts';
import { finishProof, prepareProof, type PreparedProof } from '../../core/proof/verify-proof.ts';
import { WitnessMemo } from '../../core/proof/witness-memo.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { inBundle, proofFile, rekorFile, SAFE_REKOR_UUID } from './bundle-layout.ts';

/** One proof id a submission cites, as bundle.json lists it, with every distinct disclosure cited with it. */
export interface CitedWork {
  proofId: string;
  /** bundle.json's status: anchored, pending, absent, refused. */
  status: string;
  disclosures: PyJson[];
}

/** What one cited proof gave: its view's digest, its Rekor entry's, and a report per disclosure (same order). */
export interface CitedOutcome {
  proofId: string;
  /** The view file is listed but not in the bundle. */
  missing: boolean;
  /** SHA-256 of the view file; null when bundle.json lists the proof as absent (a null answer, no file). */
  viewSha256: string | null;
  /** The Rekor entry the view names, when its file is in the bundle. */
  rekor: { uuid: string; sha256: string } | null;
  reports: (ProofReport | 'absent')[];
}

/** A cited proof read and verified as far as no disclosure matters; finish() makes its reports. */
export interface PreparedCited extends Omit<CitedOutcome, 'reports'> {
  /** null when there is nothing to verify (absent, missing, or not a view of a proof). */
  prepared: PreparedProof | null;
}

/**
 * A check as the close keeps it: name, status, code and message. Scoring reads the report's verdict, openings,
 * identity and anchor time, and dispute evidence lists the checks by these four; the details (witness facts, both
 * values of a failure) stay with `proveit proof verify`. Dropping them makes the report a third of the size to send
 * from a verifying worker, whatever thread made it, so a close's outputs never depend on the thread count.
 */
export const NO_DETAILS: Record<string, unknown> = Object.freeze({});

function withoutDetails(check: ReportedCheck): ReportedCheck {
  return { ...check, details: NO_DETAILS };
}

/** The Rekor uuid a view names (transparency_log.uuid), when it is a safe file name. */
function rekorUuidOf(view: PyJson): string | null {
  if (!isPyObject(view)) return null;
  const log = view['transparency_log'];
  const uuid = isPyObject(log) ? log['uuid'] : undefined;
  return typeof uuid === 'string' && SAFE_REKOR_UUID.test(uuid) ? uuid : null;
}

/** One read buffer per thread, grown to the largest file read: tens of thousands of small files at a close. */
let readBuffer = Buffer.alloc(64 * 1024);

/**
 * A file's bytes (a copy of its own), or null when it cannot be read. Reads into the thread's buffer without asking
 * the file's size first, which readFileSync does for every file.
 */
function readOrNull(path: string): Uint8Array | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    let length = 0;
    for (;;) {
      if (length === readBuffer.length) {
        const larger = Buffer.alloc(readBuffer.length * 2);
        readBuffer.copy(larger);
        readBuffer = larger;
      }
      const read = readSync(fd, readBuffer, length, readBuffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return new Uint8Array(readBuffer.subarray(0, length));
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Verifies cited proofs from a replay bundle folder, in whichever thread runs it: the close's pool gives each worker
 * runs of proof ids in order, so the proofs of one batch usually meet the same memo and their token and Rekor entry
 * are verified once. Each view is read and parsed once and dropped after its reports are made; Rekor entries are
 * kept parsed for the run (one per batch). A report depends on the proof, its disclosure and the trust bundle only,
 * never on which thread or run made it.
 */
export class CitedVerifier {
  private readonly memo = new WitnessMemo();
  private readonly entries = new Map<string, { sha256: string; value: PyJson | undefined } | null>();

  constructor(
    private readonly bundleDir: string,
    private readonly bundle: TrustBundle,
  ) {}

  private rekorEntry(uuid: string) {
    let entry = this.entries.get(uuid);
    if (entry === undefined) {
      const bytes = readOrNull(inBundle(this.bundleDir, rekorFile(uuid)));
      if (bytes === null) entry = null;
      else {
        const parsed = loads(bytes);
        entry = { sha256: sha256Hex(bytes), value: parsed.ok ? parsed.value : undefined };
      }
      this.entries.set(uuid, entry);
    }
    return entry;
  }

  /** Reads, hashes and verifies a proof as far as no disclosure matters (prepareProof), or says why it cannot. */
  async prepare(proofId: string, status: string): Promise<PreparedCited> {
    if (status === 'absent') return { proofId, missing: false, viewSha256: null, rekor: null, prepared: null };
    const bytes = readOrNull(inBundle(this.bundleDir, proofFile(proofId)));
    if (bytes === null) return { proofId, missing: true, viewSha256: null, rekor: null, prepared: null };
    const viewSha256 = sha256Hex(bytes);
    const parsed = loads(bytes);
    const value = parsed.ok ? parsed.value : null;
    const uuid = rekorUuidOf(value);
    const entry = uuid === null ? null : this.rekorEntry(uuid);
    const rekor = uuid !== null && entry !== null ? { uuid, sha256: entry.sha256 } : null;
    const view = parsed.ok ? proofViewFromJson(parsed.value, bytes) : null;
    if (!view?.ok) {
      // No public view (a null answer), or an answer that is not a view of a proof: nothing to verify.
      return { proofId, missing: false, viewSha256, rekor, prepared: null };
    }
    const prepared = await prepareProof(
      { view: view.value, ...(entry?.value === undefined ? {} : { rekorEntry: entry.value }), offline: true },
      { bundle: this.bundle, memo: this.memo },
    );
    return { proofId, missing: false, viewSha256, rekor, prepared };
  }

  /** One report per disclosure (same order) from a prepared proof; 'absent' for each when there is no view. */
  finish(proof: PreparedCited, disclosures: readonly PyJson[]): CitedOutcome {
    const { prepared, ...found } = proof;
    const reports = disclosures.map((disclosure): ProofReport | 'absent' => {
      if (prepared === null) return 'absent';
      const report = finishProof(prepared, disclosure === null ? undefined : disclosure);
      return { ...report, checks: report.checks.map(withoutDetails) };
    });
    return { ...found, reports };
  }

  async verify(work: CitedWork): Promise<CitedOutcome> {
    return this.finish(await this.prepare(work.proofId, work.status), work.disclosures);
  }
}
