import type { Migration } from '../migration.ts';

/**
 * Private reports, public by choice (spec §3, §7.5; docs/publications.md "Private reports, public by choice"): each
 * delivery of a publication version's signed reports to the season service (`proveit season deliver`), and each
 * participant's choice as the season service recorded it (`proveit season consents` copies them, keyed by the
 * service's seq so a copy made twice adds nothing). The Index export reads the choice in force from here. Append-only.
 */
export const reportDeliveriesAndConsentsMigration: Migration = {
  version: 21,
  name: 'report deliveries and consents',
  sql: `
CREATE TABLE report_deliveries (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  track TEXT NOT NULL,
  publication_version INTEGER NOT NULL CHECK (publication_version >= 1),
  season_url TEXT NOT NULL,
  reports INTEGER NOT NULL,
  recorded INTEGER NOT NULL,
  operator_public_key TEXT NOT NULL CHECK (length(operator_public_key) = 64),
  delivered_at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL
) STRICT;
CREATE TABLE report_consents (
  season INTEGER NOT NULL CHECK (season >= 0),
  service_seq INTEGER NOT NULL,
  track TEXT NOT NULL,
  participant_id TEXT NOT NULL,
  public INTEGER NOT NULL CHECK (public IN (0, 1)),
  recorded_at TEXT NOT NULL,
  read_at_ms INTEGER NOT NULL,
  PRIMARY KEY (season, service_seq)
) STRICT;
CREATE TRIGGER report_deliveries_no_update BEFORE UPDATE ON report_deliveries
BEGIN SELECT RAISE(ABORT, 'report_deliveries is append-only'); END;
CREATE TRIGGER report_deliveries_no_delete BEFORE DELETE ON report_deliveries
BEGIN SELECT RAISE(ABORT, 'report_deliveries is append-only'); END;
CREATE TRIGGER report_consents_no_update BEFORE UPDATE ON report_consents
BEGIN SELECT RAISE(ABORT, 'report_consents is append-only: a change of mind is a new row'); END;
CREATE TRIGGER report_consents_no_delete BEFORE DELETE ON report_consents
BEGIN SELECT RAISE(ABORT, 'report_consents is append-only: a change of mind is a new row'); END;
`,
};
