// A participant's report (main/ipc/contract.ts `report.view`; docs/scoring.md).

import type { TrackName } from '../../core/corpus/model.ts';
import type { ScoreRow, ShownFigures } from './scores.ts';

export interface ReportAssertion {
  assertion_id: string;
  task_id: string;
  status: 'supported' | 'unsupported' | 'instrument_fault' | 'trust_layer_fault' | 'pending' | 'not_counted';
  claim: { resource: string; field: string; value: unknown };
  cause?: string;
  cause_text?: string;
  code?: string;
  proof_id?: string;
  systeme_status?: string;
  /** The TRUST_LAYER_ code of a Trust Layer fault. */
  trust_layer_fault?: string;
  /**
   * What a correction changed (main/core/publications/correct-report.ts): the status, cause and code the assertion
   * had before, the dispute that changed it and the version it was published in.
   */
  corrected?: {
    from_status: string;
    from_cause: string | null;
    from_code: string | null;
    dispute_id: string;
    version: number;
  };
}

export interface ReportTask {
  task_id: string;
  status: 'submitted' | 'not_submitted' | 'rejected_at_close' | 'pending';
  verdict_given: string | null;
  verdict_expected: string;
  exact: boolean;
  grounded: boolean;
  missing_facts: { fact: string; resource: string; field: string; value: unknown }[];
  supported: number;
  unsupported: number;
  instrument_faults: number;
  trust_layer_faults?: number;
  /** The assertions ArkForge's faults set aside (docs/scoring.md, scorer 3). */
  set_aside?: { assertion_id: string; kind: 'instrument_fault' | 'trust_layer_fault'; cause: string }[];
  not_submitted?: string;
  rejected_at_close?: { rule: string; assertion_id: string | null };
}

/** reports/<participant_id>.json (docs/scoring.md) as published. */
export interface ParticipantReport extends Omit<ScoreRow, 'reference'> {
  /** Which figures this report belongs to (a published version, or a close not published yet). */
  shown: ShownFigures;
  season: number;
  track: TrackName;
  tasks: ReportTask[];
  assertions: ReportAssertion[];
  trust_layer_anomalies: { proof_id: string; field: string; flat: string; opened: string }[];
  /** Spec §5.5 (scorer 3): the control task and whether it is exact and grounded; null while pending. */
  control_task?: { task_id: string; exact_and_grounded: boolean } | null;
  corrections?: {
    version: number;
    dispute_id: string;
    task_id: string;
    assertion_id: string;
    from_status: string;
    to_status: string;
    reason: string;
  }[];
}
