import { randomBytes } from 'node:crypto';
import { parseInstant } from '../core/freeze/instant.ts';
import { publishedFreezeJson, type PublishedFreeze } from '../core/freeze/publication.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock } from '../services/clock.ts';
import { createFreeze } from '../services/freeze/create-freeze.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../services/index-export/signing-key.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal } from './freeze-options.ts';
import { printJson } from './io.ts';
import { group, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { readSecretFile } from './secret-file.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';

const SYNOPSIS = synopsis([
  need('corpus', { help: 'the track folder frozen (rules text, corpus, sealed key)' }),
  need('trust-layer', { help: 'the Trust Layer the freeze is anchored through' }),
  need('api-key-file'),
  need('season-base', { help: 'the season service the freeze is posted to through the proxy' }),
  need('opens-at'),
  need('closes-at'),
  group(need('replace'), need('reason', { help: 'why the freeze in force is replaced (published with it)' })),
  may('db'),
  may('operator-key-file'),
  may('json'),
  may('actor'),
]);

/** The API key file's content, trimmed. The key itself never goes into a message. */
function human(freeze: PublishedFreeze): string {
  const lines = [
    `freeze recorded: ${freeze.proof_id} (season ${freeze.season}, track ${freeze.track})`,
    `  rules_version   ${freeze.rules_version}`,
    `  rules_hash      ${freeze.rules_hash}`,
    `  manifest_hash   ${freeze.manifest_hash}`,
    `  key_commitment  ${freeze.key_commitment}   sha256(salt ‖ canonical(key)); key and salt stay sealed until close`,
    `  url             ${freeze.url}`,
    `  request_hash    ${freeze.disclosure.request_hash.value} (nonce ${freeze.disclosure.request_hash.nonce})`,
    `  window          opens ${freeze.opens_at}, closes ${freeze.closes_at}`,
  ];
  if (freeze.replaces) lines.push(`  replaces        ${freeze.replaces}, reason: ${freeze.reason}`);
  lines.push(`  signed by       operator key ${freeze.operator_public_key} at ${freeze.signed_at}`);
  lines.push(
    `publish it: proveit freeze publish --season ${freeze.season} --track ${freeze.track} --out FILE`,
    'the proof is pending until its Trust Layer batch is anchored; verify it once anchored',
  );
  return `${lines.join('\n')}\n`;
}

/**
 * `proveit freeze create` (spec §8; docs/freeze.md): freeze a track's rules text, manifest and sealed key, anchor
 * them through the Trust Layer and record the freeze. --replace --reason replaces the freeze in force before the
 * season opens; at or after opening the tool refuses (the season must be closed and restarted).
 */
export const freezeCreateCommand: Command = {
  path: ['freeze', 'create'],
  summary: 'freeze a track (rules hash, manifest hash, key commitment), anchor it through the Trust Layer, record it',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, freezeCreateCommand, parsed.message);
    const { values } = parsed;
    const opensAt = parseInstant('--opens-at', values['opens-at'] as string);
    if (!opensAt.ok) return usageError(io, freezeCreateCommand, opensAt.error.message);
    const closesAt = parseInstant('--closes-at', values['closes-at'] as string);
    if (!closesAt.ok) return usageError(io, freezeCreateCommand, closesAt.error.message);
    const apiKey = await readSecretFile(values['api-key-file'] as string, 'API key');
    if (typeof apiKey !== 'string') return usageError(io, freezeCreateCommand, apiKey.problem);

    const dbPath = values.db ?? DEFAULT_DB_PATH;
    // The operator's Ed25519 key, the one that signs the Index manifest (created on first use, as index export does).
    const keyFile = values['operator-key-file'] ?? defaultKeyFile(dbPath);
    const operatorKey = loadOrCreateSigningKey(keyFile);
    if (!operatorKey.ok) return usageError(io, freezeCreateCommand, operatorKey.error.message);
    if (operatorKey.value.created && !values.json)
      io.err(
        `proveit freeze create: created the operator key ${keyFile}; the season service accepts freezes signed by it once started with --operator-public-key (public key ${operatorKey.value.publicKeyHex})\n`,
      );
    const db = openDatabase(dbPath);
    const http = createHttpClient();
    try {
      const created = await createFreeze(
        {
          corpusDir: values.corpus as string,
          trustLayer: values['trust-layer'] as string,
          apiKey,
          operatorKey: operatorKey.value,
          seasonBase: values['season-base'] as string,
          opensAt: opensAt.value,
          closesAt: closesAt.value,
          replace: values.replace ?? false,
          reason: values.reason ?? null,
          actor: actorOf(values),
        },
        { db, http, clock: systemClock, randomBytes: (n) => new Uint8Array(randomBytes(n)) },
      );
      if (!created.ok) {
        printRefusal(io, values.json ?? false, 'freeze create', created.error);
        return EXIT.failed;
      }
      if (values.json) printJson(io, { ok: true, freeze: publishedFreezeJson(created.value) });
      else io.out(human(created.value));
      return EXIT.ok;
    } finally {
      await http.close();
      db.close();
    }
  },
};
