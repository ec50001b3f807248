import { newPyObject, type PyJson } from '../../core/json/value.ts';
import type { IssuerAnomaly } from '../../core/proof/anomalies.ts';
import type { CheckStatus } from '../../core/proof/check-outcome.ts';
import type { OpenedIdentity } from '../../core/proof/identity.ts';
import { INDEPENDENT_WITNESSES, type CheckName, type ProofReport, type Verdict } from '../../core/proof/report.ts';
import { NO_DETAILS, type CitedOutcome } from './verify-cited.ts';

/**
 * A run of cited outcomes as one JSON text, the form a verifying worker sends them in (verify-cited-pool.ts). A
 * structured clone rebuilds each report's forty-odd objects one property at a time on the receiving thread, which
 * is the thread that scores: a season's 35,000 reports cost it seconds. One text crosses as a single copy and
 * JSON.parse reads it natively. Decoding gives back reports equal to the ones encoded, Python ints and floats apart
 * (tests/services/close/cited-wire.test.ts), so a close's outputs never depend on the thread that verified.
 */

/** PyJson (or an absent value) as JSON: strings, booleans and null as such, everything else a tagged array. */
type WirePy = string | boolean | null | [string, ...unknown[]];

function encodePy(value: PyJson | undefined): WirePy {
  if (value === undefined) return ['u'];
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  // A Python float keeps -0.0, NaN and the infinities, which JSON numbers cannot carry.
  if (typeof value === 'number') return ['f', Object.is(value, -0) ? '-0' : String(value)];
  if (typeof value === 'bigint') return ['i', value.toString()];
  if (Array.isArray(value)) return ['a', ...value.map(encodePy)];
  const out: [string, ...unknown[]] = ['o'];
  for (const key of Object.keys(value)) out.push(key, encodePy(value[key]));
  return out;
}

function decodePy(wire: unknown): PyJson | undefined {
  if (!Array.isArray(wire)) return wire as PyJson;
  switch (wire[0]) {
    case 'u':
      return undefined;
    case 'f':
      return Number(wire[1]);
    case 'i':
      return BigInt(wire[1] as string);
    case 'a':
      return wire.slice(1).map((item) => decodePy(item) as PyJson);
    case 'o': {
      const object = newPyObject();
      for (let i = 1; i < wire.length; i += 2) object[wire[i] as string] = decodePy(wire[i + 1]) as PyJson;
      return object;
    }
    default:
      throw new Error(`cited wire: unknown value tag ${JSON.stringify(wire[0])}`);
  }
}

type WireCheck = [CheckName, CheckStatus, string | null, string];
type WireReport = [
  proofId: string | null,
  specVersion: string | null,
  verdict: Verdict,
  independentWitnesses: number,
  failure: [CheckName, string] | null,
  checks: WireCheck[],
  anchoredHash: string | null,
  anchorTime: string | null,
  identity: [OpenedIdentity['anchoring'], WirePy, WirePy, WirePy, WirePy],
  opened: WirePy,
  anomalies: [string, string, string][],
  logIntegratedTime: string | null,
];
type WireOutcome = [
  proofId: string,
  missing: boolean,
  viewSha256: string | null,
  rekor: [string, string] | null,
  reports: (WireReport | 'absent')[],
];
interface WireRun {
  trustBundle: string | null;
  trustBundleDigest: string | null;
  outcomes: WireOutcome[];
}

function encodeReport(report: ProofReport): WireReport {
  const { identity } = report;
  return [
    report.proofId,
    report.specVersion,
    report.verdict,
    report.independentWitnesses,
    report.failure === null ? null : [report.failure.check, report.failure.code],
    report.checks.map((c): WireCheck => [c.name, c.status, c.code, c.message]),
    report.anchoredHash,
    report.anchorTime,
    [
      identity.anchoring,
      encodePy(identity.identity),
      encodePy(identity.verified),
      encodePy(identity.status),
      encodePy(identity.consistent),
    ],
    encodePy(report.opened),
    report.anomalies.map((a): [string, string, string] => [a.field, a.flat, a.opened]),
    report.logIntegratedTime,
  ];
}

function decodeReport(wire: WireReport, trustBundle: string, trustBundleDigest: string): ProofReport {
  const [proofId, specVersion, verdict, independentWitnesses, failure, checks, anchoredHash, anchorTime, id] = wire;
  return {
    proofId,
    specVersion,
    trustBundle,
    trustBundleDigest,
    verdict,
    independentWitnesses,
    failure: failure === null ? null : { check: failure[0], code: failure[1] },
    // The checks travel without details: the close keeps none (verify-cited.ts, withoutDetails).
    checks: checks.map(([name, status, code, message]) => ({
      name,
      independent: INDEPENDENT_WITNESSES.has(name),
      status,
      code,
      message,
      details: NO_DETAILS,
    })),
    anchoredHash,
    anchorTime,
    logIntegratedTime: wire[11],
    identity: {
      anchoring: id[0],
      identity: decodePy(id[1]),
      verified: decodePy(id[2]),
      status: decodePy(id[3]),
      consistent: decodePy(id[4]),
    },
    opened: decodePy(wire[9]) as Record<string, PyJson>,
    anomalies: wire[10].map(([field, flat, opened]): IssuerAnomaly => ({
      code: 'ISSUER_FLAT_FIELD_DIFFERS',
      field,
      flat,
      opened,
    })),
  };
}

/** A run of outcomes as the text a worker posts. Reports must carry no check details (the close drops them). */
export function encodeCitedRun(outcomes: readonly CitedOutcome[]): string {
  const first = outcomes.flatMap((o) => o.reports).find((r): r is ProofReport => r !== 'absent');
  const trustBundle = first?.trustBundle ?? null;
  const trustBundleDigest = first?.trustBundleDigest ?? null;
  const encoded = outcomes.map((o): WireOutcome => {
    for (const r of o.reports) {
      if (r !== 'absent' && (r.trustBundle !== trustBundle || r.trustBundleDigest !== trustBundleDigest))
        throw new Error('cited wire: the reports of one run are made with one trust bundle');
    }
    return [
      o.proofId,
      o.missing,
      o.viewSha256,
      o.rekor === null ? null : [o.rekor.uuid, o.rekor.sha256],
      o.reports.map((r) => (r === 'absent' ? 'absent' : encodeReport(r))),
    ];
  });
  return JSON.stringify({ trustBundle, trustBundleDigest, outcomes: encoded } satisfies WireRun);
}

/** The outcomes a worker's text holds, equal to the ones it encoded. */
export function decodeCitedRun(text: string): CitedOutcome[] {
  const run = JSON.parse(text) as WireRun;
  const bundle = run.trustBundle ?? '';
  const digest = run.trustBundleDigest ?? '';
  return run.outcomes.map(([proofId, missing, viewSha256, rekor, reports]) => ({
    proofId,
    missing,
    viewSha256,
    rekor: rekor === null ? null : { uuid: rekor[0], sha256: rekor[1] },
    reports: reports.map((r) => (r === 'absent' ? 'absent' : decodeReport(r, bundle, digest))),
  }));
}
