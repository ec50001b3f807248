// The connections and the season set-up checklist (main/ipc/contract.ts `console.connections`, `setup.*`;
// docs/console-backend.md "Set-up"): addresses, folders and public keys only, never a key or a token.

import type { ConnectionName } from '../../core/console/connection-names.ts';

export interface ConsoleConnection {
  name: ConnectionName;
  /** The URL (scheme, host and path only: never a credential or a query) or the folder in use; null when not given. */
  target: string | null;
  /** Given with its option, taken by default (the season base from --season-url, the production trust bundle), or none. */
  source: 'option' | 'default' | 'none';
  /** The `proveit console` option that sets it, e.g. `--trust-layer`. */
  option: string;
}

/** One connection tested: the one harmless request or check made, and its outcome with a stable code. */
export interface ConnectionTest {
  name: ConnectionName;
  at: string;
  ok: boolean;
  /** What was done, e.g. `GET https://trust.arkforge.tech/v1/health`. */
  checked: string;
  /** What it found when it worked (an answer's status, a bundle's digest); a warning beside it, or null. */
  detail: string | null;
  warning: string | null;
  error: { code: string; message: string } | null;
}

export interface ConnectionsView {
  connections: ConsoleConnection[];
  /** The test asked for with `test`, else null. */
  test: ConnectionTest | null;
}

/**
 * The season set-up checklist (docs/console-backend.md "Set-up"): the operator key beside the database and the
 * challenge's DID it gives, never the private key; whether the console was given an API key, never the key.
 */
export interface SetupView {
  /** `index-signing-key.pem` beside the database; null without a database. */
  key_file: string | null;
  /** The operator key's public part once the file exists and reads; null before. */
  operator_key: { public_key_hex: string; key_id: string; challenge_did: string } | null;
  /** The key file exists but cannot be used: its code and message (nothing is created over it). */
  key_problem: { code: string; message: string } | null;
  /** Whether the console was started with --trust-layer and --api-key-file (the key itself stays in main). */
  api_key_given: boolean;
}

/** `setup.bind`: the API key (--api-key-file) bound to the challenge's DID, as the Trust Layer confirmed it. */
export interface ApiKeyBinding {
  did: string;
  bound_at: string;
  method: string;
  /** True when the Trust Layer already had that DID bound to the key: nothing was asked or recorded. */
  already_bound: boolean;
  /** The audit entry recording the binding; null when it was already bound. */
  audit_head: { seq: number; hash: string } | null;
}
