import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseIntake } from '../../main/core/json/intake.ts';
import { isPyObject, type PyObject } from '../../main/core/json/value.ts';
import { OPERATOR_PUBLIC_KEY, operatorSignatureProblem } from '../../main/core/operator/operator-signature.ts';
import { readBody, sendError } from '../http/respond.ts';
import { secretsEqual } from '../secrets.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * Whether a request came through the Trust Layer proxy: it alone sends the challenge secret (spec §2.3), compared in
 * constant time with the hash the service keeps. Necessary for an operator-only route, never enough: the proxy sends
 * the secret for every caller, so the document must also be the operator's (operatorRefusal).
 */
export function cameThroughProxy(context: ServiceContext, request: IncomingMessage): boolean {
  const secret = request.headers['x-challenge-secret'];
  return (
    context.challengeSecretSha256 !== null &&
    typeof secret === 'string' &&
    secretsEqual(secret, context.challengeSecretSha256)
  );
}

/** An operator document accepted, answered back byte for byte (never cached: the season's state may move on). */
export function answerDocument(response: ServerResponse, bytes: Buffer): void {
  response.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
  });
  response.end(bytes);
}

/** What an operator-only route accepts (a freeze from document version 3, an Index anchor from version 2). */
export interface OperatorDocumentKind {
  /** "A freeze", "An Index anchor": the start of the refusal's message. */
  what: string;
  /** The signed form, as a message names it, and whether a document is of it. */
  signedForm: string;
  isSignedForm: (doc: PyObject) => boolean;
  /** The command that makes and posts a signed document. */
  makeIt: string;
}

/**
 * Why a document posted to an operator-only route is not the operator's (docs/season-service.md "Only the operator
 * changes the season"), or null when it is: the service knows the operator's key (`--operator-public-key`), the
 * document is of the signed form, names that key, and its signature verifies over the document as received. The proxy
 * adds the challenge secret for every caller (spec §2.3), so this is what keeps a participant from changing the season.
 * Every refusal records nothing.
 */
export function operatorRefusal(
  doc: PyObject,
  operatorPublicKey: string | null,
  kind: OperatorDocumentKind,
): { message: string; pointer?: string } | null {
  if (operatorPublicKey === null) {
    return {
      message: `${kind.what} is accepted only signed by the operator, and this service was started without the operator's key: restart it with --operator-public-key FILE (the Ed25519 public key that signs the Index manifest). Nothing was recorded.`,
    };
  }
  if (!kind.isSignedForm(doc)) {
    return {
      message: `${kind.what} is accepted only as ${kind.signedForm}, signed by the operator (${kind.makeIt}); this document is not. Nothing was recorded.`,
    };
  }
  const problem = operatorSignatureProblem(doc);
  if (problem === 'unsigned' || problem === 'malformed') {
    return {
      message: `${kind.what} carries operator_public_key (64 lowercase hex) and operator_signature (Ed25519, base64); this document's are ${problem === 'unsigned' ? 'missing' : 'malformed'}. Sign it with ${kind.makeIt}. Nothing was recorded.`,
      pointer: `/${problem === 'unsigned' && doc[OPERATOR_PUBLIC_KEY] === undefined ? OPERATOR_PUBLIC_KEY : 'operator_signature'}`,
    };
  }
  if (doc[OPERATOR_PUBLIC_KEY] !== operatorPublicKey) {
    return {
      message: `${kind.what} is signed by the key ${String(doc[OPERATOR_PUBLIC_KEY])}, not by the operator's key ${operatorPublicKey} this service was started with. Nothing was recorded.`,
      pointer: `/${OPERATOR_PUBLIC_KEY}`,
    };
  }
  if (problem === 'invalid') {
    return {
      message: `operator_signature does not verify over the document as received: it was changed after the operator signed it. Post the document exactly as ${kind.makeIt} signed it. Nothing was recorded.`,
      pointer: '/operator_signature',
    };
  }
  return null;
}

/** The refusals of a document posted through the proxy, in the route's own codes and words. */
export interface PostedDocumentRefusals {
  /** 403 when the challenge secret is missing or wrong. */
  notThroughProxy: { code: string; message: string };
  /** 422 when the body is no JSON object (the parser's reason first), and what to post instead. */
  invalid: { code: string; expected: string };
  /** 403 when the document is not the operator's (operatorRefusal). */
  notOperator: string;
}

/**
 * The first steps of an operator-only route that takes a signed document through the Trust Layer proxy (the freeze
 * and invalidation routes): came through the proxy, the body read under the small-body limit and parsed by the intake
 * parser (the service serves these very bytes, so a key named twice is refused, never read two ways), then the
 * document is the operator's. Answers the refusal itself and returns null; else the document and its bytes.
 */
export async function postedOperatorDocument(
  context: ServiceContext,
  request: IncomingMessage,
  response: ServerResponse,
  kind: OperatorDocumentKind,
  refusals: PostedDocumentRefusals,
): Promise<{ doc: PyObject; bytes: Buffer } | null> {
  if (!cameThroughProxy(context, request)) {
    sendError(response, 403, refusals.notThroughProxy);
    return null;
  }
  const bytes = await readBody(request, context.limits.smallBodyBytes);
  const parsed = parseIntake(bytes);
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  if (!doc) {
    sendError(response, 422, {
      code: refusals.invalid.code,
      message: `${parsed.ok ? '' : `${parsed.error.code}: ${parsed.error.message}. `}${refusals.invalid.expected}`,
    });
    return null;
  }
  const notOperator = operatorRefusal(doc, context.operatorPublicKey, kind);
  if (notOperator !== null) {
    sendError(response, 403, { code: refusals.notOperator, ...notOperator });
    return null;
  }
  return { doc, bytes };
}
