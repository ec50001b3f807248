import { bytesToHex } from '@noble/hashes/utils.js';
import { fail, ok, type Result } from '../result.ts';
import { parseCertificate, serialHex, subjectText, type ParsedCertificate } from '../x509/certificate.ts';
import { buildPath } from '../x509/chain.ts';
import { verifySignerInfo } from './cms-signature.ts';
import { checkEssSigningCertificate } from './ess-signing-certificate.ts';
import { checkMessageImprint } from './message-imprint.ts';
import { findSignerCertificate } from './signer-certificate.ts';
import { checkTimestampingEku } from './timestamping-eku.ts';
import type { TimestampFacts, TsaCode, TsaTrust } from './model.ts';
import { parseTimestampResponse, type TstFields } from './token-structure.ts';

/**
 * Trust certificates are parsed once per byte array: a "system" provider lends ~140 roots to every call, and
 * proofs of one batch share them. A WeakMap keyed by the caller's arrays is memory, not I/O.
 */
const parsedTrust = new WeakMap<Uint8Array, ParsedCertificate | null>();

function parseTrusted(der: Uint8Array): ParsedCertificate | null {
  if (!parsedTrust.has(der)) parsedTrust.set(der, parseCertificate(der));
  return parsedTrust.get(der) ?? null;
}

/**
 * Certificates a token carries, parsed once per DER content: tokens of one TSA carry the same certificates, and
 * a stable parsed object lets the chain links and imported keys be memoised too (x509/). Bounded: emptied when
 * full, so a stream of distinct certificates costs parsing only.
 */
const CARRIED_CACHE_LIMIT = 256;
const parsedCarried = new Map<string, ParsedCertificate | null>();

function parseCarried(der: Uint8Array): ParsedCertificate | null {
  const id = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  let parsed = parsedCarried.get(id);
  if (parsed === undefined) {
    parsed = parseCertificate(der);
    if (parsedCarried.size >= CARRIED_CACHE_LIMIT) parsedCarried.clear();
    parsedCarried.set(id, parsed);
  }
  return parsed;
}

function parseTrustList(
  list: readonly Uint8Array[],
  provider: string,
  role: string,
): Result<ParsedCertificate[], TsaCode> {
  const parsed: ParsedCertificate[] = [];
  for (const [position, der] of list.entries()) {
    const cert = parseTrusted(der);
    if (!cert) {
      return fail('TSA_TRUST_CERT_MALFORMED', `trust bundle: ${provider} ${role} certificate ${position} is not DER`, {
        provider,
        role,
        position,
      });
    }
    parsed.push(cert);
  }
  return ok(parsed);
}

/** GeneralizedTime as ISO 8601 UTC; whole seconds are written without a fraction, as the spec's examples are. */
function isoGenTime(tstInfo: TstFields): string {
  return tstInfo.genTime.toISOString().replace('.000Z', 'Z');
}

function unsignedHex(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  return hex.length > 2 && hex.startsWith('00') ? hex.slice(2) : hex;
}

/**
 * The RFC 3161 witness (trust-layer-reference §6.1, §8 step 4): the token is a granted TimeStampResp whose
 * TSTInfo stamps SHA-256 of the 32 anchored bytes, signed (CMS, ESS signing-certificate) by a certificate with
 * the critical timeStamping EKU that chains to one of the provider's roots at the token's own genTime.
 * An unknown provider fails: a token is only as good as the trust it chains to.
 */
export async function verifyTimestampToken(input: {
  tsr: Uint8Array;
  anchoredHash: Uint8Array;
  provider: string;
  trust: TsaTrust;
}): Promise<Result<TimestampFacts, TsaCode>> {
  try {
    return await checkTimestampToken(input);
  } catch (error) {
    // Each check guards the structure it reads; this net turns a shape no check foresaw (pkijs keeps whatever
    // element a field holds) into a failure instead of an exception, as untrusted input must never throw.
    return fail('TSA_STRUCTURE_UNEXPECTED', 'the token has a structure the verifier cannot read', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

async function checkTimestampToken(input: {
  tsr: Uint8Array;
  anchoredHash: Uint8Array;
  provider: string;
  trust: TsaTrust;
}): Promise<Result<TimestampFacts, TsaCode>> {
  const { tsr, anchoredHash, provider, trust } = input;
  if (anchoredHash.length !== 32) {
    return fail('TSA_ANCHORED_HASH_LENGTH', 'the anchored hash must be the 32 raw bytes of a SHA-256', {
      length: anchoredHash.length,
    });
  }
  const providerTrust = Object.hasOwn(trust, provider) ? trust[provider] : undefined;
  if (!providerTrust) {
    return fail(
      'TSA_UNKNOWN_PROVIDER',
      `no trust material for TSA provider "${provider}": add it to the trust bundle`,
      {
        provider,
        known: Object.keys(trust).sort(),
      },
    );
  }
  const roots = parseTrustList(providerTrust.roots, provider, 'root');
  if (!roots.ok) return roots;
  const untrusted = parseTrustList(providerTrust.untrusted, provider, 'untrusted');
  if (!untrusted.ok) return untrusted;

  const parts = parseTimestampResponse(tsr);
  if (!parts.ok) return parts;
  const { signerInfo, eContent, tstInfo } = parts.value;

  const imprint = checkMessageImprint(tstInfo, anchoredHash);
  if (!imprint.ok) return imprint;

  const carried = parts.value.certificates
    .map((der) => parseCarried(der))
    .filter((cert): cert is ParsedCertificate => cert !== null);
  const candidates = [...carried, ...untrusted.value];
  const signer = findSignerCertificate(signerInfo, candidates);
  if (!signer.ok) return signer;

  const signature = await verifySignerInfo(signerInfo, eContent, signer.value);
  if (!signature.ok) return signature;

  const ess = checkEssSigningCertificate(signerInfo, signer.value);
  if (!ess.ok) return ess;

  const eku = checkTimestampingEku(signer.value.cert);
  if (!eku.ok) return eku;

  const genTime = tstInfo.genTime;
  const chain = await buildPath(signer.value, candidates, roots.value, genTime);
  if (chain.status === 'no-path') {
    return fail('TSA_CHAIN_UNTRUSTED', `the TSA certificate does not chain to a ${provider} root of the trust bundle`, {
      provider,
      signer: subjectText(signer.value.cert),
      signerSerial: serialHex(signer.value.cert),
    });
  }
  if (chain.status === 'not-valid-at') {
    return fail('TSA_CERT_NOT_VALID_AT_GENTIME', 'a certificate of the TSA chain is not valid at the token genTime', {
      genTime: isoGenTime(tstInfo),
      certificate: subjectText(chain.cert),
      notBefore: chain.cert.notBefore.value.toISOString(),
      notAfter: chain.cert.notAfter.value.toISOString(),
    });
  }
  return ok({
    genTime: isoGenTime(tstInfo),
    serialNumber: unsignedHex(tstInfo.serialNumber),
    policy: tstInfo.policy,
  });
}
