import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loads, loadsText } from '../../../../main/core/json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../../../../main/core/json/value.ts';
import { canonical } from '../../../../main/core/json/canonical.ts';
import { parseProofView, type ProofView } from '../../../../main/core/proof/parse-view.ts';

/** The real production artefacts, copied into artefacts/trust-layer/ (provenance in artefacts/PROVENANCE.md). */
export const ARTEFACTS_DIR = fileURLToPath(new URL('../../../../artefacts/trust-layer/', import.meta.url));
export const VECTORS_DIR = fileURLToPath(new URL('../../../vectors/proof/', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export function artefactBytes(name: string): Uint8Array {
  return readFileSync(`${ARTEFACTS_DIR}${name}`);
}

export function artefactJson(name: string): PyObject {
  const parsed = loads(artefactBytes(name));
  if (!parsed.ok || !isPyObject(parsed.value)) throw new Error(`${name} is not a JSON object`);
  return parsed.value;
}

export function vectorJson(name: string): PyObject {
  const parsed = loads(readFileSync(`${VECTORS_DIR}${name}`));
  if (!parsed.ok || !isPyObject(parsed.value)) throw new Error(`${name} is not a JSON object`);
  return parsed.value;
}

/** A deep copy to tamper with: canonical text parsed again keeps ints and floats apart. */
export function copyJson<T extends PyJson>(value: T): T {
  const parsed = loadsText(canonical(value));
  if (!parsed.ok) throw new Error('copy failed');
  return parsed.value as T;
}

/** A proof view from a (possibly tampered) JSON value, serialised the way the Trust Layer serves it. */
export function viewOf(json: PyJson): ProofView {
  const parsed = parseProofView(new TextEncoder().encode(canonical(json)));
  if (!parsed.ok) throw new Error(`not a proof: ${parsed.error.message}`);
  return parsed.value;
}

export function artefactView(name: string): ProofView {
  return viewOf(artefactJson(name));
}
