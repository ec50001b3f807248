import type { Devnet } from '../../../devnet/start-devnet.ts';
import { readSigningKey } from '../../../main/services/index-export/signing-key.ts';
import type { TestOperator } from '../../season-service/support/season-fixture.ts';

/** The operator key a devnet made in its state folder (devnet.info.operator_key_file): its season host accepts it. */
export function devnetOperator(devnet: Devnet): TestOperator {
  const key = readSigningKey(devnet.info.operator_key_file as string);
  if (!key.ok) throw new Error(key.error.message);
  return { privateKey: key.value.privateKey, publicKeyHex: key.value.publicKeyHex };
}
