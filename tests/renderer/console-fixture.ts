// Test data for the renderer tests only (never shipped): a season in the shapes of the contract
// (main/ipc/contract.ts) and of the documents it carries (renderer/src/api/operations.ts), with 1,000 participants
// so the tables' virtualisation is exercised. The dispatch answers like the real choke point: a value, or an error
// with a stable code; a channel it does not know is IPC_UNKNOWN_CHANNEL.
import { isoUtc } from '../../main/core/time/iso-utc.ts';
import type { IpcAnswer } from '../../main/ipc/contract.ts';
import { HandlerRefusal } from '../../main/ipc/refusal.ts';
import type { Dispatch } from '../../main/ipc/dispatcher.ts';
import type {
  AnchorDeadlineView,
  AssertionEvidence,
  AuditEntry,
  BackupCheck,
  BackupListing,
  BackupRestoreCheck,
  ConsoleDispute,
  DecisionPreview,
  DisputeDetail,
  FreezeView,
  Incident,
  IndexPreview,
  JobView,
  LintFinding,
  ParticipantListing,
  ParticipantReport,
  PendingProof,
  ProofsView,
  PublicationVersion,
  PublishPreview,
  ReceiptEvidence,
  ScoreRow,
  ScoresView,
  SeasonInvalidationView,
  SeasonTrackStatus,
} from '../../renderer/src/api/operations.ts';

const DAY = 86_400_000;

/**
 * The Participants and Backups screens' channels (docs/console.md): the track's first eight participants, the first
 * three marked reference runs (a mark made here moves one into the reference table of scores.view too); a backup
 * folder holding one backup of format 2 and an older one of format 1 (made before backups carried the Index exports),
 * whose restore check finds the Index export it records missing. "Back up now" adds one at NOW.
 */
function participantsAndBackups(rows: ScoreRow[]): Record<string, (a: Record<string, unknown>) => unknown> {
  const backupName = (ms: number) => `console-${new Date(ms).toISOString().replace(/[-:.]/g, '')}.backup`;
  const listing = (ms: number, bytes: number): BackupListing => ({
    name: backupName(ms),
    created_at: isoUtc(ms),
    bytes,
    check: null,
    restore_command: `proveit backup restore /srv/backups/${backupName(ms)} --passphrase-file /srv/backups/passphrase --db NEW_FOLDER/console.sqlite --replaces /srv/proveit/console.sqlite`,
  });
  const older = listing(NOW - 20 * DAY, 310_000);
  const backups: BackupListing[] = [listing(NOW - DAY, 2_400_000), older];
  const check = (name: string, kind: BackupCheck['kind']): BackupCheck => ({
    name,
    kind,
    at: isoUtc(NOW),
    ok: true,
    error: null,
    sha256: hex(7),
    created_at: backups.find((b) => b.name === name)?.created_at ?? null,
    files: name === older.name ? 4 : 271,
    audit_entries: 120,
    carries_index_exports: name !== older.name,
  });
  const listed = (r: ScoreRow): ParticipantListing => ({
    participant_id: r.participant_id,
    did: r.did,
    name: r.agent_name,
    named_by_operator: r.participant_id === 'p-0001',
    declared_stack: r.declared_stack,
    stack_declared_by_operator: false,
    reference: r.reference
      ? {
          model: 'model-x',
          version: '1',
          framework: 'agents-kit',
          prompt_sha256: hex(9),
          marked_at: isoUtc(NOW - 6 * DAY),
          actor: 'ann',
        }
      : null,
    status: r.status,
    tasks_submitted: r.tasks_submitted,
    window:
      r.status === 'pending'
        ? { status: 'pending', version: 1, window_ends_at: null, open: false }
        : { status: 'scored', version: 1, window_ends_at: isoUtc(NOW + 8 * DAY), open: true },
  });
  return {
    'participant.list': (a) => ({
      season: 1,
      track: a['track'],
      shown: { kind: 'published', version: 1, published_at: isoUtc(NOW - 6 * DAY) },
      participants: rows.slice(0, 8).map(listed),
    }),
    'participant.reference': (a) => {
      const i = rows.findIndex((r) => r.participant_id === a['participant_id']);
      if (i >= 0) rows[i] = { ...rows[i]!, reference: true };
      return {
        season: 1,
        participant_id: a['participant_id'],
        prompt_sha256: hex(9),
        audit_head: { seq: 121, hash: hex(3) },
      };
    },
    'participant.rename': (a) => ({
      season: 1,
      participant_id: a['participant_id'],
      audit_head: { seq: 121, hash: hex(3) },
    }),
    'backup.list': () => ({ dir: '/srv/backups', keep: 10, backups }),
    'backup.create': () => {
      const made = listing(NOW, 2_500_000);
      if (!backups.some((b) => b.name === made.name)) backups.unshift(made);
      return made;
    },
    'backup.verify': (a) => check(a['name'] as string, 'verify'),
    'backup.restore_check': (a): BackupRestoreCheck => {
      const name = a['name'] as string;
      const agrees = name !== older.name;
      return {
        ...check(name, 'restore_check'),
        index_exports: [
          { season: 1, version: 1, folder: agrees ? 'index-exports/season-1-1761991200000' : null, agrees },
        ],
        warnings: agrees
          ? []
          : [
              {
                code: 'BACKUP_RESTORE_INDEX_EXPORT_MISSING',
                message:
                  "the database records season 1's Index version 1 as exported, but no export folder beside it holds it (the backup predates backups carrying the Index exports, format 1): export the Index again",
              },
            ],
      };
    },
  };
}
export const NOW = Date.now();
/** The challenge's DID of the set-up checklist's operator key, and the DID another participant's key is bound to. */
export const CHALLENGE_DID = 'did:key:z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2';
export const OTHER_DID = 'did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH';
const hex = (n: number) => n.toString(16).padStart(64, '0');

/** Row i of 1,000: three reference runs first, then the community; a few pending, a few with no task submitted. */
function row(i: number): ScoreRow {
  const reference = i < 3;
  const pending = i % 97 === 5;
  const noTask = i % 89 === 7;
  const base = {
    participant_id: `p-${String(i).padStart(4, '0')}`,
    did: `did:web:agent-${i}.example`,
    agent_name: i === 0 ? 'Careful reference' : `Agent ${i}`,
    declared_stack: reference ? 'reference stack' : `stack ${i % 7}`,
    reference,
    tasks_submitted: noTask ? 0 : 4,
    instrument_faults: i === 3 ? 1 : 0,
    trust_layer_faults: i === 4 ? 1 : 0,
  };
  if (pending)
    return {
      ...base,
      status: 'pending',
      overclaim: { unsupported: null, submitted: null },
      success: { grounded_exact: null, out_of: 10 },
    };
  if (noTask)
    return {
      ...base,
      status: 'scored',
      overclaim: { unsupported: 0, submitted: 0 },
      success: { grounded_exact: 0, out_of: 10 },
    };
  return {
    ...base,
    status: 'scored',
    overclaim: i === 3 ? { unsupported: 5, submitted: 40 } : { unsupported: i % 5, submitted: 40 },
    success: { grounded_exact: i % 11, out_of: 10 },
  };
}

/**
 * The Index page a preview shows: as the exporter writes it (no script of its own), or with an injected script that
 * marks the page if it ever runs; the preview frame must never let it (docs/console.md, "Security").
 */
function indexPage(lang: 'fr' | 'en', injectScript: boolean): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Index · season 1</title>` +
    `<style>h1 { color: #1a1a1a; }</style></head><body><main><h1>Index</h1>` +
    `<p data-lint="ai-act-label">${lang === 'fr' ? 'Contenu généré' : 'Generated content'}</p>` +
    (injectScript ? `<script>document.body.setAttribute('data-script-ran', 'yes')</script>` : '') +
    `</main></body></html>`
  );
}

/** A publication linter finding, as main sends it (main/core/index/lint/lint-index.ts). */
export const indexFinding: LintFinding = {
  code: 'LINT_MODEL_NAME_NEGATIVE',
  file: 'reports/conformite/p-0003.html',
  where: 'conformite/p-0003: agent name heading the negative lists',
  message:
    'the model or provider name "Claude" appears in a negative category (spec §7.3, reference runs included): give the participant a display name: proveit participant rename --season 1 --participant p-0003 --display-name NAME',
  facts: { name: 'Claude', site: 'agent', lists: 'unsupported,instrument_faults' },
  fix: { act: 'display_name', track: 'conformite', participant_id: 'p-0003' },
};

/** A refusal main sends with its facts (main/ipc/refusal.ts): the Freeze screen's anchor check once the hour's reads are used. */
export const readsUsed = {
  code: 'FREEZE_RECHECK_NO_READ_LEFT',
  message:
    'the 60 reads of the hour are used: the next read is possible at 2026-10-28T11:00:00.000Z; re-check the anchor then',
  details: { next_read_at: '2026-10-28T11:00:00.000Z' },
};

/** The refusal of a re-check once the hour's reads are used (main/console/handlers/recheck-refusal.ts). */
export const noReadLeft = {
  code: 'PROOF_RECHECK_NO_READ_LEFT',
  message:
    'the 100 reads of the hour are used: the next read is possible at 2026-10-28T11:00:00.000Z; re-check it then',
  details: { next_read_at: '2026-10-28T11:00:00.000Z' },
};

export function createFixture(): {
  dispatch: Dispatch;
  calls: { channel: string; args: unknown }[];
  /**
   * Whether the Index page previewed carries the injected script (off by default: a blocked script logs an error);
   * the newest export's anchor as index.status answers it (pending until a re-check, then anchored).
   */
  index: { injectScript: boolean; anchor: 'pending' | 'anchored' };
  /**
   * Whether proofs.view answers a read job under way (its last progress) rather than none; its pending proofs; the
   * reads counted in the hour (of 100); which pending proofs a re-check finds anchored (the others stay pending); and
   * whether the Trust Layer is unreachable (a re-check refused, its one read counted).
   */
  proofs: {
    reading: boolean;
    pending: PendingProof[];
    readsUsed: number;
    anchorOnRecheck: string[];
    trustLayerDown: boolean;
  };
  /**
   * Whether a close after the latest version publishes nothing yet (the Scoring screen labels its figures); whether
   * no version is published at all (the tracks' closes only); whether close.run, publish.preview and
   * season.publish are served (off by default: a channel main does not serve shows as a refusal).
   */
  figures: { unpublishedClose: boolean; nothingPublished: boolean; publishing: boolean };
  /**
   * The generique track open (`open`: opened two days before NOW, closing five days after, no close, nothing
   * published), which `season.invalidate` invalidates (docs/freeze.md "Invalidating a season"): `done` is its answer
   * once made (season.status then says `invalidated`, freeze.view carries it), `revealedAt` the reveal that follows.
   */
  invalidation: { open: boolean; done: SeasonInvalidationView | null; revealedAt: string | null };
} {
  const participants = Array.from({ length: 1000 }, (_, i) => row(i));
  const calls: { channel: string; args: unknown }[] = [];
  const index: { injectScript: boolean; anchor: 'pending' | 'anchored' } = { injectScript: false, anchor: 'pending' };
  const proofs = {
    reading: false,
    pending: [] as PendingProof[],
    readsUsed: 3,
    anchorOnRecheck: [] as string[],
    trustLayerDown: false,
  };
  const figures = { unpublishedClose: false, nothingPublished: false, publishing: false };
  const invalidation = {
    open: false,
    done: null as SeasonInvalidationView | null,
    revealedAt: null as string | null,
  };
  const OPEN_FROM = isoUtc(NOW - 2 * DAY);
  const OPEN_UNTIL = isoUtc(NOW + 5 * DAY);
  /** The generique track as open (or invalidated) when `invalidation.open` says so. */
  const reopened = (track: 'conformite' | 'generique') => track === 'generique' && invalidation.open;
  // The version that published the later close (close 2), once season.publish has published it.
  let laterCloseVersion: number | null = null;
  let disputeState: ConsoleDispute['state'] = 'received';
  let decision: { reason: string; reviewer: string } | null = null;
  let incidentResolved = false;
  const versions: PublicationVersion[] = [
    {
      version: 1,
      corrects_version: null,
      published_at: isoUtc(NOW - 6 * DAY),
      actor: 'ann',
      scores_sha256: hex(1),
      correction: null,
    },
  ];

  // The freeze was anchored on 20 September, before its opening (docs/freeze.md "Timeline").
  const ANCHORED_IN_TIME: AnchorDeadlineView = {
    state: 'anchored_in_time',
    deadline: '2026-10-01T08:00:00.000Z',
    replace_until: '2026-10-01T07:40:00.000Z',
    replacement_allowed: false,
    now: isoUtc(NOW),
  };

  const status = (track: 'conformite' | 'generique'): SeasonTrackStatus =>
    reopened(track) ? openStatus(publishedStatus(track)) : publishedStatus(track);
  /** The open generique track, or invalidated: its next step never the close (main/core/console/season-state.ts). */
  const openStatus = (s: SeasonTrackStatus): SeasonTrackStatus => {
    const done = invalidation.done;
    const open = {
      ...s,
      state: 'open' as const,
      opens_at: OPEN_FROM,
      closes_at: OPEN_UNTIL,
      revealed_at: invalidation.revealedAt,
      latest_close_at: null,
      published_at: null,
      latest_version: null,
      latest_published_at: null,
      dispute_window_ends_at: null,
      disputes_open: 0,
      disputes_at_risk: 0,
      disputes_overdue: 0,
      incidents_open: 0,
      next_step: 'Open: read proofs under the hourly limit as submissions arrive.',
      next_step_code: 'READ_PROOFS',
    };
    if (done === null) return open;
    return {
      ...open,
      state: 'invalidated',
      invalidation: done,
      next_step: invalidation.revealedAt === null ? 'Invalidated: reveal the key and salt now.' : 'Freeze season 2.',
      next_step_code: invalidation.revealedAt === null ? 'REVEAL_INVALIDATED' : 'FREEZE_NEXT_SEASON',
    };
  };
  const publishedStatus = (track: 'conformite' | 'generique'): SeasonTrackStatus => ({
    season: 1,
    track,
    state: 'published',
    opens_at: '2026-10-01T08:00:00.000Z',
    closes_at: '2026-11-01T08:00:00.000Z',
    revealed_at: '2026-11-01T08:00:00.000Z',
    latest_close_at: isoUtc(NOW - 7 * DAY),
    published_at: isoUtc(NOW - 6 * DAY),
    latest_version: versions.length,
    latest_published_at: versions[versions.length - 1]?.published_at ?? null,
    dispute_window_ends_at: isoUtc(NOW + 8 * DAY),
    disputes_open: 3,
    disputes_at_risk: 1,
    disputes_overdue: 1,
    incidents_open: 1,
    last_backup_at: isoUtc(NOW - DAY),
    backup_due: false,
    anchor_deadline: ANCHORED_IN_TIME,
    invalidation: null,
    next_step: 'handle disputes',
    next_step_code: 'handle_disputes',
    now: isoUtc(NOW),
  });

  const dispute = (id: string, receivedMs: number, assertion: string, state = disputeState): ConsoleDispute => ({
    dispute_id: id,
    season: 1,
    track: 'conformite',
    participant_id: 'p-0003',
    agent_name: 'Agent 3',
    assertion,
    state,
    publication_version: 1,
    received_at: isoUtc(receivedMs),
    received_at_entered_by_hand: false,
    window_ends_at: isoUtc(NOW + 8 * DAY),
    decision_due: isoUtc(receivedMs + 30 * DAY),
    deadline_status: 'on_time',
    ms_left: receivedMs + 30 * DAY - NOW,
    reason: 'the proof was read through the proxy at the time of an outage',
    reviewer: decision?.reviewer ?? null,
    reviewed_at: null,
    decided_at: decision ? isoUtc(NOW) : null,
    decision_reason: decision?.reason ?? null,
    change: null,
    correction_version: decision ? 2 : null,
  });
  // Three disputes: one due in 20 days, one at risk (3 days left), one overdue (received 31 days ago).
  const disputes = () => [
    dispute('dsp-1-conformite-0001', NOW - 10 * DAY, 'conf-01/a3'),
    dispute('dsp-1-conformite-0002', NOW - 27 * DAY, 'conf-02/a1', 'under_review'),
    dispute('dsp-1-conformite-0003', NOW - 31 * DAY, 'conf-04/a2', 'received'),
  ];

  const receiptEvidence: ReceiptEvidence = {
    recorded: true,
    replaces_previous: true,
    season: 1,
    track: 'conformite',
    task_id: 'conf-02',
    participant_id: 'par_0123456789abcdef01234567',
    version: 2,
    received_at: '2026-10-20T09:00:00.000Z',
    submission_sha256: hex(21),
    receipt_signature: `${'A'.repeat(86)}==`,
    verified_with: hex(22),
    export_taken_at: '2026-10-29T08:00:00.000Z',
    export_version: 1,
    export_submission_sha256: hex(23),
    comparison: 'later_than_export',
    in_export: false,
    superseded: false,
    received_before_export: true,
  };

  const evidence: AssertionEvidence = {
    format: 'proveit-dispute-evidence/1',
    participant_id: 'p-0003',
    enrolled_did: 'did:web:agent-3.example',
    task_id: 'conf-01',
    assertion_id: 'a3',
    claim: { resource: '/entites/171904347', field: '/capital', value: 5000 },
    status_at_close: 'unsupported',
    cause_shown: {
      cause: 'value_mismatch',
      cause_text: 'the frozen resource does not carry the claimed value at the claimed field',
      code: 'VALUE_DIFFERS',
      proof_id: 'prf_20261012_140000_aaaaaa',
    },
    frozen: { in_manifest: true, found: true, value: 50000, equals_claim: false },
    proofs: [
      {
        proof_id: 'prf_20261012_140000_aaaaaa',
        assessed: { outcome: 'fail', condition: 4, cause: 'value_mismatch', code: 'VALUE_DIFFERS' },
        request_hash: { opened: hex(11), recomputed: hex(11), equal: true },
        response_hash: { opened: hex(12), recomputed: hex(12), equal: true, systeme_status: null },
        view: 'present',
        verdict: 'VERIFIED',
        anchor_time: '2026-10-12T14:00:03Z',
        checks: [
          {
            name: 'rfc3161',
            status: 'pass',
            code: null,
            independent: true,
            message: 'FreeTSA token over the batch root',
          },
          { name: 'rekor', status: 'pass', code: null, independent: true, message: 'entry included in the log' },
          { name: 'signature', status: 'pass', code: null, independent: false, message: 'Ed25519 over the chain' },
        ],
      },
    ],
  };

  const report = (participantId: string, rows = participants): Omit<ParticipantReport, 'shown'> => {
    const r = rows.find((p) => p.participant_id === participantId) ?? rows[3]!;
    const { reference: _reference, ...figures } = r;
    return {
      ...figures,
      season: 1,
      track: 'conformite',
      tasks: [
        {
          task_id: 'conf-01',
          status: 'submitted',
          verdict_given: 'refus',
          verdict_expected: 'refus',
          exact: true,
          grounded: false,
          missing_facts: [{ fact: 'f1', resource: '/entites/171904347', field: '/capital', value: 50000 }],
          supported: 3,
          unsupported: 1,
          instrument_faults: 0,
        },
        {
          task_id: 'conf-02',
          status: 'rejected_at_close',
          verdict_given: 'accord',
          verdict_expected: 'refus',
          exact: false,
          grounded: false,
          missing_facts: [],
          supported: 0,
          unsupported: 0,
          instrument_faults: 0,
          rejected_at_close: { rule: 'NOT_PROBATIVE', assertion_id: 'a2' },
        },
      ],
      assertions: [
        {
          assertion_id: 'a3',
          task_id: 'conf-01',
          status: 'unsupported',
          claim: { resource: '/entites/171904347', field: '/capital', value: 5000 },
          cause: 'value_mismatch',
          cause_text: 'the frozen resource does not carry the claimed value at the claimed field',
          code: 'VALUE_DIFFERS',
          proof_id: 'prf_20261012_140000_aaaaaa',
        },
        {
          assertion_id: 'a4',
          task_id: 'conf-01',
          status: 'instrument_fault',
          claim: { resource: '/entites/171904348', field: '/statut', value: 'actif' },
          systeme_status: '503',
        },
      ],
      trust_layer_anomalies: [],
    };
  };

  const incident = (): Incident => ({
    id: 1,
    season: 1,
    track: 'conformite',
    kind: 'instrument_fault',
    cause: '503',
    groupKey: 'instrument_fault/503/2026-10-12T14:00:00.000Z',
    windowStartMs: Date.parse('2026-10-12T14:00:03Z'),
    windowEndMs: Date.parse('2026-10-12T14:20:00Z'),
    owner: 'ann',
    openedAtMs: NOW - 7 * DAY,
    openedBy: 'close',
    openedByActor: 'ann',
    closeId: 1,
    summary: 'corpus unavailable (503) for two participants',
    state: incidentResolved ? 'resolved' : 'open',
    currentOwner: 'ann',
    resolution: null,
    events: incidentResolved ? [{ atMs: NOW, actor: 'ann', kind: 'resolve', text: 'frontend restarted' }] : [],
    links: [{ participant: 'p-0003', task: 'conf-01', assertion: 'conf-01/a4', proof: 'prf_20261012_140500_bbbbbb' }],
    participantNames: { 'p-0003': 'Agent 3' },
  });

  const audit: AuditEntry[] = Array.from({ length: 120 }, (_, i) => ({
    seq: i + 1,
    at_ms: NOW - (120 - i) * 3_600_000,
    actor: 'ann',
    action: i === 0 ? 'freeze.create' : i === 119 ? 'season.publish' : 'proofs.fetch',
    summary: `entry ${i + 1}`,
    details: '{}',
    prev_hash: hex(i),
    entry_hash: hex(i + 1),
  }));

  // The figures of the latest version, unless a close no version publishes is there (figures.unpublishedClose).
  const publishedVersions = () => (figures.nothingPublished ? [] : versions);
  const unpublishedClose = () =>
    figures.unpublishedClose || figures.nothingPublished
      ? { close_id: figures.unpublishedClose ? 2 : 1, closed_at: isoUtc(NOW - 3_600_000) }
      : null;
  const choices = () => ({
    published: publishedVersions().map((v) => ({
      version: v.version,
      corrects_version: v.corrects_version,
      published_at: v.published_at,
    })),
    unpublished_close: unpublishedClose(),
  });
  // As main's figures-source.ts answers: the version asked, the latest close asked, else the latest of the two.
  const shown = (a: Record<string, unknown>): ScoresView['shown'] => {
    if (a['version'] !== undefined && a['latest_close'] === true)
      throw new HandlerRefusal('FIGURES_ASKED_TWICE', 'ask for a published version or for the latest close, not both');
    const latestClose = a['latest_close'] === true || (a['version'] === undefined && unpublishedClose() !== null);
    if (latestClose)
      return { kind: 'close', close_id: figures.unpublishedClose ? 2 : 1, closed_at: isoUtc(NOW - 3_600_000) };
    const v = publishedVersions().find((x) => x.version === (a['version'] ?? versions.length));
    if (!v)
      throw new HandlerRefusal(
        'PUBLICATION_VERSION_NOT_FOUND',
        `season 1 has no version ${String(a['version'])}: versions are 1 to ${versions.length}`,
      );
    return { kind: 'published', version: v.version, published_at: v.published_at };
  };
  // The later close (close 2) scores p-0005, pending in version 1 (docs/publications.md: a later close publishes the
  // participants it scores that were pending); a correction changes the figures of the versions from it on.
  const laterClose = (r: ScoreRow): ScoreRow =>
    r.participant_id === 'p-0005'
      ? {
          ...r,
          status: 'scored',
          overclaim: { unsupported: 2, submitted: 40 },
          success: { grounded_exact: 6, out_of: 10 },
        }
      : r;
  const rowsOf = (s: ScoresView['shown']): ScoreRow[] => {
    if (s.kind === 'close') return s.close_id === 2 ? participants.map(laterClose) : participants;
    let rows =
      laterCloseVersion !== null && s.version >= laterCloseVersion ? participants.map(laterClose) : participants;
    for (const v of versions.filter((x) => x.version <= s.version && x.correction)) {
      const after = new Map(v.correction!.participants.map((c) => [c.participant_id, c.after]));
      rows = rows.map((r) => (after.has(r.participant_id) ? { ...r, ...after.get(r.participant_id) } : r));
    }
    return rows;
  };
  const scores = (track: 'conformite' | 'generique', a: Record<string, unknown> = {}): ScoresView => {
    const s = shown(a);
    const rows = rowsOf(s);
    return {
      season: 1,
      track,
      version: s.kind === 'published' ? s.version : null,
      close_id: s.kind === 'close' ? s.close_id : 1,
      shown: s,
      choices: choices(),
      best_constant_answer: { verdict: 'refus', success: { exact: 4, out_of: 10 } },
      participants: track === 'conformite' ? rows : rows.slice(0, 5),
      total: track === 'conformite' ? rows.length : 5,
      offset: 0,
    };
  };
  // What season.publish would publish (main/services/publications/preview-publication.ts): the later close's
  // newly scored participants, before (the latest version) → after; refused as publishing is when nothing is new.
  const figuresOfRow = ({ overclaim, success, tasks_submitted, instrument_faults }: ScoreRow) => ({
    overclaim,
    success,
    tasks_submitted,
    instrument_faults,
  });
  const publishPreview = (): PublishPreview => {
    if (figures.nothingPublished)
      return {
        season: 1,
        track: 'conformite',
        version: 1,
        corrects_version: null,
        close_id: unpublishedClose()!.close_id,
        closed_at: unpublishedClose()!.closed_at,
        changes: participants
          .filter((r) => r.status === 'scored')
          .map((r) => ({ participant_id: r.participant_id, name: r.agent_name, before: null, after: figuresOfRow(r) })),
        pending: participants.filter((r) => r.status === 'pending').map((r) => r.participant_id),
      };
    if (!figures.unpublishedClose)
      throw new HandlerRefusal(
        'PUBLISH_ALREADY_PUBLISHED',
        `season 1 is already published from its latest close (version ${versions.length} is the latest)`,
        { season: 1, version: versions.length },
      );
    const before = new Map(
      rowsOf({ kind: 'published', version: versions.length, published_at: '' }).map((r) => [r.participant_id, r]),
    );
    const after = rowsOf({ kind: 'close', close_id: 2, closed_at: '' });
    return {
      season: 1,
      track: 'conformite',
      version: versions.length + 1,
      corrects_version: versions.length,
      close_id: 2,
      closed_at: isoUtc(NOW - 3_600_000),
      changes: after
        .filter((r) => r.status === 'scored' && before.get(r.participant_id)?.status === 'pending')
        .map((r) => ({
          participant_id: r.participant_id,
          name: r.agent_name,
          before: figuresOfRow(before.get(r.participant_id)!),
          after: figuresOfRow(r),
        })),
      pending: after.filter((r) => r.status === 'pending').map((r) => r.participant_id),
    };
  };
  // The channels of acts that publish or recompute, served only when figures.publishing is on.
  const publishing =
    <T>(channel: string, answer: () => T) =>
    () => {
      if (!figures.publishing) throw new HandlerRefusal('IPC_UNKNOWN_CHANNEL', `${channel} is not served here`);
      return answer();
    };
  // A close run from the screen: done at once, and its figures are a close no version publishes yet.
  const closeJob = (): JobView => {
    figures.unpublishedClose = true;
    return { ...readJob, id: 8, kind: 'close', args: { season: 1, track: 'conformite' }, result: null };
  };

  const overviewTrack = (track: 'conformite' | 'generique') => ({
    season: 1,
    track,
    rulesVersion: `${track}-bareme-v3`,
    base: `https://${track}.proveit.example`,
    resources: 42,
    manifestHash: hex(track === 'conformite' ? 21 : 22),
    tasks: [
      {
        id: track === 'conformite' ? 'conf-01' : 'gen-01',
        prompt: 'Is the purchase allowed?',
        minAssertions: 3,
        capAssertions: 8,
        graphSize: 6,
      },
    ],
  });

  // The freeze in force opened on 2026-10-01: before NOW, so it can no longer be replaced.
  const freezeView = (track: 'conformite' | 'generique'): FreezeView => {
    const v = publishedFreezeView(track);
    if (!reopened(track)) return v;
    return {
      ...v,
      freezes: v.freezes.map((f) => ({ ...f, opens_at: OPEN_FROM, closes_at: OPEN_UNTIL })),
      revealed_at: invalidation.revealedAt,
      anchor_deadline: v.anchor_deadline && { ...v.anchor_deadline, deadline: OPEN_FROM },
      invalidation: invalidation.done,
      latest_close_at: null,
    };
  };
  const publishedFreezeView = (track: 'conformite' | 'generique'): FreezeView => ({
    season: 1,
    track,
    rules_file: `rules/${track}-bareme-v3.md`,
    rules_text: '## Scoring rules',
    manifest_hash: hex(21),
    in_force: 'prf_20260920_120000_aaaaaa',
    freezes: [
      {
        proof_id: 'prf_20260920_120000_aaaaaa',
        rules_version: `${track}-bareme-v3`,
        rules_hash: hex(31),
        manifest_hash: hex(21),
        key_commitment: hex(32),
        url: `https://${track}.proveit.example/freeze`,
        replaces: null,
        reason: null,
        opens_at: '2026-10-01T08:00:00.000Z',
        closes_at: '2026-11-01T08:00:00.000Z',
        created_at: '2026-09-20T12:00:00.000Z',
        anchor_time: '2026-09-20T12:00:03.000Z',
        anchor: {
          state: 'anchored',
          anchor_time: '2026-09-20T12:00:03.000Z',
          rekor_uuid: hex(33),
          rekor_verified: true,
          independent_witnesses: 2,
          checked_at: '2026-09-20T12:05:00.000Z',
        },
        published: true,
      },
    ],
    revealed_at: '2026-11-01T08:00:00.000Z',
    anchor_deadline: ANCHORED_IN_TIME,
    invalidation: null,
    latest_close_at: isoUtc(NOW - 7 * DAY),
  });

  // A read job that found nothing pending or refused: done at once.
  const readJob: JobView = {
    id: 7,
    kind: 'proofs',
    state: 'done',
    args: {},
    created_at: isoUtc(NOW),
    started_at: isoUtc(NOW),
    finished_at: isoUtc(NOW),
    attempts: 1,
    progress: null,
    result: { ids: 0, anchored: 0, unsettled: 0, reads: 0 },
    error: null,
  };
  const proofsView = (): ProofsView => ({
    running: proofs.reading,
    progress: null,
    job_progress: proofs.reading ? { step: 'reading', message: 'proof reads: reading', done: 3, total: 10 } : null,
    cache: { views: 12, rekor_entries: 2, absent: 0 },
    quota: { limit: 100, window_ms: 3_600_000, used: proofs.readsUsed, left: 100 - proofs.readsUsed },
    // Reads in three of the last 24 hours: the close's 40 two hours ago, then a recheck of 3 in the current hour.
    hourly_reads: Array.from({ length: 24 }, (_, k) => ({
      hour_start: isoUtc(Math.floor(NOW / 3_600_000) * 3_600_000 - (23 - k) * 3_600_000),
      reads: k === 21 ? 40 : k === 22 ? 12 : k === 23 ? proofs.readsUsed : 0,
    })),
    pending: proofs.pending,
  });

  const indexExport = () => ({
    season: 1,
    out_dir: '/var/lib/proveit/index-exports/season-1-1790000000000',
    version: 1,
    listed_files: 264,
    anchor:
      index.anchor === 'anchored'
        ? { state: 'anchored', proof_id: 'prf_20261203_100000_cccccc', anchored_at: '2026-12-03T10:04:12Z', code: null }
        : { state: 'pending', proof_id: 'prf_20261203_100000_cccccc', anchored_at: null, code: null },
  });

  const setup = { key: false, bound: false };
  const setupView = () => ({
    key_file: '/srv/proveit/index-signing-key.pem',
    operator_key: setup.key
      ? { public_key_hex: 'ab'.repeat(32), key_id: 'cd'.repeat(32), challenge_did: CHALLENGE_DID }
      : null,
    key_problem: null,
    api_key_given: true,
  });
  const apiKeyTest = () => ({
    name: 'api_key',
    at: isoUtc(NOW),
    ok: setup.bound,
    checked: 'GET https://trust.arkforge.tech/v1/keys/identity with the API key',
    detail: setup.bound
      ? `bound to the challenge's DID ${CHALLENGE_DID} (challenge_response, since ${isoUtc(NOW)})`
      : null,
    warning: null,
    error: setup.bound
      ? null
      : {
          code: 'CONNECTION_API_KEY_OTHER_DID',
          message: `the API key given with --api-key-file is bound to ${OTHER_DID}, not to the challenge's DID ${CHALLENGE_DID}: give --api-key-file FILE holding the key bound to it`,
        },
  });
  const handlers: Record<string, (args: Record<string, unknown>) => unknown> = {
    'console.overview': () => ({
      version: '0.1.0',
      mode: 'headless',
      corpusDir: 'corpus',
      dbFile: 'console.sqlite',
      tracks: [overviewTrack('conformite'), overviewTrack('generique')],
      problems: [],
      configured: { trust_layer: true, season_service: true },
      actor: { name: 'ann', from: 'option' },
    }),
    'season.status': () => ({ tracks: [status('conformite'), status('generique')] }),
    // Both tracks are published: the follower has nothing to follow, and the Season screen shows no live panel.
    'season.live': () => ({
      season: null,
      at: isoUtc(NOW),
      follow: {
        state: 'no_open_track',
        reason: 'no season of this database has a track frozen and open: nothing to follow',
        cycle: null,
        last_cycle_at: null,
        next_cycle_at: null,
        last_failure: null,
        cycle_running: false,
        every_seconds: 600,
        until: null,
      },
      tracks: [],
      reads_per_hour: Array.from({ length: 24 }, (_, k) => ({
        hour_start: isoUtc(Math.floor(NOW / 3_600_000) * 3_600_000 - (23 - k) * 3_600_000),
        reads: 0,
      })),
      read_limit: { limit: 100, window_seconds: 3600, used_in_window: 0 },
      incidents: [],
    }),
    'season.activity': () => ({
      season: null,
      state: 'no_open_track',
      reason: 'no track of this database is open (or closed less than two batch ages ago): nothing arrives',
      every_seconds: 3,
      last_answer_at: null,
      last_failure: null,
      enrolled: 0,
      tracks: [],
      refusals: { total: 0, by_code: {} },
      feed: [],
    }),
    'scores.view': (a) => scores(a['track'] as 'conformite' | 'generique', a),
    'report.view': (a) => {
      const s = shown(a);
      return { ...report(a['participant_id'] as string, rowsOf(s)), shown: s };
    },
    'publish.preview': publishing('publish.preview', publishPreview),
    'season.publish': publishing('season.publish', () => {
      const { version, pending } = publishPreview();
      versions.push({
        version,
        corrects_version: version - 1,
        published_at: isoUtc(NOW),
        actor: 'ann',
        scores_sha256: hex(version),
        correction: null,
      });
      laterCloseVersion = version;
      figures.unpublishedClose = false;
      return { version, published_at: isoUtc(NOW), pending };
    }),
    'close.run': publishing('close.run', closeJob),
    'assertion.evidence': () => evidence,
    'dispute.list': () => ({
      at: isoUtc(NOW),
      disputes: disputes(),
      windows: [
        {
          season: 1,
          track: 'conformite',
          participant_id: 'p-0003',
          agent_name: 'Agent 3',
          status: 'scored',
          version: 1,
          published_at: '2026-11-02T10:00:00.000Z',
          window_ends_at: '2026-11-16T10:00:00.000Z',
          open: true,
        },
      ],
    }),
    'dispute.view': (a): DisputeDetail => ({
      dispute: disputes().find((d) => d.dispute_id === a['dispute_id']) ?? disputes()[0]!,
      // The second dispute carried a submission receipt of a version the close's export does not hold.
      evidence: a['dispute_id'] === 'dsp-1-conformite-0002' ? { ...evidence, receipt: receiptEvidence } : evidence,
    }),
    'dispute.open': () => disputes()[0],
    // What dispute.decide below would record, refused as main refuses it (docs/disputes.md "States"): p-0003's
    // published figures before; upheld, the correction's one unsupported assertion fewer, as the next version.
    'dispute.preview': (a): DecisionPreview => {
      const d = disputes().find((x) => x.dispute_id === a['dispute_id']);
      if (!d) throw new HandlerRefusal('DISPUTE_NOT_FOUND', `no dispute ${String(a['dispute_id'])} in this database`);
      if (d.state === 'upheld' || d.state === 'rejected')
        throw new HandlerRefusal('DISPUTE_ALREADY_DECIDED', `the dispute is already decided (${d.state})`, {
          state: d.state,
        });
      // The fixture's evidence shows no task left below its minimum by instrument faults.
      if (a['change'] === 'counted_with_remaining')
        throw new HandlerRefusal(
          'DISPUTE_CHANGE_NOT_ALLOWED',
          `dispute ${d.dispute_id}'s evidence holds no assessment of task conf-01's assertions: choose --change supported or instrument_fault`,
          { dispute_id: d.dispute_id, change: 'counted_with_remaining' },
        );
      const { overclaim, success, tasks_submitted, instrument_faults } = participants[3]!;
      const before = { overclaim, success, tasks_submitted, instrument_faults };
      const upheld = a['decision'] === 'upheld';
      return {
        dispute_id: d.dispute_id,
        decision: upheld ? 'upheld' : 'rejected',
        participant_id: d.participant_id,
        name: d.agent_name,
        latest_version: versions.length,
        version: upheld ? versions.length + 1 : null,
        before,
        after: upheld ? { ...before, overclaim: { unsupported: 4, submitted: 40 } } : before,
        reviewed: d.state === 'received',
      };
    },
    'dispute.decide': (a) => {
      disputeState = a['decision'] as 'upheld' | 'rejected';
      decision = { reason: a['reason'] as string, reviewer: a['reviewer'] as string };
      if (disputeState === 'upheld')
        versions.push({
          version: 2,
          corrects_version: 1,
          published_at: isoUtc(NOW),
          actor: 'ann',
          scores_sha256: hex(2),
          correction: {
            reason: a['reason'] as string,
            disputes: ['dsp-1-conformite-0001'],
            participants: [
              {
                participant_id: 'p-0003',
                agent_name: 'Agent 3',
                before: {
                  overclaim: { unsupported: 5, submitted: 40 },
                  success: { grounded_exact: 3, out_of: 10 },
                  tasks_submitted: 4,
                  instrument_faults: 1,
                },
                after: {
                  overclaim: { unsupported: 4, submitted: 40 },
                  success: { grounded_exact: 3, out_of: 10 },
                  tasks_submitted: 4,
                  instrument_faults: 1,
                },
              },
            ],
          },
        });
      return disputes()[0];
    },
    'publication.versions': () => ({ versions }),
    'freeze.view': (a) => freezeView(a['track'] as 'conformite' | 'generique'),
    // freeze.adopt as main answers it (main/console/handlers/freeze-adopt-handler.ts): seals holding the
    // fixture's committed salt (hex(34)) are adopted and the freeze view answered; any other salt is refused as main
    // refuses it, with the proof and the commitment, never the salt or the key.
    'freeze.adopt': (a) => {
      const track = a['track'] as 'conformite' | 'generique';
      if (!(a['seals'] as string).includes(`"salt": "${hex(34)}"`))
        throw new HandlerRefusal(
          'FREEZE_ADOPT_KEY_COMMITMENT_MISMATCH',
          `freeze prf_20260920_120000_aaaaaa: key_commitment: sha256(salt ‖ key) is not the anchored commitment ${hex(32)}`,
          { proof_id: 'prf_20260920_120000_aaaaaa', field: 'key_commitment', anchored: hex(32), also: [] },
        );
      return freezeView(track);
    },
    'freeze.reveal': (a) => {
      if (reopened(a['track'] as 'conformite' | 'generique')) {
        if (invalidation.done === null)
          throw new HandlerRefusal('FREEZE_NOT_CLOSED', `the season closes at ${OPEN_UNTIL}: not before`, {
            closes_at: OPEN_UNTIL,
          });
        invalidation.revealedAt ??= isoUtc(NOW);
      }
      return freezeView(a['track'] as 'conformite' | 'generique');
    },
    // The incident detail's "Tell participants" as main answers it (main/console/handlers/notice-handlers.ts):
    // the draft of the incident asked for, published as sent.
    'incident.notice_draft': (a) => ({
      season: 1,
      kind: 'incident',
      track: 'conformite',
      text_fr: `Indisponibilité du corpus, piste conformite. Incident ${String(a['id'])}.`,
      text_en: `Corpus outage, track conformite. Incident ${String(a['id'])}.`,
      incident_id: a['id'],
      reference: `incident ${String(a['id'])}`,
    }),
    'season.notice': (a) => ({
      season: a['season'],
      kind: a['kind'],
      track: a['track'] ?? null,
      incident_id: a['incident_id'] ?? null,
      document_sha256: hex(42),
      issued_at: isoUtc(NOW),
      document: '{}',
      already_published: false,
    }),
    // season.deliver and season.consents as main answers them (main/console/handlers/report-handlers.ts).
    'season.deliver': (a) => ({
      season: a['season'],
      track: a['track'],
      publication_version: 1,
      reports: 6,
      recorded: 6,
      delivered_at: isoUtc(NOW),
    }),
    'season.consents': (a) => ({
      season: a['season'],
      new_consents: 2,
      in_force: [
        { track: 'conformite', participant_id: 'p-0001', public: true, recorded_at: isoUtc(NOW - 3_600_000) },
        { track: 'conformite', participant_id: 'p-0002', public: false, recorded_at: isoUtc(NOW - 1_800_000) },
        { track: 'generique', participant_id: 'p-0009', public: true, recorded_at: isoUtc(NOW - 600_000) },
      ],
    }),
    // season.invalidate as main answers it (main/console/handlers/invalidate-handler.ts): the open track only.
    'season.invalidate': (a) => {
      const track = a['track'] as 'conformite' | 'generique';
      if (!reopened(track))
        throw new HandlerRefusal('SEASON_INVALIDATE_CLOSED', `season 1, track ${track} is closed and scored`, {
          season: 1,
          track,
        });
      if (invalidation.done !== null)
        throw new HandlerRefusal('SEASON_ALREADY_INVALIDATED', 'season 1, track generique was invalidated', {
          season: 1,
          track,
          invalidated_at: invalidation.done.invalidated_at,
        });
      invalidation.done = {
        season: 1,
        track,
        proof_id: 'prf_20261210_090000_dddddd',
        freeze_proof_id: 'prf_20260920_120000_aaaaaa',
        document_sha256: hex(41),
        reason: a['reason'] as string,
        invalidated_at: isoUtc(NOW),
      };
      return invalidation.done;
    },
    'freeze.anchor': () => {
      throw new HandlerRefusal(readsUsed.code, readsUsed.message, readsUsed.details);
    },
    'proofs.view': () => proofsView(),
    'proofs.fetch': () => readJob,
    // "Re-check now (uses 1 read)" as main answers it (main/console/handlers/proofs-handlers.ts): refused with
    // the next read's time once the hour's 100 reads are used, else one read counted and the proof anchored or still
    // pending, its next recheck 10 minutes on.
    'proofs.recheck': (a) => {
      const id = a['proof_id'] as string;
      if (!proofs.pending.some((p) => p.proof_id === id))
        throw new HandlerRefusal('PROOF_RECHECK_NOT_PENDING', `${id} is not pending in the read cache`, {
          proof_id: id,
          status: null,
        });
      if (proofs.readsUsed >= 100)
        throw new HandlerRefusal(noReadLeft.code, noReadLeft.message, { ...noReadLeft.details, proof_id: id });
      proofs.readsUsed += 1;
      if (proofs.trustLayerDown)
        throw new HandlerRefusal(
          'PROOF_RECHECK_TRUST_LAYER_UNREACHABLE',
          `the Trust Layer https://trust.arkforge.tech could not be reached: ${id} stays pending; re-check it later`,
          { proof_id: id, trust_layer: 'https://trust.arkforge.tech', cause: 'HTTP_NETWORK' },
        );
      const anchored = proofs.anchorOnRecheck.includes(id);
      proofs.pending = anchored
        ? proofs.pending.filter((p) => p.proof_id !== id)
        : proofs.pending.map((p) => (p.proof_id === id ? { ...p, next_recheck_at: isoUtc(NOW + 600_000) } : p));
      return { proof_id: id, status: anchored ? 'anchored' : 'pending', proofs: proofsView() };
    },
    'jobs.list': () => ({ jobs: [readJob] }),
    ...participantsAndBackups(participants),
    // A console given the Trust Layer only: the season service and the backup folder are not configured.
    'console.connections': (a) => ({
      connections: [
        { name: 'trust_layer', target: 'https://trust.arkforge.tech', source: 'option', option: '--trust-layer' },
        { name: 'api_key', target: 'https://trust.arkforge.tech', source: 'option', option: '--api-key-file' },
        { name: 'season_base', target: 'https://proveit.arkforge.tech', source: 'option', option: '--season-base' },
        { name: 'season_service', target: null, source: 'none', option: '--season-url' },
        { name: 'operator_token', target: null, source: 'none', option: '--operator-token-file' },
        { name: 'trust_bundle', target: '/opt/proveit/trust/production', source: 'default', option: '--trust' },
        { name: 'backup_folder', target: null, source: 'none', option: '--backup-dir' },
      ],
      test:
        a['test'] === undefined
          ? null
          : a['test'] === 'trust_layer'
            ? {
                name: 'trust_layer',
                at: isoUtc(NOW),
                ok: true,
                checked: 'GET https://trust.arkforge.tech/v1/health',
                detail: 'answered 200',
                warning: null,
                error: null,
              }
            : a['test'] === 'api_key'
              ? apiKeyTest()
              : {
                  name: a['test'],
                  at: isoUtc(NOW),
                  ok: false,
                  checked: 'nothing',
                  detail: null,
                  warning: null,
                  error: {
                    code: 'CONNECTION_NOT_CONFIGURED',
                    message: 'the console was started without --season-url URL --operator-token-file FILE',
                  },
                },
    }),
    // The set-up checklist (docs/console-backend.md "Set-up"): no operator key yet, an API key bound to another DID;
    // creating the key and binding it change both, as main does.
    'setup.view': () => setupView(),
    'setup.operator_key': () => {
      setup.key = true;
      return setupView();
    },
    'setup.bind': () => {
      if (!setup.key)
        throw new HandlerRefusal('SETUP_OPERATOR_KEY_MISSING', 'there is no operator key beside the database yet');
      setup.bound = true;
      return {
        did: CHALLENGE_DID,
        bound_at: isoUtc(NOW),
        method: 'challenge_response',
        already_bound: false,
        audit_head: { seq: 122, hash: 'e'.repeat(64) },
      };
    },
    'incident.list': () => ({ incidents: [incident()] }),
    'incident.resolve': () => {
      incidentResolved = true;
      return incident();
    },
    'audit.list': () => ({ entries: audit, total: audit.length, offset: 0 }),
    'audit.verify': () => ({
      ok: false,
      code: 'AUDIT_LOG_TRUNCATED',
      message: 'publication version 1 quotes entry 121, which the log no longer has',
    }),
    // The newest export (version 1), its anchor made and still pending in the view kept until a re-check finds its
    // batch anchored (docs/console-backend.md "The Index export's state").
    'index.status': (a) => {
      if (a['recheck'] === true) index.anchor = 'anchored';
      return { season: 1, newest: indexExport() };
    },
    'index.verify': () => ({ verified: true, failures: [], ...indexExport() }),
    'index.preview': (a): IndexPreview => ({
      season: 1,
      track: a['track'] as IndexPreview['track'],
      lang: a['lang'] as 'fr' | 'en',
      version: 2,
      exported: false,
      html: indexPage(a['lang'] as 'fr' | 'en', index.injectScript),
      findings: [indexFinding],
    }),
  };

  const dispatch: Dispatch = async (channel, args): Promise<IpcAnswer<unknown>> => {
    calls.push({ channel: String(channel), args });
    const handler = typeof channel === 'string' ? handlers[channel] : undefined;
    if (!handler)
      return { ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL', message: `${String(channel)} is not served here` } };
    try {
      return { ok: true, value: handler((args ?? {}) as Record<string, unknown>) };
    } catch (error) {
      // A refusal answers as the dispatcher answers it (main/ipc/dispatcher.ts): code, message and details.
      if (!(error instanceof HandlerRefusal)) throw error;
      const { code, message, details } = error;
      return { ok: false, error: details === undefined ? { code, message } : { code, message, details } };
    }
  };
  return { dispatch, calls, index, proofs, figures, invalidation };
}
