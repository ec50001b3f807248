import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sha256 } from '../hash/sha256.ts';
import { fail, ok, type Result } from '../result.ts';
import { decodeBase64Strict } from '../x509/base64.ts';
import type { InclusionProof } from './inclusion-proof.ts';
import { verifyP256Der } from './p256-public-key.ts';
import type { RekorCode } from './model.ts';

export interface CheckpointFacts {
  /** Line 1 of the note: the log's origin string, e.g. "rekor.sigstore.dev - 1193050959916656506". */
  origin: string;
  /** The key name on the signature line that verified, e.g. "rekor.sigstore.dev". */
  signer: string;
}

/** A signed-note signature line: EM DASH, space, key name, space, base64 (golang.org/x/mod/sumdb/note). */
const SIGNATURE_LINE = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/;

/** The note body of a checkpoint: its text up to the blank line, and the origin, size and root lines read. */
export interface NoteBody {
  /** The signed text: every line before the blank line, each ending in "\n". */
  body: string;
  origin: string;
  sizeLine: string;
  root: Uint8Array;
  /** The text after the blank line: the signature lines. */
  signatureText: string;
}

/** Reads a checkpoint's note body (the signatures are read by verifyCheckpoint). */
export function readNoteBody(text: string): Result<NoteBody, RekorCode> {
  const split = text.indexOf('\n\n');
  const malformed = (message: string) =>
    fail<RekorCode>('REKOR_CHECKPOINT_MALFORMED', `checkpoint: ${message}`, { checkpoint: text });
  if (split < 0) return malformed('no blank line between the note body and its signatures');
  const body = text.slice(0, split + 1);
  const [origin, sizeLine, rootLine] = body.split('\n');
  if (!origin || !sizeLine || !rootLine) return malformed('the body needs origin, tree size and root lines');
  if (!/^[0-9]+$/.test(sizeLine)) return malformed('line 2 must be the decimal tree size');
  const root = decodeBase64Strict(rootLine);
  if (root === null || root.length !== 32) return malformed('line 3 must be the base64 of a 32-byte root hash');
  return ok({ body, origin, sizeLine, root, signatureText: text.slice(split + 2) });
}

/**
 * trust-layer-reference §6.2 step 8: the checkpoint is a signed note. Its body (text before the blank line,
 * plus "\n") names origin, tree size and base64 root; the log signs that body. For Rekor's ECDSA keys the first
 * 4 bytes of a signature are a key hint, SHA-256(DER SPKI)[:4], and the rest a DER ECDSA signature. The origin
 * is read from the note, not pinned; the key (its name and bytes) comes from trust, so a devnet log verifies with this
 * same code.
 */
export function verifyCheckpoint(
  proof: InclusionProof,
  logKey: { name: string; spkiDer: Uint8Array },
  logPoint: Uint8Array,
): Result<CheckpointFacts, RekorCode> {
  const text = proof.checkpoint;
  const note = readNoteBody(text);
  if (!note.ok) return note;
  const { body, origin, sizeLine, root } = note.value;
  const malformed = (message: string) =>
    fail<RekorCode>('REKOR_CHECKPOINT_MALFORMED', `checkpoint: ${message}`, { checkpoint: text });

  if (BigInt(sizeLine) !== BigInt(proof.treeSize)) {
    return fail(
      'REKOR_CHECKPOINT_TREE_SIZE',
      "the checkpoint's tree size differs from the inclusion proof's treeSize",
      {
        expected: proof.treeSize,
        actual: sizeLine,
      },
    );
  }
  if (bytesToHex(root) !== bytesToHex(proof.rootHash)) {
    return fail('REKOR_CHECKPOINT_ROOT_MISMATCH', "the checkpoint's root differs from the inclusion proof's rootHash", {
      expected: bytesToHex(proof.rootHash),
      actual: bytesToHex(root),
    });
  }

  const hint = bytesToHex(sha256(logKey.spkiDer).slice(0, 4));
  const signatures: { name: string; bytes: Uint8Array }[] = [];
  for (const line of note.value.signatureText.split('\n')) {
    if (line === '') continue;
    const match = SIGNATURE_LINE.exec(line);
    const bytes = match ? decodeBase64Strict(match[2] as string) : null;
    if (!match || bytes === null || bytes.length < 5) return malformed(`unreadable signature line "${line}"`);
    signatures.push({ name: match[1] as string, bytes });
  }
  const byLogKey = signatures.filter((s) => bytesToHex(s.bytes.slice(0, 4)) === hint);
  if (byLogKey.length === 0) {
    return fail('REKOR_CHECKPOINT_KEY_HINT', 'no checkpoint signature carries the key hint of the log key', {
      expected: hint,
      actual: signatures.map((s) => bytesToHex(s.bytes.slice(0, 4))),
    });
  }
  // A signed-note verifier knows a key by its name and hash together (golang.org/x/mod/sumdb/note): a line with the
  // right hint under another name is not a signature by the trusted log.
  const byName = byLogKey.filter((s) => s.name === logKey.name);
  if (byName.length === 0) {
    return fail(
      'REKOR_CHECKPOINT_KEY_NAME',
      'the checkpoint signature with the log key hint is under another key name',
      {
        expected: logKey.name,
        actual: byLogKey.map((s) => s.name),
      },
    );
  }
  const message = utf8ToBytes(body);
  const verified = byName.find((s) => verifyP256Der(s.bytes.slice(4), message, logPoint));
  if (!verified) {
    return fail('REKOR_CHECKPOINT_SIGNATURE_INVALID', 'the checkpoint signature does not verify with the log key', {
      keyHint: hint,
      origin,
    });
  }
  return ok({ origin, signer: verified.name });
}
