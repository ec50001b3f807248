import { sha256Hex } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import { loads } from '../json/loads.ts';
import { isPyObject, pyObjectFrom, type PyObject } from '../json/value.ts';
import { verifyEd25519 } from '../proof/ed25519-verify.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * The signed export's format name (docs/season-service.md "Export"): the trailer line says it. Format 2 keeps the
 * participants' names out of the submission lines: they follow them as enrollment lines under a digest of their own
 * that the trailer signs, so a copy without them (the replay bundle's, docs/replay-bundle.md "Names in the bundle")
 * still verifies and publishes no name (issue 39 item 6). Format 1 (names in every line) is still read.
 */
export const EXPORT_FORMAT = 'proveit-season-export/2';
const EXPORT_FORMAT_1 = 'proveit-season-export/1';

export type SignedExportCode =
  'CLOSE_EXPORT_UNSIGNED' | 'CLOSE_EXPORT_SIGNATURE_INVALID' | 'CLOSE_EXPORT_ALTERED' | 'CLOSE_EXPORT_BEFORE_CLOSE';

/**
 * What the season service signs at the end of its export: when it was taken, how many lines precede the trailer and
 * the SHA-256 of their exact bytes, and the receipt key that signs (raw 32 bytes, hex). A line edited, added or
 * removed after signing changes the count or the hash; a trailer edited to match no longer verifies.
 */
export interface ExportTrailer {
  season: number;
  takenAt: string;
  lines: number;
  linesSha256: string;
  publicKeyHex: string;
  signature: string;
  /** Format 2: how many enrollment lines follow the submission lines, and the SHA-256 of their exact bytes. */
  enrollments?: { lines: number; sha256: string };
}

/** The object the signature covers: the trailer without its signature, as Python-canonical JSON. */
function signedPart(t: Omit<ExportTrailer, 'signature'>): PyObject {
  return pyObjectFrom([
    ['document', t.enrollments ? EXPORT_FORMAT : EXPORT_FORMAT_1],
    ['season', BigInt(t.season)],
    ['taken_at', t.takenAt],
    ['lines', BigInt(t.lines)],
    ['lines_sha256', t.linesSha256],
    ...(t.enrollments
      ? ([
          ['enrollments', BigInt(t.enrollments.lines)],
          ['enrollments_sha256', t.enrollments.sha256],
        ] as [string, bigint | string][])
      : []),
    ['receipt_public_key', t.publicKeyHex],
  ]);
}

/** Counts the lines of an NDJSON body (each ends with LF, as the export writes them). */
function lineCount(body: Uint8Array): number {
  let n = 0;
  for (const byte of body) if (byte === 0x0a) n++;
  return n;
}

/** What the trailer says of the lines before it: their number and the SHA-256 of their exact bytes. */
export function bodyDigest(body: Uint8Array): { lines: number; linesSha256: string } {
  return { lines: lineCount(body), linesSha256: sha256Hex(body) };
}

/**
 * The trailer line the service appends to its export (docs/season-service.md "Export"), from the digest of the
 * lines it wrote before it (the service hashes them as it streams). `sign` returns the base64 Ed25519 signature of
 * its bytes by the receipt key: the core never holds the key.
 */
export function exportTrailerLine(
  meta: {
    season: number;
    takenAt: string;
    publicKeyHex: string;
    lines: number;
    linesSha256: string;
    enrollments?: { lines: number; sha256: string };
  },
  sign: (bytes: Uint8Array) => string,
): string {
  const part = signedPart(meta);
  const signature = sign(new TextEncoder().encode(canonical(part)));
  part['signature'] = signature;
  return `${canonical(pyObjectFrom([['export_signature', part]]))}\n`;
}

export interface OpenedExport {
  /** The participant lines, exactly as signed (what trackSubmissions reads). */
  body: Uint8Array;
  trailer: ExportTrailer;
  /**
   * Format 2: the enrollment lines (participant id, agent name, declared stack), checked against the trailer; null
   * when the copy was taken without them (a replay bundle's) or the export is of format 1 (names in `body`).
   */
  enrollments: Uint8Array | null;
  /** The export without its enrollment lines, still verifying: what a replay bundle keeps (write-bundle.ts). */
  withoutNames: Uint8Array;
}

const HEX64 = /^[0-9a-f]{64}$/;
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

const unsigned = (message: string) =>
  fail(
    'CLOSE_EXPORT_UNSIGNED',
    `${message}: read the export again from the season service (GET /v1/season/{n}/export signs it), do not edit it`,
  );

const badSignature = (message: string, details: Record<string, unknown>) =>
  fail('CLOSE_EXPORT_SIGNATURE_INVALID', message, details);

/** Where the last line starts (the trailer), ignoring the final LF. */
function lastLineStart(bytes: Uint8Array): { start: number; end: number } {
  let end = bytes.length;
  if (end > 0 && bytes[end - 1] === 0x0a) end--;
  const start = bytes.lastIndexOf(0x0a, end - 1) + 1;
  return { start, end };
}

function readTrailer(line: PyObject): ExportTrailer | string {
  const t = line['export_signature'];
  if (!isPyObject(t)) return 'export_signature';
  if (t['document'] !== EXPORT_FORMAT && t['document'] !== EXPORT_FORMAT_1) return 'document';
  const season = t['season'];
  if (typeof season !== 'bigint' || season < 0n) return 'season';
  const takenAt = t['taken_at'];
  if (typeof takenAt !== 'string' || !ISO_UTC.test(takenAt) || Number.isNaN(Date.parse(takenAt))) return 'taken_at';
  const lines = t['lines'];
  if (typeof lines !== 'bigint' || lines < 0n) return 'lines';
  const linesSha256 = t['lines_sha256'];
  if (typeof linesSha256 !== 'string' || !HEX64.test(linesSha256)) return 'lines_sha256';
  const publicKeyHex = t['receipt_public_key'];
  if (typeof publicKeyHex !== 'string' || !HEX64.test(publicKeyHex)) return 'receipt_public_key';
  const signature = t['signature'];
  if (typeof signature !== 'string' || !BASE64_SIGNATURE.test(signature)) return 'signature';
  const read = { season: Number(season), takenAt, lines: Number(lines), linesSha256, publicKeyHex, signature };
  if (t['document'] === EXPORT_FORMAT_1) return read;
  const enrollments = t['enrollments'];
  if (typeof enrollments !== 'bigint' || enrollments < 0n) return 'enrollments';
  const enrollmentsSha256 = t['enrollments_sha256'];
  if (typeof enrollmentsSha256 !== 'string' || !HEX64.test(enrollmentsSha256)) return 'enrollments_sha256';
  return { ...read, enrollments: { lines: Number(enrollments), sha256: enrollmentsSha256 } };
}

/**
 * Opens a signed export (docs/season-service.md "Export"): the last line is the service's signed trailer; the
 * signature verifies with the key it names, which must be `expectedKeyHex` when one is given (the key the operator
 * configured); the lines before it are exactly those signed. Returns the lines and the trailer, or the first fault.
 */
export function openSignedExport(
  bytes: Uint8Array,
  expectedKeyHex: string | null,
): Result<OpenedExport, SignedExportCode> {
  const { start, end } = lastLineStart(bytes);
  if (end <= start) return unsigned('the export is empty, with no signed trailer line');
  const parsed = loads(bytes.subarray(start, end));
  if (!parsed.ok || !isPyObject(parsed.value) || !('export_signature' in parsed.value)) {
    return unsigned('the export has no signed trailer: its last line is not {"export_signature": ...}');
  }
  const trailer = readTrailer(parsed.value);
  if (typeof trailer === 'string') {
    return badSignature(`the export's trailer has no valid "${trailer}"`, { field: trailer });
  }
  if (expectedKeyHex !== null && trailer.publicKeyHex !== expectedKeyHex) {
    return badSignature(
      `the export is signed by ${trailer.publicKeyHex}, not by the season service key ${expectedKeyHex}; ` +
        'read it from the season service whose key the operator configured',
      { field: 'receipt_public_key', expected: expectedKeyHex, found: trailer.publicKeyHex },
    );
  }
  const message = new TextEncoder().encode(canonical(signedPart(trailer)));
  const signature = Buffer.from(trailer.signature, 'base64');
  if (!verifyEd25519(signature, message, Buffer.from(trailer.publicKeyHex, 'hex'))) {
    return badSignature(`the export's signature does not verify with ${trailer.publicKeyHex}`, {
      field: 'signature',
    });
  }
  const before = bytes.subarray(0, start);
  // Format 2: the submission lines are the first `lines` lines; what follows, up to the trailer, the enrollments.
  const split = trailer.enrollments ? afterLines(before, trailer.lines) : before.length;
  const body = before.subarray(0, split);
  const rest = before.subarray(split);
  let enrollments: Uint8Array | null = null;
  if (trailer.enrollments && rest.length > 0) {
    const got = bodyDigest(rest);
    if (got.lines !== trailer.enrollments.lines || got.linesSha256 !== trailer.enrollments.sha256)
      return fail(
        'CLOSE_EXPORT_ALTERED',
        `the export's enrollment lines changed after signing (signed: ${trailer.enrollments.lines} lines, SHA-256 ` +
          `${trailer.enrollments.sha256}; now ${got.lines} lines, SHA-256 ${got.linesSha256}); read it again from the ` +
          'season service',
        {
          field: 'enrollments_sha256',
          anchored: { lines: trailer.enrollments.lines, sha256: trailer.enrollments.sha256 },
          recomputed: { lines: got.lines, sha256: got.linesSha256 },
        },
      );
    enrollments = rest;
  }
  const { lines, linesSha256 } = bodyDigest(body);
  if (lines !== trailer.lines || linesSha256 !== trailer.linesSha256) {
    return fail(
      'CLOSE_EXPORT_ALTERED',
      `the export's lines changed after signing (signed: ${trailer.lines} lines, SHA-256 ${trailer.linesSha256}; ` +
        `now ${lines} lines, SHA-256 ${linesSha256}); read it again from the season service`,
      {
        field: 'lines_sha256',
        anchored: { lines: trailer.lines, sha256: trailer.linesSha256 },
        recomputed: { lines, sha256: linesSha256 },
      },
    );
  }
  const withoutNames = new Uint8Array(body.length + bytes.length - start);
  withoutNames.set(body);
  withoutNames.set(bytes.subarray(start), body.length);
  return ok({ body, trailer, enrollments, withoutNames });
}

/** Where the line after the first `n` lines starts (the whole length when there are fewer). */
function afterLines(bytes: Uint8Array, n: number): number {
  let at = 0;
  for (let i = 0; i < n; i++) {
    const lf = bytes.indexOf(0x0a, at);
    if (lf === -1) return bytes.length;
    at = lf + 1;
  }
  return at;
}

/**
 * An export taken before the close misses what was submitted after it was taken (spec §7.4: replaceable until
 * close, the last one stands): refused, both instants named.
 */
export function checkTakenAfterClose(trailer: ExportTrailer, closesAt: string): Result<null, SignedExportCode> {
  if (Date.parse(trailer.takenAt) >= Date.parse(closesAt)) return ok(null);
  return fail(
    'CLOSE_EXPORT_BEFORE_CLOSE',
    `the export was taken at ${trailer.takenAt}, before the track's close at ${closesAt}: ` +
      'submissions made after it are missing; read the export again after the close',
    { taken_at: trailer.takenAt, closes_at: closesAt },
  );
}
