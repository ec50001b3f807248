import { dirname, join } from 'node:path';
import { openDatabase } from '../main/db/open-database.ts';
import { seasonServiceMigrations } from '../main/db/season-service/migrations.ts';
import { createHttpClient, type HttpClient } from '../main/services/http/http-client.ts';
import { loadOrCreateReceiptKey, RECEIPT_KEY_FILE } from './receipt-key.ts';
import { loadSeasonMaterial } from './season-material.ts';
import { startSeasonService } from './server.ts';
import type { ServiceLimits } from './service-context.ts';
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

/** Opens the service's own database (WAL, synchronous FULL), reads the season folder, starts the server. */
export async function runSeasonService(options: RunSeasonServiceOptions) {
  const material = await loadSeasonMaterial(options.seasonDir);
  makeStatePrivate(options.stateFile);
  const db = openDatabase(options.stateFile, { migrations: seasonServiceMigrations });
  // An enrollment waits on this lookup: its whole answer within 10 s, well inside the client's own 30 s request limit.
  const http = createHttpClient({ timeoutMs: 10_000, deadlineMs: 10_000, maxBodyBytes: 1_048_576 });
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
    });
    const backups: SeasonBackups | null = options.backups
      ? startSeasonBackups({
          db,
          stateFile: options.stateFile,
          policy: options.backups,
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
      /** One backup now, as each turn takes it; null without --backup-dir. */
      backups,
      async close() {
        // The backup under way ends before the database it copies closes.
        await backups?.stop();
        await service.close();
        await http.close();
        db.close();
      },
    };
  } catch (error) {
    await http.close();
    db.close();
    throw error;
  }
}
