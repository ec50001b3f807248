import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';

/** An assertion of a submission as the scorer reads it (intake has already checked the shape, spec §4). */
export interface SubmittedAssertion {
  id: string;
  resource: string;
  field: string;
  value: PyJson;
  proofIds: string[];
}

/** The assertions of a submission document, in the order submitted. */
export function assertionsOf(document: PyObject): SubmittedAssertion[] {
  const list = Array.isArray(document['assertions']) ? document['assertions'] : [];
  return list.flatMap((item) => {
    if (!isPyObject(item) || !isPyObject(item['claim'])) return [];
    const claim = item['claim'];
    const proofIds = Array.isArray(item['proof_ids'])
      ? item['proof_ids'].filter((p): p is string => typeof p === 'string')
      : [];
    return [
      {
        id: String(item['id']),
        resource: String(claim['resource']),
        field: String(claim['field']),
        value: claim['value'] ?? null,
        proofIds,
      },
    ];
  });
}

/** The disclosure a submission gives for one proof id (spec §4 `disclosures`), hex in lower case, or null. */
export function disclosureOf(document: PyObject, proofId: string): PyJson {
  const disclosures = document['disclosures'];
  return isPyObject(disclosures) && Object.hasOwn(disclosures, proofId)
    ? lowerCaseHex(disclosures[proofId] ?? null)
    : null;
}

const HEX_WITH_CAPITALS = /^(?=.*[A-F])[0-9a-fA-F]{64}$/;

/** Each entry's lower-cased copy, made once, so every caller gets the same object (close keys are memoised by it). */
const lowered = new WeakMap<PyObject, PyObject>();

/**
 * Intake accepts a nonce or value in either case (docs/intake.md, rule 12; spec §4 "pairs {nonce, value} as
 * strings"): the commitment is over the 32 raw nonce bytes and the Trust Layer writes the value as lower-case hex, so
 * the scorer lower-cases both before it opens the commitment or compares the value with the manifest, and an
 * upper-case disclosure scores exactly as the lower-case one. The submission document itself is never changed (its
 * bytes are the receipt's and the export's); an entry with no capital hex is returned as it is.
 */
function lowerCaseHex(entry: PyJson): PyJson {
  if (!isPyObject(entry) || !Object.values(entry).some(hasCapitalHex)) return entry;
  let copy = lowered.get(entry);
  if (!copy) {
    copy = pyObjectFrom(
      Object.entries(entry).map(([hash, pair]): [string, PyJson] => [
        hash,
        isPyObject(pair)
          ? pyObjectFrom(
              Object.entries(pair).map(([part, text]): [string, PyJson] => [
                part,
                typeof text === 'string' && HEX_WITH_CAPITALS.test(text) ? text.toLowerCase() : text,
              ]),
            )
          : pair,
      ]),
    );
    lowered.set(entry, copy);
  }
  return copy;
}

function hasCapitalHex(pair: PyJson): boolean {
  return (
    isPyObject(pair) && Object.values(pair).some((text) => typeof text === 'string' && HEX_WITH_CAPITALS.test(text))
  );
}
