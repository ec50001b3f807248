import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseIntake } from '../../main/core/json/intake.ts';
import { isPyObject } from '../../main/core/json/value.ts';
import { noticeSha256, verifyNotice, type NoticeCode } from '../../main/core/notices/season-notice.ts';
import {
  noticeReceived,
  noticesReceived,
  recordNoticeReceived,
  type NoticeReceived,
} from '../../main/db/season-service/notices-received.ts';
import { readBody, sendError } from '../http/respond.ts';
import type { ServiceContext } from '../service-context.ts';
import { answerDocument } from './operator-document.ts';
import { operatorAllowed } from './operator-auth.ts';

/**
 * The largest notice body: two texts of 2000 characters, each up to 6 bytes a character once escaped (`\uXXXX`), and
 * up to 200 task ids: more than the 16 KiB of an enrollment or a freeze.
 */
export const NOTICE_BODY_BYTES = 65_536;

/** The HTTP status of each refusal of the document (docs/season-service.md "Notices"). */
const STATUS: Record<NoticeCode, number> = {
  NOTICE_DOCUMENT_INVALID: 422,
  NOTICE_KIND_UNKNOWN: 422,
  NOTICE_TEXT_INVALID: 422,
  NOTICE_TEXT_TOO_LONG: 422,
  NOTICE_TASKS_INVALID: 422,
  NOTICE_WINDOW_INVALID: 422,
  NOTICE_OTHER_SEASON: 422,
  NOTICE_UNSIGNED: 403,
  NOTICE_SIGNATURE_INVALID: 403,
  NOTICE_NOT_OPERATOR: 403,
};

/**
 * POST /v1/season/{n}/notice (docs/season-service.md "Notices"; issue 39 item 5): the operator publishes a notice to the
 * season state, with the operator token. A notice changes nothing in the season (no window, no submission), so it is
 * not anchored through the proxy; it is accepted only signed by the operator's key the service was started with
 * (`--operator-public-key`), so the token alone cannot publish words in the operator's name, and participants check the
 * signature in GET /v1/season/{n}. Refused, recording nothing: not the operator's (403, NOTICE_NOT_OPERATOR,
 * NOTICE_UNSIGNED, NOTICE_SIGNATURE_INVALID), malformed or too long (422, NOTICE_*), for another season
 * (NOTICE_OTHER_SEASON), for a track this season does not have (NOTICE_UNKNOWN_TRACK), already published
 * (409, NOTICE_DUPLICATE). An accepted notice is answered back byte for byte.
 */
export async function noticeRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  if (!operatorAllowed(context, request, response)) return;
  const season = context.material.season;
  const bytes = await readBody(request, NOTICE_BODY_BYTES);
  // The intake parser: the service serves these very bytes, so a key named twice is refused.
  const parsed = parseIntake(bytes);
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  if (!doc) {
    return sendError(response, 422, {
      code: 'NOTICE_DOCUMENT_INVALID',
      message: `${parsed.ok ? '' : `${parsed.error.code}: ${parsed.error.message}. `}Post a "proveit-season-notice/1" document of season ${season} (proveit season notice).`,
    });
  }
  if (context.operatorPublicKey === null) {
    return sendError(response, 403, {
      code: 'NOTICE_NOT_OPERATOR',
      message:
        "A notice is accepted only signed by the operator, and this service was started without the operator's key: restart it with --operator-public-key FILE. Nothing was recorded.",
    });
  }
  const verified = verifyNotice(doc, { operatorPublicKey: context.operatorPublicKey, season });
  if (!verified.ok) {
    return sendError(response, STATUS[verified.error.code], {
      code: verified.error.code,
      message: `${verified.error.message}. Nothing was recorded (proveit season notice signs and posts a notice).`,
      pointer: `/${String(verified.error.details?.['field'] ?? '').replace('.', '/')}`,
    });
  }
  const { track } = verified.value;
  if (track !== null && !context.material.tracks.has(track)) {
    return sendError(response, 422, {
      code: 'NOTICE_UNKNOWN_TRACK',
      message: `Season ${season} has no track '${track}' here; tracks: ${[...context.material.tracks.keys()].join(', ')}. Nothing was recorded.`,
      pointer: '/track',
    });
  }
  const arriving: NoticeReceived = {
    season,
    receivedAt: context.now().toISOString(),
    kind: verified.value.kind,
    track,
    issuedAt: verified.value.issuedAt,
    document: bytes.toString('utf8'),
    documentSha256: noticeSha256(doc),
  };
  // Judged and recorded in one write, so the same notice posted twice at once is recorded once.
  const earlier = await context.writes.run((): NoticeReceived | null => {
    const already = noticeReceived(context.db, arriving.documentSha256);
    if (already !== null) return already;
    recordNoticeReceived(context.db, arriving);
    return null;
  });
  if (earlier !== null) {
    return sendError(response, 409, {
      code: 'NOTICE_DUPLICATE',
      message: `This notice (${arriving.documentSha256}) was published at ${earlier.receivedAt}; nothing changed. A correction is a new notice.`,
    });
  }
  context.notices = noticesReceived(context.db, season);
  return answerDocument(response, bytes);
}
