import { parseFreezeToVerify } from '../core/freeze/publication.ts';
import type { Failure } from '../core/result.ts';
import { loads } from '../core/json/loads.ts';
import { isPyObject, type PyJson } from '../core/json/value.ts';
import { parseProofView } from '../core/proof/parse-view.ts';
import { fetchNamedRekorEntry } from '../services/freeze/freeze-anchoring.ts';
import { publicView } from '../services/freeze/trust-layer-calls.ts';
import { verifyFreezeForScoring, type FreezeVerification } from '../services/freeze/verify-for-scoring.ts';
import { createHttpClient, type HttpClient } from '../services/http/http-client.ts';
import { loadTrustBundle } from '../services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { readJsonFile, readServiceDocumentFile } from './file-arguments.ts';
import { printRefusal } from './freeze-options.ts';
import { printJson } from './io.ts';
import { either, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis([
  need('corpus', { help: 'the track folder as revealed at close' }),
  need('freeze'),
  need('reveal'),
  either(
    [need('trust-layer', { help: 'read the proof view from this Trust Layer (GET /v1/proof/{id})' })],
    [need('proof', { help: 'the proof view, read from a file' })],
  ),
  may('trust'),
  may('rekor-entry'),
  may('json'),
]);

const awaitsEntry = (f: Failure) => f.code === 'FREEZE_PROOF_ONE_WITNESS' && f.details?.['awaitable'] === true;

/** The Rekor entry the view names, fetched from its log_url; undefined when the view names none or the log fails. */
async function namedEntryOf(http: HttpClient, proofId: string, view: Uint8Array): Promise<PyJson | undefined> {
  const parsed = parseProofView(view);
  const log = parsed.ok ? parsed.value.transparencyLog : undefined;
  const uuid = isPyObject(log) && typeof log['uuid'] === 'string' ? log['uuid'] : null;
  if (uuid === null) return undefined;
  const fetched = await fetchNamedRekorEntry(http, proofId, view, uuid);
  const entry = fetched === null ? null : loads(fetched.raw);
  return entry?.ok ? entry.value : undefined;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function failureLine(f: Failure): string {
  const d = f.details ?? {};
  const diff =
    'anchored' in d ? `\n      anchored   ${show(d['anchored'])}\n      recomputed ${show(d['recomputed'])}` : '';
  return `  ${f.code}${typeof d['field'] === 'string' ? ` [${d['field']}]` : ''}: ${f.message}${diff}`;
}

function human(result: FreezeVerification): string {
  const id = result.freeze?.proof_id ?? '(unreadable freeze)';
  const proof = result.proof
    ? `proof ${result.proof.verdict}${result.proof.verdict === 'VERIFIED' ? ` by ${result.proof.independentWitnesses} independent witness(es), anchored ${result.proof.anchorTime}` : ''}`
    : 'proof not checked';
  if (result.verified) {
    return `freeze ${id}: VERIFIED (rules_hash, manifest_hash, key_commitment and request_hash recomputed; ${proof})\n`;
  }
  return [
    `freeze ${id}: REFUSED, do not score (${result.failures.length} difference(s); ${proof})`,
    ...result.failures.map(failureLine),
    '',
  ].join('\n');
}

function jsonOf(result: FreezeVerification) {
  return {
    verified: result.verified,
    proof_id: result.freeze?.proof_id ?? null,
    failures: result.failures.map((f) => ({ code: f.code, message: f.message, details: f.details ?? null })),
    proof: result.proof
      ? {
          verdict: result.proof.verdict,
          independent_witnesses: result.proof.independentWitnesses,
          failure: result.proof.failure,
          anchor_time: result.proof.anchorTime,
          trust_bundle: result.proof.trustBundle,
        }
      : null,
  };
}

/**
 * `proveit freeze verify` (spec §8.5): what the scorer runs before scoring, and what any third party runs after the
 * reveal. Exit 0 only when every hash recomputes and the proof verifies with both witnesses; any difference exits 1
 * naming the field and both values; a proof whose batch is not anchored yet, or whose Rekor entry was not given (nor
 * served by its log, with --trust-layer), with nothing else wrong, exits 3.
 */
export const freezeVerifyCommand: Command = {
  path: ['freeze', 'verify'],
  summary: 'recompute a freeze from the revealed key and salt and verify its proof; any difference refuses scoring',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, freezeVerifyCommand, parsed.message);
    const { values } = parsed;
    const json = values.json ?? false;
    const refuse = (failure: Failure) => {
      printRefusal(io, json, 'freeze verify', failure);
      return EXIT.failed;
    };
    const freeze = await readJsonFile(values.freeze as string, 'published freeze');
    if (!freeze.ok) return refuse(freeze.error);
    const reveal = await readJsonFile(values.reveal as string, 'reveal');
    if (!reveal.ok) return refuse(reveal.error);
    const rekorEntry = values['rekor-entry'] ? await readJsonFile(values['rekor-entry'], 'Rekor entry') : undefined;
    if (rekorEntry !== undefined && !rekorEntry.ok) return refuse(rekorEntry.error);
    const bundle = await loadTrustBundle(values.trust ?? PRODUCTION_BUNDLE_DIR);
    if (!bundle.ok) return refuse(bundle.error);

    let view: Uint8Array;
    let fetchedEntry: PyJson | undefined;
    if (values.proof) {
      const read = await readServiceDocumentFile(values.proof, 'proof');
      if (!read.ok) return refuse(read.error);
      view = read.value;
    } else {
      const published = parseFreezeToVerify(freeze.value);
      if (!published.ok) return refuse(published.error);
      const http = createHttpClient();
      try {
        const fetched = await publicView(http, values['trust-layer'] as string, published.value.proof_id);
        if (!fetched.ok) return refuse(fetched.error);
        view = fetched.value;
        // Online, the second witness is read as the view is: the entry its log_url names (both are needed).
        if (rekorEntry === undefined) fetchedEntry = await namedEntryOf(http, published.value.proof_id, view);
      } finally {
        await http.close();
      }
    }

    const result = await verifyFreezeForScoring({
      corpusDir: values.corpus as string,
      freeze: freeze.value,
      reveal: reveal.value,
      view,
      bundle: bundle.value,
      ...(rekorEntry !== undefined
        ? { rekorEntry: rekorEntry.value }
        : fetchedEntry !== undefined
          ? { rekorEntry: fetchedEntry }
          : {}),
    });
    if (json) printJson(io, jsonOf(result));
    else io.out(human(result));
    if (result.verified) return EXIT.ok;
    // Pending is neither valid nor invalid (spec §4.1): scoring still waits, and the exit code says why. A Rekor entry
    // not given yet is waited for too (docs/freeze.md "Both witnesses").
    return result.failures.every((f) => f.code === 'FREEZE_PROOF_PENDING' || awaitsEntry(f))
      ? EXIT.pending
      : EXIT.failed;
  },
};
