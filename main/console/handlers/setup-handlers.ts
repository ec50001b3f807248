import { pyObjectFrom } from '../../core/json/value.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { ApiKeyBinding, SetupView } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../../services/index-export/signing-key.ts';
import { apiKeyIdentity, bindApiKey } from '../../services/operator/api-key-binding.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { shownUrl } from '../console-connections.ts';
import { challengeDidOfKey, operatorKeyState, type OperatorKeyState } from '../operator-key-state.ts';
import { actingAs } from '../session-actor.ts';
import { trustLayerOf } from './required-services.ts';

/** A bind's calls: two requests, each with this long for its whole answer. */
const BIND_DEADLINE_MS = 30_000;

function viewOf(ctx: ConsoleContext, state: OperatorKeyState): SetupView {
  const key = state.file === null ? null : state.key;
  return {
    key_file: state.file,
    // The public part only: the private key never leaves main (docs/console-backend.md "Set-up").
    operator_key:
      key === null
        ? null
        : { public_key_hex: key.publicKeyHex, key_id: key.keyId, challenge_did: challengeDidOfKey(key) },
    key_problem: state.file === null ? null : state.problem,
    api_key_given: (ctx.services?.freeze ?? null) !== null,
  };
}

/** `setup.view`: where the operator key is, its challenge DID, and whether an API key was given. Writes nothing. */
export async function setupView(ctx: ConsoleContext): Promise<SetupView> {
  return viewOf(ctx, operatorKeyState(ctx));
}

const noDatabase = () =>
  new HandlerRefusal(
    'CONSOLE_NO_DATABASE',
    'the operator key is kept beside the operator database: start the console with --db FILE',
  );

/**
 * `setup.operator_key`: the operator key created beside the database when there is none (PKCS#8 PEM, mode 0600, as
 * the first freeze or Index export would), audited `operator_key.create` as the session's actor. A key already there
 * is kept and answered; a file that exists but is no key is refused, never replaced.
 */
export async function setupOperatorKey(ctx: ConsoleContext): Promise<SetupView> {
  if (ctx.dbFile === null) throw noDatabase();
  const db = dbOf(ctx);
  const state = operatorKeyState(ctx);
  if (state.file !== null && state.problem !== null)
    throw new HandlerRefusal(
      state.problem.code,
      `${state.problem.message}: move it away, or put the operator key there`,
    );
  if (state.file !== null && state.key !== null) return viewOf(ctx, state);
  const actor = actingAs(ctx);
  const file = defaultKeyFile(ctx.dbFile);
  const key = valueOrRefuse(loadOrCreateSigningKey(file));
  if (key.created) {
    const did = challengeDidOfKey(key);
    appendAudit(db, {
      atMs: ctx.clock.now(),
      actor,
      action: 'operator_key.create',
      summary: `operator key created beside the database: ${file}, challenge DID ${did}`,
      details: pyObjectFrom([
        ['file', file],
        ['key_id', key.keyId],
        ['public_key', key.publicKeyHex],
        ['challenge_did', did],
      ]),
    });
  }
  return viewOf(ctx, { file, key, problem: null });
}

/**
 * `setup.bind`: the API key given at start (--api-key-file) bound to the challenge's DID at the Trust Layer given
 * with it (docs/freeze.md "The challenge's DID"), the challenge signed here with the operator key, audited
 * `api_key.bind`. A key already bound to that DID is answered as such, nothing asked (the Trust Layer allows 5 binding
 * attempts an hour per key). Neither the API key nor the private key appear in an answer, a message or the log.
 */
export async function setupBind(ctx: ConsoleContext): Promise<ApiKeyBinding> {
  if (ctx.dbFile === null) throw noDatabase();
  const db = dbOf(ctx);
  const actor = actingAs(ctx);
  const service = trustLayerOf(
    ctx,
    'the API key is bound at the Trust Layer it was given for: start the console with --trust-layer URL --api-key-file FILE',
  );
  const state = operatorKeyState(ctx);
  if (state.file === null || state.key === null)
    throw new HandlerRefusal(
      'SETUP_OPERATOR_KEY_MISSING',
      state.file !== null && state.problem !== null
        ? `${state.problem.message}: the API key is bound to the did:key of the operator key, which cannot be read`
        : `there is no operator key at ${state.file ?? 'the database'} yet: create it first (the set-up checklist's first step)`,
    );
  const key = state.key;
  const did = challengeDidOfKey(key);
  const http = createHttpClient({ timeoutMs: BIND_DEADLINE_MS, deadlineMs: BIND_DEADLINE_MS, maxBodyBytes: 64 * 1024 });
  try {
    const now = await apiKeyIdentity(http, service.trustLayer, service.apiKey);
    if (now.ok && now.value.did === did)
      return {
        did,
        bound_at: now.value.boundAt ?? '',
        method: now.value.method ?? '',
        already_bound: true,
        audit_head: null,
      };
    const bound = valueOrRefuse(
      await bindApiKey(http, { trustLayer: service.trustLayer, apiKey: service.apiKey, operatorKey: key }),
    );
    const head = appendAudit(db, {
      atMs: ctx.clock.now(),
      actor,
      action: 'api_key.bind',
      summary: `the Trust Layer API key (--api-key-file) bound to the challenge's DID ${did}`,
      details: pyObjectFrom([
        ['did', did],
        ['trust_layer', shownUrl(service.trustLayer)],
        ['bound_at', bound.boundAt],
        ['method', bound.method],
        ['previous_did', now.ok ? now.value.did : null],
      ]),
    });
    return { did, bound_at: bound.boundAt, method: bound.method, already_bound: false, audit_head: head };
  } finally {
    await http.close();
  }
}
