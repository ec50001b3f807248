import { ed25519 } from '@noble/curves/ed25519.js';
import { copyFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../devnet/start-devnet.ts';
import { freezePublishCommand } from '../../../main/cli/freeze-publish.ts';
import { createFreezeRevealCommand } from '../../../main/cli/freeze-reveal.ts';
import { freezeVerifyCommand } from '../../../main/cli/freeze-verify.ts';
import { createSeasonInvalidateCommand } from '../../../main/cli/season-invalidate-command.ts';
import { freezeDocumentSha256 } from '../../../main/core/freeze/freeze-document.ts';
import { signInvalidation } from '../../../main/core/freeze/invalidation.ts';
import { canonical } from '../../../main/core/json/canonical.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { freezeInForceOf } from '../../../main/db/freezes.ts';
import { invalidationOf } from '../../../main/db/season-invalidations.ts';
import { createFreeze, type CreateFreezeInput } from '../../../main/services/freeze/create-freeze.ts';
import { publishedFreezeOf } from '../../../main/services/freeze/publish-freeze.ts';
import { createDispatcher } from '../../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import { openConsole, type OpenedConsole } from '../../../main/console/open-console.ts';
import { createHttpClient } from '../../../main/services/http/http-client.ts';
import { defaultKeyFile, readSigningKey, type SigningKey } from '../../../main/services/index-export/signing-key.ts';
import { DEMO_SEASON_DIR } from '../../devnet/support/journey-corpus.ts';
import { operatorApiKey } from '../../devnet/support/trust-layer-calls.ts';
import { captureIo } from '../../support/capture-io.ts';
import { runCloseCommand } from '../close/support/close-commands.ts';
import { AFTER_CLOSE, DURING, type ReadProof } from '../close/support/close-devnet.ts';
import { startSeasonDevnet, type SeasonDevnet, type SeasonParticipant } from '../close/support/season-devnet.ts';
import { submissionDocument } from '../close/support/submission-document.ts';

/**
 * Invalidating a season on the devnet (spec §8: "A change during the season is not a correction: it invalidates the
 * season. The only response is to publish it, close the season, and start over"; docs/freeze.md "Invalidating a
 * season"). Both tracks of the demo season are frozen and open; Hal enrolls and submits conf-01; the operator
 * invalidates the compliance track with the CLI, through the real proxy and season service. One virtual clock.
 */

const REASON = 'conf-04 answer key corrected during the season (the catalogue listed a dissolved entity)';
let net: SeasonDevnet;
let hal: SeasonParticipant;
let proofs: { entity: ReadProof; attestation: ReadProof };
let operatorKey: SigningKey;
let apiKeyFile: string;
let second: Devnet | undefined;
let opened: OpenedConsole | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

const conf01 = () =>
  submissionDocument(hal, 'conf-01', 'indeterminable', [
    ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', proofs.entity],
    ['/attestations/ATT-93595', '/existe', false, proofs.attestation],
  ]);

async function seasonState(base = net.devnet.info.season, season = 1): Promise<Json> {
  return (await (await fetch(`${base}/v1/season/${season}`)).json()) as Json;
}

/** One POST /v1/proxy with `apiKey`, posting `payload` to the season host's invalidate route; the relayed answer. */
async function proxied(apiKey: string, payload: unknown): Promise<Json> {
  const answer = await fetch(`${net.devnet.info.trust_layer}/v1/proxy`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      target: 'http://proveit.devnet.localhost/v1/season/1/invalidate',
      method: 'POST',
      payload,
      currency: 'eur',
    }),
  });
  return (await answer.json()) as Json;
}

function invalidateArgs(extra: string[] = []): string[] {
  return [
    ...['--season', '1', '--track', 'conformite', '--reason', REASON],
    ...['--trust-layer', net.devnet.info.trust_layer, '--api-key-file', apiKeyFile],
    ...['--season-base', 'http://proveit.devnet.localhost', '--db', net.dbFile],
    ...['--operator-key-file', net.devnet.info.operator_key_file as string, '--actor', 'test-operator', '--json'],
    ...extra,
  ];
}

beforeAll(async () => {
  net = await startSeasonDevnet('invalidate-season-');
  const key = readSigningKey(net.devnet.info.operator_key_file as string);
  if (!key.ok) throw new Error(key.error.message);
  operatorKey = key.value;
  apiKeyFile = join(net.dir, 'operator.key');
  writeFileSync(apiKeyFile, `${net.operatorApiKey}\n`);
  net.clock.set(DURING);
  hal = await net.enroll(await net.reader('hal'));
  proofs = { entity: await hal.read('/entites/171904347'), attestation: await hal.read('/attestations/ATT-93595') };
  await net.devnet.closeBatch();
  const first = await hal.submit(conf01());
  expect(first.json, JSON.stringify(first.json)).toMatchObject({ recorded: true });
}, 120_000);

afterAll(async () => {
  await opened?.close();
  await second?.close();
  await net?.close();
});

describe('season invalidate (spec §8; docs/freeze.md "Invalidating a season")', () => {
  it("a participant's key cannot invalidate (proxied with a free key: refused, nothing changes)", async () => {
    const freeze = freezeInForceOf(net.db, 1, 'conformite');
    if (freeze === null) throw new Error('no freeze');
    const fields = {
      season: 1,
      track: 'conformite',
      freezeProofId: freeze.proofId,
      freezeSha256: freezeDocumentSha256(publishedFreezeOf(freeze)),
      reason: 'I want a restart',
      invalidatedAt: new Date(DURING).toISOString(),
    };
    // Signed by the participant's own key: it names that key, not the operator's.
    const own = signInvalidation(fields, ed25519.utils.randomSecretKey());
    const byOwnKey = await proxied(hal.key.apiKey, JSON.parse(canonical(own)));
    expect(byOwnKey.service_response.status_code).toBe(403);
    expect(byOwnKey.service_response.body.error.code).toBe('INVALIDATION_NOT_OPERATOR');
    // Naming the operator's key with a signature that is not the operator's.
    const forged = { ...JSON.parse(canonical(own)), operator_public_key: operatorKey.publicKeyHex };
    const byForged = await proxied(hal.key.apiKey, forged);
    expect(byForged.service_response.status_code).toBe(403);
    expect(byForged.service_response.body.error.code).toBe('INVALIDATION_NOT_OPERATOR');
    // Straight to the season service, without the proxy's challenge secret.
    const direct = await fetch(`${net.devnet.info.season}/v1/season/1/invalidate`, {
      method: 'POST',
      body: canonical(signInvalidation(fields, operatorKey.privateKey)),
    });
    expect(direct.status).toBe(403);
    expect(((await direct.json()) as Json).error.code).toBe('INVALIDATION_NOT_THROUGH_PROXY');

    // Nothing changed: the track is open, takes submissions, and nothing is recorded on the operator's side.
    const state = await seasonState();
    expect(state.tracks.conformite.state).toBe('open');
    expect(state.tracks.conformite.invalidation).toBeUndefined();
    const again = await hal.submit(conf01());
    expect(again.json, JSON.stringify(again.json)).toMatchObject({ recorded: true });
    expect(invalidationOf(net.db, 1, 'conformite')).toBeNull();
  });

  it('an invalidated track refuses submissions with its code and reveals at once', async () => {
    const io = captureIo();
    const code = await createSeasonInvalidateCommand(net.clock).run(invalidateArgs(), io);
    expect(code, io.stderr + io.stdout).toBe(0);
    const { invalidation } = JSON.parse(io.stdout) as Json;
    expect(invalidation).toMatchObject({ season: 1, track: 'conformite', reason: REASON });
    expect(invalidation.proof_id).toMatch(/^prf_/);
    // Recorded with its audit entry; never a key, a salt or the API key.
    expect(invalidationOf(net.db, 1, 'conformite')).toMatchObject({ proofId: invalidation.proof_id, reason: REASON });
    const entry = auditRows(net.db).find((r) => r.action === 'season.invalidate');
    expect(entry).toMatchObject({ actor: 'test-operator' });
    expect(JSON.stringify(entry)).not.toContain(net.operatorApiKey);

    // At once: the track refuses Hal's submission, naming the reason and the invalidation document.
    const refused = await hal.submit(conf01());
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'SEASON_TRACK_INVALIDATED',
      reason: REASON,
      invalidation_sha256: invalidation.document_sha256,
    });
    const state = await seasonState();
    expect(state.tracks.conformite).toMatchObject({
      state: 'invalidated',
      invalidation: { reason: REASON, document_sha256: invalidation.document_sha256, document: invalidation.document },
    });
    expect(state.tracks.generique.state).toBe('open');
    // The same act again changes nothing.
    const twice = captureIo();
    expect(await createSeasonInvalidateCommand(net.clock).run(invalidateArgs(), twice)).toBe(1);
    expect(JSON.parse(twice.stdout)).toMatchObject({ ok: false, code: 'SEASON_ALREADY_INVALIDATED' });

    // The key and salt are revealed now, weeks before the anchored close, and the commitment checks.
    const reveal = join(net.dir, 'reveal.json');
    const published = join(net.dir, 'published.json');
    const revealIo = captureIo();
    const revealArgs = ['--season', '1', '--track', 'conformite', '--out', reveal, '--db', net.dbFile];
    expect(await createFreezeRevealCommand(net.clock).run(revealArgs, revealIo), revealIo.stderr).toBe(0);
    const publishIo = captureIo();
    const publishArgs = ['--season', '1', '--track', 'conformite', '--out', published, '--db', net.dbFile];
    expect(await freezePublishCommand.run(publishArgs, publishIo), publishIo.stderr).toBe(0);
    const verifyIo = captureIo();
    const verified = await freezeVerifyCommand.run(
      [
        ...['--corpus', net.corpusDir.conformite, '--freeze', published, '--reveal', reveal],
        ...['--trust-layer', net.devnet.info.trust_layer, '--trust', net.devnet.info.trust_bundle, '--json'],
      ],
      verifyIo,
    );
    expect(verified, verifyIo.stdout + verifyIo.stderr).toBe(0);
    expect(JSON.parse(readFileSync(reveal, 'utf8')).freezes).toHaveLength(1);
    // The other track's key stays sealed until its own close.
    const other = captureIo();
    expect(
      await createFreezeRevealCommand(net.clock).run(
        ['--season', '1', '--track', 'generique', '--db', net.dbFile],
        other,
      ),
    ).toBe(1);
    expect(other.stderr).toContain('FREEZE_NOT_CLOSED');
  });

  it('season close of an invalidated track is refused with its code', async () => {
    net.clock.set(AFTER_CLOSE);
    const out = join(net.dir, 'close-conformite');
    const closed = await runCloseCommand(net.clock, {
      season: 1,
      track: 'conformite',
      corpus: net.corpusDir.conformite,
      source: { seasonUrl: net.devnet.info.season, operatorTokenFile: net.operatorTokenFile },
      db: net.dbFile,
      trustLayer: net.devnet.info.trust_layer,
      trust: net.devnet.info.trust_bundle,
      out,
      json: true,
    });
    expect(closed.code, closed.io.stderr + closed.io.stdout).toBe(1);
    expect(closed.doc).toMatchObject({ ok: false, code: 'CLOSE_TRACK_INVALIDATED' });
    // Refused before anything: no --out folder, nothing scored.
    expect(existsSync(out)).toBe(false);
    expect(auditRows(net.db).some((r) => r.action === 'season.close')).toBe(false);
    net.clock.set(DURING);
  });

  it('a new freeze of the track can be created after the invalidation', async () => {
    const http = createHttpClient({ timeoutMs: 10_000 });
    try {
      const input = (corpusDir: string, trustLayer: string, apiKey: string): CreateFreezeInput => ({
        corpusDir,
        trustLayer,
        apiKey,
        operatorKey,
        seasonBase: 'http://proveit.devnet.localhost',
        opensAt: '2026-11-15T08:00:00.000Z',
        closesAt: '2026-12-15T08:00:00.000Z',
        replace: false,
        reason: null,
        actor: 'test-operator',
      });
      const ports = { db: net.db, http, clock: net.clock, randomBytes: (n: number) => new Uint8Array(n).fill(7) };
      // Season 1's compliance track is over: it is not frozen again, not even as a replacement.
      const same = await createFreeze(
        input(net.corpusDir.conformite, net.devnet.info.trust_layer, net.operatorApiKey),
        ports,
      );
      expect(same.ok ? 'OK' : same.error.code).toBe('FREEZE_TRACK_INVALIDATED');
      const replaced = await createFreeze(
        {
          ...input(net.corpusDir.conformite, net.devnet.info.trust_layer, net.operatorApiKey),
          replace: true,
          reason: 'x',
        },
        ports,
      );
      expect(replaced.ok ? 'OK' : replaced.error.code).toBe('FREEZE_TRACK_INVALIDATED');

      // It starts over as season 2 (a track folder renumbered), served by a season service of its own, frozen by the
      // same operator key from the same operator database.
      const seasonDir = join(net.dir, 'season-2');
      cpSync(join(DEMO_SEASON_DIR, 'conformite'), join(seasonDir, 'conformite'), { recursive: true });
      for (const file of ['season.json', 'tasks.json', join('sealed', 'answer-key.json')]) {
        const path = join(seasonDir, 'conformite', file);
        writeFileSync(path, readFileSync(path, 'utf8').replace('"season": 1,', '"season": 2,'));
      }
      second = await startDevnet({
        stateDir: join(net.dir, 'state-2'),
        corpusDir: seasonDir,
        batchSize: 10_000,
        batchAgeSeconds: 3600,
        now: net.clock.date,
        operatorPublicKey: operatorKey.publicKeyHex,
      });
      const apiKey = await operatorApiKey(
        second.info.trust_layer,
        'operator@example.org',
        net.devnet.info.operator_key_file as string,
      );
      const restarted = await createFreeze(
        input(join(seasonDir, 'conformite'), second.info.trust_layer, apiKey),
        ports,
      );
      if (!restarted.ok) throw new Error(`${restarted.error.code}: ${restarted.error.message}`);
      expect(restarted.value).toMatchObject({ season: 2, track: 'conformite', replaces: null });
      expect((await seasonState(second.info.season, 2)).tracks.conformite.state).toBe('frozen');
      // Season 1 stays invalidated.
      expect((await seasonState()).tracks.conformite.state).toBe('invalidated');
    } finally {
      await http.close();
    }
  });

  it("the console's season.invalidate stops the other track under the person acting, and its reveal follows at once", async () => {
    copyFileSync(net.devnet.info.operator_key_file as string, defaultKeyFile(net.dbFile));
    // The console's corpus root holds season-N/<track>: the tracks frozen.
    const root = join(net.dir, 'console-corpus');
    cpSync(join(net.dir, 'corpus'), join(root, 'season-1'), { recursive: true });
    opened = openConsole({
      mode: 'headless',
      dbFile: net.dbFile,
      corpusDir: root,
      defaultCorpusDir: root,
      clock: net.clock,
      services: {
        ...NO_SERVICES,
        freeze: {
          trustLayer: net.devnet.info.trust_layer,
          apiKey: net.operatorApiKey,
          seasonBase: 'http://proveit.devnet.localhost',
        },
      },
      actor: 'Ana Lima',
    });
    const dispatch = createDispatcher(createConsoleHandlers(opened.ctx));
    const generique = { season: 1, track: 'generique' } as const;
    const blank = await dispatch('season.invalidate', { ...generique, reason: '   ' });
    expect(blank.ok ? 'OK' : blank.error.code).toBe('IPC_BAD_ARGUMENTS');
    const answer = await dispatch('season.invalidate', { ...generique, reason: 'the generique rules text was edited' });
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    expect(answer.value).toMatchObject({ ...generique, reason: 'the generique rules text was edited' });
    expect(JSON.stringify(answer.value)).not.toContain(net.operatorApiKey);
    expect((await seasonState()).tracks.generique).toMatchObject({
      state: 'invalidated',
      invalidation: { reason: 'the generique rules text was edited' },
    });
    const audit = auditRows(net.db).filter((r) => r.action === 'season.invalidate');
    expect(audit.map((r) => r.actor)).toEqual(['test-operator', 'Ana Lima']);
    const revealed = await dispatch('freeze.reveal', generique);
    expect(revealed.ok, JSON.stringify(revealed)).toBe(true);
  });
});
