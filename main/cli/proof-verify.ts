import type { PyJson } from '../core/json/value.ts';
import { ok, type Failure, type Result } from '../core/result.ts';
import { parseProofView } from '../core/proof/parse-view.ts';
import { reportToJson, type ProofReport } from '../core/proof/report.ts';
import { verifyProof } from '../core/proof/verify-proof.ts';
import { loadTrustBundle } from '../services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { readJsonFile, readServiceDocumentFile } from './file-arguments.ts';
import { printJson, type CliIo } from './io.ts';
import { may, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis([
  may('offline', { help: 'make no network call: the Rekor entry is not fetched (give it with --rekor-entry)' }),
  may('trust'),
  may('rekor-entry', { defaultText: 'read from the log the proof names, unless --offline' }),
  may('disclose'),
  may('json'),
  positional('PROOF.json', 'the proof view (GET /v1/proof/{id})'),
]);

/** A refusal before any check ran (unreadable file, refused bundle, not a proof): exit 1, with its code. */
function refuse(io: CliIo, json: boolean, refusal: Failure): number {
  if (json) printJson(io, { verdict: 'FAILED', refused: { code: refusal.code, message: refusal.message } });
  else io.err(`proveit proof verify: ${refusal.code}: ${refusal.message}\n`);
  return EXIT.failed;
}

/**
 * The proof view is the Trust Layer's document: read as json.loads reads it, a repeated key refused
 * (readServiceDocumentFile). The Rekor entry and the disclosure are read by the intake parser (readJsonFile). Every
 * file is bounded (main/cli/file-arguments.ts).
 */
const optionalJson = async (path: string | undefined, what: string): Promise<Result<PyJson | undefined>> =>
  path ? readJsonFile(path, what) : ok(undefined);

function headline(report: ProofReport): string {
  const witnesses = `${report.independentWitnesses} independent witness${report.independentWitnesses === 1 ? '' : 'es'}`;
  switch (report.verdict) {
    case 'VERIFIED':
      return `VERIFIED by ${witnesses}`;
    case 'FAILED':
      return `FAILED at ${report.failure?.check} (${report.failure?.code})`;
    case 'PENDING':
      return 'PENDING: the batch is not anchored yet; verify again later';
    case 'NOT_INDEPENDENTLY_VERIFIED':
      return 'NOT INDEPENDENTLY VERIFIED: no RFC 3161 or Rekor witness verified';
  }
}

function humanReport(report: ProofReport): string {
  const lines = [
    `proof ${report.proofId ?? '(no proof_id)'} (spec ${report.specVersion ?? 'none'}): ${headline(report)}`,
  ];
  for (const c of report.checks) {
    const witness = c.independent ? ' [independent witness]' : '';
    lines.push(`  ${c.name.padEnd(12)} ${c.status.padEnd(7)} ${c.code ? `${c.code}: ` : ''}${c.message}${witness}`);
    if (c.status === 'FAIL' && 'expected' in c.details) {
      lines.push(`${' '.repeat(23)}expected ${String(c.details.expected)}, got ${String(c.details.actual)}`);
    }
  }
  lines.push(`anchored hash: ${report.anchoredHash ?? 'none'}`);
  lines.push(`anchor time (RFC 3161 genTime): ${report.anchorTime ?? 'none'}`);
  const id = report.identity;
  lines.push(
    id.anchoring === 'opened'
      ? `identity (opened): ${JSON.stringify(id.identity)}, verified ${JSON.stringify(id.verified)}, status ${JSON.stringify(id.status)}`
      : `identity: ${id.anchoring === 'not_anchored' ? 'not anchored (spec before 3.1): not evidence' : 'not opened'}`,
  );
  for (const a of report.anomalies) {
    lines.push(`issuer anomaly: flat "${a.field}" is ${a.flat}, the opened value is ${a.opened}`);
  }
  lines.push(`trust bundle: ${report.trustBundle} (digest ${report.trustBundleDigest})`);
  return `${lines.join('\n')}\n`;
}

const EXIT_BY_VERDICT: Record<ProofReport['verdict'], number> = {
  VERIFIED: EXIT.ok,
  PENDING: EXIT.pending,
  FAILED: EXIT.failed,
  NOT_INDEPENDENTLY_VERIFIED: EXIT.failed,
};

export const proofVerifyCommand: Command = {
  path: ['proof', 'verify'],
  summary: 'verify a Trust Layer proof as a third party: chain, openings, identity, signature, batch, RFC 3161, Rekor',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, proofVerifyCommand, parsed.message);
    const { values, positionals } = parsed;
    if (positionals.length !== 1) {
      return usageError(io, proofVerifyCommand, `give exactly one PROOF.json (got ${positionals.length})`);
    }
    const json = values.json ?? false;
    const bundle = await loadTrustBundle(values.trust ?? PRODUCTION_BUNDLE_DIR);
    if (!bundle.ok) return refuse(io, json, bundle.error);
    const bytes = await readServiceDocumentFile(positionals[0] as string, 'proof');
    if (!bytes.ok) return refuse(io, json, bytes.error);
    const view = parseProofView(bytes.value);
    if (!view.ok) return refuse(io, json, view.error);
    const rekorRead = await optionalJson(values['rekor-entry'], 'Rekor entry');
    if (!rekorRead.ok) return refuse(io, json, rekorRead.error);
    const disclosureRead = await optionalJson(values.disclose, 'disclosure');
    if (!disclosureRead.ok) return refuse(io, json, disclosureRead.error);
    const [rekorEntry, disclosure] = [rekorRead.value, disclosureRead.value];

    const report = await verifyProof(
      {
        view: view.value,
        ...(rekorEntry === undefined ? {} : { rekorEntry }),
        ...(disclosure === undefined ? {} : { disclosure }),
        offline: values.offline ?? false,
      },
      { bundle: bundle.value },
    );
    if (json) printJson(io, reportToJson(report));
    else io.out(humanReport(report));
    return EXIT_BY_VERDICT[report.verdict];
  },
};
