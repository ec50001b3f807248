import { TRACK_NAMES } from '../../core/corpus/model.ts';
import { DECISIONS, DISPUTE_CHANGES } from '../../core/disputes/transitions.ts';

/** One option of the pool: its parseArgs type, the placeholder its value is shown as, and its line of help. */
export interface OptionDefinition {
  type: 'string' | 'boolean';
  /** The placeholder of a string option's value in the usage line (FILE, DIR, N, SECONDS, URL, ...). */
  value?: string;
  help: string;
  /** What applies when the option is absent, as --help says it. */
  defaultText?: string;
  /** A URL option's example, which the usage error of a value that is not an http(s) URL shows. */
  example?: string;
}

/**
 * Every option of every `proveit` command, declared once (docs/conventions.md, CLI), the way npm's CLI keeps one
 * definition per config key and builds each command's usage from the names it lists. A command names the options it
 * takes in its synopsis (synopsis.ts) and may say what one means for it where the neutral line below is not enough
 * (`--out FILE` for one command, `--out DIR` for another).
 */
export const OPTION_POOL = {
  actor: {
    type: 'string',
    value: 'NAME',
    help: 'who the act is recorded as in the audit log',
    defaultText: '$PROVEIT_ACTOR, else the login name',
  },
  'api-key-file': { type: 'string', value: 'FILE', help: 'the file holding the operator API key of the Trust Layer' },
  assertion: { type: 'string', value: 'TASK_ID/ASSERTION_ID', help: 'one assertion, as the report lists it' },
  'backup-dir': {
    type: 'string',
    value: 'DIR',
    help: 'after the act succeeds, write an encrypted backup of the operator database into DIR',
    defaultText: '$PROVEIT_BACKUP_DIR; without either, no backup',
  },
  'backup-every': {
    type: 'string',
    value: 'SECONDS',
    help: 'how often the service writes a backup while it serves',
    defaultText: '3600',
  },
  'backup-keep': {
    type: 'string',
    value: 'N',
    help: 'how many backups DIR keeps, the oldest removed',
    defaultText: '10',
  },
  'backup-passphrase-file': {
    type: 'string',
    value: 'FILE',
    help: 'the file holding the backup passphrase',
    defaultText: 'DIR/passphrase',
  },
  base: {
    type: 'string',
    value: 'URL',
    help: 'the base URL the corpus is served under',
    example: 'https://corpus.arkforge.tech',
  },
  'batch-age': { type: 'string', value: 'SECONDS', help: 'how old a Trust Layer batch gets before it is anchored' },
  'batch-size': { type: 'string', value: 'N', help: 'proof ids per read' },
  'call-log': {
    type: 'string',
    value: 'FILE',
    help: 'keep the call log in this SQLite file across restarts',
    defaultText: 'in memory, ending with the process',
  },
  cause: { type: 'string', value: 'TEXT', help: 'what caused the incident', defaultText: 'operator' },
  'challenge-secret-file': {
    type: 'string',
    value: 'FILE',
    help: 'the file holding the challenge secret the corpus hosts expect',
  },
  change: {
    type: 'string',
    value: DISPUTE_CHANGES.join('|'),
    help: 'what an upheld dispute changes the assertion to',
  },
  'closes-at': { type: 'string', value: 'ISO', help: 'when the season closes (ISO 8601 UTC)' },
  corpus: { type: 'string', value: 'DIR', help: 'the corpus folder' },
  cycles: { type: 'string', value: 'N', help: 'how many cycles to run before stopping' },
  'date-examen': { type: 'string', value: 'YYYY-MM-DD', help: 'the day the generated tasks are set on' },
  db: { type: 'string', value: 'FILE', help: 'the operator database', defaultText: '.proveit/console.sqlite' },
  decision: { type: 'string', value: DECISIONS.join('|'), help: 'the decision on the dispute' },
  'declared-stack': {
    type: 'string',
    value: 'TEXT',
    help: 'the stack the Index shows for the participant (spec §7.1)',
  },
  demo: { type: 'boolean', help: 'play the demo season into the new database' },
  disclose: { type: 'string', value: 'FILE', help: 'the disclosure (openings) to check against the proof' },
  'display-name': { type: 'string', value: 'NAME', help: 'the name the Index shows for the participant (spec §7.2)' },
  'enroll-limit': { type: 'string', value: 'N', help: 'enrollments accepted per address per hour' },
  every: { type: 'string', value: 'SECONDS', help: 'the time between two cycles' },
  framework: { type: 'string', value: 'NAME', help: 'the agent framework of the reference run' },
  from: { type: 'string', value: 'ISO', help: 'when the window starts (ISO 8601 UTC)' },
  freeze: { type: 'string', value: 'FILE', help: 'the published freeze document' },
  headless: { type: 'boolean', help: 'serve on 127.0.0.1 for a browser, even where a desktop window could open' },
  host: { type: 'string', value: 'ADDRESS', help: 'the address to listen on', defaultText: '127.0.0.1' },
  incident: { type: 'string', value: 'ID', help: 'the incident (its number, as incident list shows it)' },
  ids: { type: 'string', value: 'FILE', help: 'a file with one proof id per line (# comments)' },
  index: { type: 'string', value: 'DIR', help: 'an exported Index folder (the one `proveit index export` wrote)' },
  json: { type: 'boolean', help: 'print one JSON document on stdout' },
  key: { type: 'string', value: 'HEX', help: "the season service's receipt public key (64 hex digits)" },
  'key-file': {
    type: 'string',
    value: 'FILE',
    help: "the operator's Ed25519 signing key (PKCS#8 PEM)",
    defaultText: 'beside the database, created on first use',
  },
  kind: { type: 'string', value: 'KIND', help: 'the kind of incident' },
  lines: { type: 'boolean', help: 'one JSON document per line' },
  'metrics-port': {
    type: 'string',
    value: 'N',
    help: 'serve GET /metrics (Prometheus text format) on this port of 127.0.0.1 (0: any free port)',
    defaultText: 'no metrics listener',
  },
  model: { type: 'string', value: 'NAME', help: 'the model of the reference run' },
  names: {
    type: 'string',
    value: 'FILE',
    help: 'model and provider names the publication linter looks for, one a line',
    defaultText: 'the shipped list',
  },
  offline: { type: 'boolean', help: 'make no network call' },
  'opens-at': { type: 'string', value: 'ISO', help: 'when the season opens (ISO 8601 UTC)' },
  'operator-key-file': {
    type: 'string',
    value: 'FILE',
    help: "the operator's Ed25519 signing key (PKCS#8 PEM)",
    defaultText: 'beside the database, created on first use',
  },
  'operator-public-key': {
    type: 'string',
    value: 'FILE',
    help: "the operator's public key: only documents it signed change the season",
  },
  'operator-token-file': { type: 'string', value: 'FILE', help: 'the file holding the season service operator token' },
  out: { type: 'string', value: 'FILE', help: 'where the output is written' },
  owner: { type: 'string', value: 'NAME', help: 'who owns the incident' },
  participant: { type: 'string', value: 'ID', help: 'the participant_id' },
  'passphrase-file': { type: 'string', value: 'FILE', help: 'the file holding the backup passphrase, alone' },
  'pending-recheck': {
    type: 'string',
    value: 'SECONDS',
    help: 'how long a pending view waits before it is read again',
  },
  port: { type: 'string', value: 'N', help: 'the port to listen on (0: any free port)' },
  prompt: { type: 'string', value: 'FILE', help: 'the prompt of the reference run' },
  proof: { type: 'string', value: 'FILE', help: 'the proof view' },
  'proxy-timeout': { type: 'string', value: 'SECONDS', help: 'how long the proxy waits for the Trust Layer' },
  'public-key': { type: 'string', value: 'FILE', help: 'the public key the manifest must be signed with' },
  quiet: { type: 'boolean', help: 'print no progress on stderr' },
  'read-limit': { type: 'string', value: 'N', help: 'reads allowed per window' },
  'read-window': { type: 'string', value: 'SECONDS', help: 'the length of the read-limit window' },
  reason: { type: 'string', value: 'TEXT', help: 'the written reason' },
  'received-at': {
    type: 'string',
    value: 'ISO',
    help: 'when the dispute was received, with its time zone',
    defaultText: 'now',
  },
  receipt: { type: 'string', value: 'FILE', help: "the participant's submission receipt" },
  'request-log': {
    type: 'string',
    value: 'on|off',
    help: 'one JSON line per request on standard output',
    defaultText: 'on',
  },
  rekor: {
    type: 'string',
    value: 'URL',
    help: 'the Rekor log to read entries from',
    example: 'https://rekor.sigstore.dev',
    defaultText: 'the log the proofs name',
  },
  'rekor-entry': { type: 'string', value: 'FILE', help: 'the Rekor entry of the proof, read from a file' },
  replace: { type: 'boolean', help: 'replace the freeze in force (before the season opens only)' },
  replaces: { type: 'string', value: 'FILE', help: 'the operator database this one stands in for' },
  resolution: { type: 'string', value: 'TEXT', help: 'what was found and done' },
  reveal: { type: 'string', value: 'FILE', help: 'the reveal document (key and salt)' },
  reviewer: { type: 'string', value: 'NAME', help: 'who reviews the dispute' },
  'safety-margin': { type: 'string', value: 'SECONDS', help: 'the margin kept before a window ends' },
  seals: {
    type: 'string',
    value: 'FILE',
    help: 'the sealed salt and key of each freeze, as a reveal document lists them (not published)',
  },
  season: { type: 'string', value: 'N', help: 'the season number' },
  'season-base': {
    type: 'string',
    value: 'URL',
    help: 'the season service a freeze or anchor is posted to',
    example: 'https://proveit.arkforge.tech',
  },
  'season-dir': { type: 'string', value: 'DIR', help: 'the season folder served', defaultText: 'corpus/season-1' },
  'season-url': { type: 'string', value: 'URL', help: 'the season service', example: 'https://proveit.arkforge.tech' },
  secret: {
    type: 'string',
    value: 'SECRET',
    help: 'the X-Challenge-Secret callers must send',
    defaultText: '$PROVEIT_CORPUS_SECRET',
  },
  'secrets-file': {
    type: 'string',
    value: 'FILE',
    help: 'more secrets the publication linter looks for, one a line',
  },
  seed: { type: 'string', value: 'SEED', help: 'the seed of the season', defaultText: '$PROVEIT_CORPUS_SEED' },
  'service-key': { type: 'string', value: 'HEX', help: "the season service's receipt_public_key (64 hex characters)" },
  sha256: { type: 'boolean', help: 'print the SHA-256 of the canonical JSON instead' },
  state: { type: 'string', value: 'DIR', help: 'the state folder' },
  submissions: { type: 'string', value: 'FILE', help: 'the season service export' },
  summary: { type: 'string', value: 'TEXT', help: 'what happened' },
  tasks: { type: 'string', value: 'ID,ID', help: 'the task ids, comma-separated' },
  text: { type: 'string', value: 'TEXT', help: 'the note' },
  'text-en': { type: 'string', value: 'TEXT', help: 'the text in English' },
  'text-fr': { type: 'string', value: 'TEXT', help: 'the text in French' },
  timeout: { type: 'string', value: 'SECONDS', help: 'how long one request may take' },
  to: { type: 'string', value: 'ISO', help: 'when the window ends (ISO 8601 UTC)' },
  track: { type: 'string', value: TRACK_NAMES.join('|'), help: 'the track' },
  trust: { type: 'string', value: 'DIR', help: 'the trust bundle', defaultText: 'trust/production' },
  'trust-layer': { type: 'string', value: 'URL', help: 'the Trust Layer', example: 'https://trust.arkforge.tech' },
  'trusted-proxy': {
    type: 'string',
    value: 'ADDRESS',
    help: 'the address of a reverse proxy in front of the service (repeat, or comma-separated)',
  },
  until: { type: 'string', value: 'ISO', help: 'when to stop (ISO 8601 UTC)' },
  version: { type: 'string', value: 'V', help: 'the version' },
  'window-end': { type: 'string', value: 'ISO', help: 'when the incident ended (ISO 8601 UTC)' },
  'window-start': { type: 'string', value: 'ISO', help: 'when the incident started (ISO 8601 UTC)' },
} as const satisfies Record<string, OptionDefinition>;

export type OptionName = keyof typeof OPTION_POOL;
