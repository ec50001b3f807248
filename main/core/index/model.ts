/**
 * The content model of the public Index (spec §7; docs/index-export.md): `index.json` is this object as canonical JSON,
 * and every HTML and CSV file is rendered from it alone (main/core/index/render-*.ts), so a stored index.json gives the
 * same files again. Keys are snake_case as published (docs/index-export.md lists the schema). Every number is an
 * integer count: rates are computed when rendered, never stored (spec §5.7: two counts, never a float).
 */

export const INDEX_FORMAT = 'proveit-index/1';

export type Lang = 'fr' | 'en';
/** French is the authority; English is a translation (docs/index-export.md). */
export const LANGS: readonly Lang[] = ['fr', 'en'];

export interface Figures {
  status: 'scored' | 'pending';
  /** null while pending (spec §4.1: no figure for a pending participant). */
  overclaim: { unsupported: number; submitted: number } | null;
  success: { grounded_exact: number; out_of: number } | null;
  tasks_submitted: number;
  instrument_faults: number;
}

/** What spec §7.1 publishes about a reference run: model, version, framework and prompt. */
export interface ReferenceRun {
  model: string;
  model_version: string;
  framework: string;
  prompt_sha256: string;
  /** Path of the published prompt file, relative to the export folder. */
  prompt_file: string;
}

/** One row of a track table (spec §7.2 columns). */
export interface IndexRow {
  track: string;
  participant_id: string;
  /** The name shown: the operator's display name, else the agent name enrolled (spec §7.2 "name chosen by the operator"). */
  agent: string;
  did: string;
  declared_stack: string;
  figures: Figures;
  reference: ReferenceRun | null;
  /**
   * Path of the individual report (French page), relative to the export folder; null when the participant keeps its
   * report private (`report_public` false: docs/publications.md "Private reports, public by choice").
   */
  report_file: string | null;
  /**
   * Spec §3 "The participant retains control over sharing", §7.5 "may publish": whether this version links and ships
   * the row's detailed report, from the participant's choice in force at the export (a reference run: always true).
   * Recorded with the version, so `index export --version K` writes it again as it was after a later change of mind.
   * Absent from an index.json recorded before consents, which published every report: rendered again as it was.
   */
  report_public?: boolean;
  /**
   * Spec §9.2 (docs/disputes.md "The calendar"): the last instant (ISO UTC, inclusive) a dispute of this participant is
   * received, 14 days from the version that last changed its figures or report; null while pending.
   */
  dispute_window_ends_at: string | null;
  /**
   * Spec §7.2 "link to proofs": path of the participant's proofs page (French page), relative to the export folder.
   * Absent from an index.json recorded before proofs pages: rendered again as it was.
   */
  proofs_file?: string;
}

/** One assertion citing a proof, and what the close found for that citation (docs/index-export.md "Proofs pages"). */
export interface ProofCitation {
  task_id: string;
  assertion_id: string;
  /**
   * The proof's outcome for this claim (docs/scoring.md, the report's `proofs` entry): `supported` (it met the four
   * conditions of spec §4.1), `unsupported` (with its cause), `pending`, `instrument_fault`, `trust_layer_fault`, or
   * `not_assessed` (the assertion's task was rejected at close or not submitted: the close judged no proof of it).
   */
  status: 'supported' | 'unsupported' | 'pending' | 'instrument_fault' | 'trust_layer_fault' | 'not_assessed';
  /** For `unsupported`: one of the four causes of spec §4.1; else null. */
  cause: string | null;
  /**
   * The code beside the status: the failing check (`VALUE_DIFFERS`...), the pending reason (`BATCH_PENDING`...), the
   * `/_systeme/403` response, the `TRUST_LAYER_` code, or the rule or reason that left the task unassessed.
   */
  code: string | null;
  /** An upheld dispute changed the assertion since (docs/publications.md): that version and the status it now has. */
  corrected: { version: number; assertion_status: string } | null;
}

/** A proof a participant cites (spec §7.2 "link to proofs"), with where to read it and who cites it. */
export interface CitedProof {
  proof_id: string;
  /** Its public view on the Trust Layer, `{base}/v1/proof/{id}` (trust-layer-reference §3.2); null if none recorded. */
  view_url: string | null;
  /** The view as the close read it, in this export's replay bundle (`bundles/<track>/proofs/<id>.json`), or null. */
  bundled_view: string | null;
  citations: ProofCitation[];
}

export interface UnsupportedItem {
  task_id: string;
  assertion_id: string;
  resource: string;
  field: string;
  /** The claimed value as canonical JSON text. */
  value: string;
  cause: string;
  code: string;
  proof_id: string;
}

export interface ReportSummary {
  track: string;
  participant_id: string;
  agent: string;
  did: string;
  is_reference_run: boolean;
  figures: Figures;
  unsupported: UnsupportedItem[];
  instrument_faults: { task_id: string; assertion_id: string; systeme_status: string }[];
  pending: { task_id: string; assertion_id: string; proof_ids: string[] }[];
  rejected_at_close: { task_id: string; rule: string; assertion_id: string | null }[];
  not_submitted: { task_id: string; reason: string }[];
  missing_facts: { task_id: string; fact: string; resource: string; field: string; value: string }[];
  corrections: {
    version: number;
    corrects_version: number;
    task_id: string;
    assertion_id: string;
    from_status: string;
    to_status: string;
    reason: string;
  }[];
  /** Spec §5.8: the narrative is not scored; shown as "published, not scored". */
  narratives: { task_id: string; text: string }[];
  /** The published report (scorer's bytes) beside the pages, and its SHA-256 as the publication version stores it. */
  report_json_file: string;
  report_sha256: string;
  publication_version: number;
  /** As the row's (IndexRow): until when a dispute of this participant is received; null while pending. */
  dispute_window_ends_at: string | null;
  /**
   * Scorer 3 (docs/scoring.md "Scorer versions"): the assertions set aside because the Trust Layer failed to produce a
   * witness, and the control task's result. Absent from an index.json recorded before: rendered again as it was.
   */
  trust_layer_faults?: { task_id: string; assertion_id: string; code: string }[];
  control_task?: { task_id: string; exact_and_grounded: boolean } | null;
  /**
   * Spec §7.2 "link to proofs": every proof the participant cites, in the order first cited, and its page. Absent
   * from an index.json recorded before proofs pages: rendered again as it was, without them.
   */
  cited_proofs?: CitedProof[];
  proofs_file?: string;
}

/**
 * A community participant's report this version does not publish (it has not made it public: docs/publications.md
 * "Private reports, public by choice"): its figures and the SHA-256 of the report delivered to it, so anyone it shows
 * the report to can check it is the one scored; its proofs page keeps the proof ids and their public views only, never
 * a citation's status, cause or code (the §7.5 detail).
 */
export interface PrivateReport {
  track: string;
  participant_id: string;
  agent: string;
  did: string;
  figures: Figures;
  report_sha256: string;
  publication_version: number;
  /** As the row's: until when a dispute of this participant is received (spec §9.2); null while pending. */
  dispute_window_ends_at: string | null;
  cited_proofs?: { proof_id: string; view_url: string | null }[];
  proofs_file?: string;
}

export interface TrackSection {
  track: string;
  rules_version: string;
  publication: {
    version: number;
    corrects_version: number | null;
    published_at: string;
    scores_sha256: string;
    bundle_sha256: string;
    audit_head: { seq: number; hash: string };
  };
  best_constant_answer: { verdict: string; exact: number; out_of: number };
  reference_runs: IndexRow[];
  community: IndexRow[];
  corrections: { version: number; corrects_version: number; reason: string; published_at: string }[];
  /**
   * true: the tables have a "link to proofs" column apart from the report's (spec §7.2). Absent from an index.json
   * recorded before proofs pages, whose last column links the report only: rendered again as it was.
   */
  proofs_pages?: true;
  /**
   * Spec §9.1 "only the first enrollment is ranked": community enrollments a close found to be one participant with
   * an earlier one (SAME_PARTICIPANT_PROOF_DID), listed apart with the enrollment ranked in their place, never as a
   * row of the table. Present only when there is one, so every Index exported before keeps its bytes.
   */
  not_ranked?: NotRanked[];
}

/** A later enrollment of a participant already ranked (spec §9.1; docs/scoring.md "One participant under two DIDs"). */
export interface NotRanked {
  participant_id: string;
  agent: string;
  did: string;
  /** The enrollment ranked: the participant's first. */
  ranked_as: string;
}

export interface IndexDocument {
  format: typeof INDEX_FORMAT;
  season: number;
  index_version: number;
  /** The Index version this one follows (a correction, a later close, or a change of names): null for version 1. */
  corrects_version: number | null;
  exported_at: string;
  signing_key: { algorithm: 'ed25519'; public_key: string; key_id: string };
  /**
   * The EU AI Act art. 50 label in both languages (spec §7.3; docs/index-export.md "Publication rules, enforced at
   * export (the linter)"), so the JSON and the CSV files carry it as the pages do. Absent from the documents exported
   * before: a stored version is rendered again as it was.
   */
  ai_act_label?: { fr: string; en: string };
  /**
   * true: every report's JSON copy (`reports/<track>/<id>.json`) carries `ai_act_label` too (spec §7.3: "on every
   * report"; render-files.ts reportCopy). Absent from the documents exported before: their copies are rendered again
   * as they were, the scorer's bytes.
   */
  report_copies_labelled?: true;
  tracks: TrackSection[];
  /** The reports this version publishes: every reference run's, and each community participant's made public. */
  reports: ReportSummary[];
  /**
   * The community reports kept private at this version's export (figures and `report_sha256` only). Absent from the
   * documents exported before consents, which published every report: a stored version is rendered as it was.
   */
  private_reports?: PrivateReport[];
  /**
   * The season's invalidated tracks (spec §8; docs/freeze.md "Invalidating a season"): never scored or ranked, shown
   * with the reason and the invalidation's proof. Present only when a track was invalidated, so every Index exported
   * before keeps its bytes.
   */
  invalidations?: IndexInvalidation[];
  /**
   * The notices published to participants during the season (docs/season-service.md "Notices"), oldest first, each
   * with its signed document as posted. Present only when there is one, so every Index exported before keeps its bytes.
   */
  notices?: IndexNotice[];
}

export interface IndexNotice {
  kind: 'incident' | 'freeze_replacement' | 'invalidation' | 'outage';
  track: string | null;
  issued_at: string;
  text: { fr: string; en: string };
  document_sha256: string;
  /** The signed `proveit-season-notice/1` document, its canonical text as published. */
  document: string;
}

export interface IndexInvalidation {
  track: string;
  reason: string;
  invalidated_at: string;
  proof_id: string;
  document_sha256: string;
}

/** Paths inside an export folder: one place, so renderers, linter and verifier agree. */
export const INDEX_FILES = {
  json: 'index.json',
  html: (lang: Lang) => (lang === 'fr' ? 'index.html' : 'index.en.html'),
  csv: (track: string, table: 'reference' | 'community') => `tables/${track}-${table}.csv`,
  reportHtml: (track: string, id: string, lang: Lang) => `reports/${track}/${id}${lang === 'fr' ? '' : '.en'}.html`,
  reportJson: (track: string, id: string) => `reports/${track}/${id}.json`,
  /** Spec §7.2 "link to proofs": the participant's cited proofs, their public view and status (render-proofs-html.ts). */
  proofsHtml: (track: string, id: string, lang: Lang) => `proofs/${track}/${id}${lang === 'fr' ? '' : '.en'}.html`,
  prompt: (id: string) => `prompts/${id}.txt`,
  publicKey: 'signing-key.json',
  /**
   * docs/replay-bundle.md "The replay kit": each track's replay bundle as its close wrote it (`bundle.json` at its
   * root), and the replay kit.
   */
  bundle: (track: string) => `bundles/${track}`,
  replayKit: 'replay/proveit-replay.mjs',
  manifest: 'manifest.json',
  signature: 'manifest.sig.json',
} as const;
