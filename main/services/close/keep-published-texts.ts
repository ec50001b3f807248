import { canonical } from '../../core/json/canonical.ts';
import type { ScoredParticipant } from '../../core/scoring/model.ts';
import { insertClosePublishedTexts, type ClosePublishedText } from '../../db/close-published-texts.ts';
import type { Db } from '../../db/open-database.ts';

/**
 * The texts a close publishes without scoring (docs/operator-database.md "Close published texts"): every submission's
 * narrative (spec §5.8) and its disclosures, one per participant and task of the close's track, the empty narrative
 * included, so that the Index export reads them from the operator database (docs/operator-database.md, migration 15)
 * and not from the close folder, which may be deleted. Called inside the transaction that records the close.
 */
export function keepClosePublishedTexts(db: Db, closeId: number, participants: readonly ScoredParticipant[]): void {
  const texts: ClosePublishedText[] = [];
  for (const p of participants)
    for (const [taskId, submission] of p.submissions) {
      const narrative = submission['narrative'];
      texts.push({
        participantId: p.participantId,
        taskId,
        narrative: typeof narrative === 'string' ? narrative : '',
        disclosures: canonical(submission['disclosures'] ?? null),
      });
    }
  insertClosePublishedTexts(db, closeId, texts);
}
