import { figuresOf, type Figures } from '../../core/publications/correct-report.ts';
import { ok, type Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { closeToPublish, laterClosePlan, readCloseMaterial, type PublishCode } from './publish-season.ts';

/** What `season publish` would publish now (docs/publications.md), computed from the same checks, nothing written. */
export interface PublicationPreview {
  season: number;
  track: string;
  version: number;
  /** The version it follows; null for version 1. */
  correctsVersion: number | null;
  closeId: number;
  closedAtMs: number;
  /** Each participant whose published figures change: none before version 1, the version k figures after it. */
  changes: { participantId: string; before: Figures | null; after: Figures }[];
  /** Participants still pending once it is published. */
  pending: string[];
}

/**
 * The preview the console shows before it publishes (the figures before → after, then a confirmation): the close
 * and the version are chosen, the close's files checked and the changed rows found exactly as publishSeason does, so
 * a preview that succeeds is what the publication writes, and one that is refused names the code publishing would.
 */
export async function previewPublication(
  db: Db,
  ref: { season: number; track: string },
): Promise<Result<PublicationPreview, PublishCode>> {
  const target = closeToPublish(db, ref.season, ref.track);
  if (!target.ok) return target;
  const { close, existing } = target.value;
  const material = await readCloseMaterial(close);
  if (!material.ok) return material;
  const m = material.value;
  const common = { season: ref.season, track: ref.track, closeId: close.id, closedAtMs: close.closedAtMs };
  if (existing === undefined)
    return ok({
      ...common,
      version: 1,
      correctsVersion: null,
      changes: m.rows
        .filter((r) => r['status'] === 'scored')
        .map((r) => ({ participantId: String(r['participant_id']), before: null, after: figuresOf(r) })),
      pending: m.pending,
    });
  const plan = laterClosePlan(ref, m, existing);
  if (!plan.ok) return plan;
  const before = new Map(plan.value.currentRows.map((r) => [String(r['participant_id']), r]));
  const changes = plan.value.newlyScored.map((r) => {
    const id = String(r['participant_id']);
    const was = before.get(id);
    return { participantId: id, before: was ? figuresOf(was) : null, after: figuresOf(r) };
  });
  return ok({
    ...common,
    version: existing.version + 1,
    correctsVersion: existing.version,
    changes,
    pending: plan.value.wasPending.filter((id) => !changes.some((c) => c.participantId === id)),
  });
}
