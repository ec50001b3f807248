import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { isoUtc } from '../time/iso-utc.ts';
import {
  INDEX_FILES,
  type CitedProof,
  INDEX_FORMAT,
  type IndexDocument,
  type IndexInvalidation,
  type IndexNotice,
  type IndexRow,
  type NotRanked,
  type PrivateReport,
  type TrackSection,
} from './model.ts';
import { citedProofs, type SubmittedCitation } from './cited-proofs.ts';
import { figuresFrom, reportSummary } from './report-summary.ts';
import { TEXTS } from './texts.ts';

/** One track's publication version as the database holds it (docs/publications.md), parsed. */
export interface TrackPublication {
  track: string;
  version: number;
  correctsVersion: number | null;
  publishedAtMs: number;
  scoresSha256: string;
  bundleSha256: string;
  auditSeq: number;
  auditHash: string;
  /** json.loads of the version's scores.json. */
  scores: PyObject;
  /**
   * participant id → the report the version publishes (publishedReport), its SHA-256, and the end of the
   * participant's own dispute window (14 days from `version`'s publication, spec §9.2; null while pending).
   */
  reports: ReadonlyMap<
    string,
    { report: PyObject; sha256: string; version: number; disputeWindowEndsMs: number | null }
  >;
  /** Every later version up to this one (corrections and later closes), from their correction records. */
  corrections: { version: number; correctsVersion: number; reason: string; publishedAtMs: number }[];
  /** participant id → narratives submitted (spec §5.8: published, not scored), when the close's bundle is at hand. */
  narratives: ReadonlyMap<string, { task_id: string; text: string }[]>;
  /**
   * Spec §7.2 "link to proofs" (docs/index-export.md "Proofs pages"): what the proofs pages need beside the reports.
   * Absent: no proofs page, the tables as before (a document built without it renders as one recorded before).
   */
  proofs?: TrackProofs;
  /** participant id → the enrollment ranked in its place (spec §9.1; main/db/not-ranked.ts). */
  notRanked?: ReadonlyMap<string, string>;
}

/** The material of a track's proofs pages, from the shown close's bundle and its freeze (gather-publications.ts). */
export interface TrackProofs {
  /** The Trust Layer the track's freeze was anchored through: public views are `{trustLayer}/v1/proof/{id}`. */
  trustLayer: string | null;
  /** participant id → its assertions as submitted, with the proof ids each cites (the bundle's submissions.ndjson). */
  submitted: ReadonlyMap<string, readonly SubmittedCitation[]>;
  /** proof id → path in the export of the view the bundle holds (`bundles/<track>/proofs/<id>.json`). */
  bundledViews: ReadonlyMap<string, string>;
}

export interface BuildIndexInput {
  season: number;
  indexVersion: number;
  correctsVersion: number | null;
  exportedAtMs: number;
  signingKey: { publicKeyHex: string; keyId: string };
  /** At most one per track; the two are never merged (spec §6.6). */
  tracks: readonly TrackPublication[];
  displayNames: ReadonlyMap<string, string>;
  /** participant id → the stack the operator declared (spec §7.1), shown instead of the enrolled one. */
  declaredStacks?: ReadonlyMap<string, string>;
  /**
   * participant id → name and stack as enrolled, from the operator database (migration 22): since proveit-scorer/5
   * scores.json and the reports carry neither (issue 39 item 6); a scores.json of an earlier scorer still names them.
   */
  enrolledNames?: ReadonlyMap<string, { agentName: string; declaredStack: string }>;
  referenceRuns: ReadonlyMap<string, { model: string; modelVersion: string; framework: string; promptSha256: string }>;
  /** The season's invalidated tracks (docs/freeze.md "Invalidating a season"), shown as such, never scored. */
  invalidations?: readonly IndexInvalidation[];
  /** The season's notices to participants, oldest first (docs/season-service.md "Notices"). */
  notices?: readonly IndexNotice[];
  /**
   * `${track}/${participant_id}` → the participant's choice in force at the export (true: public; docs/publications.md
   * "Private reports, public by choice"). A community participant absent has never chosen: its report stays private.
   * Absent (not empty): every report is published and no row says so, the document as exported before consents.
   */
  reportConsents?: ReadonlyMap<string, boolean>;
}

/**
 * Whether the version publishes the participant's detailed report: always for a reference run (the operator's own,
 * spec §7.1), else only on the participant's choice (spec §3, §7.5). Every report when no choices are given.
 */
export function reportIsPublic(input: BuildIndexInput, track: string, participantId: string): boolean {
  if (input.reportConsents === undefined || input.referenceRuns.has(participantId)) return true;
  return input.reportConsents.get(`${track}/${participantId}`) === true;
}

const str = (v: PyJson | undefined): string => (typeof v === 'string' ? v : '');
const num = (v: PyJson | undefined): number => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : 0);

/**
 * The name a participant is shown under (spec §7.3): the display name the operator set, else the name it enrolled with
 * (kept in the operator database since proveit-scorer/5), else the one in the scored document of an older close.
 */
export function shownAgentName(
  input: Pick<BuildIndexInput, 'displayNames' | 'enrolledNames'>,
  participantId: string,
  scored: PyObject,
): string {
  return (
    input.displayNames.get(participantId) ??
    input.enrolledNames?.get(participantId)?.agentName ??
    str(scored['agent_name'])
  );
}

/** Until when a dispute of the participant is received (ISO UTC), or null (pending, or no report). */
function windowEnd(t: TrackPublication, participantId: string): string | null {
  const end = t.reports.get(participantId)?.disputeWindowEndsMs ?? null;
  return end === null ? null : isoUtc(end);
}

function trackSection(input: BuildIndexInput, t: TrackPublication): TrackSection {
  const rows = (Array.isArray(t.scores['participants']) ? t.scores['participants'] : []).filter(isPyObject);
  const reference: IndexRow[] = [];
  const community: IndexRow[] = [];
  const notRanked: NotRanked[] = [];
  // Rows keep the scorer's order (enrollment order): spec §7.2, no sort on a composite score since there is none.
  for (const p of rows) {
    const id = str(p['participant_id']);
    const mark = input.referenceRuns.get(id);
    const row: IndexRow = {
      track: t.track,
      participant_id: id,
      agent: shownAgentName(input, id, p),
      did: str(p['did']),
      declared_stack:
        input.declaredStacks?.get(id) ?? input.enrolledNames?.get(id)?.declaredStack ?? str(p['declared_stack']),
      figures: figuresFrom(p),
      reference: mark
        ? {
            model: mark.model,
            model_version: mark.modelVersion,
            framework: mark.framework,
            prompt_sha256: mark.promptSha256,
            prompt_file: INDEX_FILES.prompt(id),
          }
        : null,
      report_file: reportIsPublic(input, t.track, id) ? INDEX_FILES.reportHtml(t.track, id, 'fr') : null,
      ...(input.reportConsents === undefined ? {} : { report_public: reportIsPublic(input, t.track, id) }),
      dispute_window_ends_at: windowEnd(t, id),
      ...(t.proofs && t.reports.has(id) ? { proofs_file: INDEX_FILES.proofsHtml(t.track, id, 'fr') } : {}),
    };
    const rankedAs = mark ? undefined : t.notRanked?.get(id);
    if (rankedAs !== undefined)
      notRanked.push({ participant_id: id, agent: row.agent, did: row.did, ranked_as: rankedAs });
    else (mark ? reference : community).push(row);
  }
  const best = isPyObject(t.scores['best_constant_answer'] ?? null)
    ? (t.scores['best_constant_answer'] as PyObject)
    : null;
  const bestSuccess = best && isPyObject(best['success'] ?? null) ? (best['success'] as PyObject) : null;
  return {
    track: t.track,
    rules_version: str(t.scores['rules_version']),
    publication: {
      version: t.version,
      corrects_version: t.correctsVersion,
      published_at: isoUtc(t.publishedAtMs),
      scores_sha256: t.scoresSha256,
      bundle_sha256: t.bundleSha256,
      audit_head: { seq: t.auditSeq, hash: t.auditHash },
    },
    best_constant_answer: {
      verdict: str(best?.['verdict']),
      exact: num(bestSuccess?.['exact']),
      out_of: num(bestSuccess?.['out_of']),
    },
    reference_runs: reference,
    community,
    corrections: t.corrections.map((c) => ({
      version: c.version,
      corrects_version: c.correctsVersion,
      reason: c.reason,
      published_at: isoUtc(c.publishedAtMs),
    })),
    ...(t.proofs ? { proofs_pages: true as const } : {}),
    ...(notRanked.length > 0 ? { not_ranked: notRanked } : {}),
  };
}

/** The report's proofs page fields (spec §7.2 "link to proofs"), when the track has them. */
function proofsOf(
  t: TrackPublication,
  id: string,
  report: PyObject,
): { cited_proofs?: CitedProof[]; proofs_file?: string } {
  if (!t.proofs) return {};
  return {
    cited_proofs: citedProofs({
      report,
      submitted: t.proofs.submitted.get(id) ?? [],
      trustLayer: t.proofs.trustLayer,
      bundledViews: t.proofs.bundledViews,
    }),
    proofs_file: INDEX_FILES.proofsHtml(t.track, id, 'fr'),
  };
}

/**
 * A report kept private (docs/publications.md "Private reports, public by choice"): the figures and the SHA-256 of
 * the report the participant received; of its proofs, the ids and public views only. A citation's status carries the
 * unsupported cause and code, the detail spec §7.5 leaves to the participant to publish.
 */
function privateReport(
  t: TrackPublication,
  id: string,
  r: { report: PyObject; sha256: string; version: number },
  agent: string,
): PrivateReport {
  const proofs = proofsOf(t, id, r.report);
  return {
    track: t.track,
    participant_id: id,
    agent,
    did: str(r.report['did']),
    figures: figuresFrom(r.report),
    report_sha256: r.sha256,
    publication_version: r.version,
    dispute_window_ends_at: windowEnd(t, id),
    ...(proofs.cited_proofs === undefined
      ? {}
      : {
          cited_proofs: proofs.cited_proofs.map((p) => ({ proof_id: p.proof_id, view_url: p.view_url })),
          proofs_file: proofs.proofs_file,
        }),
  };
}

/**
 * The Index of a season (spec §7): per track, its reference runs and its community in two tables, the best constant
 * answer, the publication it shows; one individual report per participant and track. Pure: the same input gives the
 * same document, hence the same bytes.
 */
export function buildIndexDocument(input: BuildIndexInput): IndexDocument {
  const tracks = [...input.tracks].sort((a, b) => (a.track < b.track ? -1 : a.track > b.track ? 1 : 0));
  const sections = tracks.map((t) => trackSection(input, t));
  const entries = (t: TrackPublication, published: boolean) =>
    [...t.reports.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .filter(([id]) => reportIsPublic(input, t.track, id) === published);
  const reports = tracks.flatMap((t) =>
    entries(t, true).map(([id, r]) => ({
      ...reportSummary({
        track: t.track,
        participantId: id,
        agent: shownAgentName(input, id, r.report),
        isReferenceRun: input.referenceRuns.has(id),
        report: r.report,
        reportSha256: r.sha256,
        reportJsonFile: INDEX_FILES.reportJson(t.track, id),
        publicationVersion: r.version,
        disputeWindowEndsAt: windowEnd(t, id),
        narratives: t.narratives.get(id) ?? [],
      }),
      ...proofsOf(t, id, r.report),
    })),
  );
  const privateReports = tracks.flatMap((t) =>
    entries(t, false).map(([id, r]) => privateReport(t, id, r, shownAgentName(input, id, r.report))),
  );
  return {
    format: INDEX_FORMAT,
    season: input.season,
    index_version: input.indexVersion,
    corrects_version: input.correctsVersion,
    exported_at: isoUtc(input.exportedAtMs),
    signing_key: { algorithm: 'ed25519', public_key: input.signingKey.publicKeyHex, key_id: input.signingKey.keyId },
    ai_act_label: { fr: TEXTS.fr.aiActLabel, en: TEXTS.en.aiActLabel },
    report_copies_labelled: true,
    tracks: sections,
    reports,
    ...(input.reportConsents === undefined ? {} : { private_reports: privateReports }),
    ...(input.invalidations && input.invalidations.length > 0
      ? { invalidations: [...input.invalidations].sort((a, b) => (a.track < b.track ? -1 : a.track > b.track ? 1 : 0)) }
      : {}),
    ...(input.notices && input.notices.length > 0 ? { notices: [...input.notices] } : {}),
  };
}
