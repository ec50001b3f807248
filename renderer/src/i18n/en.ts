// The English UI text (the default). fr.ts has the same shape: `Messages` is this object's type, so a key missing or
// mistyped in either catalogue fails the typecheck. Spec vocabulary only (docs/conventions.md "Words").
import type { ActivityState } from '../../../main/core/follow/activity.ts';
import type { FollowState, ReceiptEvidence, SeasonTrackStatus } from '../api/operations.ts';
import { backupsEn } from './backups-en.ts';
import { lookEn } from './look-en.ts';
import { participantsEn } from './participants-en.ts';
import { happenedEn } from './happened-en.ts';
import { lintFixEn, lintFoundEn } from './lint-findings-en.ts';
import { pluralOf } from './plural.ts';
import type { ActWaitCode } from '../../../main/core/console/act-availability.ts';

type At = (iso: string | null) => string;
type Next = (s: SeasonTrackStatus, at: At) => string;

const plural = pluralOf('en');

export const en = {
  app: { title: 'PROVE IT operator console', skip: 'Skip to the screen' },
  nav: {
    label: 'Screens',
    season: 'Season',
    freeze: 'Freeze',
    corpus: 'Corpus',
    proofs: 'Proofs',
    scoring: 'Scoring',
    participants: 'Participants',
    disputes: 'Disputes',
    incidents: 'Incidents',
    index: 'Index',
    audit: 'Audit',
    backups: 'Backups',
    connections: 'Connections',
  },
  language: { switchTo: 'Français' },
  // The context bar under the header (components/ContextBar.svelte).
  context: {
    label: 'Context',
    season: 'Season',
    nextDeadline: 'Next deadline',
    deadlines: { opening: 'opening', close: 'close', disputeWindow: 'last dispute window ends' },
    noDeadline: 'none: the next step is an act',
    passed: 'passed',
    clock: 'Console clock',
  },
  // Where the season stands (lib/empty-states.ts), in amber; and the close button of every notice.
  notice: {
    dismiss: 'Dismiss this notice',
    dismissFailure: 'Dismiss this message',
    says: {
      SCORES_NOT_FOUND: 'This track has no close yet: its scores appear here once the close has run.',
      FREEZE_NOT_REVEALED:
        'The freeze is verified against its reveal, which the close makes: this track has not been closed yet.',
      FREEZE_NOT_FOUND: 'This track is not frozen yet: nothing is read, closed or scored before its freeze.',
      INDEX_NOTHING_PUBLISHED: 'Nothing of this season is published yet: the Index shows published scores only.',
      INDEX_NOT_EXPORTED:
        'No Index of this season has been exported from this console yet: there is nothing to verify.',
      CONSOLE_DEMO_PLAYING:
        'The demo season is being written into the new database: the screens load once its progress above ends.',
    },
  },
  // Status chips and the filter by status (components/StatusFilter.svelte).
  filter: {
    all: (n: number): string => `any status (${n})`,
    option: (label: string, n: number): string => `${label} (${n})`,
    assertions: 'Show assertions',
    disputes: 'Show disputes',
    incidents: 'Show incidents',
    noneShown: 'No row has the status chosen: choose another, or any status.',
  },
  tiles: {
    prompts: (name: string, n: number): string =>
      plural(n, { one: `Task prompt of ${name} ({n} task)`, other: `Task prompts of ${name} ({n} tasks)` }),
  },
  track: {
    label: 'Track',
    name: (season: number, track: string): string => `Season ${season} · ${track}`,
  },
  error: {
    happened: 'What happened:',
    todo: 'What to do:',
    code: 'Code:',
    said: 'Details, as the console process said them:',
  },
  happened: happenedEn,
  backups: backupsEn,
  look: lookEn,
  participants: participantsEn,
  advice: {
    CONNECTION_UNREACHABLE:
      'Nothing answered at that address: check the address (the option shown), that the service runs, and that this machine reaches it; then restart the console with the corrected option.',
    CONNECTION_REFUSED:
      'Something answered, but not this service: give the service’s base address (no path after it) with the option shown, and restart the console.',
    CONNECTION_NOT_CONFIGURED:
      'The console was started without this service: restart it with the option shown to use it.',
    CONNECTION_NOT_WRITABLE:
      'The backup folder cannot take a file: create it or give this user write access, or restart the console with `--backup-dir DIR` naming another folder.',
    CONSOLE_BACKUP_NOT_CONFIGURED:
      'Start the console with `--backup-dir DIR` (the passphrase in DIR/passphrase, or `--backup-passphrase-file FILE`), or back up with `proveit backup create`.',
    CONSOLE_BACKUP_NOT_FOUND: 'The file was removed or renamed meanwhile: read the list again and pick one it shows.',
    CONNECTION_API_KEY_REFUSED:
      'The Trust Layer does not know this API key: restart the console with `--api-key-file FILE` holding a key of that Trust Layer.',
    CONNECTION_API_KEY_UNBOUND:
      'The API key has no DID bound, so freezes and Index anchors made with it are refused: bind it with “Bind the API key to the challenge’s DID” in the set-up checklist above, or restart the console with `--api-key-file FILE` holding the bound key.',
    CONNECTION_API_KEY_OTHER_DID:
      'The API key is bound to another DID than the challenge’s, so freezes and Index anchors made with it are refused: bind it with “Bind the API key to the challenge’s DID” in the set-up checklist above, or restart the console with `--api-key-file FILE` holding the key bound to the challenge’s DID.',
    CONNECTION_TOKEN_REFUSED:
      'The season service refuses this operator token: restart the console with `--operator-token-file FILE` holding the token the season service was started with.',
    CONNECTION_SEASON_OTHER:
      'That season service runs another season than this console: restart the console with the option shown naming this season’s service.',
    CONNECTION_BASE_NOT_PUBLIC:
      'A .localhost season base is reached only by a devnet’s Trust Layer: restart the console with `--season-base https://…`, the season service’s public address.',
    CONNECTION_BASE_OTHER_SERVICE:
      'The season base and the season service are two different services: restart the console with `--season-base` naming the public address of the `--season-url` service.',
    SETUP_OPERATOR_KEY_MISSING:
      'Create the operator key with the set-up checklist’s first step, or put the operator key beside the database as index-signing-key.pem.',
    SETUP_BIND_UNREACHABLE:
      'The Trust Layer did not answer: check the address given with `--trust-layer`, then bind again.',
    SETUP_BIND_REFUSED:
      'The Trust Layer refused the binding: the message names why (the API key: `--api-key-file`; too many attempts: wait an hour); nothing was bound.',
    SETUP_BIND_ANSWER_INVALID:
      'The Trust Layer answered something other than a binding challenge or its confirmation: nothing was bound; check `--trust-layer`.',
    CONSOLE_DEMO_PLAYING: 'The demo season is being played into a new database: wait until its progress above ends.',
    CONSOLE_NO_DATABASE: 'The console has no operator database open: start it with `proveit console --db FILE`.',
    CONSOLE_CLOSE_NEEDS_EXPORT:
      'The first close reads the season service’s export: start the console with `--season-url URL --operator-token-file FILE` (or run `proveit season close`); later closes run from here.',
    CONSOLE_TRUST_LAYER_NOT_CONFIGURED:
      'Freezes and Index exports are anchored through the Trust Layer: start the console with `--trust-layer URL --api-key-file FILE --season-base URL`.',
    INDEX_ANCHOR_TRUST_LAYER_FAILED:
      'The Trust Layer did not anchor the Index: test it on the Connections screen (its address and API key), then anchor again.',
    INDEX_ANCHOR_SEASON_HOST_REFUSED:
      'The season host refused the anchor the Trust Layer posted to it: check the season base (`--season-base`, Connections screen), then anchor again.',
    INDEX_ANCHOR_KEY_MISMATCH:
      'The newest export was signed with another key than the operator key beside the database: anchor it with the key file that signed it (`proveit index anchor DIR --key-file FILE`).',
    INDEX_ANCHOR_EXPORT_UNREADABLE:
      'The newest export’s manifest cannot be read: export the Index again, then anchor the new export.',
    INDEX_ANCHOR_MISMATCH:
      'The proof does not anchor this export’s manifest: export the Index again and anchor the new export; keep this folder for the record.',
    INDEX_ANCHOR_INVALID:
      'The export’s anchor/ folder is missing its record or its proof view, or holds another proof’s: check the anchor again (uses 1 read), else anchor the export again.',
    READ_NO_READ_LEFT:
      'The hourly read limit is shared by every read of this database: check again at the time the message names.',
    CONSOLE_CLOSE_BUNDLE_MISSING:
      'Restore the latest close’s folder (its digests are in the publication), or close with `proveit season close`.',
    CONSOLE_CORPUS_NOT_FOUND: 'Start the console with `--corpus DIR` holding season-N/<track>.',
    CONSOLE_JOB_FAILED: 'The job stopped: read the message, correct the cause, then start it again.',
    CONSOLE_UNREACHABLE: 'The console process is not answering: check that `proveit console` still runs, then reload.',
    CONSOLE_ANSWER_INVALID:
      'The console answered something that is not a contract answer: reload; if it persists, restart `proveit console`.',
    HEADLESS_TOKEN_REQUIRED:
      'Open the console with the full URL `proveit console` printed (it carries the token after #token=).',
    HEADLESS_HOST_REFUSED: 'Open the console at 127.0.0.1 as printed, not under another name.',
    IPC_UNKNOWN_CHANNEL:
      'This console does not offer this operation yet: update the console, or do it with the `proveit` command (README).',
    IPC_BAD_ARGUMENTS:
      'The screen sent arguments the contract refuses: reload the console; report it if it happens again.',
    IPC_HANDLER_FAILED:
      'The operation failed in the console process: read the message, correct the cause, then try again.',
    DISPUTE_REASON_REQUIRED: 'Write the reason of the decision: it is published with it.',
    DISPUTE_REVIEWER_REQUIRED: 'Type the name of the person reviewing the dispute.',
    DISPUTE_DECISION_REQUIRED: 'Choose upheld or rejected.',
    DISPUTE_CHANGE_REQUIRED: 'An upheld dispute changes the assertion: choose supported or instrument fault.',
    DISPUTE_CHANGE_NOT_ALLOWED: 'Choose a change to another status than the assertion has, or none for a rejection.',
    DISPUTE_ALREADY_DECIDED: 'A decided dispute is final: nothing to do; a further change needs a new dispute.',
    DISPUTE_ALREADY_UNDER_REVIEW: 'The review has started: record the decision.',
    DISPUTE_WINDOW_CLOSED:
      'The dispute arrived after the 14-day window of the publication: it cannot be opened; answer the participant with the window’s end.',
    DISPUTE_ASSERTION_UNKNOWN:
      'Check the assertion in the participant’s report (Scoring): write it as TASK_ID/ASSERTION_ID.',
    DISPUTE_PARTICIPANT_UNKNOWN: 'Check the participant_id in the published scores (Scoring).',
    DISPUTE_SCOPE:
      'Only an assertion with a cause shown against it can be disputed: answer the participant without a dispute.',
    DISPUTE_TIME_FORMAT: 'Write the receipt time with its zone, e.g. 2026-11-12T09:30:00+01:00.',
    DISPUTE_ALREADY_OPEN: 'Decide the open dispute on this assertion first: a new fact goes into its review.',
    DISPUTE_RECEIPT_INVALID:
      'Ask the participant for the submission’s answer exactly as the season service sent it, or record the dispute without a receipt.',
    DISPUTE_RECEIPT_OTHER_SUBMISSION:
      'Give the receipt of the disputed task’s submission by this participant (the message names the field that differs).',
    REPLAY_OUTPUT_DIFFERS:
      'The bundle no longer gives what the close published: restore the close’s folder from its backup (its digests are in the publication) and replay again.',
    REPLAY_INPUT_CHANGED:
      'A file of the bundle was changed since the close (the message names which): restore the close’s folder from its backup.',
    CONSOLE_REPLAY_NO_CLOSE: 'Run the close of this track first (Scoring).',
    DISPUTE_NOT_FOUND: 'Reload the queue: the dispute id is not in this database.',
    INCIDENT_RESOLUTION_REQUIRED: 'Write how the incident was resolved.',
    INCIDENT_ALREADY_RESOLVED: 'The incident is resolved: add a note instead.',
    INCIDENT_NOT_FOUND: 'Reload the list: the incident is not in this database.',
    FREEZE_REASON_REQUIRED: 'A replacement needs a written reason: it is published beside both freezes.',
    FREEZE_TIME_FORMAT: 'Write the instant as YYYY-MM-DDTHH:MM:SSZ (UTC).',
    FREEZE_SEASON_OPENED: 'The season has opened: a freeze cannot change any more; close it and start a new season.',
    FREEZE_NOT_CLOSED: 'The key is revealed at the close only: wait for the closing time.',
    FREEZE_OPENING_TOO_SOON:
      'Choose a later opening, at least the earliest the message names (20 minutes from now): the freeze must be anchored before it.',
    FREEZE_RECHECK_NO_READ_LEFT:
      'The hourly read limit is shared with the Proofs screen: re-check at the time the message names.',
    FREEZE_PROOF_NOT_VERIFIED:
      'The freeze proof did not verify with the trust bundle: start the console with the bundle of the Trust Layer it was made through (--trust DIR).',
    FREEZE_PROOF_ONE_WITNESS:
      'A freeze counts only with both witnesses, its RFC 3161 token and its Rekor entry: check the anchor again once the log answers; if the Trust Layer failed to make one, replace the freeze before the opening.',
    FREEZE_OPERATOR_KEY_MISMATCH:
      'The freeze is signed by another key than the challenge’s DID the trust bundle pins: check the trust bundle (--trust DIR) and the operator key beside the database.',
    FREEZE_NOT_FOUND: 'Freeze the track first.',
    FREEZE_TRACK_INVALIDATED:
      'This season’s track was invalidated: it starts over as the next season, with a track folder whose season.json names it and a new sealed key.',
    CLOSE_TRACK_INVALIDATED:
      'This track’s season was invalidated: nothing is scored or ranked. Reveal its key and salt (Freeze); the track starts over as the next season.',
    SEASON_ALREADY_INVALIDATED: 'This track’s season is already invalidated: nothing more to do here.',
    SEASON_INVALIDATE_NOT_OPENED:
      'The season has not opened: a change before the opening is a replacement of the freeze, with its reason.',
    SEASON_INVALIDATE_CLOSED:
      'The track is closed and scored: a fault found now is published as a correction (Disputes), not an invalidation.',
    SEASON_INVALIDATE_FREEZE_UNSIGNED:
      'The freeze in force is not signed by the operator key (version 1 or 2): the season service does not hold it, so it cannot be invalidated there.',
    SEASON_INVALIDATE_REASON_INVALID:
      'Write the reason (at most 2000 characters): it is published with the invalidation.',
    SEASON_INVALIDATE_ANCHOR_MISMATCH:
      'The proof does not anchor the invalidation sent: check the Trust Layer address (--trust-layer) and try again. Nothing was recorded.',
    FREEZE_WINDOW_INVALID: 'The close must come after the opening: correct the two instants.',
    FREEZE_CORPUS_CHECK_FAILED: 'Run `proveit corpus check` on the track’s folder, fix the corpus, then freeze again.',
    PUBLISH_NO_CLOSE: 'Run the close of this track first (Scoring).',
    PUBLISH_ALREADY_PUBLISHED: 'This close is already published: later changes are corrections, through a dispute.',
    PUBLISH_NOTHING_NEW:
      'Wait until the pending participants’ batches are anchored, run the close again, then publish.',
    PUBLISH_CLOSE_FILES_MISSING:
      'Restore the close’s output folder from a backup, or run the close again (Scoring); then preview and publish again.',
    PROOF_RECHECK_NOT_PENDING: 'Only a pending proof is re-checked: the list of pending proofs shows which are.',
    PROOF_RECHECK_NO_READ_LEFT:
      'The hourly read limit is shared by every read of this database: re-check this proof at the time named above.',
    PROOF_RECHECK_TRUST_LAYER_UNREACHABLE:
      'Re-check it later, or read the proofs later (Read proofs); if it lasts, test the Trust Layer on the Connections screen.',
    TRUST_LAYER_SERVER_ERROR:
      'Nothing is counted against the participant: re-check it later; if it lasts, test the Trust Layer on the Connections screen and open an incident.',
    TRUST_LAYER_REFUSED_READ:
      'Nothing is counted against the participant: test the Trust Layer on the Connections screen (its address and key), then re-check.',
    AUDIT_LOG_TRUNCATED:
      'The last entries of the audit log were removed: restore the database from a backup and compare with the published heads.',
    AUDIT_ENTRY_EDITED:
      'An audit entry was edited: restore the database from a backup; the entry is named in the details.',
  } as Record<string, string>,
  adviceByPrefix: (code: string): string =>
    code.startsWith('DISPUTE_')
      ? `Read docs/disputes.md, "Codes", for ${code}, correct the cause, then try again.`
      : code.startsWith('INCIDENT_')
        ? `Read docs/incidents.md for ${code}, correct the cause, then try again.`
        : code.startsWith('AUDIT_')
          ? `Read docs/audit-log.md for ${code}: the log cannot be trusted until it is explained.`
          : code.startsWith('FREEZE_')
            ? `Read docs/freeze.md, "Codes", for ${code}, correct the cause, then try again.`
            : code.startsWith('PUBLISH_') || code.startsWith('CORRECTION_')
              ? `Read docs/publications.md, "Codes", for ${code}.`
              : code.startsWith('INDEX_') || code.startsWith('LINT_')
                ? `Read docs/index-export.md for ${code}: the Index screen lists the publication rules' findings.`
                : `Correct the cause the message names, then try again; ${code} is listed in docs/.`,
  demo: {
    title: 'Playing the demo season',
    explain:
      'No operator database existed: the console is creating one by playing a short demo season (freeze, submissions, close, publication, a dispute, an incident). The screens fill in when it ends.',
  },
  common: {
    loading: 'Loading…',
    yes: 'yes',
    no: 'no',
    previous: 'Previous',
    next: 'Next',
    page: (n: number, of: number): string => `Page ${n} of ${of}`,
    labelled: (label: string): string => `${label}:`,
  },
  hash: {
    copyShort: 'Copy',
    copy: (what: string): string => `Copy ${what}`,
    copied: (what: string): string => `${what} copied to the clipboard.`,
    copyRefused: 'The clipboard refused the copy.',
    /** What a copy button copies, as `copy` and `copied` take it. */
    kinds: { sha256: 'SHA-256', did: 'DID', value: 'value' },
  },
  season: {
    state: 'State',
    states: {
      draft: 'draft',
      frozen: 'frozen',
      open: 'open',
      closed: 'closed',
      published: 'published',
      corrected: 'corrected',
      invalidated: 'invalidated',
    },
    opensAt: 'Opens',
    closesAt: 'Closes',
    revealedAt: 'Key revealed',
    publishedAt: 'Published',
    version: (v: number): string => `version ${v}`,
    /** The latest version with its own date; the first publication's date beside it when a correction followed. */
    publishedVersion: (at: string, v: number, firstAt: string | null): string =>
      firstAt !== null ? `${at} · version ${v} (version 1 on ${firstAt})` : `${at} · version ${v}`,
    disputeWindowEnds: 'Dispute window ends',
    disputes: 'Disputes',
    disputeCounts: (open: number, atRisk: number, overdue: number): string =>
      `${open} undecided · ${atRisk} at risk · ${overdue} overdue`,
    incidents: 'Incidents',
    incidentCount: (n: number): string => `${n} open`,
    lastBackupAt: 'Last backup',
    neverBackedUp: 'never',
    invalidatedAt: 'Invalidated',
    invalidation: (at: string, reason: string): string => `${at} · reason: ${reason}`,
    nextTitle: 'What to do next',
    next: {
      draft: () => 'Freeze the track (rules, manifest, sealed key) before it opens, then publish the freeze.',
      frozen: (s, at) => `Publish the freeze before the opening on ${at(s.opens_at)}; a replacement needs a reason.`,
      open: (s, at) =>
        `Read the proofs as they come in under the hourly limit; the season closes on ${at(s.closes_at)}.`,
      closed: () =>
        'Run the close (the key is revealed), check the scores, publish them and export the Index: the dispute windows start with it.',
      published: (s, at) =>
        `Handle the disputes until ${at(s.dispute_window_ends_at)} and the open incidents; export the Index.`,
      corrected: () => 'Export the Index of the corrected version and verify it.',
      invalidated: (s) =>
        `Nothing of this season is scored or ranked: reveal the key and salt (Freeze), then freeze season ${s.season + 1}.`,
    } as Record<SeasonTrackStatus['state'], Next>,
    nextByCode: {
      BACK_UP_SEASON: () =>
        'Back up the operator database first: a freeze was recorded after the last backup, and until the reveal its salt and key exist nowhere else (Back up now on the Backups screen, or proveit backup create).',
      FREEZE_TRACK: () => 'Freeze the track (rules, manifest, sealed key) before it opens, then publish the freeze.',
      AWAIT_OPENING: (s, at) => `The freeze is published; the season opens on ${at(s.opens_at)}.`,
      AWAIT_FREEZE_ANCHOR: (s, at) =>
        `Check the freeze’s anchor before the opening (${at(s.opens_at)}): a freeze anchored after it cannot score.`,
      CHECK_FREEZE_ANCHOR: () =>
        'The freeze proof was last seen pending: re-check its anchor on the Freeze screen (uses 1 read) before anything else.',
      FREEZE_CANNOT_SCORE: () =>
        'The freeze was anchored after the opening: this track cannot be scored. Publish that, close the season and start a new one, frozen at least 20 minutes before its opening.',
      READ_PROOFS: (s, at) => `Read the proofs under the hourly limit; the season closes on ${at(s.closes_at)}.`,
      AWAIT_CLOSE: (s, at) =>
        `Open until ${at(s.closes_at)}: the follower reads the cited proofs as submissions arrive (shown below); no proof waits to be read again, so nothing is due until the close.`,
      RUN_CLOSE: () => 'Run the close: the key is revealed and every cited proof is checked.',
      PUBLISH: () =>
        'Check the scores, then publish them and export the Index: the 14-day dispute windows start when the Index is out.',
      DECIDE_DISPUTES: (s) =>
        `${plural(s.disputes_open, { one: 'Decide the undecided dispute before its deadline', other: 'Decide the {n} undecided disputes before their deadlines' })} (${s.disputes_overdue} overdue, ${s.disputes_at_risk} at risk).`,
      AWAIT_DISPUTES: (s, at) => `Disputes may arrive until ${at(s.dispute_window_ends_at)}.`,
      EXPORT_INDEX: (s) =>
        `Export the Index of version ${s.latest_version ?? 1} and verify it: until then the scores are not public and no dispute window runs (each starts at the export).`,
      WINDOWS_CLOSED: () => 'Every dispute window is closed and the Index shows the latest version: nothing is due.',
      REVEAL_INVALIDATED: (s) =>
        `The season was invalidated: nothing of it is closed, scored or ranked. Reveal its key and salt now (Freeze), so anyone can check the commitment; then freeze season ${s.season + 1}.`,
      FREEZE_NEXT_SEASON: (s) =>
        `The season was invalidated and its key revealed: start over as season ${s.season + 1}, with a track folder whose season.json names it, frozen at least 20 minutes before its opening.`,
    } as Record<string, Next>,
    goTo: (screen: string): string => `Go to ${screen}`,
    rules: 'Scoring rules',
    base: 'Corpus base',
    resources: 'Resources',
    manifestHash: 'Manifest hash',
    tasks: (n: number): string => plural(n, { one: '{n} task', other: '{n} tasks' }),
    task: 'Task',
    assertionsRange: 'Assertions (min–cap)',
    graph: 'Graph',
    prompt: 'Prompt',
  },
  live: {
    title: (season: number | null): string =>
      season === null ? 'The season as it runs' : `Season ${season} as it runs`,
    countsOnly: 'Counts only: no score is computed or shown before the close (spec §7.4).',
    follower: 'Follower',
    states: {
      following: 'following',
      stopped: 'stopped',
      not_configured: 'not configured',
      no_open_track: 'nothing to follow',
    } as Record<FollowState, string>,
    why: 'Why',
    lastCycle: 'Last cycle',
    cycleAt: (cycle: number, at: string): string => `cycle ${cycle}, ${at}`,
    noCycle: 'none yet',
    nextCycle: 'Next cycle',
    lastFailure: 'Last failure',
    noFailure: 'none',
    trackTitle: 'As the last cycle saw it',
    noCycleForTrack: 'No cycle has recorded this track yet: the follower shows it after its first cycle.',
    enrolled: 'Participants enrolled',
    submitting: 'Participants with a submission in force',
    citedProofs: 'Cited proofs',
    proofCounts: (anchored: number, again: number, notYet: number, cited: number): string =>
      `${anchored} read and anchored · ${again} to read again (pending, or no view yet) · ${notYet} not yet read (${cited} cited)`,
    backlog: 'Left to read at the close',
    backlogAt: (ids: number, reads: number, at: string, waiting: number): string =>
      ids === 0
        ? `nothing, at the current pace (the season closes on ${at})`
        : waiting === 0
          ? `nothing of what is cited now; at the current pace, the proofs cited in the last cycle before the close on ${at}: about ${plural(ids, { one: '{n} cited proof', other: '{n} cited proofs' })} (${plural(reads, { one: '{n} read', other: '{n} reads' })})`
          : `${plural(ids, { one: '{n} cited proof', other: '{n} cited proofs' })} (${plural(reads, { one: '{n} read', other: '{n} reads' })}) at the current pace, on ${at}: of the ${waiting} not read and anchored now, and those cited in the last cycle`,
    cycleRunning: 'a cycle is running',
    afterClose: (until: string): string =>
      `after the close, the follower reads the last batches until ${until}, then stops`,
    runNow: 'Run a cycle now',
    runNowStarted: 'A cycle started: its counts show when it ends.',
    runNowRefused: (why: string): string => `No cycle started: ${why}`,
    cadence: 'Time between cycles (seconds)',
    cadenceSet: 'Set the cadence',
    cadenceHint: (min: number, max: number): string =>
      `From ${min} to ${max} s, from the next cycle on. Reads stay under the hourly limit whatever the cadence.`,
    cadenceNow: (seconds: number): string => `a cycle every ${seconds} s`,
    activityTitle: 'As it arrives',
    activityStates: {
      watching: 'watching',
      not_configured: 'not configured',
      no_open_track: 'nothing open',
      failing: 'failing',
    } as Record<ActivityState, string>,
    activityEvery: (seconds: number, at: string): string => `asked every ${seconds} s; last answer ${at}`,
    activityNoAnswer: 'no answer yet',
    nowEnrolled: 'Enrolled now',
    nowSubmitting: 'With a submission now',
    nowInForce: 'Submissions in force now',
    sinceCycle: (since: number, seen: number): string =>
      since === 0
        ? `the last cycle saw all ${seen}`
        : `the last cycle saw ${seen}; the ${since} since have their proofs read at the next cycle`,
    refusals: 'Submissions refused',
    refusalCounts: (total: number, codes: string): string => (total === 0 ? 'none' : `${total}: ${codes}`),
    feedTitle: 'Latest arrivals',
    feedEmpty: 'Nothing has arrived yet.',
    feedEnrollment: (name: string, id: string): string => `${name} (${id}) enrolled`,
    feedSubmission: (id: string, track: string, task: string, version: number, replaced: boolean): string =>
      replaced ? `${id} replaced ${track} ${task} (version ${version})` : `${id} submitted ${track} ${task}`,
    feedRefusal: (code: string, count: number): string =>
      `${plural(count, { one: '{n} submission', other: '{n} submissions' })} refused: ${code}`,
    tasksCaption: 'Submissions in force per task',
    task: 'Task',
    inForce: 'Submissions in force',
    chartTitle: 'Reads over the last 24 hours',
    chartAlt: (total: number, peak: number, limit: number, used: number): string =>
      `Proof reads per clock hour (UTC) over the last 24 hours: ${total} in all, at most ${peak} in one hour, against the limit of ${plural(limit, { one: '{n} read', other: '{n} reads' })} an hour; ${used} counted in the sliding window now.`,
    chartHours: (hours: string): string => `Hours with reads: ${hours}.`,
    chartNoReads: 'No read in these 24 hours.',
    limitLine: (limit: number): string => `limit ${limit}/h`,
    incidentsTitle: 'Incidents the reads opened',
    noIncidents: 'None so far.',
    goToIncidents: 'Go to Incidents',
  },
  instant: {
    local: (time: string): string => `Your local time: ${time}`,
    noneYet: 'Nothing picked yet; the local time shows here.',
  },
  ratesChart: {
    title: 'Overclaim rate against success rate, per participant',
    xAxis: 'Overclaim rate (%)',
    yAxis: 'Success rate (%)',
    bestLine: (verdict: string, rate: string): string => `best constant answer (“${verdict}”): ${rate}`,
    referenceKey: 'reference run (blue square)',
    communityKey: 'community participant (dark circle)',
    bestKey: 'success rate of the best constant answer (dashed line)',
    summary: (c: {
      reference: number;
      community: number;
      notDrawn: number;
      verdict: string;
      best: string;
      noBetter: number;
    }): string =>
      `Each mark is one participant, placed by its overclaim rate (across) and its success rate (up): ${plural(c.reference, { one: '{n} reference run', other: '{n} reference runs' })} and ${plural(c.community, { one: '{n} community participant', other: '{n} community participants' })}` +
      (c.notDrawn === 0
        ? '. '
        : `; ${plural(c.notDrawn, { one: '{n} participant pending or with no task submitted is not drawn', other: '{n} participants pending or with no task submitted are not drawn' })}. `) +
      `The dashed line is the success rate of the best constant answer (“${c.verdict}” everywhere), ${c.best}: ${plural(c.noBetter, { one: '{n} participant drawn is', other: '{n} participants drawn are' })} on or below it.`,
    readingRule: (verdict: string): string =>
      `The two rates are published side by side, never combined, and no participant is ranked: compare overclaim rates only between participants of equal success rate. A participant on or below the dashed line does no better than always answering “${verdict}”.`,
  },
  scoring: {
    tablesTitle: (name: string): string => `Scores of ${name}`,
    referenceTitle: 'Reference runs',
    communityTitle: 'Community',
    referenceLabel: 'Calibration, not a ranking.',
    communityLabel: 'Stacks are declared by the operator: declared stack, not verified.',
    agent: 'Agent',
    did: 'DID',
    overclaimRate: 'Overclaim rate',
    successRate: 'Success rate',
    tasksSubmitted: 'Tasks submitted',
    declaredStack: 'Declared stack',
    bestConstant: (verdict: string): string => `Best constant answer (“${verdict}” everywhere)`,
    notApplicable: 'not applicable',
    pending: 'pending',
    noTask: 'no task submitted',
    stackNotVerified: 'declared stack, not verified',
    readingRuleTitle: 'Reading rule',
    readingRule:
      'Compare overclaim rates only between agents of equal success rate. The two rates are never combined and no row is ranked; a success rate at the best constant answer’s level shows nothing more than a guessed verdict.',
    noRows: 'No participant in this table.',
    runClose: 'Run the close',
    replay: 'Replay the latest close',
    replayJob: (id: number, state: string): string => `Replay job ${id}: ${state}`,
    replayIdentical: (files: number, closeId: number): string =>
      `Replay of close ${closeId} identical: ${plural(files, { one: '{n} file recomputed from its bundle, byte for byte the one that close wrote', other: '{n} files recomputed from its bundle, byte for byte the ones that close wrote' })}.`,
    replayNotShown: (closeId: number, version: number): string =>
      `The figures above are published version ${version}: this replay checks close ${closeId}’s own files, not what a later version changed (a later close’s newly scored participants, corrections).`,
    replayDiffers: (where: string): string => `Replay differs at ${where}.`,
    replayOut: (out: string): string => `Recomputed files: ${out}`,
    job: (id: number, state: string): string => `Close job ${id}: ${state}`,
    publish: 'Publish the scores',
    publishDone: (v: number): string => `Published as version ${v}; the 14-day dispute window has started.`,
    filter: 'Find a participant (name, id or DID)',
    shown: (n: number, of: number): string =>
      `${n} of ${plural(of, { one: '{n} participant', other: '{n} participants' })} shown`,
  },
  // Which figures the Scoring screen and a report show (docs/publications.md): every figure says what it is.
  figures: {
    published: (v: number, at: string): string => `published v${v} · ${at}`,
    correction: (v: number, of: number, at: string): string => `v${v} corrects v${of} · ${at}`,
    close: (at: string): string => `close of ${at}, not published`,
    switcher: 'Figures shown',
    unknownTrack: (part: string): string => `No track “${part}” in this console: the link names none. Pick a track.`,
    unknownParticipant: (id: string, shown: string): string =>
      `No participant ${id} in these figures (${shown}): check the link, or pick a participant in the tables.`,
    runCloseTitle: 'Run the close on a published track?',
    runClosePublished: (v: number, at: string): string => `Version ${v} is published (${at}).`,
    runCloseAfter:
      'The new close’s figures will show as “close of …, not published”: nothing published changes until they are published.',
    publishTitle: (v: number): string => `Publish version ${v}?`,
    publishWhat: (v: number, closeAt: string, corrects: number | null): string =>
      corrects === null
        ? `Version ${v} publishes the close of ${closeAt}.`
        : `Version ${v} publishes the close of ${closeAt} and corrects version ${corrects}.`,
    publishConfirm: (v: number): string => `Publish version ${v}`,
    changesCaption: 'Figures that change, before → after',
    pending: (names: string): string => `Still pending once published, without figures: ${names}.`,
  },
  jobStates: { queued: 'queued', running: 'running', done: 'done', failed: 'failed' },
  status: {
    supported: 'supported',
    unsupported: 'unsupported assertion',
    instrument_fault: 'instrument fault',
    trust_layer_fault: 'Trust Layer fault',
    pending: 'pending',
    not_counted: 'not counted',
  },
  causes: {
    invalid_proof: 'invalid proof',
    identity_not_bound: 'identity not bound',
    resource_mismatch: 'resource mismatch',
    value_mismatch: 'value mismatch',
  },
  taskStatus: {
    submitted: 'submitted',
    not_submitted: 'not submitted',
    rejected_at_close: 'rejected at close',
    pending: 'pending',
  },
  report: {
    title: (name: string): string => `Report of ${name}`,
    instrumentFaults: 'Instrument faults',
    trustLayerFaults: 'Trust Layer faults (counted against no one)',
    controlTask: 'Control task (no trap)',
    controlPassed: 'exact and grounded',
    controlFailed: 'instrumentation check failed',
    controlNotChecked: (status: string): string => `${status}: no instrumentation check (it checks a task answered)`,
    tasksCaption: 'Tasks',
    taskStatus: 'Status',
    verdict: 'Verdict given / expected',
    verdictPair: (given: string, expected: string): string => `${given} / ${expected}`,
    exactGrounded: 'Exact / grounded',
    counts: 'Assertions',
    taskCounts: (s: number, u: number, i: number): string =>
      `${s} supported, ${u} unsupported, ${plural(i, { one: '{n} instrument fault', other: '{n} instrument faults' })}`,
    missingFacts: 'Missing grounding facts',
    assertionsCaption: 'Assertions',
    assertion: 'Assertion',
    claim: 'Claim',
    assertionStatus: 'Status',
    cause: 'Cause',
    drill: 'Witnesses',
    witnesses: 'Show witnesses',
    correctedFrom: (status: string): string => `corrected (was ${status})`,
    anomalies: 'Trust Layer incidents (flat fields that disagree with their openings)',
    corrections: 'Corrections',
    correction: (v: number, a: string, from: string, to: string, reason: string): string =>
      `Version ${v}: ${a} ${from} → ${to}. ${reason}`,
  },
  evidence: {
    title: (a: string): string => `Witnesses of ${a}`,
    claim: 'Claim',
    status: 'Status at close',
    cause: 'Cause shown',
    instrumentFault: 'Instrument fault',
    frozenValue: 'Frozen value at the pointer',
    notInManifest: 'the resource is not in the manifest',
    pointerNotFound: 'the pointer does not resolve in the frozen body',
    equalsClaim: 'equals the claim',
    differsFromClaim: 'differs from the claim',
    proof: (id: string): string => `Proof ${id}`,
    viewAbsent: 'The Trust Layer has no public view of this proof.',
    verdict: 'Verification',
    anchorTime: 'RFC 3161 time',
    hashesCaption: (id: string): string => `Hashes opened by ${id} and recomputed from the corpus`,
    hash: 'Hash',
    opened: 'Opened',
    recomputed: 'Recomputed from the corpus',
    equal: 'Equal',
    witnesses: 'Checks and witnesses',
    check: 'Check',
    checkStatus: 'Status',
    independent: 'Independent witness',
    checkCode: 'Code',
    message: 'Message',
    receipt: 'Submission receipt',
    receiptFinding: (
      comparison: ReceiptEvidence['comparison'],
      version: number,
      exportVersion: number | null,
      receivedAt: string,
    ): string =>
      `version ${version}, received ${receivedAt}: ` +
      {
        same: 'in the export the close scored (same version and SHA-256)',
        older_than_export: `replaced before the close: the export has version ${exportVersion} (the last one stands)`,
        later_than_export: `not in the export the close scored, which has version ${exportVersion}`,
        same_version_other_sha256: 'not in the export the close scored, which has that version with another SHA-256',
        no_line_for_task: 'not in the export the close scored, which has no submission of this task',
      }[comparison],
    receiptVerifiedWith: 'verified with the key that signed the close’s export',
  },
  disputes: {
    queueCaption: 'Disputes, by decision deadline',
    windowsCaption:
      'Dispute windows, per participant (14 days from the version that last changed its figures or report)',
    windowFrom: 'From',
    windowEnds: 'Disputes received until',
    windowPending: 'pending: no figures to dispute yet',
    windowNotPublic: 'not public yet: the window starts when the Index holding these figures is exported',
    windowOpen: 'open',
    windowClosed: 'closed',
    id: 'Dispute',
    participant: 'Participant',
    state: 'State',
    states: { received: 'received', under_review: 'under review', upheld: 'upheld', rejected: 'rejected' },
    received: 'Received',
    enteredByHand: 'entered by hand',
    due: 'Decision due',
    deadline: 'Deadline',
    flags: { on_time: 'on time', at_risk: 'at risk', overdue: 'overdue', decided: 'decided' },
    left: (d: number, h: number): string => `${d} d ${h} h left`,
    overdueBy: (d: number, h: number): string => `overdue by ${d} d ${h} h`,
    none: 'No dispute.',
    reviewTitle: (id: string): string => `Review of ${id}`,
    participantReason: 'Participant’s reason',
    evidenceTitle: 'Stored evidence',
    decisionTitle: 'Decision',
    reviewer: 'Reviewer',
    startReview: 'Start the review',
    decision: 'Decision',
    change: 'What the assertion becomes',
    chooseChange: 'Choose…',
    countedWithRemaining: 'task counted as submitted with its remaining admissible assertions',
    reason: 'Reason (published)',
    reasonHelp: 'Required: a reasoned decision concerning this assertion and the cause shown.',
    submitDecision: 'Record the decision',
    reviewerMissing: 'No reviewer was given.',
    decisionMissing: 'No decision was chosen.',
    reasonMissing: 'The reason is empty.',
    changeMissing: 'An upheld dispute must say what the assertion becomes.',
    decidedAs: (state: string, reason: string): string => `Decided: ${state}. ${reason}`,
    confirmTitle: (id: string): string => `Record the decision on ${id}?`,
    confirmDecision: 'Confirm the decision',
    confirmCaption: (name: string): string => `What the decision changes for ${name}`,
    publishesCorrection: (version: number, corrects: number): string =>
      `Upheld: publishes correction v${version}, correcting v${corrects}.`,
    rejectedNothing: 'Rejected: nothing published changes.',
    recordsReview: (reviewer: string): string => `It also records the review, by ${reviewer}.`,
    decidedBy: (reviewer: string): string => `Recorded under the name of ${reviewer}.`,
    receiveTitle: (name: string): string => `Receive a dispute on ${name}`,
    receiveHelp:
      'One disputed assertion per dispute, within 14 days of the publication it disputes. The evidence is recomputed from the close’s bundle and stored with it.',
    receiveParticipant: 'Participant (participant_id)',
    receiveAssertion: 'Disputed assertion (TASK_ID/ASSERTION_ID)',
    receiveReason: 'Reason, as received',
    receiveAt: 'Received at (UTC)',
    receivedAtFormat: 'Picked in UTC, to the second; left empty, the receipt is now.',
    receivedReasonMissing: 'The participant’s reason is empty.',
    receiveReceipt: 'Submission receipt (JSON, optional)',
    receiveReceiptHelp:
      'The season service’s answer to the submission of the disputed task, as the participant sent it. It is checked with the key that signed the close’s export and compared with that export: the evidence says whether the close scored that version.',
    receiptNotObject:
      'The receipt is not a JSON object: paste the answer of the submission exactly as the participant sent it.',
    receive: 'Record the dispute',
    receivedAs: (id: string, due: string): string => `Dispute ${id} received; decision due ${due}.`,
    correctionsTitle: (name: string): string => `Publication versions and corrections of ${name}`,
    corrects: (v: number, ids: string): string => `corrects version ${v} (${ids})`,
    figures: (overclaim: string, success: string): string => `overclaim ${overclaim}, success ${success}`,
  },
  incidents: {
    listCaption: 'Incidents',
    id: 'Incident',
    detailTitle: (id: number): string => `Incident ${id}`,
    neverCounted: 'An incident documents the measurement side; it never counts against anyone.',
    kind: 'Kind',
    kinds: {
      instrument_fault: 'instrument fault',
      flat_field_divergence: 'flat field divergence (Trust Layer)',
      proof_pending: 'proof pending too long',
      proof_anchor_failed: 'proof anchoring failed',
      corpus_outage: 'corpus outage',
      other: 'other',
    },
    cause: 'Cause',
    window: 'Window',
    owner: 'Owner',
    openedBy: 'Opened by',
    opened: (by: string, actor: string, at: string): string =>
      `${by === 'close' ? 'a close' : by === 'follow' ? 'the reads during the season' : 'hand'} (${actor}), ${at}`,
    openedAt: 'Opened',
    state: 'State',
    states: { open: 'open', resolved: 'resolved' },
    affected: 'Affected participants, tasks, assertions and proofs',
    affectedCount: 'Affected',
    proof: 'Proof',
    history: 'History',
    events: { note: 'note', owner: 'new owner', resolve: 'resolved' },
    resolveTitle: 'Resolve',
    resolution: 'Resolution',
    resolve: 'Resolve the incident',
    resolutionMissing: 'The resolution is empty.',
    none: 'No incident.',
  },
  // What an act would change, asked before it runs (components/ConfirmChange.svelte, FiguresChange.svelte).
  change: {
    participant: 'Participant',
    before: 'before',
    after: 'after',
    notPublished: 'not published',
    nothingChanges: 'No participant’s figures change.',
    cancel: 'Cancel',
  },
  acts: {
    actorTitle: 'Who is acting?',
    actorHelp:
      'Every act is recorded in the audit log with the name of the person who did it. Give yours once: the console keeps it until it stops.',
    actorName: 'Your name',
    actorSubmit: 'Act under this name',
    actingAs: (name: string): string => `Acting as ${name}`,
    nobody: 'No one named yet',
    nameAgain: 'Give your name',
    textMissing: 'The text is empty.',
    openTitle: 'Open an incident by hand',
    openHelp:
      'A corpus outage, a Trust Layer fault seen outside a close: opened as you, owned by you unless you name another owner.',
    summary: 'What happened',
    windowStart: 'Window start (UTC)',
    windowEnd: 'Window end (UTC)',
    instantHint: 'Picked in UTC, to the second; leave empty when not known.',
    participants: 'Affected participants (ids, separated by commas)',
    assertions: 'Affected assertions (TASK/ASSERTION, separated by commas)',
    proofs: 'Affected proofs (ids, separated by commas)',
    ownerOptional: 'Owner (empty: you)',
    open: 'Open the incident',
    opened: (id: number): string => `Incident ${id} opened.`,
    noteTitle: 'Add a note',
    note: 'Note',
    addNote: 'Add the note',
    assignTitle: 'Give it a new owner',
    noticeTitle: 'Tell participants',
    noticeHint:
      'A notice is published in the season state (GET /v1/season/{n}), signed by the operator key, and listed on the Index. The draft names the incident, its window and its affected tasks; edit either text before publishing.',
    draftNotice: 'Draft the notice',
    noticeFr: 'Text in French',
    noticeEn: 'Text in English',
    publishNotice: 'Publish the notice',
    noticePublished: (sha: string): string => `Notice published (${sha.slice(0, 12)}…).`,
    newOwner: 'New owner',
    assign: 'Assign',
    fixTitle: 'Fix it here',
    displayName: 'Display name the Index shows',
    rename: 'Rename the participant',
    declaredStack: 'Stack the Index shows (naming no model or provider)',
    declare: 'Declare the stack',
    model: 'Model',
    modelVersion: 'Version',
    framework: 'Framework',
    prompt: 'Prompt (published with the Index)',
    markReference: 'Record the reference run again',
    fixed: 'Recorded; the findings were checked again.',
    anchorTitle: 'Anchor the export',
    anchorHelp:
      'Dates the newest export’s manifest hash through the Trust Layer, as a freeze is anchored; index verify then reports the anchor.',
    anchor: 'Anchor the exported Index',
    anchored: (version: number, proof: string): string => `Index version ${version} anchored by proof ${proof}.`,
  },
  audit: {
    verifyTitle: 'Verification',
    verifyHelp: 'Recomputes every entry’s hash and the chain, and checks every head a publication quotes.',
    verify: 'Verify the audit log',
    intact: (n: number, quoted: number): string =>
      `Intact: ${plural(n, { one: '{n} entry', other: '{n} entries' })}, ${plural(quoted, { one: '{n} quoted head matches', other: '{n} quoted heads match' })}.`,
    head: (seq: number): string => `Head: entry ${seq},`,
    caption: (n: number): string => `Audit log (${plural(n, { one: '{n} entry', other: '{n} entries' })})`,
    seq: 'No.',
    at: 'Time',
    actor: 'Actor',
    action: 'Action',
    summary: 'Summary',
    entryHash: 'Entry hash',
    pages: 'Audit log pages',
  },
  index: {
    lintTitle: 'Publication rules',
    findingsCaption: (n: number): string =>
      plural(n, { one: '{n} finding blocks the export', other: '{n} findings block the export' }),
    where: 'Where',
    finding: 'Finding',
    todo: 'What to do',
    noFindings: 'No finding: the export may proceed.',
    draftVersion: (v: number, exported: boolean): string =>
      exported
        ? `Index version ${v}, already exported: nothing changed since; an export writes it again, byte for byte.`
        : `What the next export writes, as Index version ${v}, checked against the publication rules before anything is written.`,
    lintAgain: 'Check again',
    exportBlocked: (n: number): string =>
      `Export is off while ${plural(n, { one: 'this finding remains', other: 'these {n} findings remain' })}: do what each one says, then Check again.`,
    withheld:
      'The page is not shown: a file would hold a secret (LINT_SECRET). The finding names its kind, never its value.',
    lintAdvice: {
      LINT_MODEL_NAME_NEGATIVE:
        'The name is in a correction’s reason, published as decided, or in a replay bundle, which publishes the enrolled name byte for byte: neither can be changed from this screen; read docs/index-export.md, "Publication rules" and "Names in the replay bundles", then Check again. A name, a declared stack or a reference run has its control beside the finding.',
      LINT_HUMOUR_OR_EMOJI:
        'A named negative result carries no emoji and no joke (spec §7.3): when it is in the name, the control beside the finding renames the participant; elsewhere, see docs/index-export.md, "Publication rules".',
      LINT_COMMUNITY_LABEL_MISSING:
        'The page lost "declared stack, not verified" on a community row: a fault of the console’s rendering, not of the season. Do not export; report it with the file named.',
      LINT_AI_ACT_LABEL_MISSING:
        'A page, index.json or a CSV file lacks the EU AI Act art. 50 label: a fault of the console’s rendering (or a version exported before the JSON and CSV carried it: export the latest publications). Do not export it; report it with the file named.',
      LINT_TRACKS_MIXED:
        'Two tracks meet in one table or chart: a fault of the console’s rendering. Do not export; report it with the file named.',
      LINT_FORMULA_TEXT:
        'A name starts with =, +, - or @, which a spreadsheet opening the CSV reads as a formula (the CSV writes it inert): give the participant a display name or record the reference run again with the control beside the finding, then Check again.',
      LINT_NAME_DUPLICATE:
        'Two participants would be shown under one name, and readers could not tell their rows apart: give one of them a display name with the control beside the finding (the participant the finding names), then Check again.',
      LINT_NAME_CONFUSABLE:
        'Two names differ only by characters that look alike (a Cyrillic е for a Latin e, a 1 for an l) or print as nothing, so one row can pass for the other: give the participant named a display name in plain letters with the control beside the finding, then Check again.',
      LINT_SECRET:
        'A file would publish a secret of the kind named. A freeze’s key or salt: export after the close reveals it. Anything else: find where it was typed (a display name, a reason), replace it, then Check again.',
    } as Record<string, string>,
    lintAdviceOther: (code: string): string => `Read docs/index-export.md, "Publication rules", for ${code}.`,
    lintFound: lintFoundEn,
    lintFix: lintFixEn,
    export: 'Export the Index',
    verify: 'Verify the export',
    exportJob: (id: number, state: string): string => `Export job ${id}: ${state}`,
    exported: (v: number, files: number, dir: string): string =>
      `Version ${v} exported: ${plural(files, { one: '{n} file', other: '{n} files' })} in ${dir}.`,
    exportedListed: (v: number, files: number, listed: number, dir: string): string =>
      `Version ${v} exported: ${plural(files, { one: '{n} file', other: '{n} files' })} written in ${dir}, the ${plural(listed, { one: '{n} file', other: '{n} files' })} the signed manifest lists, the manifest and its signature.`,
    manifest: 'manifest.json SHA-256',
    verified: 'The export verifies: signature, files and rows untouched.',
    verifiedWhat: (v: number | null, listed: number | null, dir: string): string =>
      `Index version ${v ?? '?'} in ${dir} verifies: the signature and the ${plural(listed ?? 0, { one: '{n} file', other: '{n} files' })} the manifest lists, every row untouched.`,
    verifyFailed: (v: number | null, dir: string): string =>
      `Index version ${v ?? '(manifest unreadable)'} in ${dir} does not verify:`,
    anchorStateTitle: 'Anchor of the newest export',
    anchorState: {
      none: 'No export yet: there is nothing to anchor.',
      absent: (v: number | null): string => `Index version ${v ?? '?'} is not anchored: nothing dates it yet.`,
      pending: (v: number | null, proof: string): string =>
        `Index version ${v ?? '?'}: pending, proof ${proof}; its Trust Layer batch is not anchored in the view kept yet (check the anchor again in a few minutes).`,
      anchored: (v: number | null, proof: string, time: string): string =>
        `Index version ${v ?? '?'}: anchored by proof ${proof}, RFC 3161 time ${time} (the version existed by then).`,
      not_verified: (v: number | null, code: string): string =>
        `Index version ${v ?? '?'}: its anchor does not verify (${code}); Verify names why.`,
    },
    checkAnchor: 'Check the anchor (uses 1 read)',
    preview: (lang: string): string => (lang === 'fr' ? 'Preview in French (authority)' : 'Preview in English'),
  },
  freeze: {
    stepsTitle: (name: string): string => `Freeze of ${name}`,
    stepKey: 'Key',
    keyCommitment: 'commitment',
    stepCommit: 'Commit',
    proof: 'Proof',
    stepAnchor: 'Anchor',
    stepPublish: 'Publish',
    anchorPending: (checked: string): string => `pending: its batch is not anchored yet (checked ${checked})`,
    anchorUnchecked: 'not checked yet',
    anchorTime: (time: string): string => `${time}, RFC 3161 time`,
    rekorEntry: 'Rekor entry',
    rekorVerified: 'verified',
    rekorNotGiven: 'not given to the verifier (the RFC 3161 token alone witnessed it)',
    checkAnchor: 'Check the anchor',
    notYet: 'not yet',
    published: 'published',
    none: 'The track is not frozen.',
    chainCaption: 'Freezes of the track (replacements kept)',
    window: 'Season window',
    rulesHash: 'Rules hash',
    replaces: 'Replaces',
    reason: 'Reason',
    inForce: 'in force',
    publish: 'Publish the freeze',
    reveal: 'Reveal key and salt (at close)',
    revealInvalidated: 'Reveal key and salt (the season is invalidated: now)',
    verify: 'Verify the freeze',
    verified: 'The freeze verifies: rules, manifest, key commitment and proof match.',
    rulesTitle: (file: string): string => `Rules text (${file})`,
    replaceTitle: 'Replace the freeze (before opening)',
    replaceHelp:
      'A new freeze that names the one it replaces; both stay published. Refused once the season has opened.',
    opensAt: 'Opens at (UTC)',
    closesAt: 'Closes at (UTC)',
    timeFormat: 'Pick both instants, in UTC: the date, then the time to the second.',
    replace: 'Replace the freeze',
    reasonMissing: 'The reason is empty.',
    createTitle: 'Freeze the track (before opening)',
    createHelp:
      'Hashes the rules text and the manifest, commits to the sealed key with a fresh salt, anchors it all through the Trust Layer and records it. The key and salt stay sealed until the close.',
    create: 'Freeze the track',
    // freeze.adopt (docs/freeze.md "Adopting a freeze made elsewhere"): a freeze chain made outside this console.
    adoptTitle: 'Adopt a freeze made elsewhere',
    adoptHelp:
      'For a freeze made outside this console (season 1’s): paste its published chain and its sealed salt and key. Every check runs before anything is recorded; the freeze then closes, reveals and publishes as one made here.',
    adoptChain: 'Published freeze chain (the JSON `freeze publish` wrote, replaced freezes included)',
    adoptSeals: 'Sealed salt and key of each freeze ({"freezes": [{"proof_id", "salt", "key"}]})',
    adoptSealsHelp:
      'Kept sealed in the operator database as the console’s own are, until the close; never shown again, answered or logged.',
    adoptBothNeeded: 'Paste both documents to adopt.',
    adopt: 'Check and adopt…',
    adoptConfirm: (season: number, track: string): string =>
      `Adopt the pasted freeze chain for season ${season}, track ${track}? Before anything is recorded, the console checks:`,
    /** What the confirmation lists, one line each. */
    adoptChecks: [
      'Each freeze proof, read from the Trust Layer: verified with both witnesses (RFC 3161 token and Rekor entry), under the challenge’s DID, anchoring exactly the published document before the opening.',
      'The chain: one first freeze, each replacement naming the one before it, with its published reason.',
      'The freeze in force against this track’s folder: its season.json, the rules text and the manifest.',
      'Each sealed salt and key: sha256(salt ‖ key) against the commitment anchored.',
      'The first difference refuses the adoption with its code, and nothing is recorded.',
    ],
    adoptConfirmLabel: 'Check and adopt',
    notConfigured:
      'This console was started without a Trust Layer: freezing answers with what to give (`--trust-layer URL --api-key-file FILE --season-base URL`).',
    publishedTo: 'The freeze publication is written beside the database, in freezes/.',
    revealed: (at: string): string =>
      `Key and salt revealed (${at}): the reveal document is written beside the database, in freezes/.`,
    replaceClosed: (at: string): string =>
      `The season opened on ${at}: the freeze can no longer be replaced (FREEZE_SEASON_OPENED).`,
    // season.invalidate (docs/freeze.md "Invalidating a season"): the confirmation says what stops before the act.
    invalidateTitle: 'Invalidate the season (after opening)',
    invalidateHelp:
      'A change during the season is not a correction: it invalidates the season (specification §8). The reason is anchored through the Trust Layer and published; the track starts over as the next season.',
    invalidateConfirm: (season: number, track: string): string =>
      `Invalidate season ${season}, track ${track}? This cannot be undone. What stops, and what follows:`,
    /** What the confirmation lists, one line each. */
    invalidateStops: (season: number): string[] => [
      'Submissions, at once: the season service refuses every submission for the track (SEASON_TRACK_INVALIDATED) and shows it invalidated with your reason.',
      'The key and salt, at once: revealed right after the invalidation, so anyone can check the commitment.',
      'The scores: nothing of this season’s track is closed, scored or ranked, and it cannot be frozen again.',
      `Then: the track starts over as season ${season + 1}, frozen anew.`,
    ],
    invalidateReason: 'Reason (published with the invalidation)',
    invalidateReasonShown: (reason: string): string => `Reason published: ${reason}`,
    invalidate: 'Invalidate the season…',
    invalidateConfirmLabel: 'Invalidate the season',
    invalidated: (at: string, proofId: string): string =>
      `Season invalidated at ${at} (proof ${proofId}): submissions for the track are refused; reveal the key and salt now.`,
    invalidationTitle: 'Season invalidated',
    invalidatedAt: 'Invalidated at',
    invalidationProof: 'Invalidation proof',
    freezeEnded: 'Freeze it ended',
    invalidationRevealed: (at: string): string =>
      `Key and salt revealed at ${at}: anyone can check them against the commitment. Nothing is scored; the track starts over as the next season.`,
  },
  // Why an act's button is off now, and from when (main/core/console/act-availability.ts; components/ActWait.svelte).
  availability: {
    duration: (t: { d: number; h: number; min: number; s: number }): string =>
      t.d > 0
        ? `${t.d} d ${t.h} h`
        : t.h > 0
          ? `${t.h} h ${String(t.min).padStart(2, '0')} min`
          : `${t.min} min ${String(t.s).padStart(2, '0')} s`,
    closesIn: (left: string, at: string): string =>
      `The season is open: it closes in ${left} (${at}); the close runs and the key is revealed from then.`,
    closedAt: (at: string): string => `The season closed at ${at}: possible now.`,
    opensIn: (left: string, at: string): string =>
      `The season has not opened: it opens in ${left} (${at}); before it, a change is a replacement of the freeze.`,
    why: {
      FREEZE_NOT_FOUND: 'The track is not frozen yet: freeze it first (Freeze).',
      FREEZE_NOT_CLOSED: 'The season is not closed yet.',
      CLOSE_FREEZE_ANCHORED_AFTER_OPENING:
        'The freeze was anchored after the opening: this track cannot be scored (the close refuses it).',
      CONSOLE_CLOSE_NEEDS_EXPORT:
        'A first close reads the season service’s export: the console was started without `--season-url URL --operator-token-file FILE`.',
      CLOSE_JOB_RUNNING: 'A close of this track is running: wait for it to end.',
      PUBLISH_NO_CLOSE: 'No close yet: run the close first.',
      PUBLISH_ALREADY_PUBLISHED:
        'Every close of this track is published: a later change is a correction, through a dispute.',
      CONSOLE_REPLAY_NO_CLOSE: 'No close yet: there is nothing to replay.',
      INDEX_NOTHING_PUBLISHED: 'Nothing of this season is published yet: the Index shows published scores only.',
      INDEX_LINT_FAILED: 'A publication rule finding remains: do what it says, then Check again.',
      INDEX_NOT_EXPORTED: 'No Index of this season was exported yet: export it first.',
      INDEX_EXPORT_RUNNING:
        'An export is being written: wait for it to end (a verification now would check the previous export).',
      INDEX_ALREADY_ANCHORED: 'The newest export is anchored already: check its anchor instead.',
      CONSOLE_TRUST_LAYER_NOT_CONFIGURED:
        'Anchoring goes through the Trust Layer: the console was started without `--trust-layer URL --api-key-file FILE --season-base URL`.',
      SEASON_INVALIDATE_NOT_OPENED:
        'The season has not opened: a change before the opening is a replacement of the freeze, with its reason.',
      SEASON_ALREADY_INVALIDATED: 'This track’s season is already invalidated: nothing more to do here.',
      SEASON_INVALIDATE_CLOSED:
        'The track is closed: a fault found now is published as a correction (Disputes), not an invalidation.',
    } satisfies Record<ActWaitCode, string>,
    closeDue: (at: string): string =>
      `The close is due: the season has closed and its last Trust Layer batches were anchored by ${at}.`,
    runCloseNow: 'Run the close now',
  },
  deadline: {
    title: 'Anchor deadline (the opening):',
    left: (t: { d: number; h: number; min: number; s: number }): string =>
      `${t.d > 0 ? `${t.d} d ${t.h} h` : t.h > 0 ? `${t.h} h ${String(t.min).padStart(2, '0')} min` : `${t.min} min ${String(t.s).padStart(2, '0')} s`} left`,
    awaiting:
      'The freeze proof is pending until its Trust Layer batch is anchored (at most 10 minutes after it was made); it must be anchored before the opening.',
    recheckAfterOpening:
      'The opening has passed and the freeze proof was last seen pending: re-check now to know whether it was anchored before the opening.',
    cannotScore: 'Anchored after the opening: this freeze cannot score.',
    cannotScoreTodo:
      'The close refuses it (CLOSE_FREEZE_ANCHORED_AFTER_OPENING) and it can no longer be replaced: publish that, close the season and start a new one, frozen at least 20 minutes before its opening.',
    inTime: 'Anchored before the opening: the close accepts this anchor.',
    recheck: 'Re-check now (uses 1 read)',
    replaceTooLate: (until: string): string =>
      `Replacements closed on ${until}, 20 minutes before the opening: one made now could be anchored after it (FREEZE_OPENING_TOO_SOON).`,
  },
  corpus: {
    checkTitle: 'Check against the reference solver',
    checkOk: (n: number): string => `The corpus checks: ${plural(n, { one: '{n} resource', other: '{n} resources' })}.`,
    filter: 'Find a resource',
    caption: (n: number): string => `Resources (${n})`,
    path: 'Resource',
    url: 'Canonical URL',
    served: (path: string): string => `Bytes served for ${path}`,
  },
  proofs: {
    readsTitle: 'Reads under the hourly limit',
    progressLabel: (done: number, total: number): string =>
      `${done} of ${plural(total, { one: '{n} proof', other: '{n} proofs' })} read`,
    phase: 'Phase',
    phases: {
      reading: 'reading',
      waiting: 'waiting for the next read',
      'rate-limited': 'hourly limit reached',
      rekor: 'reading log entries',
      finished: 'finished',
    },
    readsUsed: 'Reads used this hour',
    readsLeft: 'Reads left this hour',
    nextRead: 'Next read',
    eta: 'Estimated end',
    unsettled: 'Pending or refused',
    quota: (used: number, left: number, limit: number): string =>
      `Quota now: ${plural(used, { one: '{n} read used', other: '{n} reads used' })}, ${left} left of ${limit} per hour`,
    idle: 'No read is running.',
    start: 'Read proofs',
    cacheTitle: 'Cache',
    cache: (views: number, rekor: number, absent: number): string =>
      `${plural(views, { one: '{n} proof view', other: '{n} proof views' })}, ${plural(rekor, { one: '{n} log entry', other: '{n} log entries' })}, ${absent} absent`,
    pendingCaption: (n: number): string => `Pending proofs (${n})`,
    noPending: 'No proof is pending.',
    job: (id: number, state: string): string => `Read job ${id}: ${state}`,
    jobPhase: (phase: string): string => `proof reads: ${phase}`,
    outcome: (ids: number, anchored: number, unsettled: number, reads: number): string =>
      ids === 0
        ? 'Nothing to read: no proof in the cache is pending or refused.'
        : `${plural(ids, { one: '{n} proof to read', other: '{n} proofs to read' })}: ${anchored} anchored, ${unsettled} still pending or refused, ${plural(reads, { one: '{n} read used', other: '{n} reads used' })}.`,
    waiting: 'Waiting on it (latest close)',
    firstPending: 'First read pending',
    nextRecheck: 'Next recheck',
    recheckColumn: 'Re-check',
    recheck: 'Re-check now (uses 1 read)',
    recheckLabel: (id: string): string => `Re-check now (uses 1 read): proof ${id}`,
    rechecking: 'Re-checking…',
    recheckPending: (at: string): string => `Re-checked (1 read): still pending; next recheck at ${at}.`,
    recheckAnchored: (id: string): string =>
      `Proof ${id} re-checked (1 read): now anchored; it has left the pending proofs.`,
    recheckOther: (id: string, status: string): string =>
      `Proof ${id} re-checked (1 read): the read cache now holds it as ${status}; it has left the pending proofs.`,
    viewStatuses: {
      absent: 'absent (the Trust Layer served no view)',
      refused: 'refused by the Trust Layer',
    } as Record<string, string>,
  },
  connections: {
    intro:
      'What this console reaches beyond its database, as it was started. Keys and tokens stay in the console process: they are never shown here. Each test makes one harmless request (no read of the quota, no proof).',
    caption: 'Services in use',
    service: 'Service',
    target: 'Address or folder',
    option: 'Option',
    result: 'Test',
    names: {
      trust_layer: 'Trust Layer',
      api_key: 'API key',
      season_base: 'Season base',
      season_service: 'Season service',
      operator_token: 'Operator token',
      trust_bundle: 'Trust bundle',
      backup_folder: 'Backup folder',
    },
    byDefault: {
      trust_layer: '(by default)',
      api_key: '(by default)',
      season_base: '(by default: the --season-url address)',
      season_service: '(by default)',
      operator_token: '(by default)',
      trust_bundle: '(by default: the production bundle)',
      backup_folder: '(by default)',
    },
    notGiven: 'not given',
    test: (name: string): string => `Test ${name}`,
    testing: 'Testing…',
    ok: 'Works:',
    failed: 'Does not work:',
    warning: 'Warning:',
    at: (when: string): string => `Tested ${when}`,
  },
  // The season set-up checklist on the Connections screen (renderer/src/setup/SetupChecklist.svelte).
  setup: {
    title: 'Season set-up',
    intro:
      'Before a season: the operator key that signs freezes and the Index, the Trust Layer API key bound to the challenge’s DID, and every connection tested. The private key and the API key stay in the console process.',
    done: 'Done',
    todo: 'To do',
    keyTitle: 'The operator key',
    keyFound: 'Beside the database:',
    keyMissing: (file: string): string =>
      `No operator key at ${file} yet: the console creates one there (Ed25519, readable by this user only), recorded in the audit log.`,
    keyNoDatabase:
      'The console runs without an operator database: the operator key is kept beside it (start with --db FILE).',
    createKey: 'Create the operator key',
    creating: 'Creating…',
    challengeDid: 'The challenge’s DID:',
    keyId: 'Key id:',
    bindTitle: 'The API key bound to the challenge’s DID',
    bindHelp:
      'A freeze or an Index anchor counts only when the Trust Layer issues it under the challenge’s DID, so the API key given with --api-key-file must be bound to that DID. Binding signs the Trust Layer’s challenge with the operator key in the console process; it is recorded in the audit log.',
    noApiKey:
      'The console was started without --trust-layer URL --api-key-file FILE: restart it with them to bind the key.',
    checkBinding: 'Check the binding',
    bind: 'Bind the API key to the challenge’s DID',
    binding: 'Binding…',
    bound: (did: string, when: string): string =>
      `Bound to the challenge’s DID ${did} (${when}); recorded in the audit log.`,
    alreadyBound: (did: string): string => `Already bound to the challenge’s DID ${did}: nothing was asked.`,
    testsTitle: 'Every connection tested',
    testAll: 'Test every connection',
    testsSummary: (ok: number, n: number): string =>
      plural(ok, { one: `{n} of ${n} works`, other: `{n} of ${n} work` }),
    notWorking: 'Not working:',
    notTested: 'Not tested since this screen opened: the table below holds each service and its test.',
  },
};

export type Messages = typeof en;
