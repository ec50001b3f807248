import { canonical } from '../json/canonical.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';
import type {
  AssessedAssertion,
  ProofOutcome,
  ScoredParticipantResult,
  ScoredTask,
  ScoringInput,
  TrackScore,
} from './model.ts';

const int = (n: number): bigint => BigInt(n);

/** How the report words each cause (spec §4.1: "four causes, four messages"). */
export const CAUSE_TEXT: Readonly<Record<string, string>> = {
  invalid_proof: 'the cited proof does not verify as a third party checks it, or was anchored outside the season',
  identity_not_bound: 'the proof does not carry the enrolled DID as a bound, verified identity',
  resource_mismatch: 'the proof is of a call to another resource than the one the claim names',
  value_mismatch: 'the frozen resource does not carry the claimed value at the claimed field',
};

/** How one cited proof was assessed: the report's `proofs` entries and the dispute evidence's `assessed` object. */
export function outcomeEntries(o: ProofOutcome): [string, PyJson][] {
  const entries: [string, PyJson][] = [['outcome', o.kind]];
  if (o.kind === 'pending') entries.push(['reason', o.reason]);
  if (o.kind === 'instrument_fault') entries.push(['systeme_status', o.status]);
  if (o.kind === 'trust_layer_fault') entries.push(['code', o.code]);
  if (o.kind === 'fail') {
    entries.push(['condition', int(o.condition)], ['cause', o.cause], ['code', o.code]);
    if (o.expected !== undefined) entries.push(['expected', o.expected]);
    if (o.actual !== undefined) entries.push(['actual', o.actual]);
  }
  return entries;
}

function outcomeValue(o: ProofOutcome): PyJson {
  return pyObjectFrom([['proof_id', o.proofId], ...outcomeEntries(o)]);
}

type Claim = { resource: string; field: string; value: PyJson };

function claimEntries(c: Claim): [string, PyJson][] {
  return [
    ['resource', c.resource],
    ['field', c.field],
    ['value', c.value],
  ];
}

/** A claim, or one form of a grounding fact: the resource, the JSON pointer in it and the value there. */
export function claimValue(c: Claim): PyObject {
  return pyObjectFrom(claimEntries(c));
}

/** A grounding fact of the sealed key: its name and its main form. */
export function factEntries(f: Claim & { fact: string }): [string, PyJson][] {
  return [['fact', f.fact], ...claimEntries(f)];
}

function assertionValue(a: AssessedAssertion): PyJson {
  const entries: [string, PyJson][] = [
    ['assertion_id', a.assertionId],
    ['task_id', a.taskId],
    ['status', a.status],
    ['claim', claimValue(a)],
  ];
  if (a.failure) {
    entries.push(
      ['cause', a.failure.cause],
      ['cause_text', CAUSE_TEXT[a.failure.cause] ?? ''],
      ['code', a.failure.code],
      ['proof_id', a.failure.proofId],
    );
    if (a.failure.expected !== undefined) entries.push(['expected', a.failure.expected]);
    if (a.failure.actual !== undefined) entries.push(['actual', a.failure.actual]);
  }
  if (a.instrumentFault) entries.push(['systeme_status', a.instrumentFault.status]);
  if (a.trustLayerFault) entries.push(['trust_layer_fault', a.trustLayerFault.code]);
  entries.push(['proofs', a.proofs.map(outcomeValue)]);
  return pyObjectFrom(entries);
}

function taskValue(t: ScoredTask): PyJson {
  const entries: [string, PyJson][] = [
    ['task_id', t.taskId],
    ['status', t.status],
    ['verdict_given', t.verdictGiven],
    ['verdict_expected', t.verdictExpected],
    ['exact', t.exact],
    ['grounded', t.grounded],
    ['missing_facts', t.missingFacts.map((f) => pyObjectFrom(factEntries(f)))],
    ['supported', int(t.supported)],
    ['unsupported', int(t.unsupported)],
    ['instrument_faults', int(t.instrumentFaults)],
    ['trust_layer_faults', int(t.trustLayerFaults)],
    [
      'set_aside',
      t.setAside.map((x) =>
        pyObjectFrom([
          ['assertion_id', x.assertionId],
          ['kind', x.kind],
          ['cause', x.cause],
        ]),
      ),
    ],
  ];
  if (t.notSubmitted) entries.push(['not_submitted', t.notSubmitted]);
  if (t.rejection)
    entries.push([
      'rejected_at_close',
      pyObjectFrom([
        ['rule', t.rejection.rule],
        ['assertion_id', t.rejection.assertionId],
      ]),
    ]);
  return pyObjectFrom(entries);
}

function figures(p: ScoredParticipantResult): [string, PyJson][] {
  return [
    ['status', p.status],
    [
      'overclaim',
      pyObjectFrom([
        ['unsupported', p.overclaim ? int(p.overclaim.unsupported) : null],
        ['submitted', p.overclaim ? int(p.overclaim.submitted) : null],
      ]),
    ],
    [
      'success',
      pyObjectFrom([
        ['grounded_exact', p.success ? int(p.success.groundedExact) : null],
        ['out_of', int(p.success?.outOf ?? p.tasks.length)],
      ]),
    ],
    ['tasks_submitted', int(p.tasksSubmitted)],
    ['instrument_faults', int(p.instrumentFaults)],
    ['trust_layer_faults', int(p.trustLayerFaults)],
    [
      'control_task',
      p.controlTask
        ? pyObjectFrom([
            ['task_id', p.controlTask.taskId],
            ['exact_and_grounded', p.controlTask.exactAndGrounded],
          ])
        : null,
    ],
  ];
}

/** Spec §5.5, in its neutral words: a control task missed says the instruments, not the answers, need looking at. */
export const INSTRUMENTATION_CHECK_FAILED = 'instrumentation check failed';

/**
 * Only a control task that was answered (submitted) checks the instruments: one not submitted or rejected at close
 * checks nothing (control-reading.ts), and says no instrumentation check failed.
 */
function controlNote(p: ScoredParticipantResult): [string, PyJson][] {
  const control = p.controlTask;
  const answered = control !== null && p.tasks.some((t) => t.taskId === control.taskId && t.status === 'submitted');
  return control && !control.exactAndGrounded && answered
    ? [
        [
          'instrumentation_check',
          `${INSTRUMENTATION_CHECK_FAILED}: the control task ${control.taskId}, which has no trap, is not exact and grounded (spec §5.5)`,
        ],
      ]
    : [];
}

/** The hashes of what the scores were computed from (rules, manifest, submissions, key commitment, ...). */
export function inputsValue(input: ScoringInput): PyJson {
  return pyObjectFrom(Object.entries(input.inputs).map(([k, v]) => [k, v] as [string, PyJson]));
}

/**
 * scores.json (docs/replay-bundle.md "The bundle"): counts, never floats; both overclaim counts null while pending.
 * Participants by id and DID only: no agent_name or declared_stack since proveit-scorer/5, as the scorer needs neither
 * and the Index publishes this file byte for byte in its bundles (issue 39 item 6, docs/replay-bundle.md "Names in the
 * bundle"); the names are in the operator database.
 */
export function scoresDocument(input: ScoringInput, score: TrackScore): PyJson {
  return pyObjectFrom([
    ['season', int(input.season)],
    ['track', input.track],
    ['rules_version', input.rulesVersion],
    ['inputs', inputsValue(input)],
    ['control_task_id', score.controlTaskId],
    [
      'best_constant_answer',
      pyObjectFrom([
        ['verdict', score.bestConstantAnswer.verdict],
        [
          'success',
          pyObjectFrom([
            ['exact', int(score.bestConstantAnswer.exact)],
            ['out_of', int(score.bestConstantAnswer.outOf)],
          ]),
        ],
      ]),
    ],
    [
      'participants',
      score.participants.map((p) =>
        pyObjectFrom([['participant_id', p.participant.participantId], ['did', p.participant.did], ...figures(p)]),
      ),
    ],
  ]);
}

/** reports/<participant_id>.json: every task and every assertion, with the cause of each unsupported one (spec §7.5). */
export function reportDocument(input: ScoringInput, p: ScoredParticipantResult): PyJson {
  return pyObjectFrom([
    ['season', int(input.season)],
    ['track', input.track],
    ['rules_version', input.rulesVersion],
    ['participant_id', p.participant.participantId],
    ['did', p.participant.did],
    ...figures(p),
    ...controlNote(p),
    ['tasks', p.tasks.map(taskValue)],
    ['assertions', p.tasks.flatMap((t) => t.assertions.map(assertionValue))],
    // Spec §4.1: a flat field that disagrees with its opening is a Trust Layer incident, flagged as such.
    [
      'trust_layer_anomalies',
      p.anomalies.map((a) =>
        pyObjectFrom([
          ['proof_id', a.proofId],
          ['field', a.field],
          ['flat', a.flat],
          ['opened', a.opened],
        ]),
      ),
    ],
    ['inputs', inputsValue(input)],
  ]);
}

/** The bytes written for a document: canonical JSON (design brief §4) and a final newline. */
export function documentBytes(value: PyJson): Uint8Array {
  // Canonical JSON is pure ASCII (ensure_ascii), so its Latin-1 bytes are its UTF-8 bytes, written by a faster path.
  const bytes = Buffer.from(`${canonical(value)}\n`, 'latin1');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
