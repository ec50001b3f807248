import { sha256Hex } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { indexRowValue, toPyJson } from './index-json.ts';
import type { IndexDocument } from './model.ts';

export const MANIFEST_FORMAT = 'proveit-index-manifest/1';

export interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
}

export interface ManifestRow {
  /** `<track>/reference` or `<track>/community`. */
  table: string;
  participant_id: string;
  sha256: string;
}

export interface IndexManifest {
  format: typeof MANIFEST_FORMAT;
  season: number;
  index_version: number;
  corrects_version: number | null;
  exported_at: string;
  signing_key: { algorithm: 'ed25519'; public_key: string; key_id: string };
  publications: { track: string; version: number; scores_sha256: string; audit_seq: number; audit_hash: string }[];
  files: ManifestFile[];
  rows: ManifestRow[];
}

/** Every table row of the document with its hash (SHA-256 of the row's canonical JSON). */
export function manifestRows(doc: IndexDocument): ManifestRow[] {
  return doc.tracks.flatMap((s) => [
    ...s.reference_runs.map((row) => ({
      table: `${s.track}/reference`,
      participant_id: row.participant_id,
      sha256: sha256Canonical(indexRowValue(row)),
    })),
    ...s.community.map((row) => ({
      table: `${s.track}/community`,
      participant_id: row.participant_id,
      sha256: sha256Canonical(indexRowValue(row)),
    })),
  ]);
}

/**
 * manifest.json (docs/index-export.md): every file with its SHA-256 and size, every table row with its hash, the
 * publications shown and the signing key. Its bytes (canonical JSON and a newline) are what the Ed25519 signature
 * covers; their SHA-256 is the manifest hash.
 */
export function buildManifest(doc: IndexDocument, files: ReadonlyMap<string, Uint8Array>): IndexManifest {
  return {
    format: MANIFEST_FORMAT,
    season: doc.season,
    index_version: doc.index_version,
    corrects_version: doc.corrects_version,
    exported_at: doc.exported_at,
    signing_key: doc.signing_key,
    publications: doc.tracks.map((s) => ({
      track: s.track,
      version: s.publication.version,
      scores_sha256: s.publication.scores_sha256,
      audit_seq: s.publication.audit_head.seq,
      audit_hash: s.publication.audit_head.hash,
    })),
    files: [...files.entries()].map(([path, bytes]) => ({ path, sha256: sha256Hex(bytes), size: bytes.length })),
    rows: manifestRows(doc),
  };
}

export function manifestBytes(manifest: IndexManifest): Uint8Array {
  return new TextEncoder().encode(`${canonical(toPyJson(manifest))}\n`);
}
