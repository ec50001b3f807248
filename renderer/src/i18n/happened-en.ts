// What happened, per refusal code, in English: written from the refusal's facts (its details), so the screen says it
// in its language (happened-fr.ts has the same codes; tests/renderer/i18n/happened-catalogues.test.ts checks it). A
// code not here is shown with main's own sentence. Spec vocabulary only (docs/conventions.md "Words").
import { countOf, fact, instantOf, listOf, type Facts, type Happened } from './facts.ts';
import { pluralOf } from './plural.ts';

const plural = pluralOf('en');
const at = (d: Facts, key: string): string => instantOf(d, key, 'en');
const track = (d: Facts): string => `season ${fact(d, 'season')}, track ${fact(d, 'track')}`;
const problems = (d: Facts, key: string): string => {
  const n = countOf(d, key);
  return n === null ? 'problems' : plural(n, { one: '{n} problem', other: '{n} problems' });
};

export const happenedEn: Record<string, Happened> = {
  IPC_UNKNOWN_CHANNEL: () => 'This console does not offer this operation.',
  IPC_BAD_ARGUMENTS: () => 'The screen sent arguments the console’s contract refuses.',
  IPC_HANDLER_FAILED: () => 'The operation failed in the console process.',
  CONSOLE_UNREACHABLE: () => 'The console process did not answer.',
  CONSOLE_ANSWER_INVALID: () => 'The console answered something that is not a contract answer.',
  CONSOLE_DEMO_PLAYING: () => 'The demo season is still being played into a new operator database.',
  CONSOLE_NO_DATABASE: () => 'This console runs without an operator database.',
  CONSOLE_CLOSE_NEEDS_EXPORT: (d) =>
    `${track(d)} has no close yet, and the first close reads the season service’s export, which this console was not given.`,
  CONSOLE_TRUST_LAYER_NOT_CONFIGURED: () => 'This console was started without the Trust Layer, which anchors proofs.',
  CONSOLE_CLOSE_BUNDLE_MISSING: (d) => `The latest close’s bundle cannot be read (${fact(d, 'bundle', 'its folder')}).`,
  CONSOLE_CORPUS_NOT_FOUND: (d) => `The console has no corpus folder for ${track(d)}.`,
  CONSOLE_REPLAY_NO_CLOSE: (d) => `${track(d)} has no close to replay.`,
  CONSOLE_JOB_FAILED: () => 'The job stopped before its end.',
  CONSOLE_ACTOR_REQUIRED: () =>
    'No one is named yet, and every act is recorded with the name of the person who did it.',
  CONSOLE_ACTOR_INVALID: () => 'That name cannot be recorded: a name is 1 to 80 printable characters on one line.',
  CONSOLE_ACTOR_ALREADY_NAMED: () => 'This session’s acts are already recorded under another name.',
  HEADLESS_TOKEN_REQUIRED: () => 'The console was opened without its launch token.',
  HEADLESS_HOST_REFUSED: () => 'The console was opened under another host name than 127.0.0.1.',
  CONNECTION_UNREACHABLE: () => 'Nothing answered at that address.',
  CONNECTION_REFUSED: () => 'Something answered at that address, but not this service.',
  CONNECTION_NOT_CONFIGURED: () => 'The console was started without this service.',
  CONNECTION_NOT_WRITABLE: () => 'The backup folder cannot take a file.',
  CONSOLE_BACKUP_NOT_CONFIGURED: () => 'This console was started without a backup folder.',
  CONSOLE_BACKUP_NOT_FOUND: (d) =>
    `No backup ${fact(d, 'name', 'of that name')} of this database is in the backup folder.`,
  CONNECTION_API_KEY_REFUSED: () => 'The Trust Layer refuses the API key the console was given.',
  CONNECTION_API_KEY_UNBOUND: () => 'The API key the console was given has no DID bound.',
  CONNECTION_API_KEY_OTHER_DID: () => 'The API key the console was given is bound to another DID than the challenge’s.',
  CONNECTION_TOKEN_REFUSED: () => 'The season service refuses the operator token the console was given.',
  CONNECTION_SEASON_OTHER: () => 'The season service at that address runs another season.',
  CONNECTION_BASE_NOT_PUBLIC: () => 'The season base is a .localhost name, and the Trust Layer is no devnet.',
  CONNECTION_BASE_OTHER_SERVICE: () => 'The season base and the season service answer with different receipt keys.',
  SETUP_OPERATOR_KEY_MISSING: () => 'There is no operator key beside the database yet.',
  SETUP_BIND_UNREACHABLE: () => 'The Trust Layer did not answer the binding.',
  SETUP_BIND_REFUSED: () => 'The Trust Layer refused to bind the API key to the challenge’s DID.',
  SETUP_BIND_ANSWER_INVALID: () => 'The Trust Layer’s answer to the binding is not one the console can use.',
  DB_UNREADABLE: () => 'The operator database cannot be read.',
  DB_READ_ONLY: () => 'The operator database cannot be written: the file or its folder is read-only.',
  DB_DISK_FULL: () => 'The disk holding the operator database is full.',
  DB_NOT_A_DATABASE: () => 'The file given as operator database is not a database.',
  DB_CORRUPT: () => 'The operator database is damaged.',
  DB_BUSY: () => 'Another process holds the operator database.',
  DB_IO_FAILED: () => 'The disk failed while reading or writing the operator database.',
  DB_SCHEMA_NEWER: () => 'The operator database was written by a newer version of the console.',
  DB_SCHEMA_OLDER: () => 'The operator database is older than this console expects.',
  DB_MIGRATIONS_UNORDERED: () => 'The console’s database migrations are out of order.',
  DB_MIGRATION_CHANGED: () => 'A migration already applied to this database has changed since.',
  DISPUTE_NOT_FOUND: (d) => `Dispute ${fact(d, 'dispute_id', '')} is not in this database.`,
  DISPUTE_REASON_REQUIRED: () => 'The reason is missing: a dispute and its decision are published with their reason.',
  DISPUTE_REVIEWER_REQUIRED: () => 'No reviewer is named.',
  DISPUTE_DECISION_REQUIRED: () => 'No decision is chosen.',
  DISPUTE_CHANGE_REQUIRED: () => 'An upheld dispute must state what changes, and none is chosen.',
  DISPUTE_CHANGE_NOT_ALLOWED: (d) =>
    d?.['status'] === undefined
      ? 'That change cannot be made to this assertion.'
      : `The assertion is already ${fact(d, 'status')}: the change asked does not change it.`,
  DISPUTE_ALREADY_DECIDED: (d) => `The dispute is already decided (${fact(d, 'state')}): a decision is final.`,
  DISPUTE_ALREADY_UNDER_REVIEW: () => 'The dispute is already under review.',
  DISPUTE_WINDOW_CLOSED: (d) => `Participant ${fact(d, 'participant_id')}’s dispute window has closed.`,
  DISPUTE_ASSERTION_UNKNOWN: (d) =>
    `Participant ${fact(d, 'participant_id')} has no assertion ${fact(d, 'task_id')}/${fact(d, 'assertion_id')} in this publication.`,
  DISPUTE_PARTICIPANT_UNKNOWN: (d) => `Participant ${fact(d, 'participant_id')} has no report in this publication.`,
  DISPUTE_PARTICIPANT_PENDING: (d) =>
    `Participant ${fact(d, 'participant_id')} is pending in this publication: a cited proof was not anchored at the close.`,
  DISPUTE_SCOPE: () => 'No cause is shown against this assertion, so there is nothing to dispute.',
  DISPUTE_TIME_FORMAT: (d) => `“${fact(d, 'received', '')}” is not an instant with its time zone.`,
  DISPUTE_ALREADY_OPEN: (d) => `Dispute ${fact(d, 'dispute_id')} on this assertion is not decided yet.`,
  DISPUTE_RECEIPT_INVALID: () => 'The submission receipt cannot be read or does not verify.',
  DISPUTE_RECEIPT_OTHER_SUBMISSION: (d) =>
    `The submission receipt is for another submission: its ${fact(d, 'field')} is ${fact(d, 'receipt')}, the dispute’s ${fact(d, 'dispute')}.`,
  DISPUTE_RECEIVED_IN_FUTURE: (d) =>
    `The reception time given (${at(d, 'received_at')}) is later than now (${at(d, 'now')}).`,
  DISPUTE_BEFORE_PUBLICATION: (d) =>
    `The dispute is dated ${at(d, 'received_at')}, before the publication it disputes (${at(d, 'published_at')}).`,
  DISPUTE_NOT_PUBLISHED: (d) => `${track(d)} is not published: a dispute concerns a publication.`,
  DISPUTE_EVIDENCE_UNAVAILABLE: () => 'The evidence cannot be computed: the close’s replay bundle does not score.',
  DISPUTE_EVIDENCE_INVALID: (d) => `Dispute ${fact(d, 'dispute_id')}’s stored evidence is incomplete.`,
  DISPUTE_REPORT_MISSING: () => 'The latest publication’s scores cannot be read.',
  CORRECTION_ASSERTION_NOT_FOUND: (d) =>
    `The report has no assertion ${fact(d, 'task_id')}/${fact(d, 'assertion_id')}.`,
  CORRECTION_NOT_APPLICABLE: () => 'The correction cannot apply to this assertion in its task’s present state.',
  REPLAY_OUTPUT_DIFFERS: () => 'The replay does not give what the close published.',
  REPLAY_INPUT_CHANGED: () => 'A file of the bundle changed since the close.',
  REPLAY_FILE_CHANGED: () => 'The export in the bundle is not the one the close scored.',
  REPLAY_FILE_MISSING: () => 'A file of the bundle cannot be read.',
  INCIDENT_RESOLUTION_REQUIRED: () => 'The resolution is missing.',
  INCIDENT_ALREADY_RESOLVED: (d) => `Incident ${fact(d, 'id', '')} is already resolved.`,
  INCIDENT_NOT_FOUND: (d) => `Incident ${fact(d, 'id', '')} is not in this database.`,
  INCIDENT_NOTE_REQUIRED: () => 'The note is empty.',
  INCIDENT_OWNER_REQUIRED: () => 'No one is named to own the incident.',
  INCIDENT_KIND_UNKNOWN: (d) => `“${fact(d, 'kind', '')}” is not a kind of incident.`,
  INCIDENT_WINDOW_INVALID: () => 'The incident’s window ends before it starts.',
  FREEZE_REASON_REQUIRED: () => 'The reason is missing: a replacement is published with its reason.',
  FREEZE_TIME_FORMAT: (d) => `“${fact(d, 'received', '')}” is not a UTC instant.`,
  FREEZE_SEASON_OPENED: (d) => `The season opened at ${at(d, 'opens_at')}: its freeze can no longer change.`,
  FREEZE_NOT_CLOSED: (d) =>
    `The season closes at ${at(d, 'closes_at')}: the key and the salt are revealed at the close, not before.`,
  FREEZE_OPENING_TOO_SOON: (d) =>
    `The opening ${at(d, 'opens_at')} is too soon: the freeze proof must be anchored before it, so the earliest opening is ${at(d, 'earliest_opens_at')}.`,
  FREEZE_RECHECK_NO_READ_LEFT: (d) =>
    `The reads of this hour are used: the next read is possible at ${at(d, 'next_read_at')}.`,
  FREEZE_PROOF_NOT_VERIFIED: (d) => `The freeze proof did not verify (${fact(d, 'verdict')}).`,
  FREEZE_PROOF_ONE_WITNESS: (d) =>
    `The freeze proof has one witness only: its ${fact(d, 'witness')} witness is missing.`,
  FREEZE_OPERATOR_KEY_MISMATCH: () => 'The freeze is signed by another key than the challenge’s pinned key.',
  FREEZE_PROOF_UNREADABLE: () => 'The Trust Layer served no view of the freeze proof.',
  FREEZE_NOT_FOUND: (d) => `${track(d)} has no freeze in this database.`,
  FREEZE_TRACK_INVALIDATED: (d) => `${track(d)} was invalidated: it is not frozen again.`,
  CLOSE_TRACK_INVALIDATED: (d) => `${track(d)} was invalidated: nothing of it is scored or ranked.`,
  SEASON_ALREADY_INVALIDATED: (d) => `${track(d)} was already invalidated at ${at(d, 'invalidated_at')}.`,
  SEASON_INVALIDATE_NOT_OPENED: (d) => `${track(d)} opens at ${at(d, 'opens_at')}: it has not opened yet.`,
  SEASON_INVALIDATE_CLOSED: (d) => `${track(d)} is closed and scored: it can no longer be invalidated.`,
  SEASON_INVALIDATE_FREEZE_UNSIGNED: (d) =>
    `The freeze in force of ${track(d)} is not signed by the operator key: the season service does not hold it.`,
  SEASON_INVALIDATE_REASON_INVALID: () => 'The reason is blank or longer than 2000 characters.',
  SEASON_INVALIDATE_ANCHOR_MISMATCH: (d) =>
    `The Trust Layer’s proof (${fact(d, 'proof_id', 'no id')}) does not anchor the invalidation that was sent; nothing was recorded.`,
  FREEZE_NOT_REVEALED: (d) =>
    `${track(d)} is not closed yet: the freeze is verified against its reveal, made at the close.`,
  FREEZE_WINDOW_INVALID: (d) =>
    `The close (${at(d, 'closes_at')}) does not come after the opening (${at(d, 'opens_at')}).`,
  FREEZE_CORPUS_CHECK_FAILED: (d) => `The corpus check found ${problems(d, 'problems')}: ${listOf(d, 'problems')}.`,
  FREEZE_CORPUS_UNREADABLE: () => 'The corpus folder cannot be read.',
  FREEZE_KEY_MISSING: () => 'The corpus folder has no readable sealed answer key.',
  FREEZE_ALREADY_EXISTS: () => 'Another freeze of this track was recorded meanwhile.',
  FREEZE_NOTHING_TO_REPLACE: () => 'There is no freeze to replace.',
  FREEZE_ANCHOR_MISMATCH: (d) =>
    `The Trust Layer’s proof is not of the freeze document this console posted (${fact(d, 'field')}).`,
  FREEZE_SEAL_MISMATCH: () =>
    'The sealed key does not reproduce its commitment: the database is damaged; nothing was revealed.',
  FREEZE_SEASON_HOST_REFUSED: (d) => `The season service answered ${fact(d, 'status')} to the freeze posted.`,
  FREEZE_TRUST_LAYER_REFUSED: (d) => `The Trust Layer answered ${fact(d, 'status')}.`,
  FREEZE_TRUST_LAYER_UNREACHABLE: (d) => `The Trust Layer could not be reached (${fact(d, 'cause')}).`,
  FREEZE_TRUST_LAYER_ANSWER_INVALID: () => 'The Trust Layer’s answer is not a JSON object.',
  PUBLISH_NO_CLOSE: (d) => `${track(d)} has no close recorded in this database.`,
  PUBLISH_ALREADY_PUBLISHED: (d) =>
    `${track(d)} is already published from its latest close (version ${fact(d, 'version')}).`,
  PUBLISH_NOTHING_NEW: () => 'This close publishes nothing new.',
  PUBLISH_CLOSE_FILES_MISSING: (d) =>
    d?.['folder'] === undefined
      ? `A file of the close cannot be read (${fact(d, 'file')}).`
      : `The close’s output folder ${fact(d, 'folder')} is gone or incomplete: ${fact(d, 'file')} cannot be read.`,
  PROOF_RECHECK_NOT_PENDING: (d) =>
    `Proof ${fact(d, 'proof_id', '')} is not pending in the read cache: there is nothing to re-check.`,
  PROOF_RECHECK_NO_READ_LEFT: (d) =>
    `No read is left this hour: the next read is possible at ${at(d, 'next_read_at')}. The proof stays pending.`,
  PROOF_RECHECK_TRUST_LAYER_UNREACHABLE: (d) =>
    `The Trust Layer (${fact(d, 'trust_layer')}) could not be reached: proof ${fact(d, 'proof_id', '')} stays pending.`,
  TRUST_LAYER_SERVER_ERROR: (d) =>
    `The Trust Layer (${fact(d, 'trust_layer', 'in use')}) answered with a server error (${fact(d, 'status', '5xx')}): proof ${fact(d, 'proof_id', '')} stays pending.`,
  TRUST_LAYER_REFUSED_READ: (d) =>
    `The Trust Layer (${fact(d, 'trust_layer', 'in use')}) refused the read (${fact(d, 'status', '4xx')}): proof ${fact(d, 'proof_id', '')} stays pending.`,
  PUBLISH_SCORES_CHANGED: (d) => `${fact(d, 'file', 'scores.json')} is not the scores file the close recorded.`,
  PUBLISH_REPORT_CHANGED: (d) => `${fact(d, 'file', 'A report')} is not the report the close wrote into its bundle.`,
  PUBLICATION_VERSION_NOT_FOUND: () => 'This track has no published version of that number.',
  SCORES_NOT_FOUND: () => 'This track has no close yet.',
  REPORT_NOT_FOUND: () => 'This participant has no report in this close.',
  PARTICIPANT_UNKNOWN: (d) =>
    `No publication of season ${fact(d, 'season')} lists participant ${fact(d, 'participant_id')}.`,
  PARTICIPANT_DISPLAY_NAME_INVALID: () =>
    'That display name cannot be used: it is 1 to 80 printable characters on one line.',
  PARTICIPANT_DISPLAY_NAME_INVISIBLE_CHARACTER: (d) =>
    `That display name holds an invisible character (${fact(d, 'code_point')} at character ${fact(d, 'position')}), which prints as nothing: remove it.`,
  PARTICIPANT_DISPLAY_NAME_COMBINING_STACK: (d) =>
    `That display name stacks too many combining marks on one character (${fact(d, 'code_point')} at character ${fact(d, 'position')}): a character carries at most 2 accents and 4 marks in all.`,
  PARTICIPANT_DECLARED_STACK_INVISIBLE_CHARACTER: (d) =>
    `That declared stack holds an invisible character (${fact(d, 'code_point')} at character ${fact(d, 'position')}), which prints as nothing: remove it.`,
  PARTICIPANT_DECLARED_STACK_COMBINING_STACK: (d) =>
    `That declared stack stacks too many combining marks on one character (${fact(d, 'code_point')} at character ${fact(d, 'position')}): a character carries at most 2 accents and 4 marks in all.`,
  PARTICIPANT_DECLARED_STACK_INVALID: () =>
    'That declared stack cannot be used: it is 1 to 200 printable characters on one line, not starting with =, +, - or @.',
  PARTICIPANT_REFERENCE_INVALID: () => 'A field of the reference run is empty or not printable text on one line.',
  CORPUS_RESOURCE_NOT_FOUND: () => 'That path is not a resource of this track’s catalogue.',
  FOLLOW_NO_FROZEN_TRACK: (d) => `Season ${fact(d, 'season')} has no frozen track: there is no window to follow.`,
  FOLLOW_TRACKS_INVALIDATED: (d) =>
    `Every frozen track of season ${fact(d, 'season')} was invalidated: nothing of it is read or scored.`,
  INDEX_NOTHING_PUBLISHED: (d) => `Season ${fact(d, 'season')} has no publication yet: there is no Index to export.`,
  INDEX_NOT_EXPORTED: () => 'No Index of this season was exported from this console yet.',
  INDEX_LINT_FAILED: (d) =>
    `The publication rules found ${problems(d, 'findings')}: nothing is written (the findings are listed on the Index screen).`,
  INDEX_VERSION_NOT_FOUND: (d) => `Season ${fact(d, 'season')} has no Index version ${fact(d, 'version')}.`,
  INDEX_SIGNING_KEY_CHANGED: () => 'This Index version was signed with another key than the one in use.',
  INDEX_SIGNING_KEY_UNREADABLE: () => 'The Index signing key cannot be read.',
  INDEX_NARRATIVE_MISSING: () => 'A participant’s narrative is missing from the publication.',
  INDEX_REPLAY_BUNDLE_MISSING: (d) => `No close with a recorded bundle is known for track ${fact(d, 'track')}.`,
  INDEX_REPLAY_BUNDLE_CHANGED: (d) => `${fact(d, 'file')} of track ${fact(d, 'track')} is not the file published.`,
  INDEX_ANCHOR_TRUST_LAYER_FAILED: () => 'The Trust Layer did not anchor the Index.',
  INDEX_ANCHOR_SEASON_HOST_REFUSED: () => 'The season host refused the anchoring call.',
  INDEX_ANCHOR_KEY_MISMATCH: () => 'The export is signed by another key than the one given.',
  INDEX_ANCHOR_EXPORT_UNREADABLE: () => 'The newest export’s manifest cannot be read.',
  INDEX_ANCHOR_MISMATCH: () => 'The anchor proof does not anchor this export’s manifest.',
  INDEX_ANCHOR_INVALID: () => 'The export’s anchor record or its proof view is missing or malformed.',
  READ_NO_READ_LEFT: (d) => `The reads of this hour are used: the next read is possible at ${at(d, 'next_read_at')}.`,
  AUDIT_LOG_TRUNCATED: (d) =>
    `The audit log ends before entry ${fact(d, 'quotedSeq')}, which a published head quotes: its last entries were removed.`,
  AUDIT_ENTRY_EDITED: (d) => `Audit entry ${fact(d, 'seq')} was edited after it was written.`,
  AUDIT_ENTRY_MISSING: (d) => `Audit entry ${fact(d, 'seq')} is missing.`,
  AUDIT_ENTRY_REORDERED: (d) => `Audit entry ${fact(d, 'seq')} was moved from where it was written.`,
  AUDIT_HEAD_MISMATCH: (d) =>
    `A published head quotes entry ${fact(d, 'seq')} with another hash: the log was rewritten.`,
  AUDIT_CHAIN_BROKEN: (d) => `The audit log’s chain breaks at entry ${fact(d, 'seq')}.`,
  AUDIT_LOG_UNREADABLE: () => 'The audit log cannot be read.',
  CLOSE_READS_FAILED: () => 'The proof views could not all be read (the views read are kept).',
  CLOSE_PROOFS_UNREAD: (d) => {
    const n = countOf(d, 'proof_ids');
    return n === null
      ? 'Proof views were never read.'
      : plural(n, { one: '{n} proof view was never read.', other: '{n} proof views were never read.' });
  },
  CLOSE_EXPORT_BEFORE_CLOSE: (d) =>
    `The export was taken at ${at(d, 'taken_at')}, before the track’s close at ${at(d, 'closes_at')}.`,
  CLOSE_EXPORT_UNSIGNED: () => 'The season service’s export is not signed.',
  CLOSE_EXPORT_ALTERED: () => 'The season service’s export changed after it was signed.',
  CLOSE_EXPORT_SIGNATURE_INVALID: () => 'The signature of the season service’s export does not verify.',
  CLOSE_SUBMISSIONS_INVALID: () => 'A line of the submissions file is not a valid submission.',
};
