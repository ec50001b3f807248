/** What `proveit console` gives to decide how a missing database is created. */
export interface FirstStartInput {
  /** --db as typed (undefined: the default database in the user data folder). */
  db: string | undefined;
  /** --demo */
  demo: boolean;
  /** The database file, resolved. */
  dbFile: string;
  exists: boolean;
}

/**
 * Whether the console plays the demo season into its database (docs/console-backend.md "First start and the demo
 * season"): only into a database that does not exist yet, and only for the default database's first start or with
 * --demo. `--db FILE` of a new file is an empty operations database, never the demo's. A string is the usage message:
 * --demo on a database that exists (the demo never plays into a season's database).
 */
export function firstStartOf(input: FirstStartInput): { demo: boolean } | string {
  if (input.demo && input.exists)
    return `--demo plays the demo season into a new database, and ${input.dbFile} exists: give --demo with --db NEWFILE (a file that does not exist yet), or drop --demo to open this one`;
  return { demo: !input.exists && (input.demo || input.db === undefined) };
}
