import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';

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

/** The disclosure a submission gives for one proof id (spec §4 `disclosures`), or null. */
export function disclosureOf(document: PyObject, proofId: string): PyJson {
  const disclosures = document['disclosures'];
  return isPyObject(disclosures) && Object.hasOwn(disclosures, proofId) ? (disclosures[proofId] ?? null) : null;
}
