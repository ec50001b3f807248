import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CorpusServer, CorpusServerOptions, ServedTrack } from '../main/services/corpus/corpus-server.ts';
import { loadOrCreateSigningKey } from '../main/services/index-export/signing-key.ts';
import { writeDevnetTrustBundle } from './bundle/write-trust-bundle.ts';
import { loadOrCreateJson, loadOrCreatePrivateKey, publicKeyDer, publicKeyPem } from './keys/key-files.ts';
import { startLogServer } from './log/log-server.ts';
import { startDevnetSeason } from './season/devnet-season.ts';
import { openDevnetDatabase } from './state/devnet-database.ts';
import { Accounts } from './trust-layer/accounts.ts';
import { BatchAnchor, type BatchSummary } from './trust-layer/batch-anchor.ts';
import {
  didDocument,
  pubkeyDocument,
  publishedKeys,
  type PublishedKeyInput,
  type PublishedSigningKey,
} from './trust-layer/key-publication.ts';
import { DevnetSigningKeys } from './trust-layer/signing-keys.ts';
import { ProofStore } from './trust-layer/proof-store.ts';
import { ReadLimiter } from './trust-layer/read-limiter.ts';
import type { TrustLayerContext } from './trust-layer/trust-layer-context.ts';
import { TrustLayerFaults } from './trust-layer/trust-layer-faults.ts';
import { startTrustLayerServer } from './trust-layer/trust-layer-server.ts';
import { Upstream } from './trust-layer/upstream.ts';
import { loadOrCreateTsaMaterial } from './tsa/tsa-certificates.ts';
import { startTsaServer } from './tsa/tsa-server.ts';

/**
 * The devnet's PROVE IT hosts, reached by the proxy over plain http with no port (shared decision): the season host,
 * and one corpus host per track served, the host of that track's base in its season.json (demo season 1:
 * conformite.corpus.devnet.localhost and generique.corpus.devnet.localhost, docs/corpus-format.md §1).
 */
export const SEASON_HOST = 'proveit.devnet.localhost';
export const TSA_PROVIDER = 'devnet-tsa';
export const LOG_NAME = 'log.devnet.localhost';
/** The operator key the devnet makes when none is given (devnet/README.md "The operator key"). */
export const OPERATOR_KEY_FILE = 'operator-signing-key.pem';
/** The corpus server's call log, in the state folder (docs/corpus-format.md §9). */
export const CORPUS_CALL_LOG_FILE = 'corpus-calls.sqlite';

export interface DevnetOptions {
  /** Folder holding the SQLite state, the keys and the trust bundle; created if missing. */
  stateDir: string;
  /**
   * The corpus the corpus server serves: a season folder (every track at once, each on the host of its base, as
   * `proveit devnet up` does with corpus/season-1/) or one track folder.
   */
  corpusDir: string;
  /** Base port: trust layer N, TSA N+1, log N+2, corpus N+3, season N+4. 0 (default) picks free ports. */
  port?: number;
  readLimit?: number;
  readWindowSeconds?: number;
  batchSize?: number;
  batchAgeSeconds?: number;
  /** The proxy's upstream timeout (the real one is 120 s). */
  proxyTimeoutSeconds?: number;
  /** The devnet clock (tests may pass their own). */
  now?: () => Date;
  /**
   * The operator's Ed25519 public key (64 lowercase hex): the season host accepts freezes and Index anchors signed by
   * it only (docs/season-service.md "Only the operator changes the season"). Absent: the devnet makes an operator key
   * in the state folder (OPERATOR_KEY_FILE) and uses its.
   */
  operatorPublicKey?: string;
}

/** What `proveit devnet up` prints as one JSON line. */
export interface DevnetInfo {
  trust_layer: string;
  tsa: string;
  log: string;
  /** The corpus server on loopback (every track; the Host header picks one). */
  corpus: string;
  season: string;
  /** `corpus` is the base of the first track served (by name); every track's base is in `corpus_tracks`. */
  virtual_hosts: { corpus: string; season: string };
  /** Every track served, by name: its base (the virtual host the proxy reaches it on) and its folder. */
  corpus_tracks: Record<string, { base: string; dir: string }>;
  internal_secret: string;
  corpus_secret: string;
  trust_bundle: string;
  state: string;
  /** The public key the season host accepts freezes and Index anchors from (64 lowercase hex). */
  operator_public_key: string;
  /**
   * The operator key the devnet made in its state folder (PKCS#8 PEM, 0600), for `freeze create --operator-key-file`
   * and `index anchor --key-file`; null when the key was given (`operatorPublicKey`, `--operator-public-key`).
   */
  operator_key_file: string | null;
}

export interface Devnet {
  info: DevnetInfo;
  corpusServer: CorpusServer;
  /** Closes the open batch now (as POST /v1/admin/batch/close does). */
  closeBatch(): Promise<BatchSummary | null>;
  /**
   * Rotates the Trust Layer's signing key (as POST /_devnet/rotate-key does): the new kid signs from now on, the
   * earlier keys stay published, and the devnet's trust bundle is rewritten to list it (devnet/README.md).
   */
  rotateSigningKey(): PublishedSigningKey;
  close(): Promise<void>;
}

interface DevnetIdentity {
  internal_secret: string;
  corpus_secret: string;
  log_tree_id: string;
  created_at: string;
}

/** How the devnet starts its corpus host: startCorpusServer from main/services/corpus, passed in by start-devnet. */
export type CorpusServerStarter = (options: CorpusServerOptions) => Promise<CorpusServer>;

/**
 * The tracks the corpus server serves, checked for the devnet: the proxy reaches each on the host of its base over
 * plain http with no port, so a base must be `http://NAME.localhost` (RFC 6761: the devnet never stands in for a
 * real host), and no track may take the season host's name.
 */
function devnetTracks(tracks: readonly ServedTrack[]): ServedTrack[] {
  for (const t of tracks) {
    if (!/^http:\/\/[a-z0-9.-]+\.localhost$/.test(t.base) || t.host === SEASON_HOST) {
      throw new Error(
        `the track '${t.track}' of ${t.dir} has the base ${t.base}; the devnet serves a track on http://NAME.localhost ` +
          `with no port and not ${SEASON_HOST} (the demo season's bases are http://<track>.corpus.devnet.localhost)`,
      );
    }
  }
  return [...tracks];
}

/**
 * The operator key of the devnet's season host: the one given, else the devnet's own, made on first start in the state
 * folder with the operator database's key format (main/services/index-export/signing-key.ts), so tests and tools sign
 * with it as the operator does (`freeze create --operator-key-file`). Its private half never leaves that file.
 */
function devnetOperatorKey(stateDir: string, given: string | undefined): { publicKey: string; keyFile: string | null } {
  if (given !== undefined) {
    if (!/^[0-9a-f]{64}$/.test(given))
      throw new Error(`the operator public key must be 64 lowercase hex characters (an Ed25519 key), not '${given}'`);
    return { publicKey: given, keyFile: null };
  }
  const keyFile = join(stateDir, OPERATOR_KEY_FILE);
  const key = loadOrCreateSigningKey(keyFile);
  if (!key.ok) throw new Error(key.error.message);
  return { publicKey: key.value.publicKeyHex, keyFile };
}

/** The devnet's lasting material in its state folder: its identity and keys, the operator key, its store, the bundle. */
async function devnetMaterial(options: DevnetOptions, stateDir: string, now: () => Date) {
  const identity = loadOrCreateJson<DevnetIdentity>(stateDir, 'devnet-identity.json', () => ({
    // 256 bits: it is also the operator token of the devnet's season service (docs/season-service.md).
    internal_secret: randomBytes(32).toString('hex'),
    corpus_secret: randomBytes(24).toString('hex'),
    // Rekor's tree id is a positive int64 shown as 16 hex digits in front of every uuid.
    log_tree_id: (randomBytes(8).readBigUInt64BE() & 0x7fffffffffffffffn).toString(16).padStart(16, '0'),
    created_at: new Date(now().getTime() - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  }));
  const signingKeys = new DevnetSigningKeys(stateDir, identity.created_at);
  const rekorKey = loadOrCreatePrivateKey(stateDir, 'arkforge-rekor-p256.pem', 'p256');
  const logKey = loadOrCreatePrivateKey(stateDir, 'log-p256.pem', 'p256');
  const tsaMaterial = await loadOrCreateTsaMaterial(stateDir, now());
  const operator = devnetOperatorKey(stateDir, options.operatorPublicKey);
  const database = openDevnetDatabase(stateDir);

  // Read at each use: a key rotation adds to the history (devnet/README.md "Key rotation").
  const publication = (): PublishedKeyInput => ({
    signingKeys: signingKeys.published(),
    rekorPublicKeyPem: publicKeyPem(rekorKey),
    rekorKid: 'devnet-rekor-1',
    rekorValidFrom: identity.created_at,
    did: 'did:web:trust.devnet.localhost',
  });
  const writeBundle = () =>
    writeDevnetTrustBundle({
      stateDir,
      publishedKeys: publishedKeys(publication()),
      logName: LOG_NAME,
      logPublicKeyPem: publicKeyPem(logKey),
      tsaProvider: TSA_PROVIDER,
      tsaRootPath: tsaMaterial.rootPath,
      tsaCertificatePath: tsaMaterial.certificatePath,
      operatorPublicKey: operator.publicKey,
    });
  const bundleDir = writeBundle();
  const rotateSigningKey = () => {
    const key = signingKeys.rotate(now());
    writeBundle();
    return key;
  };
  return {
    identity,
    signingKeys,
    rekorKey,
    logKey,
    tsaMaterial,
    operator,
    database,
    publication,
    bundleDir,
    rotateSigningKey,
  };
}

type DevnetMaterial = Awaited<ReturnType<typeof devnetMaterial>>;

/** What the Trust Layer's routes read (devnet/trust-layer/trust-layer-context.ts); its base URL once it listens. */
function trustLayerContext(
  options: DevnetOptions,
  material: DevnetMaterial,
  parts: Pick<TrustLayerContext, 'store' | 'anchor' | 'upstream' | 'faults' | 'now' | 'baseUrl'> & {
    corpusServer: CorpusServer;
  },
): TrustLayerContext {
  const { identity, signingKeys, publication, database, rotateSigningKey } = material;
  const { store, anchor, upstream, faults, corpusServer, now } = parts;
  const corpusTracks = devnetTracks(corpusServer.tracks);
  return {
    accounts: new Accounts(database),
    store,
    limiter: new ReadLimiter(database, options.readLimit ?? 100, options.readWindowSeconds ?? 3600),
    anchor,
    upstream,
    signer: signingKeys.signer,
    get pubkeyDocument() {
      return pubkeyDocument(publication());
    },
    get didDocument() {
      return didDocument(publication());
    },
    rotateSigningKey,
    baseUrl: parts.baseUrl,
    internalSecret: identity.internal_secret,
    challengeSecret: identity.corpus_secret,
    proveItSellers: new Set([...corpusTracks.map((t) => t.host), SEASON_HOST]),
    proxyTimeoutMs: (options.proxyTimeoutSeconds ?? 120) * 1000,
    corpus: {
      hosts: new Set(corpusTracks.map((t) => t.host)),
      setUnavailable: (host, on) => {
        const track = corpusTracks.find((t) => t.host === host);
        if (track) corpusServer.setUnavailable(on, track.track);
      },
    },
    faults,
    now,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    endpointCalls: new Map(),
  };
}

/** The Trust Layer's proof store, its fault switches and the batch anchor over the devnet's TSA and log. */
function proofKeeping(
  options: DevnetOptions,
  material: DevnetMaterial,
  tsaUrl: string,
  logUrl: string,
  now: () => Date,
) {
  const { database, rekorKey } = material;
  const store = new ProofStore(database);
  const faults = new TrustLayerFaults();
  const anchor = new BatchAnchor({
    store,
    tsaUrl: `${tsaUrl}/tsr`,
    tsaProvider: TSA_PROVIDER,
    logUrl,
    rekorKey,
    rekorPublicKeyPem: publicKeyPem(rekorKey),
    batchSize: options.batchSize ?? 100,
    batchAgeSeconds: options.batchAgeSeconds ?? 600,
    now,
    faults,
  });
  return { store, faults, anchor };
}

/** What the devnet prints and writes at start (devnet/README.md): where each server is, its secrets, its state. */
function devnetInfo(
  material: DevnetMaterial,
  stateDir: string,
  corpusServer: CorpusServer,
  urls: Pick<DevnetInfo, 'trust_layer' | 'tsa' | 'log' | 'corpus' | 'season'>,
): DevnetInfo {
  const { identity, bundleDir, operator } = material;
  const corpusTracks = devnetTracks(corpusServer.tracks);
  return {
    ...urls,
    virtual_hosts: { corpus: (corpusTracks[0] as ServedTrack).base, season: `http://${SEASON_HOST}` },
    corpus_tracks: Object.fromEntries(corpusTracks.map((t) => [t.track, { base: t.base, dir: t.dir }])),
    internal_secret: identity.internal_secret,
    corpus_secret: identity.corpus_secret,
    trust_bundle: bundleDir,
    state: stateDir,
    operator_public_key: operator.publicKey,
    operator_key_file: operator.keyFile,
  };
}

/**
 * Starts the anchor's ticks and returns what stops them. A close interrupted by a previous shutdown is finished first;
 * then the age check ticks (the real server ticks every 30 s; a short batch age ticks faster so tests need not wait).
 */
function anchorTicks(anchor: BatchAnchor, batchAgeSeconds: number): () => Promise<void> {
  void anchor.close('resume');
  const tickMs = Math.max(100, Math.min(30_000, (batchAgeSeconds * 1000) / 4));
  const ticker = setInterval(() => anchor.tick(), tickMs);
  ticker.unref();
  return async () => {
    clearInterval(ticker);
    await anchor.settle();
  };
}

/** The proxy's way to the devnet's own hosts: each corpus track's host and the season host, on their local ports. */
function devnetUpstream(corpusServer: CorpusServer, seasonUrl: string): Upstream {
  const corpusPort = Number(new URL(corpusServer.url).port);
  return new Upstream(
    new Map([
      ...devnetTracks(corpusServer.tracks).map((t) => [t.host, corpusPort] as const),
      [SEASON_HOST, Number(new URL(seasonUrl).port)],
    ]),
  );
}

/** Starts the TSA, the log, the corpus host, the season host and the Trust Layer, in that order. */
export async function composeDevnet(options: DevnetOptions, startCorpusServer: CorpusServerStarter): Promise<Devnet> {
  const now = options.now ?? (() => new Date());
  const stateDir = resolve(options.stateDir);
  mkdirSync(stateDir, { recursive: true });
  const host = '127.0.0.1';
  const portOf = (offset: number) => (options.port ? options.port + offset : 0);

  const material = await devnetMaterial(options, stateDir, now);
  const { identity, logKey, tsaMaterial, operator, database, rotateSigningKey } = material;

  const closers: (() => Promise<void>)[] = [];
  try {
    const tsa = await startTsaServer({ database, signer: tsaMaterial, now, host, port: portOf(1) });
    closers.push(tsa.close);
    const log = await startLogServer({
      database,
      key: logKey,
      publicKeyPem: publicKeyPem(logKey),
      publicKeyDer: publicKeyDer(logKey),
      treeId: identity.log_tree_id,
      name: LOG_NAME,
      now,
      host,
      port: portOf(2),
    });
    closers.push(log.close);
    const corpusServer = await startCorpusServer({
      corpusDir: options.corpusDir,
      secret: identity.corpus_secret,
      host,
      port: portOf(3),
      // The call log stays in the state folder, so it survives a restart as the rest of the devnet's state does.
      callLogFile: join(stateDir, CORPUS_CALL_LOG_FILE),
    });
    closers.push(() => corpusServer.close());
    // A track the devnet cannot route (devnetTracks) is refused here, before the season host starts.
    devnetTracks(corpusServer.tracks);
    let trustLayerUrl = '';
    const season = await startDevnetSeason({
      stateDir,
      seasonDir: options.corpusDir,
      host,
      port: portOf(4),
      now,
      operatorToken: identity.internal_secret,
      challengeSecret: identity.corpus_secret,
      operatorPublicKey: operator.publicKey,
      trustLayer: () => trustLayerUrl,
      batchAgeSeconds: options.batchAgeSeconds ?? 600,
    });
    closers.push(season.close);

    const upstream = devnetUpstream(corpusServer, season.url);
    closers.push(() => upstream.close());
    const { store, faults, anchor } = proofKeeping(options, material, tsa.url, log.url, now);
    const baseUrl = () => trustLayerUrl;
    const context = trustLayerContext(options, material, {
      store,
      anchor,
      upstream,
      faults,
      corpusServer,
      now,
      baseUrl,
    });
    const trustLayer = await startTrustLayerServer(context, host, portOf(0), (url) => {
      trustLayerUrl = url;
    });
    closers.push(trustLayer.close);

    closers.push(anchorTicks(anchor, options.batchAgeSeconds ?? 600));

    const info = devnetInfo(material, stateDir, corpusServer, {
      trust_layer: trustLayer.url,
      tsa: tsa.url,
      log: log.url,
      corpus: corpusServer.url,
      season: season.url,
    });
    return {
      info,
      corpusServer,
      closeBatch: () => anchor.close('admin'),
      rotateSigningKey,
      close: async () => {
        for (const close of closers.reverse()) await close();
        database.close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close();
    database.close();
    throw error;
  }
}
