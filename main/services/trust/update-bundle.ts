import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { indentedJson } from '../../core/json/indented.ts';
import { loads, loadsUniqueKeys } from '../../core/json/loads.ts';
import { isPyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { parseTrustBundle } from '../../core/trust/bundle.ts';
import { updateKeyHistory, type KeyHistoryUpdate } from '../../core/trust/key-history-update.ts';
import type { HttpClient } from '../http/http-client.ts';
import { loadTrustBundle, SYSTEM_CA_BUNDLE } from './load-bundle.ts';

export interface TrustUpdateInput {
  http: HttpClient;
  /** The Trust Layer's base URL: its key history is at GET {url}/v1/pubkey. */
  trustLayerUrl: string;
  /** The bundle to update; it is read, never written. */
  trustDir: string;
  /** Where the new bundle goes; default: beside trustDir, named `<its name>-<first 12 hex of the new digest>`. */
  outDir?: string;
  systemCaPath?: string;
}

export interface TrustUpdateSummary extends Omit<KeyHistoryUpdate, 'history'> {
  from: { dir: string; name: string; digest: string };
  /** The new bundle, or null when the bundle already lists every published key (nothing is written then). */
  written: { dir: string; digest: string; existed: boolean } | null;
}

const pubkeyUrl = (base: string) => `${base.replace(/\/+$/, '')}/v1/pubkey`;

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

/**
 * `proveit trust update` (docs/trust-bundle.md "Updating a bundle"): reads the Trust Layer's published key history,
 * compares it with the bundle's (core/trust/key-history-update.ts), and writes the bundle's files into a new folder
 * with the updated published_keys.json, every other file byte for byte. The old folder is never edited, an existing
 * folder is never overwritten (the same bundle already there is reported, not rewritten), and the copy is loaded
 * back and must have the digest computed before writing.
 */
export async function updateTrustBundle(input: TrustUpdateInput): Promise<Result<TrustUpdateSummary>> {
  const systemCaPath = input.systemCaPath ?? SYSTEM_CA_BUNDLE;
  const current = await loadTrustBundle(input.trustDir, systemCaPath);
  if (!current.ok) return current;
  const files = new Map<string, Uint8Array>();
  for (const name of current.value.files) files.set(name, await readFile(join(input.trustDir, name)));
  const index = loads(files.get('bundle.json') as Uint8Array);
  const historyName = index.ok && isPyObject(index.value) ? index.value['published_keys'] : undefined;
  const history = typeof historyName === 'string' ? files.get(historyName) : undefined;
  if (typeof historyName !== 'string' || history === undefined) {
    return fail('TRUST_UPDATE_BUNDLE_HISTORY_INVALID', `${input.trustDir}: bundle.json names no published_keys file`);
  }

  const url = pubkeyUrl(input.trustLayerUrl);
  const answer = await input.http.request({ method: 'GET', url });
  if (!answer.ok) {
    return fail(
      'TRUST_UPDATE_UNREACHABLE',
      // The client's message names the URL and, past the deadline, the deadline ("no whole answer within 30 s").
      `${answer.error.message} (${answer.error.code}); check --trust-layer and run the update again`,
      { url, failure: answer.error.code },
    );
  }
  if (answer.value.status !== 200) {
    return fail(
      'TRUST_UPDATE_ANSWER_STATUS',
      `GET ${url} answered HTTP ${answer.value.status}, not 200 with the key history; check --trust-layer (the Trust Layer's base URL, e.g. https://trust.arkforge.tech)`,
      { url, status: answer.value.status },
    );
  }
  // A key named twice in the history (two retired_at) is refused, not read last-wins (issue 36 item 5).
  const parsed = loadsUniqueKeys(answer.value.body);
  if (!parsed.ok) {
    return fail('TRUST_UPDATE_ANSWER_INVALID', `GET ${url} did not answer JSON: ${parsed.error.message}`, { url });
  }
  const bundledHistory = loads(history);
  if (!bundledHistory.ok) {
    return fail('TRUST_UPDATE_BUNDLE_HISTORY_INVALID', `${join(input.trustDir, historyName)} is not JSON`);
  }
  const update = updateKeyHistory(bundledHistory.value, parsed.value);
  if (!update.ok) return { ok: false, error: { ...update.error, details: { ...update.error.details, url } } };
  const { history: newHistory, ...changes } = update.value;
  const from = { dir: resolve(input.trustDir), name: current.value.name, digest: current.value.digest };
  if (changes.added.length === 0 && changes.retired.length === 0) return ok({ ...changes, from, written: null });

  files.set(historyName, new TextEncoder().encode(`${indentedJson(newHistory)}\n`));
  const systemRoots = await readFile(systemCaPath).catch(() => null);
  const next = parseTrustBundle({ files, systemRoots });
  if (!next.ok) return next;
  const digest = next.value.digest;
  const outDir = resolve(input.outDir ?? join(dirname(from.dir), `${basename(from.dir)}-${digest.slice(0, 12)}`));

  if (!(await isEmptyOrAbsent(outDir))) {
    const there = await loadTrustBundle(outDir, systemCaPath);
    if (there.ok && there.value.digest === digest) {
      return ok({ ...changes, from, written: { dir: outDir, digest, existed: true } });
    }
    return fail(
      'TRUST_UPDATE_OUT_EXISTS',
      `${outDir} already holds other files; a bundle is never written over another: give --out a new folder`,
      { out: outDir },
    );
  }
  await mkdir(outDir, { recursive: true });
  for (const [name, bytes] of files) await writeFile(join(outDir, name), bytes, { flag: 'wx' });
  const written = await loadTrustBundle(outDir, systemCaPath);
  if (!written.ok || written.value.digest !== digest) {
    return fail(
      'TRUST_UPDATE_WRITE_MISMATCH',
      `${outDir}: the bundle read back does not have the digest it was written with; remove that folder and run again`,
      { out: outDir, expected: digest, actual: written.ok ? written.value.digest : written.error.code },
    );
  }
  return ok({ ...changes, from, written: { dir: outDir, digest, existed: false } });
}
