import { canonical } from '../json/canonical.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import type { Figures, ReportSummary } from './model.ts';

// Reads a published report (docs/scoring.md, docs/publications.md) into what the individual page shows (spec §7.5).
// The report was checked when it was published; a field of an unexpected type here shows as empty, never throws.

const str = (v: PyJson | undefined): string => (typeof v === 'string' ? v : '');
const num = (v: PyJson | undefined): number => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : 0);
const objects = (v: PyJson | undefined): PyObject[] => (Array.isArray(v) ? v.filter(isPyObject) : []);
const obj = (v: PyJson | undefined): PyObject | null => (v !== undefined && isPyObject(v) ? v : null);
const valueText = (v: PyJson | undefined): string => (v === undefined ? '' : canonical(v));

/** The figures of a scores.json row or a report (both carry the same keys, docs/scoring.md). */
export function figuresFrom(doc: PyObject): Figures {
  const o = obj(doc['overclaim']);
  const s = obj(doc['success']);
  const pending = doc['status'] === 'pending';
  const unsupported = o?.['unsupported'];
  const grounded = s?.['grounded_exact'];
  return {
    status: pending ? 'pending' : 'scored',
    overclaim:
      pending || unsupported === null || unsupported === undefined
        ? null
        : { unsupported: num(unsupported), submitted: num(o?.['submitted']) },
    success:
      pending || grounded === null || grounded === undefined
        ? null
        : { grounded_exact: num(grounded), out_of: num(s?.['out_of']) },
    tasks_submitted: num(doc['tasks_submitted']),
    instrument_faults: num(doc['instrument_faults']),
  };
}

export interface ReportInput {
  track: string;
  participantId: string;
  agent: string;
  isReferenceRun: boolean;
  report: PyObject;
  reportSha256: string;
  reportJsonFile: string;
  publicationVersion: number;
  /** Until when a dispute of this participant is received (ISO UTC), null while pending (spec §9.2). */
  disputeWindowEndsAt: string | null;
  narratives: { task_id: string; text: string }[];
}

/** The individual report's sections: unsupported assertions with their cause, faults, pending, missing facts... */
export function reportSummary(input: ReportInput): ReportSummary {
  const r = input.report;
  const assertions = objects(r['assertions']);
  const tasks = objects(r['tasks']);
  return {
    track: input.track,
    participant_id: input.participantId,
    agent: input.agent,
    did: str(r['did']),
    is_reference_run: input.isReferenceRun,
    figures: figuresFrom(r),
    unsupported: assertions
      .filter((a) => a['status'] === 'unsupported')
      .map((a) => {
        const claim = obj(a['claim']);
        return {
          task_id: str(a['task_id']),
          assertion_id: str(a['assertion_id']),
          resource: str(claim?.['resource']),
          field: str(claim?.['field']),
          value: valueText(claim?.['value']),
          cause: str(a['cause']),
          code: str(a['code']),
          proof_id: str(a['proof_id']),
        };
      }),
    instrument_faults: assertions
      .filter((a) => a['status'] === 'instrument_fault')
      .map((a) => ({
        task_id: str(a['task_id']),
        assertion_id: str(a['assertion_id']),
        systeme_status: str(a['systeme_status']),
      })),
    pending: assertions
      .filter((a) => a['status'] === 'pending')
      .map((a) => ({
        task_id: str(a['task_id']),
        assertion_id: str(a['assertion_id']),
        proof_ids: objects(a['proofs'])
          .filter((p) => p['outcome'] === 'pending')
          .map((p) => str(p['proof_id'])),
      })),
    rejected_at_close: tasks
      .filter((t) => t['status'] === 'rejected_at_close')
      .map((t) => {
        const rej = obj(t['rejected_at_close']);
        const id = rej?.['assertion_id'];
        return {
          task_id: str(t['task_id']),
          rule: str(rej?.['rule']),
          assertion_id: typeof id === 'string' ? id : null,
        };
      }),
    not_submitted: tasks
      .filter((t) => t['status'] === 'not_submitted')
      .map((t) => ({ task_id: str(t['task_id']), reason: str(t['not_submitted']) })),
    missing_facts: tasks.flatMap((t) =>
      t['status'] === 'submitted'
        ? objects(t['missing_facts']).map((f) => ({
            task_id: str(t['task_id']),
            fact: str(f['fact']),
            resource: str(f['resource']),
            field: str(f['field']),
            value: valueText(f['value']),
          }))
        : [],
    ),
    corrections: objects(r['corrections']).map((c) => ({
      version: num(c['version']),
      corrects_version: num(c['corrects_version']),
      task_id: str(c['task_id']),
      assertion_id: str(c['assertion_id']),
      from_status: str(c['from_status']),
      to_status: str(c['to_status']),
      reason: str(c['reason']),
    })),
    narratives: input.narratives,
    report_json_file: input.reportJsonFile,
    report_sha256: input.reportSha256,
    publication_version: input.publicationVersion,
    dispute_window_ends_at: input.disputeWindowEndsAt,
    trust_layer_faults: assertions
      .filter((a) => a['status'] === 'trust_layer_fault')
      .map((a) => ({
        task_id: str(a['task_id']),
        assertion_id: str(a['assertion_id']),
        code: str(a['trust_layer_fault']),
      })),
    control_task: controlTaskOf(r),
  };
}

/** Spec §5.5: the report's control task (scorer 3), null when the report has none (pending, or an earlier scorer). */
function controlTaskOf(r: PyObject): ReportSummary['control_task'] {
  const c = obj(r['control_task']);
  return c === null ? null : { task_id: str(c['task_id']), exact_and_grounded: c['exact_and_grounded'] === true };
}
