import { existsSync } from 'node:fs';
import { challengeDidOf } from '../core/operator/challenge-did.ts';
import { defaultKeyFile, readSigningKey, type SigningKey } from '../services/index-export/signing-key.ts';
import type { ConsoleContext } from './console-context.ts';

/** The operator key beside the database (docs/index-export.md "The operator's signing key"), read, never created. */
export type OperatorKeyState =
  | { file: null }
  | { file: string; key: null; problem: null }
  | { file: string; key: SigningKey; problem: null }
  | { file: string; key: null; problem: { code: string; message: string } };

export function operatorKeyState(ctx: ConsoleContext): OperatorKeyState {
  if (ctx.dbFile === null) return { file: null };
  const file = defaultKeyFile(ctx.dbFile);
  if (!existsSync(file)) return { file, key: null, problem: null };
  const read = readSigningKey(file);
  return read.ok
    ? { file, key: read.value, problem: null }
    : { file, key: null, problem: { code: read.error.code, message: read.error.message } };
}

/** The challenge's DID of a key: the did:key of its public key (main/core/operator/challenge-did.ts). */
export const challengeDidOfKey = (key: SigningKey): string => challengeDidOf(key.publicKeyHex) as string;
