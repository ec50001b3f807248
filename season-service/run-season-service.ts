import { dirname, join } from 'node:path';
import { openDatabase } from '../main/db/open-database.ts';
import { seasonServiceMigrations } from '../main/db/season-service/migrations.ts';
import { createHttpClient, type HttpClient } from '../main/services/http/http-client.ts';
import { loadOrCreateReceiptKey, RECEIPT_KEY_FILE } from './receipt-key.ts';
import { loadSeasonMaterial } from './season-material.ts';
import type { RequestLogWriter } from './operations/request-log.ts';
import { startSeasonService, STOP_WITHIN_MS, type StopOutcome } from './server.ts';
import type { ServiceLimits } from './limits/service-limits.ts';
import { startSeasonBackups, type SeasonBackupPolicy, type SeasonBackups } from './season-backups.ts';
import { makeStatePrivate } from './state-folder.ts';
import { trustLayerIdentity, type IdentityLookup } from './trust-layer-identity.ts';

export interface RunSeasonServiceOptions {
  host: string;
  port: number;
  stateFile: string;
  seasonDir: string;
  /** The Trust Layer's URL, or a function giving it when it is known only later (the devnet starts it after). */
  trustLayer: string | (() => string);
  operatorToken: string;
  challengeSecret: string | null;
  /** The operator's Ed25519 public key, 64 lowercase hex (`--operator-public-key`); null refuses every freeze. */
  operatorPublicKey?: string | null;
  now?: () => Date;
  limits?: Partial<ServiceLimits>;
  /** The reverse proxies whose X-Forwarded-For names the client (`--trusted-proxy`). */
  trustedProxies?: readonly string[];
  /** The loopback port of `GET /metrics` (`--metrics-port`); absent: no metrics listener. */
  metricsPort?: number;
  /** The request log's writer: standard output unless given; null turns it off (`--request-log off`). */
  requestLog?: RequestLogWriter;
  /** Backups while it serves (`--backup-dir`, docs/season-service.md "Backups"); absent: none. */
  backups?: SeasonBackupPolicy;
  /** Where a failed backup's line goes: stderr by default. */
  log?: (line: string) => void;
}

/** What `season serve` prints: where it listens and what it serves (no secret). */
export interface SeasonServiceInfo {
  url: string;
  season: number;
  tracks: string[];
  state: string;
  /** The receipt key's public half (raw 32 bytes, hex), as GET /v1/season/{n} announces it. */
  receipt_public_key: string;
  /** Where `GET /metrics` answers (`--metrics-port`), else absent. */
  metrics_url?: string;
  /** Where and how often backups are written; absent when the service was started without --backup-dir. */
  backups?: { dir: string; every_seconds: number; keep: number };
}

function identityAt(trustLayer: string | (() => string), http: HttpClient): IdentityLookup {
  if (typeof trustLayer === 'string') return trustLayerIdentity(trustLayer, http);
  const lookups = new Map<string, IdentityLookup>();
  return (apiKey) => {
    const url = trustLayer();
    let lookup = lookups.get(url);
    if (!lookup) lookups.set(url, (lookup = trustLayerIdentity(url, http)));
    return lookup(apiKey);
  };
}

/**
 * An enrollment waits on the Trust Layer's identity lookup: its whole answer within 10 s, well inside the client's own
 * 30 s request limit. The reverse proxy's read timeout must exceed it (deploy/nginx/proveit-season.conf).
 */
export const TRUST_LAYER_LOOKUP_MS = 10_000;

/** Opens the service's own database (WAL, synchronous FULL), reads the season folder, starts the server. */
export async function runSeasonService(options: RunSeasonServiceOptions) {
  const material = await loadSeasonMaterial(options.seasonDir);
  makeStatePrivate(options.stateFile);
  const db = openDatabase(options.stateFile, { migrations: seasonServiceMigrations });
  const http = createHttpClient({
    timeoutMs: TRUST_LAYER_LOOKUP_MS,
    deadlineMs: TRUST_LAYER_LOOKUP_MS,
    maxBodyBytes: 1_048_576,
  });
  try {
    // Beside the SQLite file, in the state folder (created with the database): kept across restarts.
    const receiptSigner = loadOrCreateReceiptKey(join(dirname(options.stateFile), RECEIPT_KEY_FILE));
    const service = await startSeasonService({
      host: options.host,
      port: options.port,
      db,
      material,
      identity: identityAt(options.trustLayer, http),
      operatorToken: options.operatorToken,
      challengeSecret: options.challengeSecret,
      operatorPublicKey: options.operatorPublicKey ?? null,
      receiptSigner,
      ...(options.now ? { now: options.now } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
      ...(options.metricsPort !== undefined ? { metricsPort: options.metricsPort } : {}),
      ...(options.requestLog !== undefined ? { requestLog: options.requestLog } : {}),
    });
    const backups: SeasonBackups | null = options.backups
      ? startSeasonBackups({
          db,
          stateFile: options.stateFile,
          // Each backup taken sets proveit_season_backup_age_seconds back to 0 (docs/season-service.md "Operations").
          policy: {
            ...options.backups,
            onBackup: (atMs) => {
              service.metrics.backupTaken(atMs);
              options.backups?.onBackup?.(atMs);
            },
          },
          now: options.now ?? (() => new Date()),
          log: options.log ?? ((line) => process.stderr.write(line)),
        })
      : null;
    const info: SeasonServiceInfo = {
      url: service.url,
      season: material.season,
      tracks: [...material.tracks.keys()],
      state: options.stateFile,
      receipt_public_key: receiptSigner.publicKeyHex,
      ...(service.metricsUrl !== null ? { metrics_url: service.metricsUrl } : {}),
      ...(options.backups
        ? {
            backups: {
              dir: options.backups.dir,
              every_seconds: options.backups.everyMs / 1000,
              keep: options.backups.keep,
            },
          }
        : {}),
    };
    return {
      info,
      /** The service's metrics (docs/season-service.md "Operations"). */
      metrics: service.metrics,
      /** One backup now, as each turn takes it; null without --backup-dir. */
      backups,
      /** Stops as SIGTERM asks (docs/season-service.md "Operations"): requests drained, the backup under way ended, the database closed last. */
      async close(withinMs = STOP_WITHIN_MS): Promise<StopOutcome> {
        const outcome = await service.close(withinMs);
        await backups?.stop();
        await http.close();
        db.close();
        return outcome;
      },
    };
  } catch (error) {
    await http.close();
    db.close();
    throw error;
  }
}
