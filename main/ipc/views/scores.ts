// A track's figures (main/ipc/contract.ts `scores.view`; docs/scoring.md, docs/publications.md): which ones are shown.

import type { TrackRef } from './track-ref.ts';

/** One row of scores.json (docs/scoring.md). */
export interface ScoreRow {
  participant_id: string;
  did: string;
  agent_name: string;
  declared_stack: string;
  reference: boolean;
  status: 'scored' | 'pending';
  overclaim: { unsupported: number | null; submitted: number | null };
  success: { grounded_exact: number | null; out_of: number };
  tasks_submitted: number;
  instrument_faults: number;
  /** Witnesses the Trust Layer failed to produce (docs/scoring.md); 0 in scores of scorer versions before 3. */
  trust_layer_faults: number;
}

/**
 * Which figures a screen shows (docs/publications.md): a published version, or a close not published yet. Every
 * figure on screen is labelled with it ("published v2", "close of 19:12, not published").
 */
export type ShownFigures =
  { kind: 'published'; version: number; published_at: string } | { kind: 'close'; close_id: number; closed_at: string };

/** What a track's figures can be shown as: each published version, and the latest close when none publishes it. */
export interface FigureChoices {
  published: { version: number; corrects_version: number | null; published_at: string }[];
  unpublished_close: { close_id: number; closed_at: string } | null;
}

/** Which figures to show: a version, the latest close (`latest_close`), or by default the latest of the two. */
export type FiguresAsked = { version?: number; latest_close?: boolean };

export interface ScoresView extends TrackRef {
  /** The publication version shown; null: the latest close, not published yet. */
  version: number | null;
  close_id: number;
  shown: ShownFigures;
  choices: FigureChoices;
  best_constant_answer: { verdict: string; success: { exact: number; out_of: number } };
  /** Every participant when no page is asked; else rows offset .. offset + limit of `total`. */
  participants: ScoreRow[];
  total: number;
  offset: number;
}
