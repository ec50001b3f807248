import { sign, type KeyObject } from 'node:crypto';

export interface CheckpointInput {
  origin: string;
  signerName: string;
  treeSize: number;
  rootHash: Uint8Array;
  /** First 4 bytes of SHA-256 over the log key's DER SubjectPublicKeyInfo (the logID prefix). */
  keyHint: Uint8Array;
  key: KeyObject;
}

/**
 * A checkpoint in signed-note form, as Rekor serves it (trust-layer-reference §6.2 step 8):
 * "<origin>\n<size>\n<base64 root>\n" then a blank line and "— <name> <base64(keyhint4 ‖ DER ECDSA sig)>\n".
 * The signature covers the note body, every byte up to and including the third newline.
 */
export function signedCheckpoint(input: CheckpointInput): string {
  const body = `${input.origin}\n${input.treeSize}\n${Buffer.from(input.rootHash).toString('base64')}\n`;
  const signature = sign('sha256', Buffer.from(body, 'utf8'), input.key);
  const blob = Buffer.concat([Buffer.from(input.keyHint), signature]).toString('base64');
  return `${body}\n\u2014 ${input.signerName} ${blob}\n`;
}
