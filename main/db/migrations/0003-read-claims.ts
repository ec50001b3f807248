import type { Migration } from '../migration.ts';

/**
 * Read claims (docs/operator-database.md "Read claims"): two processes given the same proof ids never both read them.
 * - trust_layer_reads.claimed_until_ms: a read that claims its ids (proof_ids) writes, with the reservation and in
 *   the same transaction, the time until which no other reservation may take them. The claim ends when the read's
 *   result is recorded (trust_layer_read_results) or at that time, whichever comes first: a process killed mid-read
 *   holds its ids no longer than its read could still be answered (two request timeouts, the reservation's own
 *   in-flight bound). NULL: the read claims nothing (reads recorded before this migration).
 * The column is written once, at insert; the table stays append-only.
 */
export const readClaimsMigration: Migration = {
  version: 3,
  name: 'read claims',
  sql: `
ALTER TABLE trust_layer_reads ADD COLUMN claimed_until_ms INTEGER;
CREATE INDEX trust_layer_reads_by_claim ON trust_layer_reads (claimed_until_ms) WHERE claimed_until_ms IS NOT NULL;
`,
};
