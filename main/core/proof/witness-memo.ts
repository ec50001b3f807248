import { sha256Canonical } from '../json/sha256-canonical.ts';
import type { PyJson } from '../json/value.ts';
import type { Result } from '../result.ts';
import type { RekorCode, RekorFacts } from '../rekor/model.ts';
import type { TsaCode, TimestampFacts } from '../tsa/model.ts';
import type { TrustBundle } from '../trust/bundle.ts';

/**
 * Results of the external witnesses, per anchored root (design brief §6: many proofs share one batch's token
 * and log entry, so each is verified once for all of them). Keys hold the anchored hex and the exact token text
 * or a digest of the entry, so a different token or entry for the same root is verified on its own. A memo
 * belongs to one trust bundle: the same token can verify under one bundle and fail under another.
 */
export class WitnessMemo {
  readonly tsa = new Map<string, Promise<Result<TimestampFacts, TsaCode>>>();
  readonly rekor = new Map<string, Result<RekorFacts, RekorCode>>();
  private bundle: TrustBundle | null = null;
  private readonly digests = new WeakMap<object, string>();

  /** Binds the memo to the bundle of its first use; using it with another bundle is a programming error. */
  bind(bundle: TrustBundle): void {
    if (this.bundle === null) this.bundle = bundle;
    else if (this.bundle !== bundle) throw new Error('a WitnessMemo serves one trust bundle; create one per bundle');
  }

  /**
   * SHA-256 of an entry's canonical JSON, computed once per entry object: the proofs of a batch are usually
   * verified against the same parsed entry.
   */
  entryDigest(entry: PyJson): string {
    if (typeof entry !== 'object' || entry === null) return sha256Canonical(entry);
    let digest = this.digests.get(entry);
    if (digest === undefined) {
      digest = sha256Canonical(entry);
      this.digests.set(entry, digest);
    }
    return digest;
  }
}
