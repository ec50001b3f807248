import type { AnchorRecord } from '../../core/index/anchor.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import type { Result } from '../../core/result.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import { anchorIndexExport, type IndexAnchorCode, type IndexAnchorOptions } from './anchor-index.ts';

/**
 * `proveit index anchor` and the console's `index.anchor` (docs/index-export.md "Anchoring"): an export's manifest
 * hash anchored through the Trust Layer (anchorIndexExport), then the act appended to the audit log: which proof
 * dates which manifest. Nothing is recorded when the anchoring is refused.
 */
export async function anchorAndRecord(
  db: Db,
  dir: string,
  o: IndexAnchorOptions & { clock: Clock; actor: string },
): Promise<Result<{ proofId: string; record: AnchorRecord }, IndexAnchorCode>> {
  const r = await anchorIndexExport(dir, o);
  if (!r.ok) return r;
  const { season, index_version: indexVersion, manifest_sha256: manifestSha256 } = r.value.record;
  appendAudit(db, {
    atMs: o.clock.now(),
    actor: o.actor,
    action: 'index.anchor',
    summary: `anchored season ${season} Index version ${indexVersion} (manifest ${manifestSha256.slice(0, 16)}) by proof ${r.value.proofId}`,
    details: pyObjectFrom([
      ['season', BigInt(season)],
      ['index_version', BigInt(indexVersion)],
      ['manifest_sha256', manifestSha256],
      ['proof_id', r.value.proofId],
      ['url', r.value.record.url],
    ]),
  });
  return r;
}
