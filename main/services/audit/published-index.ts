import { join } from 'node:path';
import {
  publishedHeadsOfManifest,
  type PublishedIndex,
  type PublishedIndexCode,
} from '../../core/audit/published-heads.ts';
import { fail, type Result } from '../../core/result.ts';
import { readBoundedFileSync } from '../files/read-bounded.ts';

/**
 * The largest manifest.json read: every file and row of a season's Index, with room (a season of 1,000 participants
 * in two tracks lists about 2,000 rows and files, under 1 MiB).
 */
const MANIFEST_LIMIT = 64 * 1024 * 1024;

/**
 * The audit heads an exported Index folder publishes (docs/audit-log.md "Against the published Index"): its
 * manifest.json read, bounded, and parsed in the core. A folder without a readable manifest is AUDIT_INDEX_UNREADABLE.
 */
export function readPublishedIndex(dir: string): Result<PublishedIndex, PublishedIndexCode> {
  const path = join(dir, 'manifest.json');
  const read = readBoundedFileSync(path, { what: 'the Index manifest', kind: 'document', maxBytes: MANIFEST_LIMIT });
  if (!read.ok)
    return fail(
      'AUDIT_INDEX_UNREADABLE',
      `${read.error.message}; give --index the folder \`proveit index export\` wrote`,
      { manifest: path, reason: read.error.code },
    );
  return publishedHeadsOfManifest(read.value, path);
}
