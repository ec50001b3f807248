import type { Migration } from '../migration.ts';
import { proofReadsMigration } from './0001-proof-reads.ts';
import { freezesMigration } from './0002-freezes.ts';
import { readClaimsMigration } from './0003-read-claims.ts';
import { freezeDocumentVersionMigration } from './0004-freeze-document-version.ts';
import { seasonClosesMigration } from './0005-season-closes.ts';
import { auditLogAndIncidentsMigration } from './0006-audit-log-and-incidents.ts';
import { publicationsAndDisputesMigration } from './0007-publications-and-disputes.ts';
import { indexExportMigration } from './0008-index-export.ts';
import { consoleJobsMigration } from './0009-console-jobs.ts';
import { consoleProofsJobsMigration } from './0010-console-proofs-jobs.ts';
import { freezeAnchorsMigration } from './0011-freeze-anchors.ts';
import { consoleReplayAndExportJobsMigration } from './0012-console-replay-and-export-jobs.ts';
import { freezeOperatorSignaturesMigration } from './0013-freeze-operator-signatures.ts';
import { storedBytesDigestsMigration } from './0014-stored-bytes-digests.ts';
import { closePublishedTextsMigration } from './0015-close-published-texts.ts';
import { disputeChangeCountedMigration } from './0016-dispute-change-counted.ts';
import { participantDeclaredStacksMigration } from './0017-participant-declared-stacks.ts';
import { seasonFollowMigration } from './0018-season-follow.ts';
import { seasonInvalidationsMigration } from './0019-season-invalidations.ts';
import { seasonNoticesMigration } from './0020-season-notices.ts';
import { reportDeliveriesAndConsentsMigration } from './0021-report-deliveries-and-consents.ts';
import { closeParticipantNamesMigration } from './0022-close-participant-names.ts';

/** Every schema step, in order. A new feature appends its migration here with the next number. */
export const migrations: Migration[] = [
  proofReadsMigration,
  freezesMigration,
  readClaimsMigration,
  freezeDocumentVersionMigration,
  seasonClosesMigration,
  auditLogAndIncidentsMigration,
  publicationsAndDisputesMigration,
  indexExportMigration,
  consoleJobsMigration,
  consoleProofsJobsMigration,
  freezeAnchorsMigration,
  consoleReplayAndExportJobsMigration,
  freezeOperatorSignaturesMigration,
  storedBytesDigestsMigration,
  closePublishedTextsMigration,
  disputeChangeCountedMigration,
  participantDeclaredStacksMigration,
  seasonFollowMigration,
  seasonInvalidationsMigration,
  seasonNoticesMigration,
  reportDeliveriesAndConsentsMigration,
  closeParticipantNamesMigration,
];
