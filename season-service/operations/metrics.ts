import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when scraped: the service's own state, never kept twice. */
export interface MetricSources {
  season: number;
  now: () => Date;
  /** Bytes of every submission version stored when the service started (the sum grows with each recorded one). */
  storedBytesAtStart: number;
  /** The SQLite file's size in bytes (its pages: what the database holds on disk, the WAL aside). */
  databaseBytes: () => number;
  openConnections: () => Promise<number>;
}

/**
 * Request durations in seconds: from a health check (well under a millisecond) through a submission's fsync (a few ms)
 * and an enrollment asking the Trust Layer (up to its 10 s deadline) to the 30 s request limit.
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The season service's metrics (docs/season-service.md "Operations"), in a registry of its own: several services in
 * one process (the tests, the devnet) each count their own. Every sample carries `season`. Labels take bounded
 * values only: a route template of the service's table, a refusal code of the service, a track of the season.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly enrollments: Counter;
  private readonly submissions: Counter<'track'>;
  private readonly refusals: Counter<'route' | 'code'>;
  private readonly durations: Histogram<'route'>;
  private storedBytes: number;
  private lastBackupMs: number | null = null;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ season: String(sources.season) });
    this.storedBytes = sources.storedBytesAtStart;
    this.enrollments = new Counter({
      name: 'proveit_season_enrollments_total',
      help: 'Participants enrolled (201 answers of POST /v1/season/{n}/enroll).',
      registers,
    });
    this.submissions = new Counter({
      name: 'proveit_season_submissions_total',
      help: 'Submissions recorded and receipted (200 answers of POST /v1/season/{n}/submit), by track.',
      labelNames: ['track'],
      registers,
    });
    this.refusals = new Counter({
      name: 'proveit_season_refusals_total',
      help: 'Answers with a 4xx or 5xx status, by route template and refusal code.',
      labelNames: ['route', 'code'],
      registers,
    });
    this.durations = new Histogram({
      name: 'proveit_season_request_duration_seconds',
      help: 'Time from a request reaching a route to its answer sent (or the connection closed), by route template.',
      labelNames: ['route'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    const stored = () => this.storedBytes;
    new Gauge({
      name: 'proveit_season_stored_bytes',
      help: 'Bytes of every submission version the season holds (replaced ones included), as the storage bounds count.',
      registers,
      collect() {
        this.set(stored());
      },
    });
    new Gauge({
      name: 'proveit_season_database_bytes',
      help: "The service's SQLite file size in bytes (its pages; the -wal file aside).",
      registers,
      collect() {
        this.set(sources.databaseBytes());
      },
    });
    new Gauge({
      name: 'proveit_season_open_connections',
      help: 'Client connections open on the service port (the metrics port aside).',
      registers,
      async collect() {
        this.set(await sources.openConnections());
      },
    });
    const lastBackup = () => this.lastBackupMs;
    const backupAge = new Gauge({
      name: 'proveit_season_backup_age_seconds',
      help: 'Seconds since the last backup of the season state was taken; absent until the first one.',
      registers,
      collect() {
        const at = lastBackup();
        if (at !== null) this.set(Math.max(0, (sources.now().getTime() - at) / 1000));
      },
    });
    // A gauge without labels starts at 0, which reads as "a backup just now": absent says "none yet".
    backupAge.remove();
  }

  /** One answered request: its duration, and its refusal when the status is 4xx or 5xx. */
  answered(route: string, status: number, code: string | null, seconds: number): void {
    this.durations.observe({ route }, seconds);
    if (status >= 400) this.refusals.inc({ route, code: code ?? 'NONE' });
  }

  /** A request Node's HTTP parser refused before any route (400, 408, 431): a refusal of route `unparsed`. */
  refusedUnparsed(code: string): void {
    this.refusals.inc({ route: 'unparsed', code });
  }

  enrolled(): void {
    this.enrollments.inc();
  }

  submissionRecorded(track: string, bodyBytes: number): void {
    this.submissions.inc({ track });
    this.storedBytes += bodyBytes;
  }

  /** Called by the backup of the season state once a backup is complete, with when it was taken (ms since epoch). */
  backupTaken(atMs: number): void {
    this.lastBackupMs = Math.max(atMs, this.lastBackupMs ?? atMs);
  }
}
