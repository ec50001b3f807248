import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreezeRevealCommand } from '../../main/cli/freeze-reveal.ts';
import { main } from '../../main/cli/main.ts';
import { freezesOf, sealOf } from '../../main/db/freezes.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { systemClock } from '../../main/services/clock.ts';
import { captureIo } from '../support/capture-io.ts';
import { participantKey } from '../../devnet/scripted/participant-key.ts';
import { parsePublishedFreeze } from '../../main/core/freeze/publication.ts';
import { loadsText } from '../../main/core/json/loads.ts';
import { challengeDidOf } from '../../main/core/operator/challenge-did.ts';
import { ownerFullView, proxyFreeze } from '../../main/services/freeze/trust-layer-calls.ts';
import { createHttpClient } from '../../main/services/http/http-client.ts';
import { DEVNET_SEASON_BASE, startFreezeDevnet, type FreezeDevnet } from '../services/freeze/support/freeze-devnet.ts';

const run = promisify(execFile);
let net: FreezeDevnet;
let dbFile: string;
let corpusDir: string;
/** Everything any freeze command printed, and every file it wrote, before the reveal. */
const printed: string[] = [];
const DAY = 86_400_000;
// The CLI reads the real clock: the season opens tomorrow and closes the day after.
const opensAt = new Date(Date.now() + DAY).toISOString();
const closesAt = new Date(Date.now() + 2 * DAY).toISOString();
// The reveal after the close runs the command in-process on a Clock port set the day after (the operator CLI has no
// way to name another time).
const afterClose = Date.now() + 3 * DAY;
const revealAfterClose = createFreezeRevealCommand({ now: () => afterClose, sleep: systemClock.sleep });

async function proveit(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  printed.push(io.stdout, io.stderr);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

function createArgs(extra: string[] = []): string[] {
  return [
    'freeze',
    'create',
    '--corpus',
    corpusDir,
    '--trust-layer',
    net.devnet.info.trust_layer,
    '--api-key-file',
    net.apiKeyFile,
    '--season-base',
    DEVNET_SEASON_BASE,
    '--opens-at',
    opensAt,
    '--closes-at',
    closesAt,
    '--db',
    dbFile,
    // The devnet's operator key, the one its season host accepts freezes from (devnet/README.md).
    '--operator-key-file',
    net.operatorKeyFile,
    ...extra,
  ];
}

const file = (name: string) => join(net.dir, name);

beforeAll(async () => {
  net = await startFreezeDevnet('freeze-cli-');
  dbFile = file('console.sqlite');
  corpusDir = net.copyCorpus('corpus');
});

afterAll(async () => {
  await net.close();
});

describe('proveit freeze create | publish | reveal | verify on the devnet', () => {
  it('an opening 2 minutes ahead exits 1 with FREEZE_OPENING_TOO_SOON naming both instants, and nothing is recorded', async () => {
    const args = createArgs();
    const soon = new Date(Date.now() + 2 * 60_000).toISOString();
    args[args.indexOf('--opens-at') + 1] = soon;
    const refused = await proveit(args);
    expect(refused.code).toBe(1);
    const said =
      /FREEZE_OPENING_TOO_SOON: the opening (\S+) is too soon: .* earliest opening allowed now is (\S+); set --opens-at (\S+) or later/.exec(
        refused.stderr,
      );
    expect(said?.[1]).toBe(soon);
    // The earliest allowed is 20 minutes (batch age 600 s + the 10-minute margin) after the command's clock.
    expect(Date.parse(said?.[2] ?? '') - Date.parse(soon)).toBeGreaterThanOrEqual(18 * 60_000 - 1);
    expect(Date.parse(said?.[3] ?? '')).toBeGreaterThanOrEqual(Date.parse(said?.[2] ?? ''));
    const db = openDatabase(dbFile);
    try {
      expect(freezesOf(db, 1, 'conformite')).toHaveLength(0);
    } finally {
      db.close();
    }
  });

  it('create --json anchors the freeze and prints the published form', async () => {
    const created = await proveit([...createArgs(), '--json']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { ok, freeze } = JSON.parse(created.stdout) as { ok: boolean; freeze: Record<string, unknown> };
    expect(ok).toBe(true);
    expect(Object.keys(freeze)).toEqual([
      'proof_id',
      'document_version',
      'season',
      'track',
      'rules_version',
      'rules_hash',
      'manifest_hash',
      'key_commitment',
      'url',
      'replaces',
      'reason',
      'opens_at',
      'closes_at',
      'replaces_sha256',
      'signed_at',
      'operator_public_key',
      'operator_signature',
      'disclosure',
    ]);
    expect(freeze).toMatchObject({
      document_version: 3,
      replaces_sha256: null,
      operator_public_key: net.operatorKey.publicKeyHex,
      season: 1,
      track: 'conformite',
      url: `${DEVNET_SEASON_BASE}/v1/season/1/freeze`,
    });
  });

  it('a second create without --replace exits 1 with FREEZE_ALREADY_EXISTS', async () => {
    const again = await proveit(createArgs());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/FREEZE_ALREADY_EXISTS.*--replace with --reason/);
  });

  it('create --replace --reason before opening records a second freeze naming the first', async () => {
    const replaced = await proveit([...createArgs(), '--replace', '--reason', 'apply the grounded-verdict rule']);
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toMatch(/replaces +prf_\S+, reason: apply the grounded-verdict rule/);
  });

  it('create after opening exits 1 with FREEZE_SEASON_OPENED and says the season must be closed and restarted', async () => {
    const args = createArgs(['--replace', '--reason', 'late fix']);
    args[args.indexOf('--opens-at') + 1] = new Date(Date.now() - DAY).toISOString();
    const late = await proveit(args);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/FREEZE_SEASON_OPENED: .*close the season and start a new one/);
  });

  it('usage errors exit 2 and say what to type', async () => {
    const missing = await proveit(['freeze', 'create', '--corpus', corpusDir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--trust-layer URL is required: .*\nusage: proveit freeze create/);
    const local = await proveit(createArgs().map((a) => (a === opensAt ? '2026-10-01 08:00' : a)));
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/--opens-at '2026-10-01 08:00' is not a UTC instant/);
    const verify = await proveit(['freeze', 'verify', '--corpus', corpusDir, '--freeze', 'f', '--reveal', 'r']);
    expect(verify.code).toBe(2);
    expect(verify.stderr).toMatch(/exactly one of --trust-layer URL or --proof FILE\nusage: proveit freeze verify/);
  });

  it('publish writes both freezes, the reason and the one in force', async () => {
    const published = await proveit([
      'freeze',
      'publish',
      '--season',
      '1',
      '--track',
      'conformite',
      '--db',
      dbFile,
      '--out',
      file('published.json'),
    ]);
    expect(published.code).toBe(0);
    const document = JSON.parse(readFileSync(file('published.json'), 'utf8')) as {
      in_force: string;
      freezes: { proof_id: string; replaces: string | null; reason: string | null }[];
    };
    printed.push(readFileSync(file('published.json'), 'utf8'));
    expect(document.freezes).toHaveLength(2);
    expect(document.freezes[1]).toMatchObject({
      replaces: document.freezes[0]?.proof_id,
      reason: 'apply the grounded-verdict rule',
    });
    expect(document.in_force).toBe(document.freezes[1]?.proof_id);
  });

  it('reveal before the recorded close exits 1 with FREEZE_NOT_CLOSED', async () => {
    const early = await proveit([
      'freeze',
      'reveal',
      '--season',
      '1',
      '--track',
      'conformite',
      '--db',
      dbFile,
      '--json',
    ]);
    expect(early.code).toBe(1);
    expect(JSON.parse(early.stdout)).toMatchObject({ ok: false, code: 'FREEZE_NOT_CLOSED' });
  });

  it('reveal has no --now: an operator cannot name a time after the close (usage error, exit 2, nothing revealed)', async () => {
    const args = ['freeze', 'reveal', '--season', '1', '--track', 'conformite', '--db', dbFile];
    const early = await proveit([...args, '--now', new Date(afterClose).toISOString(), '--json']);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/Unknown option '--now'.*\nusage: proveit freeze reveal --season N --track/s);
    expect(early.stdout).toBe('');
    expect((await proveit(['freeze', 'reveal', '--help'])).stdout).not.toContain('--now');
  });

  it('before the reveal, no salt, key or API key is in any output, export or database column but the sealed ones', () => {
    const db = openDatabase(dbFile);
    const secrets = [net.apiKey];
    for (const freeze of freezesOf(db, 1, 'conformite')) {
      const seal = sealOf(db, freeze.proofId);
      if (!seal) throw new Error('no seal');
      secrets.push(seal.saltHex, seal.answerKey);
    }
    // The grounding facts are sentences of the sealed key alone (the published files never quote them).
    const key = JSON.parse(readFileSync(join(corpusDir, 'sealed', 'answer-key.json'), 'utf8')) as {
      tasks: { grounding: { fact: string }[] }[];
    };
    secrets.push(...key.tasks.flatMap((t) => t.grounding.map((g) => g.fact)));
    expect(secrets.length).toBeGreaterThan(10);
    const cells: string[] = [];
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all() as string[];
    for (const table of tables) {
      for (const r of db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
        for (const [column, value] of Object.entries(r)) {
          if (table === 'freeze_seals' && (column === 'salt_hex' || column === 'answer_key')) continue;
          cells.push(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
        }
      }
    }
    db.close();
    expect(tables).toContain('freezes');
    expect(printed.join('\n').length).toBeGreaterThan(1000);
    for (const secret of secrets) {
      expect(printed.some((text) => text.includes(secret))).toBe(false);
      expect(cells.some((cell) => cell.includes(secret))).toBe(false);
    }
  });

  it('after close: reveal, then verify through the real launcher exits 0 with the devnet bundle', async () => {
    await net.devnet.closeBatch();
    const revealIo = captureIo();
    const args = ['--season', '1', '--track', 'conformite', '--db', dbFile, '--out', file('reveal.json')];
    const revealed = { code: await revealAfterClose.run(args, revealIo), stdout: revealIo.stdout };
    expect(revealed.code).toBe(0);
    expect(revealed.stdout).toMatch(/revealed at .*\n {2}prf_\S+ {2}key_commitment [0-9a-f]{64} {2}salt [0-9a-f]{64}/);

    const { stdout } = await run(
      process.execPath,
      [
        'bin/proveit.mjs',
        'freeze',
        'verify',
        '--corpus',
        corpusDir,
        '--freeze',
        file('published.json'),
        '--reveal',
        file('reveal.json'),
        '--trust-layer',
        net.devnet.info.trust_layer,
        '--trust',
        net.devnet.info.trust_bundle,
        '--json',
      ],
      { cwd: process.cwd() },
    );
    const result = JSON.parse(stdout) as { verified: boolean; failures: unknown[]; proof: { verdict: string } };
    expect(result).toMatchObject({ verified: true, failures: [], proof: { verdict: 'VERIFIED' } });
  }, 120_000);

  it('verify with a tampered salt exits 1 naming key_commitment with both values (from a saved proof file); without the Rekor entry it exits 3 on one witness', async () => {
    const published = JSON.parse(readFileSync(file('published.json'), 'utf8')) as { in_force: string };
    const view = await fetch(`${net.devnet.info.trust_layer}/v1/proof/${published.in_force}`);
    writeFileSync(file('proof.json'), Buffer.from(await view.arrayBuffer()));
    const reveal = JSON.parse(readFileSync(file('reveal.json'), 'utf8')) as { freezes: { salt: string }[] };
    for (const f of reveal.freezes) f.salt = `${f.salt.slice(0, 63)}${f.salt.endsWith('0') ? '1' : '0'}`;
    writeFileSync(file('reveal-tampered.json'), JSON.stringify(reveal));
    const logUrl = (JSON.parse(readFileSync(file('proof.json'), 'utf8')) as { transparency_log: { log_url: string } })
      .transparency_log.log_url;
    writeFileSync(file('rekor-entry.json'), Buffer.from(await (await fetch(logUrl)).arrayBuffer()));
    const args = ['freeze', 'verify', '--corpus', corpusDir, '--freeze', file('published.json'), '--proof'];
    const trust = ['--trust', net.devnet.info.trust_bundle, '--rekor-entry', file('rekor-entry.json')];

    const honest = await proveit([...args, file('proof.json'), '--reveal', file('reveal.json'), ...trust]);
    expect(honest.stdout).toMatch(/VERIFIED \(rules_hash, manifest_hash, key_commitment and request_hash recomputed/);
    expect(honest.code).toBe(0);
    // Offline from a saved view, without its Rekor entry: one witness, so scoring waits (exit 3), naming what to pass.
    const oneWitness = await proveit([
      ...args,
      file('proof.json'),
      '--reveal',
      file('reveal.json'),
      '--trust',
      net.devnet.info.trust_bundle,
    ]);
    expect(oneWitness.code).toBe(3);
    expect(oneWitness.stdout).toMatch(/FREEZE_PROOF_ONE_WITNESS: .*RFC 3161 token alone.*--rekor-entry FILE/);
    const tampered = await proveit([...args, file('proof.json'), '--reveal', file('reveal-tampered.json'), ...trust]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/REFUSED, do not score/);
    expect(tampered.stdout).toMatch(
      /FREEZE_KEY_COMMITMENT_MISMATCH \[key_commitment\]: .*\n {6}anchored {3}[0-9a-f]{64}\n {6}recomputed [0-9a-f]{64}/,
    );
  });

  it('verify with the batch log entry (--rekor-entry) counts two independent witnesses', async () => {
    const view = JSON.parse(readFileSync(file('proof.json'), 'utf8')) as { transparency_log: { log_url: string } };
    const entry = await fetch(view.transparency_log.log_url);
    writeFileSync(file('rekor-entry.json'), Buffer.from(await entry.arrayBuffer()));
    const verified = await proveit([
      'freeze',
      'verify',
      '--corpus',
      corpusDir,
      '--freeze',
      file('published.json'),
      '--reveal',
      file('reveal.json'),
      '--proof',
      file('proof.json'),
      '--rekor-entry',
      file('rekor-entry.json'),
      '--trust',
      net.devnet.info.trust_bundle,
      '--json',
    ]);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ verified: true, proof: { independent_witnesses: 2 } });
  });

  it('verify of the operator’s freeze re-posted through the proxy with a participant’s key exits 1 with FREEZE_ANCHOR_FOREIGN_DID naming both DIDs', async () => {
    const trustLayer = net.devnet.info.trust_layer;
    const publication = JSON.parse(readFileSync(file('published.json'), 'utf8')) as {
      in_force: string;
      freezes: { proof_id: string }[];
    };
    const inForce = publication.freezes.find((f) => f.proof_id === publication.in_force)!;
    const parsed = loadsText(JSON.stringify(inForce));
    const freeze = parsed.ok ? parsePublishedFreeze(parsed.value) : null;
    if (!freeze?.ok) throw new Error('the published freeze does not parse');
    // The document as published, posted again by a participant: the season host's answer does not matter, the proof
    // exists and anchors the very same request hash.
    const participant = await participantKey(trustLayer, 'cli-participant@example.org');
    const http = createHttpClient({ timeoutMs: 10_000 });
    const posted = await proxyFreeze(http, trustLayer, participant.apiKey, freeze.value.url, freeze.value);
    const proofId = posted.ok ? posted.value.proofId : String(posted.error.details?.['proof_id']);
    const full = await ownerFullView(http, trustLayer, participant.apiKey, proofId);
    await http.close();
    if (!full.ok) throw new Error(full.error.message);
    await net.devnet.closeBatch();
    const nonces = full.value.value['commitment_nonces'] as Record<string, string>;
    const chain = full.value.value['chain_data'] as Record<string, string>;
    writeFileSync(
      file('foreign-freeze.json'),
      JSON.stringify({
        ...inForce,
        proof_id: proofId,
        disclosure: { request_hash: { nonce: nonces['request_hash'], value: chain['request_hash'] } },
      }),
    );
    const reveal = JSON.parse(readFileSync(file('reveal.json'), 'utf8')) as { freezes: { proof_id: string }[] };
    const entry = reveal.freezes.find((f) => f.proof_id === publication.in_force)!;
    writeFileSync(
      file('foreign-reveal.json'),
      JSON.stringify({ ...reveal, freezes: [{ ...entry, proof_id: proofId }] }),
    );
    const view = await fetch(`${trustLayer}/v1/proof/${proofId}`);
    writeFileSync(file('foreign-proof.json'), Buffer.from(await view.arrayBuffer()));
    const refused = await proveit([
      ...['freeze', 'verify', '--corpus', corpusDir, '--freeze', file('foreign-freeze.json')],
      ...['--reveal', file('foreign-reveal.json'), '--proof', file('foreign-proof.json')],
      ...['--trust', net.devnet.info.trust_bundle],
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/REFUSED, do not score/);
    expect(refused.stdout).toContain('FREEZE_ANCHOR_FOREIGN_DID [agent_identity]');
    expect(refused.stdout).toContain(participant.did);
    expect(refused.stdout).toContain(challengeDidOf(net.operatorKey.publicKeyHex) as string);
  });
});
