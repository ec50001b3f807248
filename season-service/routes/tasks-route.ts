import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';
import { seasonStateAt, type ServiceContext } from '../service-context.ts';
import { openTasks } from './enroll-route.ts';
import { refuseOutsideWindow } from './window-refusal.ts';

/** GET /v1/season/{n}/tasks: public once the season is open (the tasks of every track opened so far, never the sealed key). */
export function tasksRoute(context: ServiceContext, _request: IncomingMessage, response: ServerResponse) {
  const now = context.now();
  const state = seasonStateAt(context, now);
  if (state === 'not_open') return refuseOutsideWindow(response, state, 'reading the tasks');
  sendJson(response, 200, { season: context.material.season, tasks: openTasks(context, now, ['open', 'closed']) });
}
