import { hexToBytes } from '@noble/hashes/utils.js';
import { isPyObject, type PyJson } from '../json/value.ts';
import { verifyRekorEntry } from '../rekor/verify-entry.ts';
import type { TrustBundle } from '../trust/bundle.ts';
import { verifyTimestampToken } from '../tsa/verify-timestamp.ts';
import type { TimestampFacts } from '../tsa/model.ts';
import { checkFailed, checkOk, checkSkipped, type CheckOutcome } from './check-outcome.ts';
import { decodeBase64 } from '../encoding/encodings.ts';
import type { WitnessMemo } from './witness-memo.ts';

/** Codes of the witness orchestration itself; the checks inside a token or entry carry TSA_ and REKOR_ codes. */
export type WitnessCode =
  | 'WITNESS_NOTHING_ANCHORED'
  | 'WITNESS_ANCHOR_UNVERIFIED'
  | 'WITNESS_TOKEN_ABSENT'
  | 'WITNESS_TOKEN_FAILED'
  | 'WITNESS_TOKEN_NOT_BASE64'
  | 'WITNESS_NOT_LOGGED'
  | 'WITNESS_LOG_FAILED'
  | 'WITNESS_OFFLINE'
  | 'WITNESS_ENTRY_NOT_SUPPLIED';

/** Why there is no anchored hash: the batch is pending, or its anchor did not verify (reference §8 step 3). */
export type NoAnchorReason = 'pending' | 'unverified';

function nothingAnchored(reason: NoAnchorReason): CheckOutcome<WitnessCode> {
  return reason === 'pending'
    ? checkSkipped('WITNESS_NOTHING_ANCHORED', 'nothing anchored yet: the batch is pending')
    : checkSkipped('WITNESS_ANCHOR_UNVERIFIED', 'the batch anchor above did not verify, so there is no anchored hash');
}

export interface TsaWitness {
  outcome: CheckOutcome;
  facts: TimestampFacts | null;
}

/**
 * RFC 3161, the first independent witness (reference §6.1, §8 step 4): the token in `tsr_base64` must stamp the
 * 32 raw bytes of the anchored hash, signed under the provider's pinned roots. Verified once per (root, token).
 */
export async function tsaWitness(
  authority: PyJson | undefined,
  anchored: { hex: string } | { reason: NoAnchorReason },
  bundle: TrustBundle,
  memo: WitnessMemo,
): Promise<TsaWitness> {
  if (!('hex' in anchored)) return { outcome: nothingAnchored(anchored.reason), facts: null };
  const token = isPyObject(authority) ? authority.tsr_base64 : undefined;
  // Reference §10 item 7: a failed anchor is recorded as status "failed" while the batch stays "anchored".
  if (typeof token !== 'string' && isPyObject(authority) && authority.status === 'failed') {
    return {
      outcome: checkSkipped('WITNESS_TOKEN_FAILED', 'the Trust Layer records its RFC 3161 step as failed: no token'),
      facts: null,
    };
  }
  if (typeof token !== 'string') {
    const url = isPyObject(authority) && typeof authority.tsr_url === 'string' ? authority.tsr_url : null;
    return {
      outcome: checkSkipped(
        'WITNESS_TOKEN_ABSENT',
        url ? `the proof does not embed its token; fetch it from ${url}` : 'the proof carries no RFC 3161 token',
        { tsr_url: url },
      ),
      facts: null,
    };
  }
  const provider = isPyObject(authority) && typeof authority.provider === 'string' ? authority.provider : '';
  // Keyed by the token text itself: proofs of one batch carry the same text, and a lookup costs no decoding.
  const key = `${anchored.hex}|${provider}|${token}`;
  let pending = memo.tsa.get(key);
  if (!pending) {
    const tsr = decodeBase64(token);
    if (!tsr) {
      return {
        outcome: checkFailed(
          'WITNESS_TOKEN_NOT_BASE64',
          '"timestamp_authority.tsr_base64" is not padded standard base64',
        ),
        facts: null,
      };
    }
    pending = verifyTimestampToken({ tsr, anchoredHash: hexToBytes(anchored.hex), provider, trust: bundle.tsa });
    memo.tsa.set(key, pending);
  }
  const result = await pending;
  if (!result.ok) {
    return {
      outcome: checkFailed(result.error.code, result.error.message, { provider, ...result.error.details }),
      facts: null,
    };
  }
  return {
    outcome: checkOk(`RFC 3161 token from ${provider}, genTime ${result.value.genTime}`, {
      provider,
      gen_time: result.value.genTime,
      serial_number: result.value.serialNumber,
      policy: result.value.policy,
    }),
    facts: result.value,
  };
}

export interface RekorWitnessInput {
  log: PyJson | undefined;
  entry: PyJson | undefined;
  offline: boolean;
}

/**
 * Sigstore Rekor, the second independent witness (reference §6.2, §8 step 5). The entry is an input (a file or
 * a cache); without one the witness is skipped with the reason, never counted.
 */
export function rekorWitness(
  input: RekorWitnessInput,
  anchored: { hex: string } | { reason: NoAnchorReason },
  bundle: TrustBundle,
  memo: WitnessMemo,
): CheckOutcome {
  if (!('hex' in anchored)) return nothingAnchored(anchored.reason);
  const uuid = isPyObject(input.log) && typeof input.log.uuid === 'string' ? input.log.uuid : undefined;
  if (isPyObject(input.log) && input.log.status === 'failed' && input.entry === undefined) {
    return checkSkipped('WITNESS_LOG_FAILED', 'the Trust Layer records its Rekor step as failed: no entry to check');
  }
  if (input.entry === undefined) {
    if (!isPyObject(input.log)) return checkSkipped('WITNESS_NOT_LOGGED', 'the proof names no transparency log entry');
    if (input.offline) {
      return checkSkipped(
        'WITNESS_OFFLINE',
        'offline: the Rekor entry is not fetched; pass it with --rekor-entry FILE',
        {
          uuid: uuid ?? null,
        },
      );
    }
    return checkSkipped('WITNESS_ENTRY_NOT_SUPPLIED', 'no Rekor entry was supplied; pass it with --rekor-entry FILE', {
      uuid: uuid ?? null,
    });
  }
  const key = `${anchored.hex}|${uuid ?? ''}|${memo.entryDigest(input.entry)}`;
  let result = memo.rekor.get(key);
  if (!result) {
    result = verifyRekorEntry({
      entry: input.entry,
      anchoredHex: anchored.hex,
      ...(uuid === undefined ? {} : { expectedUuid: uuid }),
      trust: bundle.rekor,
    });
    memo.rekor.set(key, result);
  }
  if (!result.ok) return checkFailed(result.error.code, result.error.message, { ...result.error.details });
  const facts = result.value;
  const attribution =
    facts.attribution.status === 'verified' ? `attributed to ${facts.attribution.kid}` : 'attribution unverifiable';
  return checkOk(`Rekor entry ${facts.logIndex} included in the log, ${attribution}`, {
    uuid: facts.uuid,
    log_index: facts.logIndex,
    integrated_time: facts.integratedTime,
    attribution: facts.attribution,
  });
}
