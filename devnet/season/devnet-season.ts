import { join } from 'node:path';
import { runSeasonService } from '../../season-service/run-season-service.ts';

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
  /**
   * The operator's Ed25519 public key (hex): only documents it signed change the season (docs/season-service.md "Only
   * the operator changes the season").
   */
  operatorPublicKey: string;
  /** The Trust Layer's URL, known once it has started (it starts after the season host). */
  trustLayer: () => string;
  /** The devnet Trust Layer's batch age: what GET /v1/season/{n} subtracts from a close (`last_safe_call_at`). */
  batchAgeSeconds: number;
}

/**
 * The season service itself (season-service/, docs/season-service.md) on the devnet's season host,
 * proveit.devnet.localhost: the same code as `proveit season serve`, on its own SQLite file in the state folder. A
 * track frozen through the proxy is open for enrollment and submission between its anchored opening and close, with no
 * further step.
 */
export async function startDevnetSeason(options: DevnetSeasonOptions) {
  const running = await runSeasonService({
    host: options.host,
    port: options.port,
    stateFile: join(options.stateDir, 'season.sqlite'),
    seasonDir: options.seasonDir,
    trustLayer: options.trustLayer,
    operatorToken: options.operatorToken,
    challengeSecret: options.challengeSecret,
    operatorPublicKey: options.operatorPublicKey,
    now: options.now,
    // Tests and demos enroll many agents from this one machine, and every client of the devnet (the proxy included)
    // connects from loopback.
    limits: {
      enrollPerIpPerHour: 10_000,
      maxConnectionsPerAddress: 1_000,
      trustLayerBatchAgeSeconds: options.batchAgeSeconds,
    },
    // The devnet's standard output is its own (`devnet up` prints where it listens): no request log there.
    requestLog: null,
  });
  return {
    url: running.info.url,
    close: async () => {
      await running.close();
    },
  };
}
