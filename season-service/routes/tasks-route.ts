import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';
import { publicTracks } from '../public-tracks.ts';
import { seasonStateAt, type ServiceContext } from '../service-context.ts';
import { openTasks } from './enroll-route.ts';
import { refuseOutsideWindow } from './window-refusal.ts';

/**
 * GET /v1/season/{n}/tasks: public once the season is open. The tasks of every track opened so far as the spec
 * publishes them (never the sealed key, never the task graph) and the tracks' states and windows.
 */
export function tasksRoute(context: ServiceContext, _request: IncomingMessage, response: ServerResponse) {
  const now = context.now();
  const state = seasonStateAt(context, now);
  if (state === 'not_open') return refuseOutsideWindow(response, state, 'reading the tasks');
  sendJson(response, 200, {
    season: context.material.season,
    tasks: openTasks(context, now, ['open', 'closed']),
    tracks: publicTracks(context, now),
  });
}
