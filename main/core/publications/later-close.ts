import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';

/**
 * scores.json of a version that publishes a later close's figures for participants pending in the version before
 * (docs/publications.md): their rows are the later close's, every other row is unchanged, and `correction` names
 * the version, the one it follows and the close. Pure.
 */
export function scoresWithLaterClose(
  scores: PyObject,
  newRows: readonly PyObject[],
  info: { version: number; correctsVersion: number; closeId: number },
): PyObject {
  const byId = new Map(newRows.map((r) => [r['participant_id'], r]));
  const rows = (Array.isArray(scores['participants']) ? scores['participants'] : []) as PyJson[];
  const out = pyObjectFrom(Object.entries(scores));
  out['participants'] = rows.map((r) => (isPyObject(r) ? (byId.get(r['participant_id'] ?? null) ?? r) : r));
  out['correction'] = pyObjectFrom([
    ['version', BigInt(info.version)],
    ['corrects_version', BigInt(info.correctsVersion)],
    ['dispute_ids', []],
    ['close_id', BigInt(info.closeId)],
  ]);
  return out;
}
