import { isTrackName } from '../../core/corpus/model.ts';
import { parseInstant } from '../../core/freeze/instant.ts';
import { noticeDraftOfIncident } from '../../core/notices/incident-notice.ts';
import type { NoticeDraft, NoticeRequest, NoticeView } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { incidentById } from '../../db/incidents.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../../services/index-export/signing-key.ts';
import { publishNotice } from '../../services/notices/publish-notice.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';
import { seasonServiceOf } from './required-services.ts';

/**
 * `incident.notice_draft` (issue 39 item 5: "the console offers a notice from an incident in one act"): the notice an
 * incident makes, its kind, track, window, affected tasks and summary in both texts, for the screen to publish with
 * `season.notice` as it is or edited. Nothing is signed or written.
 */
export function incidentNoticeDraft(ctx: ConsoleContext, args: { id: number }): NoticeDraft {
  const incident = incidentById(dbOf(ctx), args.id);
  if (!incident)
    throw new HandlerRefusal('INCIDENT_NOT_FOUND', `no incident ${args.id} in this database`, { id: args.id });
  const draft = noticeDraftOfIncident(incident);
  return {
    season: draft.season,
    kind: draft.kind,
    ...(isTrackName(draft.track) ? { track: draft.track } : {}),
    text_fr: draft.textFr,
    text_en: draft.textEn,
    ...(draft.tasks === null ? {} : { tasks: draft.tasks }),
    ...(draft.window === null ? {} : { window_from: draft.window.from, window_to: draft.window.to }),
    incident_id: incident.id,
    reference: draft.reference ?? '',
  };
}

/**
 * `season.notice` (docs/season-service.md "Notices"), as `proveit season notice` does it: signed with the operator key
 * beside the database (read, never created here), posted to the season service given at start with its operator
 * token, recorded and audited `season.notice` under the person acting.
 */
export async function seasonNotice(ctx: ConsoleContext, request: NoticeRequest): Promise<NoticeView> {
  const db = dbOf(ctx);
  const service = seasonServiceOf(
    ctx,
    'a notice is published to the season service with its operator token: start the console with --season-url URL --operator-token-file FILE',
  );
  if (ctx.dbFile === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'the operator key is kept beside the database: start with --db FILE',
    );
  if ((request.window_from === undefined) !== (request.window_to === undefined))
    throw new HandlerRefusal('NOTICE_WINDOW_INVALID', 'window_from and window_to go together', { field: 'window' });
  const window =
    request.window_from === undefined || request.window_to === undefined
      ? null
      : {
          from: valueOrRefuse(parseInstant('window_from', request.window_from)),
          to: valueOrRefuse(parseInstant('window_to', request.window_to)),
        };
  const operatorKey = valueOrRefuse(readSigningKey(defaultKeyFile(ctx.dbFile)));
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    return valueOrRefuse(
      await publishNotice(
        {
          fields: {
            season: request.season,
            kind: request.kind,
            track: request.track ?? null,
            textFr: request.text_fr,
            textEn: request.text_en,
            tasks: request.tasks === undefined || request.tasks.length === 0 ? null : request.tasks,
            window,
            reference: null,
          },
          incidentId: request.incident_id ?? null,
          seasonUrl: service.url,
          operatorToken: service.operatorToken,
          operatorKey,
          actor: actingAs(ctx),
        },
        { db, http, clock: ctx.clock },
      ),
    );
  } finally {
    await http.close();
  }
}
