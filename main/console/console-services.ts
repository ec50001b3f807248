import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';

/**
 * What the console reaches beyond its database, given at start (`proveit console --trust-layer --api-key-file
 * --season-base --season-url --operator-token-file --trust`) and held in main only: the API key and the operator
 * token are never part of an answer, an event, a job's recorded arguments or a log line (DEVELOPERS.md). The renderer
 * only learns whether each is configured (console.overview's `configured`) and, on the Connections screen, the
 * addresses and folders in use without credentials (console-connections.ts).
 */
export interface ConsoleServices {
  /** Freezes (spec §8.3): anchored through this Trust Layer's proxy with the operator's key, posted to the season base. */
  freeze: { trustLayer: string; apiKey: string; seasonBase: string } | null;
  /** A track's first close reads the season service's export with the operator token (docs/season-service.md). */
  seasonService: { url: string; operatorToken: string } | null;
  /** The trust bundle a first close verifies proofs with (later closes reuse their bundle's copy). */
  trustDir: string;
}

export const NO_SERVICES: ConsoleServices = { freeze: null, seasonService: null, trustDir: PRODUCTION_BUNDLE_DIR };

/** What the screens may know of the configuration: whether each service is there, never a URL's key or a token. */
export function configuredOf(services: ConsoleServices): { trust_layer: boolean; season_service: boolean } {
  return { trust_layer: services.freeze !== null, season_service: services.seasonService !== null };
}
