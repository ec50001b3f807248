/**
 * The freeze in force of a track, decided by the signed documents themselves (docs/freeze.md "The freeze document"),
 * never by the order they arrive in: each version-3 document names the one it replaces by its document_sha256
 * (`replaces_sha256`, null for the first), so the documents form a chain and the one in force is its end (spec §8
 * status note: a replacement names what it replaces). Two documents competing for one place (two firsts, or two
 * replacements of the same document) arise only from an operator-side crash: a document anchored but never recorded by
 * the operator, then made again. The later `signed_at` wins (the operator's later decision), and on equal times the
 * greater document_sha256, so every holder of the same documents finds the same end.
 */
export interface ChainLink {
  documentSha256: string;
  replacesSha256: string | null;
  /** UTC instant with milliseconds (`YYYY-MM-DDTHH:MM:SS.mmmZ`): the operator's time of signing. */
  signedAt: string;
}

function later(a: ChainLink, b: ChainLink): boolean {
  const ta = Date.parse(a.signedAt);
  const tb = Date.parse(b.signedAt);
  return ta !== tb ? ta > tb : a.documentSha256 > b.documentSha256;
}

function winner<T extends ChainLink>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  for (const c of candidates) if (best === null || later(c, best)) best = c;
  return best;
}

/**
 * The end of the chain: from the winning first document, follow the winning replacement until none is left. A
 * document naming one that is not among `links` hangs off nothing and is never in force. Null when there is no first.
 */
export function chainEnd<T extends ChainLink>(links: readonly T[]): T | null {
  let current = winner(links.filter((l) => l.replacesSha256 === null));
  const seen = new Set<string>();
  while (current !== null && !seen.has(current.documentSha256)) {
    seen.add(current.documentSha256);
    const sha = current.documentSha256;
    const next = winner(links.filter((l) => l.replacesSha256 === sha));
    if (next === null) return current;
    current = next;
  }
  return current;
}

/**
 * What a document arriving at the season service does, given the documents already received for its track:
 * - `in_force`: it was received before and is the end of the chain: nothing changes, the answer names it;
 * - `superseded`: received before and replaced since, or new and not the end of the chain with it added (it
 *   replaces a document already replaced by a later-signed one, or it is a first signed before the first in force):
 *   nothing changes, the answer names the document in force;
 * - `replaces_unknown`: new, and it names a document this service never received: nothing changes;
 * - `accepted`: new, and with it added it is the end of the chain: it becomes the freeze in force.
 */
export type ChainArrival<T extends ChainLink> =
  | { kind: 'in_force'; current: T }
  | { kind: 'superseded'; current: T | null }
  | { kind: 'replaces_unknown'; current: T | null }
  | { kind: 'accepted'; current: T | null };

export function judgeArrival<T extends ChainLink>(received: readonly T[], arriving: T): ChainArrival<T> {
  const current = chainEnd(received);
  const known = received.find((l) => l.documentSha256 === arriving.documentSha256);
  if (known !== undefined) {
    return current !== null && current.documentSha256 === known.documentSha256
      ? { kind: 'in_force', current }
      : { kind: 'superseded', current };
  }
  if (arriving.replacesSha256 !== null && !received.some((l) => l.documentSha256 === arriving.replacesSha256)) {
    return { kind: 'replaces_unknown', current };
  }
  const end = chainEnd([...received, arriving]);
  return end === arriving ? { kind: 'accepted', current } : { kind: 'superseded', current };
}
