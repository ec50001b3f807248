import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import { decodeEd25519Text } from '../encoding/encodings.ts';
import { fail, ok, type Result } from '../result.ts';
import { pemBlocks } from './pem.ts';

export type TrustUpdateCode =
  | 'TRUST_UPDATE_ANSWER_INVALID'
  | 'TRUST_UPDATE_NO_KEY_HISTORY'
  | 'TRUST_UPDATE_KEY_CHANGED'
  | 'TRUST_UPDATE_KEY_DROPPED'
  | 'TRUST_UPDATE_BUNDLE_HISTORY_INVALID';

/** The two lists of the key history (trust-layer-reference §5): the issuer's Ed25519 keys and its Rekor keys. */
export type KeyList = 'keys' | 'rekor_keys';

/** One key the update adds, or one it marks retired (its `retired_at` went from null to a time). */
export interface KeyChange {
  list: KeyList;
  kid: string;
  validFrom: string;
  retiredAt: string | null;
}

export interface KeyHistoryUpdate {
  /** The bundle's published_keys.json value with both lists brought up to date; its other members as they were. */
  history: PyObject;
  added: KeyChange[];
  retired: KeyChange[];
  /** Keys listed identically on both sides, by list then kid. */
  unchanged: { list: KeyList; kid: string }[];
  /** The key the Trust Layer signs with now (`kid`) and its Rekor key (`rekor_kid`, null when not announced). */
  current: { kid: string; rekorKid: string | null };
}

/** One key entry as both sides list it: the fields the verifier relies on (docs/trust-bundle.md). */
interface KeyEntry {
  kid: string;
  type: string | null;
  /** The Ed25519 text, or the Rekor PEM with its whitespace removed (compared as reference §6.2 step 5 does). */
  key: string;
  validFrom: string;
  retiredAt: string | null;
  raw: PyObject;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const isIso = (v: PyJson | undefined): v is string => typeof v === 'string' && ISO_UTC.test(v);
const normalisedPem = (pem: string) => pem.replace(/\s+/g, '');

type Side = 'answer' | 'bundle';
type Step<T> = Result<T, TrustUpdateCode>;

function invalid(side: Side, where: string, message: string): Step<never> {
  return side === 'answer'
    ? fail(
        'TRUST_UPDATE_ANSWER_INVALID',
        `GET /v1/pubkey ${where}: ${message}; the answer is not a v1.12 key publication (trust-layer-reference §5), so nothing was written`,
        { where },
      )
    : fail(
        'TRUST_UPDATE_BUNDLE_HISTORY_INVALID',
        `the bundle's published_keys.json ${where}: ${message}; fix or rebuild that bundle first (docs/trust-bundle.md)`,
        { where },
      );
}

/** One list of one side, checked entry by entry: each key named by a kid listed once, with its key and its times. */
function entriesOf(side: Side, list: KeyList, value: PyJson | undefined): Step<KeyEntry[]> {
  if (value === undefined && list === 'rekor_keys') return ok([]);
  if (!Array.isArray(value)) return invalid(side, `"${list}"`, 'must be a list');
  const out: KeyEntry[] = [];
  for (const [index, entry] of value.entries()) {
    const where = `${list}[${index}]`;
    if (!isPyObject(entry) || typeof entry['kid'] !== 'string' || entry['kid'] === '') {
      return invalid(side, where, 'each key needs a non-empty string "kid"');
    }
    const kid = entry['kid'];
    let key: string;
    if (list === 'keys') {
      if (entry['type'] !== 'Ed25519' || decodeEd25519Text(entry['public'], 32) === null) {
        return invalid(
          side,
          `${where} (${kid})`,
          'needs "type": "Ed25519" and "public": "ed25519:" + base64url of 32 bytes',
        );
      }
      key = entry['public'] as string;
    } else {
      const pem = entry['public_pem'];
      if (typeof pem !== 'string' || pemBlocks(pem, 'PUBLIC KEY').ders.length !== 1) {
        return invalid(side, `${where} (${kid})`, '"public_pem" must be one PEM PUBLIC KEY block');
      }
      key = normalisedPem(pem);
    }
    const retiredAt = entry['retired_at'] ?? null;
    if (!isIso(entry['valid_from']) || !(retiredAt === null || isIso(retiredAt))) {
      return invalid(
        side,
        `${where} (${kid})`,
        '"valid_from" must be an ISO 8601 UTC time and "retired_at" one or null',
      );
    }
    // A key retired before it was valid was never valid: trusting either time would let a signature made outside
    // its life verify (trust-layer-reference §5, docs/trust-bundle.md "Updating a bundle: `proveit trust update`").
    if (retiredAt !== null && Date.parse(retiredAt) < Date.parse(entry['valid_from'])) {
      return invalid(
        side,
        `${where} (${kid})`,
        `"retired_at" ${retiredAt} is before "valid_from" ${entry['valid_from']}: a key is retired after it is valid`,
      );
    }
    if (out.some((e) => e.kid === kid)) return invalid(side, where, `kid "${kid}" is listed twice`);
    const type = entry['type'];
    out.push({
      kid,
      type: typeof type === 'string' ? type : null,
      key,
      validFrom: entry['valid_from'],
      retiredAt,
      raw: entry,
    });
  }
  return ok(out);
}

/** The answer's `kid` and `rekor_kid`, each naming a key it lists, and `pubkey` / `rekor_pubkey` equal to them. */
function currentOf(answer: PyObject, keys: KeyEntry[], rekorKeys: KeyEntry[]): Step<KeyHistoryUpdate['current']> {
  const kid = answer['kid'];
  const signing = keys.find((k) => k.kid === kid);
  if (typeof kid !== 'string' || !signing) {
    return invalid('answer', '"kid"', `must name a key of "keys" (it is ${JSON.stringify(kid ?? null)})`);
  }
  if (answer['pubkey'] !== undefined && answer['pubkey'] !== signing.key) {
    return invalid('answer', '"pubkey"', `is not the key "keys" lists for the current kid "${kid}"`);
  }
  const rekorKid = answer['rekor_kid'] ?? null;
  if (rekorKid === null) return ok({ kid, rekorKid: null });
  const rekor = rekorKeys.find((k) => k.kid === rekorKid);
  if (typeof rekorKid !== 'string' || !rekor) {
    return invalid('answer', '"rekor_kid"', `must name a key of "rekor_keys" (it is ${JSON.stringify(rekorKid)})`);
  }
  const rekorPem = answer['rekor_pubkey'];
  if (rekorPem !== undefined && (typeof rekorPem !== 'string' || normalisedPem(rekorPem) !== rekor.key)) {
    return invalid(
      'answer',
      '"rekor_pubkey"',
      `is not the PEM "rekor_keys" lists for the current rekor_kid "${rekorKid}"`,
    );
  }
  return ok({ kid, rekorKid });
}

/** What differs between a bundled key and the answer's key of the same kid, other than a new retirement. */
function changedFields(bundled: KeyEntry, answered: KeyEntry): string[] {
  const fields: string[] = [];
  if (bundled.key !== answered.key) fields.push(bundled.raw['public'] === undefined ? 'public_pem' : 'public');
  if (bundled.type !== answered.type) fields.push('type');
  if (bundled.validFrom !== answered.validFrom) fields.push('valid_from');
  // A retirement is added once and never moved or undone: it decides which proofs the key is valid for.
  if (bundled.retiredAt !== null && bundled.retiredAt !== answered.retiredAt) fields.push('retired_at');
  return fields;
}

interface ListUpdate {
  entries: PyJson[];
  added: KeyChange[];
  retired: KeyChange[];
  unchanged: string[];
  changed: { list: KeyList; kid: string; fields: string[]; bundled: PyObject; published: PyObject }[];
  dropped: { list: KeyList; kid: string }[];
}

function updateList(list: KeyList, bundled: KeyEntry[], answered: KeyEntry[]): ListUpdate {
  const out: ListUpdate = { entries: [], added: [], retired: [], unchanged: [], changed: [], dropped: [] };
  for (const mine of bundled) {
    const theirs = answered.find((k) => k.kid === mine.kid);
    if (!theirs) {
      out.dropped.push({ list, kid: mine.kid });
      continue;
    }
    const fields = changedFields(mine, theirs);
    if (fields.length > 0) {
      out.changed.push({ list, kid: mine.kid, fields, bundled: mine.raw, published: theirs.raw });
    } else if (mine.retiredAt === null && theirs.retiredAt !== null) {
      out.entries.push(pyObjectFrom([...Object.entries(mine.raw), ['retired_at', theirs.retiredAt]]));
      out.retired.push({ list, kid: mine.kid, validFrom: mine.validFrom, retiredAt: theirs.retiredAt });
      continue;
    } else {
      out.unchanged.push(mine.kid);
    }
    out.entries.push(mine.raw);
  }
  for (const theirs of answered) {
    if (bundled.some((k) => k.kid === theirs.kid)) continue;
    out.entries.push(theirs.raw);
    out.added.push({ list, kid: theirs.kid, validFrom: theirs.validFrom, retiredAt: theirs.retiredAt });
  }
  return out;
}

/**
 * Brings a trust bundle's key history (its published_keys.json value) up to date with the Trust Layer's
 * `GET /v1/pubkey` answer (trust-layer-reference §5, from v1.12: `kid`, `keys`, `rekor_kid`, `rekor_keys`,
 * `rekor_pubkey`). The history is append-only, so the update only adds keys and retirements: a published key the
 * answer lists with another key, type or validity is refused (TRUST_UPDATE_KEY_CHANGED), never replaced, and a
 * bundled key the answer no longer lists is refused (TRUST_UPDATE_KEY_DROPPED): either says the answer is not the
 * history the bundle was made from. Bundled keys keep their bytes and order; added keys follow in the answer's order.
 */
export function updateKeyHistory(bundledHistory: PyJson, answer: PyJson): Step<KeyHistoryUpdate> {
  if (!isPyObject(bundledHistory)) return invalid('bundle', '', 'must hold a JSON object');
  if (!isPyObject(answer)) return invalid('answer', '', 'must be a JSON object');
  if (answer['keys'] === undefined) {
    return fail(
      'TRUST_UPDATE_NO_KEY_HISTORY',
      'GET /v1/pubkey answers without "keys": a Trust Layer before v1.12 publishes one key and no history ' +
        '(trust-layer-reference §5), so the bundle cannot be updated from it; ask a v1.12 Trust Layer, or add the key ' +
        "to published_keys.json from the issuer's published key history (docs/trust-bundle.md)",
      { keys: Object.keys(answer) },
    );
  }
  const lists: Record<KeyList, { bundled: KeyEntry[]; answered: KeyEntry[] }> = Object.create(null) as never;
  for (const list of ['keys', 'rekor_keys'] as const) {
    const bundled = entriesOf('bundle', list, bundledHistory[list]);
    if (!bundled.ok) return bundled;
    const answered = entriesOf('answer', list, answer[list]);
    if (!answered.ok) return answered;
    lists[list] = { bundled: bundled.value, answered: answered.value };
  }
  if (lists.keys.answered.length === 0) return invalid('answer', '"keys"', 'lists no key');
  const current = currentOf(answer, lists.keys.answered, lists.rekor_keys.answered);
  if (!current.ok) return current;

  const keys = updateList('keys', lists.keys.bundled, lists.keys.answered);
  const rekor = updateList('rekor_keys', lists.rekor_keys.bundled, lists.rekor_keys.answered);
  const changed = [...keys.changed, ...rekor.changed];
  if (changed.length > 0) {
    const named = changed.map((c) => `${c.list} "${c.kid}" (${c.fields.join(', ')})`).join('; ');
    return fail(
      'TRUST_UPDATE_KEY_CHANGED',
      `the Trust Layer publishes another key than the bundle under the same kid: ${named}. A published key is never ` +
        'replaced (the history is append-only, trust-layer-reference §5): check that --trust-layer is the issuer this ' +
        'bundle is for, and ask ArkForge before trusting either key; nothing was written',
      {
        changed: changed.map((c) => ({
          list: c.list,
          kid: c.kid,
          fields: c.fields,
          bundled: c.bundled,
          published: c.published,
        })),
      },
    );
  }
  const dropped = [...keys.dropped, ...rekor.dropped];
  if (dropped.length > 0) {
    return fail(
      'TRUST_UPDATE_KEY_DROPPED',
      `the Trust Layer no longer lists ${dropped.map((d) => `${d.list} "${d.kid}"`).join(', ')}, which the bundle ` +
        'holds: the history is append-only (a retired key stays listed, trust-layer-reference §5), so this answer is ' +
        'not the history the bundle was made from; check --trust-layer; nothing was written',
      { dropped },
    );
  }
  const history = pyObjectFrom(
    Object.entries(bundledHistory).map(([name, value]): [string, PyJson] =>
      name === 'keys' ? [name, keys.entries] : name === 'rekor_keys' ? [name, rekor.entries] : [name, value],
    ),
  );
  if (history['rekor_keys'] === undefined && rekor.entries.length > 0) history['rekor_keys'] = rekor.entries;
  return ok({
    history,
    added: [...keys.added, ...rekor.added],
    retired: [...keys.retired, ...rekor.retired],
    unchanged: [
      ...keys.unchanged.map((kid) => ({ list: 'keys' as const, kid })),
      ...rekor.unchanged.map((kid) => ({ list: 'rekor_keys' as const, kid })),
    ],
    current: current.value,
  });
}
