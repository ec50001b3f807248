import { join } from 'node:path';
import { openDatabase } from '../../main/db/open-database.ts';
import { seasonServiceMigrations } from '../../main/db/season-service/migrations.ts';
import { createHttpClient } from '../../main/services/http/http-client.ts';
import { loadSeasonMaterial } from '../../season-service/season-material.ts';
import { startSeasonService } from '../../season-service/server.ts';
import { trustLayerIdentity } from '../../season-service/trust-layer-identity.ts';

export interface DevnetSeasonOptions {
  stateDir: string;
  /** The corpus the devnet serves: a season folder or one track folder; the service reads its published tasks. */
  seasonDir: string;
  host: string;
  port: number;
  now: () => Date;
  /** The devnet's internal secret: the operator token of its season service (devnet/README.md). */
  operatorToken: string;
  /** What the proxy forwards to the PROVE IT hosts: a freeze arriving with it came through the proxy. */
  challengeSecret: string;
  /** The Trust Layer's URL, known once it has started (it starts after the season host). */
  trustLayer: () => string;
}

/**
 * The season service itself (season-service/, issue 10) on the devnet's season host, proveit.devnet.localhost: the
 * same code as `proveit season serve`, on its own SQLite file in the state folder. A track frozen through the proxy
 * is open for enrollment and submission between its anchored opening and close, with no further step.
 */
export async function startDevnetSeason(options: DevnetSeasonOptions) {
  const material = await loadSeasonMaterial(options.seasonDir);
  const db = openDatabase(join(options.stateDir, 'season.sqlite'), { migrations: seasonServiceMigrations });
  const http = createHttpClient({ timeoutMs: 10_000, maxBodyBytes: 1_048_576 });
  const lookups = new Map<string, ReturnType<typeof trustLayerIdentity>>();
  const service = await startSeasonService({
    host: options.host,
    port: options.port,
    db,
    material,
    identity: (apiKey) => {
      const url = options.trustLayer();
      let lookup = lookups.get(url);
      if (!lookup) lookups.set(url, (lookup = trustLayerIdentity(url, http)));
      return lookup(apiKey);
    },
    operatorToken: options.operatorToken,
    challengeSecret: options.challengeSecret,
    now: options.now,
    // Tests and demos enroll many agents from this one machine.
    limits: { enrollPerIpPerHour: 10_000 },
  });
  return {
    url: service.url,
    async close() {
      await service.close();
      await http.close();
      db.close();
    },
  };
}
