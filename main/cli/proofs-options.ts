import { resolve } from 'node:path';
import { parseIdList } from '../core/proofs-plan/id-list.ts';
import { MAX_IDS_PER_READ } from '../core/proofs-plan/proof-id.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { openDatabase, type Db, type OpenOptions } from '../db/open-database.ts';
import { readBoundedTextSync } from '../services/files/read-bounded.ts';
import { DEFAULT_READ_SETTINGS, type ReadSettings } from '../services/proofs/read-settings.ts';
import { EXIT, type Command } from './command.ts';
import type { CliIo } from './io.ts';
import { may, need } from './options/synopsis.ts';

/** Where the operator's database lives unless --db says otherwise (relative to the working folder). */
export const DEFAULT_DB_PATH = '.proveit/console.sqlite';

const d = DEFAULT_READ_SETTINGS;

/** The read settings as options, each with its production default; seconds on the command line. */
export const READ_SETTING_ITEMS = {
  'read-limit': may('read-limit', { defaultText: String(d.limit) }),
  'read-window': may('read-window', { defaultText: String(d.windowMs / 1000) }),
  'safety-margin': may('safety-margin', { defaultText: String(d.safetyMarginMs / 1000) }),
  'pending-recheck': may('pending-recheck', { defaultText: String(d.pendingRecheckMs / 1000) }),
  'batch-size': may('batch-size', { defaultText: String(d.batchSize) }),
  timeout: may('timeout', { defaultText: String(d.requestTimeoutMs / 1000) }),
} as const;

/** What `proofs plan` and `proofs fetch` share: the ids, the database, --json and the read settings. */
export const SHARED_PROOF_ITEMS = [
  need('ids'),
  may('db'),
  may('json'),
  READ_SETTING_ITEMS['read-limit'],
  READ_SETTING_ITEMS['read-window'],
  READ_SETTING_ITEMS['safety-margin'],
  READ_SETTING_ITEMS['pending-recheck'],
  READ_SETTING_ITEMS['batch-size'],
  READ_SETTING_ITEMS.timeout,
] as const;

export interface SharedValues {
  ids?: string;
  db?: string;
  'read-limit'?: string;
  'read-window'?: string;
  'safety-margin'?: string;
  'pending-recheck'?: string;
  'batch-size'?: string;
  timeout?: string;
}

function number(
  flag: string,
  text: string | undefined,
  fallback: number,
  check: (n: number) => boolean,
  what: string,
): Result<number> {
  if (text === undefined) return ok(fallback);
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || !check(value)) {
    return fail('USAGE', `--${flag} '${text}' is not ${what}; for example --${flag} ${fallback}`);
  }
  return ok(value);
}

/** Read settings from the flags, production defaults otherwise. Seconds on the command line, ms inside. */
export function settingsFrom(values: SharedValues): Result<ReadSettings> {
  const limit = number(
    'read-limit',
    values['read-limit'],
    d.limit,
    (n) => Number.isInteger(n) && n >= 1,
    'a whole number of reads >= 1',
  );
  if (!limit.ok) return limit;
  const windowS = number(
    'read-window',
    values['read-window'],
    d.windowMs / 1000,
    (n) => n > 0,
    'a number of seconds > 0',
  );
  if (!windowS.ok) return windowS;
  const marginS = number(
    'safety-margin',
    values['safety-margin'],
    d.safetyMarginMs / 1000,
    (n) => n >= 0,
    'a number of seconds >= 0',
  );
  if (!marginS.ok) return marginS;
  const recheckS = number(
    'pending-recheck',
    values['pending-recheck'],
    d.pendingRecheckMs / 1000,
    (n) => n >= 0,
    'a number of seconds >= 0',
  );
  if (!recheckS.ok) return recheckS;
  const batch = number(
    'batch-size',
    values['batch-size'],
    d.batchSize,
    (n) => Number.isInteger(n) && n >= 1 && n <= MAX_IDS_PER_READ,
    `a whole number from 1 to ${MAX_IDS_PER_READ}`,
  );
  if (!batch.ok) return batch;
  const timeoutS = number(
    'timeout',
    values.timeout,
    d.requestTimeoutMs / 1000,
    (n) => n > 0,
    'a number of seconds > 0',
  );
  if (!timeoutS.ok) return timeoutS;
  return ok({
    ...d,
    limit: limit.value,
    windowMs: Math.round(windowS.value * 1000),
    safetyMarginMs: Math.round(marginS.value * 1000),
    pendingRecheckMs: Math.round(recheckS.value * 1000),
    batchSize: batch.value,
    requestTimeoutMs: Math.round(timeoutS.value * 1000),
  });
}

/** The ids in the --ids file (one per line, # comments); a malformed id is an error naming its line. */
function idsFrom(file: string): Result<string[]> {
  // Bounded (main/services/files/read-bounded.ts): a device or an oversized list is refused unread, with its code.
  const read = readBoundedTextSync(file, { what: 'the ids file', kind: 'list' });
  if (!read.ok) return read.error.code === 'FILE_UNREADABLE' ? fail('IDS_FILE_UNREADABLE', read.error.message) : read;
  const parsed = parseIdList(read.value);
  if (!parsed.ok) return fail(parsed.error.code, `${file}: ${parsed.error.message}`, parsed.error.details);
  return parsed;
}

/**
 * The read settings and the ids `proofs plan` and `proofs fetch` both start from. A number is the exit code after
 * the message was printed: 2 for a usage error (the read settings), 1 for an ids file that cannot be read or holds a
 * malformed id.
 */
export function readInputsFrom(
  io: CliIo,
  command: Command,
  values: SharedValues,
): { settings: ReadSettings; ids: string[] } | number {
  const name = command.path.join(' ');
  const settings = settingsFrom(values);
  if (!settings.ok) {
    io.err(`proveit ${name}: ${settings.error.message}\n`);
    return EXIT.usage;
  }
  // The synopsis' need('ids') says it is given.
  const ids = idsFrom(values.ids!);
  if (!ids.ok) {
    io.err(`proveit ${name}: ${ids.error.message}\n`);
    return EXIT.failed;
  }
  return { settings: settings.value, ids: ids.value };
}

export function dbPathFrom(value: string | undefined): string {
  return resolve(value ?? DEFAULT_DB_PATH);
}

/** Runs `body` on the operator database `--db` names (default DEFAULT_DB_PATH), closed afterwards whatever happens. */
export function withOperatorDatabase<T>(value: string | undefined, body: (db: Db) => T, options: OpenOptions = {}): T {
  const db = openDatabase(dbPathFrom(value), options);
  try {
    return body(db);
  } finally {
    db.close();
  }
}

/**
 * withOperatorDatabase for a command that only reads: the file opened read-only, never migrated
 * (docs/operator-database.md "Opening and migrations").
 */
export function readOperatorDatabase<T>(value: string | undefined, body: (db: Db) => T): T {
  return withOperatorDatabase(value, body, { readOnly: true });
}
