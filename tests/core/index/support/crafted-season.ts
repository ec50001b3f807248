import { sha256Hex } from '../../../../main/core/hash/sha256.ts';
import { buildIndexDocument, type TrackPublication } from '../../../../main/core/index/build-index.ts';
import { loadsText } from '../../../../main/core/json/loads.ts';
import type { PyObject } from '../../../../main/core/json/value.ts';
import type { IndexDocument } from '../../../../main/core/index/model.ts';

/**
 * A season written by hand in the scorer's formats (docs/scoring.md), both tracks, for the pure tests of the Index:
 * compliance has a reference run (ref-1), a scored participant with unsupported assertions (p-ada), one pending
 * (p-bob) and one with no task submitted (p-fay); generic has one participant (g-cy). Devnet-built seasons are in
 * tests/services/index-export/.
 */
const obj = (value: unknown): PyObject => {
  const parsed = loadsText(JSON.stringify(value));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value as PyObject;
};

const row = (
  id: string,
  name: string,
  status: string,
  o: [number | null, number | null],
  s: number | null,
  submitted: number,
) => ({
  participant_id: id,
  did: `did:key:z${id}`,
  agent_name: name,
  declared_stack: `the declared stack of ${id}`,
  status,
  overclaim: { unsupported: o[0], submitted: o[1] },
  success: { grounded_exact: s, out_of: 10 },
  tasks_submitted: submitted,
  instrument_faults: 0,
});

function report(r: ReturnType<typeof row>, track: string, extra: object = {}) {
  return obj({
    ...r,
    season: 1,
    track,
    // Spec §5.5: the control task is exact and grounded for every participant but p-fay.
    control_task: { task_id: 'conf-07', exact_and_grounded: r.participant_id !== 'p-fay' },
    tasks: [
      {
        task_id: 'conf-01',
        status: 'submitted',
        missing_facts: [{ fact: 'f1', resource: '/entites/1', field: '/statut', value: 'actif' }],
      },
      {
        task_id: 'conf-02',
        status: 'rejected_at_close',
        rejected_at_close: { rule: 'NOT_PROBATIVE', assertion_id: 'a2' },
        missing_facts: [],
      },
      { task_id: 'conf-03', status: 'not_submitted', not_submitted: 'BELOW_MINIMUM', missing_facts: [] },
    ],
    assertions: [
      {
        task_id: 'conf-01',
        assertion_id: 'a3',
        status: 'unsupported',
        claim: { resource: '/entites/1', field: '/statut', value: 'radie' },
        cause: 'value_mismatch',
        code: 'VALUE_DIFFERS',
        proof_id: 'prf_20261010_120000_abcdef',
        proofs: [],
      },
      {
        task_id: 'conf-01',
        assertion_id: 'a4',
        status: 'instrument_fault',
        claim: { resource: '/entites/1', field: '/existe', value: true },
        systeme_status: '403',
        proofs: [],
      },
      {
        task_id: 'conf-01',
        assertion_id: 'a5',
        status: 'trust_layer_fault',
        claim: { resource: '/entites/1', field: '/siren', value: '1' },
        trust_layer_fault: 'TRUST_LAYER_TSA_FAILED',
        proofs: [],
      },
    ],
    ...extra,
  });
}

export function craftedTracks(names: Record<string, string> = {}): TrackPublication[] {
  const conf = [
    row('ref-1', names['ref-1'] ?? 'Reference agent', 'scored', [5, 40], 3, 8),
    row('p-ada', names['p-ada'] ?? 'Ada', 'scored', [1, 8], 2, 2),
    row('p-bob', 'Bob', 'pending', [null, null], null, 1),
    row('p-fay', 'Fay', 'scored', [0, 0], 0, 0),
  ];
  const gen = [row('g-cy', 'Cy', 'scored', [2, 10], 4, 5)];
  const pub = (track: string, rows: ReturnType<typeof row>[], verdict: string, exact: number): TrackPublication => {
    const scores = obj({
      season: 1,
      track,
      rules_version: `${track}-rules`,
      best_constant_answer: { verdict, success: { exact, out_of: 10 } },
      participants: rows,
    });
    return {
      track,
      version: 1,
      correctsVersion: null,
      publishedAtMs: Date.parse('2026-11-02T10:00:00.000Z'),
      scoresSha256: sha256Hex(new TextEncoder().encode(track)),
      bundleSha256: 'b'.repeat(64),
      auditSeq: 7,
      auditHash: 'a'.repeat(64),
      scores,
      reports: new Map(
        rows.map((r) => [
          r.participant_id,
          {
            report: report(r, track),
            sha256: 'c'.repeat(64),
            version: 1,
            // 14 days after the publication below; none while pending (spec §9.2).
            disputeWindowEndsMs: r.status === 'pending' ? null : Date.parse('2026-11-16T10:00:00.000Z'),
          },
        ]),
      ),
      corrections: [],
      narratives: new Map([['p-ada', [{ task_id: 'conf-01', text: 'Read the entity record first.' }]]]),
    };
  };
  return [pub('generique', gen, 'aucune_option_valide', 3), pub('conformite', conf, 'indeterminable', 4)];
}

export const KEY = { publicKeyHex: '11'.repeat(32), keyId: '22'.repeat(32) };

export function craftedDocument(
  options: {
    names?: Record<string, string>;
    displayNames?: Map<string, string>;
    declaredStacks?: Map<string, string>;
    referenceModel?: string;
  } = {},
): IndexDocument {
  return buildIndexDocument({
    season: 1,
    indexVersion: 1,
    correctsVersion: null,
    exportedAtMs: Date.parse('2026-11-03T09:00:00.000Z'),
    signingKey: KEY,
    tracks: craftedTracks(options.names),
    displayNames: options.displayNames ?? new Map(),
    ...(options.declaredStacks ? { declaredStacks: options.declaredStacks } : {}),
    referenceRuns: new Map([
      [
        'ref-1',
        {
          model: options.referenceModel ?? 'Claude',
          modelVersion: '4.5',
          framework: 'proveit-runner',
          promptSha256: 'd'.repeat(64),
        },
      ],
    ]),
  });
}
