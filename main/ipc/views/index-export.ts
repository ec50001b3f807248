// The Index export, its linter and its anchor (main/ipc/contract.ts `index.*`; docs/index-export.md).

import type { TrackName } from '../../core/corpus/model.ts';
import type { Lang } from '../../core/index/model.ts';
import type { TrackRef } from './track-ref.ts';
import type { VerifyAnswer } from './verify.ts';

/** `index.anchor`: the proof that dates the newest export's manifest hash (docs/index-export.md "Anchoring"). */
export interface IndexAnchorAnswer {
  season: number;
  index_version: number;
  manifest_sha256: string;
  proof_id: string;
  url: string;
  out_dir: string;
}

/**
 * `index.verify`: what was checked (the season's newest export: its folder and Index version, the files its signed
 * manifest lists) and the outcome, its anchor included (docs/console-backend.md "The Index export's state").
 */
export interface IndexVerifyAnswer extends VerifyAnswer, IndexExportState {}

/** An export's anchor (anchor/ in its folder, docs/index-export.md "Anchoring"), as the view kept there verifies. */
export interface IndexAnchorState {
  /** absent: never anchored; pending: its batch not anchored in the view kept; not_verified: the anchor fails (`code`). */
  state: 'absent' | 'pending' | 'anchored' | 'not_verified';
  proof_id: string | null;
  /** The RFC 3161 time of the proof's batch, once anchored: the version existed by then. */
  anchored_at: string | null;
  code: string | null;
}

/** The season's newest Index export, the one `index.verify` checks and `index.anchor` anchors. */
export interface IndexExportState {
  season: number;
  out_dir: string;
  /** Its Index version (null: its manifest cannot be read). */
  version: number | null;
  /** The files its signed manifest lists (manifest.json and manifest.sig.json are not among them). */
  listed_files: number | null;
  anchor: IndexAnchorState;
}

/** `index.status`: the newest export, or null when none was written from this console. */
export interface IndexStatus {
  season: number;
  newest: IndexExportState | null;
}

/** A publication linter finding (docs/index-export.md, "Publication rules"): a stable `LINT_*` code, where, what. */
export interface LintFinding {
  code: string;
  /** The export file concerned (relative path). */
  file: string;
  /** Where in it: a section, a row or a field. */
  where: string;
  /** The CLI's sentence (English, naming the command that fixes it). */
  message: string;
  /**
   * What was found, as facts the screen words in its language with its own act as the fix, never a command (keys by
   * code: LintFacts, main/core/index/lint/lint-index.ts).
   */
  facts?: Record<string, string>;
  /**
   * The act that fixes it, done from the Index screen (docs/console.md "Screens"): a display name, a declared stack or the
   * reference run's record of the participant named; null for a finding no act of staff fixes (a rendering fault).
   */
  fix: LintFix | null;
}

export interface LintFix {
  act: 'display_name' | 'declared_stack' | 'reference';
  track: TrackName;
  participant_id: string;
}

/** The Index as the next export would write it (written nowhere), with the linter's findings. */
export interface IndexPreview extends TrackRef {
  lang: Lang;
  /** The Index version the next export writes: the latest again when nothing changed since. */
  version: number;
  /** Whether that version is already exported (then the export writes it again, byte for byte). */
  exported: boolean;
  /** The self-contained HTML page, shown in a sandboxed frame; null while a file holds a secret (LINT_SECRET). */
  html: string | null;
  /** Every finding blocks the export (INDEX_LINT_FAILED); the screen lists them before. */
  findings: LintFinding[];
}

/** An `index.export` job's result (docs/console-backend.md). */
export interface IndexExportAnswer {
  out_dir: string;
  version: number;
  manifest_sha256: string;
  /** Every file written: the `listed_files` the signed manifest lists, manifest.json and manifest.sig.json. */
  files: number;
  /** The files the signed manifest lists (what index.verify checks one by one); absent from jobs of older consoles. */
  listed_files?: number;
}
