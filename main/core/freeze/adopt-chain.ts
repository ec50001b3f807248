import { isPyObject, type PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { freezeDocumentSha256 } from './freeze-document.ts';
import { parsePublishedFreeze, publishedFreezeJson, type PublishedFreeze } from './publication.ts';

export type AdoptChainCode = 'FREEZE_ADOPT_PUBLICATION_INVALID' | 'FREEZE_ADOPT_CHAIN_INVALID';

const chainInvalid = (message: string, field: string, details: Record<string, unknown> = {}) =>
  fail('FREEZE_ADOPT_CHAIN_INVALID', `${message}; give every published freeze of the track, the replaced ones too`, {
    field,
    ...details,
  });

/**
 * The freezes `freeze adopt` is given (docs/freeze.md "Adopting a freeze made elsewhere"): each value is a publication
 * (`freeze publish`'s `{season, track, in_force, freezes}`) or one published freeze. Together they must form one
 * replacement chain of one season and track, as this console's own freezes do (spec §8 status note: a replacement
 * names what it replaces and gives its reason): one first freeze, each later one replacing the one before it, with
 * its reason and, for a version-3 document replacing a version-3 one, that document's `document_sha256`. Returned
 * oldest first; the last is the freeze in force. The same freeze given twice (a publication and the freeze alone) is
 * taken once.
 */
export function adoptionChain(values: readonly PyJson[]): Result<PublishedFreeze[], AdoptChainCode> {
  const byId = new Map<string, PublishedFreeze>();
  const declared: string[] = [];
  for (const value of values) {
    const items = isPyObject(value) && Array.isArray(value['freezes']) ? value['freezes'] : [value];
    if (isPyObject(value) && typeof value['in_force'] === 'string') declared.push(value['in_force']);
    for (const item of items) {
      const parsed = parsePublishedFreeze(item);
      if (!parsed.ok) {
        return fail('FREEZE_ADOPT_PUBLICATION_INVALID', parsed.error.message, { ...parsed.error.details });
      }
      const freeze = parsed.value;
      const known = byId.get(freeze.proof_id);
      if (known !== undefined && canonicalText(known) !== canonicalText(freeze)) {
        return fail(
          'FREEZE_ADOPT_PUBLICATION_INVALID',
          `two different published freezes name the proof ${freeze.proof_id}; give the documents as published`,
          { field: 'proof_id', proof_id: freeze.proof_id },
        );
      }
      byId.set(freeze.proof_id, freeze);
    }
  }
  const all = [...byId.values()];
  if (all.length === 0) {
    return fail('FREEZE_ADOPT_PUBLICATION_INVALID', 'no published freeze was given', { field: 'freezes' });
  }
  const [head] = all as [PublishedFreeze];
  for (const f of all) {
    for (const field of ['season', 'track'] as const) {
      if (f[field] !== head[field]) {
        return chainInvalid(`${f.proof_id} is for ${field} ${f[field]}, ${head.proof_id} for ${head[field]}`, field, {
          proof_id: f.proof_id,
        });
      }
    }
  }
  const firsts = all.filter((f) => f.replaces === null);
  if (firsts.length !== 1) {
    return chainInvalid(
      firsts.length === 0
        ? 'no freeze given is a first freeze (each names one it replaces)'
        : `${firsts.length} freezes given replace nothing (${firsts.map((f) => f.proof_id).join(', ')}): one track has one first freeze`,
      'replaces',
    );
  }
  const chain: PublishedFreeze[] = [];
  let current: PublishedFreeze | undefined = firsts[0];
  while (current !== undefined) {
    const previous = chain.at(-1) ?? null;
    const link = linkProblem(current, previous);
    if (link !== null) return link;
    chain.push(current);
    const id: string = current.proof_id;
    const next = all.filter((f) => f.replaces === id);
    if (next.length > 1) {
      return chainInvalid(
        `${id} is replaced by ${next.length} freezes (${next.map((f) => f.proof_id).join(', ')}): a freeze is replaced once`,
        'replaces',
        { proof_id: id },
      );
    }
    current = next[0];
  }
  const hanging = all.find((f) => !chain.includes(f));
  if (hanging !== undefined) {
    return chainInvalid(
      `${hanging.proof_id} replaces ${String(hanging.replaces)}, which is not in the chain given`,
      'replaces',
      { proof_id: hanging.proof_id },
    );
  }
  const end = chain.at(-1) as PublishedFreeze;
  const wrong = declared.find((id) => id !== end.proof_id);
  if (wrong !== undefined) {
    return chainInvalid(`"in_force" says ${wrong} but the replacement chain ends at ${end.proof_id}`, 'in_force');
  }
  return ok(chain);
}

/** Two copies of one freeze must agree on every published field (the JSON in its fixed reading order). */
function canonicalText(freeze: PublishedFreeze): string {
  return JSON.stringify(publishedFreezeJson(freeze));
}

/** How `freeze` hangs on the freeze before it in the chain (null for the first). */
function linkProblem(freeze: PublishedFreeze, previous: PublishedFreeze | null) {
  const id = freeze.proof_id;
  if (previous === null && freeze.reason !== null) {
    return chainInvalid(`${id} replaces nothing but gives a reason`, 'reason', { proof_id: id });
  }
  if (previous !== null && (freeze.reason === null || freeze.reason.trim() === '')) {
    return chainInvalid(`${id} replaces ${previous.proof_id} without a published reason (spec §8)`, 'reason', {
      proof_id: id,
    });
  }
  if (freeze.document_version !== 3) return null;
  // Version 3 names the document it replaces by its document_sha256; the replacement of a version-1 or version-2
  // document starts the signed chain with null (docs/freeze.md "The freeze document").
  const expected = previous !== null && previous.document_version === 3 ? freezeDocumentSha256(previous) : null;
  if ((freeze.replaces_sha256 ?? null) !== expected) {
    return chainInvalid(
      `${id}: replaces_sha256 is ${String(freeze.replaces_sha256 ?? null)}, the document it replaces is ${String(expected)}`,
      'replaces_sha256',
      { proof_id: id, anchored: freeze.replaces_sha256 ?? null, recomputed: expected },
    );
  }
  return null;
}
