import type { IncomingMessage, ServerResponse } from 'node:http';
import { enrollParticipant } from '../../main/db/season-service/participants.ts';
import { readBody, sendError, sendJson } from '../http/respond.ts';
import { publicTracks } from '../public-tracks.ts';
import { takeEnrollmentAttempt } from '../limits/enrollment-budget.ts';
import { refuseOverBudget } from './over-budget.ts';
import { newToken, secretSha256 } from '../secrets.ts';
import { seasonStateAt, trackWindows, type ServiceContext } from '../service-context.ts';
import type { TrackState } from '../season-windows.ts';
import { readEnrollBody } from './enroll-body.ts';
import { refuseOutsideWindow } from './window-refusal.ts';

/** A Trust Layer API key as a header may carry one: printable ASCII, 8 to 256 characters. */
export const API_KEY = /^[\x21-\x7e]{8,256}$/;

/**
 * The published tasks of the tracks in one of `states` (open ones by default), each named with its track: `track`,
 * `id`, `prompt`, `target`, `min_assertions`, `cap_assertions` and nothing else (season-material.ts PublishedTask).
 */
export function openTasks(context: ServiceContext, now: Date, states: readonly TrackState[] = ['open']) {
  const windows = trackWindows(context, now);
  return [...context.material.tracks.values()]
    .filter((track) => states.includes(windows.get(track.track)?.state ?? 'not_frozen'))
    .flatMap((track) => track.publishedTasks.map((task) => ({ track: track.track, ...task })));
}

/**
 * POST /v1/season/{n}/enroll (spec §3 step 3, §9.1). The key's bound DID and binding history come from the Trust
 * Layer; the key, any of those DIDs, or a DID whose history meets an enrolled one already stands for a participant:
 * 409. Nothing is recorded unless the whole enrollment is.
 */
export async function enrollRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const now = context.now();
  const state = seasonStateAt(context, now);
  if (state !== 'open') return refuseOutsideWindow(response, state, 'enrollment');
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey !== 'string' || !API_KEY.test(apiKey)) {
    return sendError(response, 401, {
      code: 'ENROLL_API_KEY_MISSING',
      message: 'Send your Trust Layer API key in the X-Api-Key header (the key whose DID you bound, spec §3 step 2).',
    });
  }
  const body = readEnrollBody(await readBody(request, context.limits.smallBodyBytes));
  if (!body.ok) return sendError(response, 422, body.refusal);
  // Only now is it a real attempt, one that asks the Trust Layer: the refusals above take nothing from a budget.
  const allowed = takeEnrollmentAttempt(context, request, secretSha256(apiKey), now.getTime());
  if (!allowed.ok) {
    return refuseOverBudget(
      response,
      allowed,
      'ENROLL_RATE_LIMITED',
      (whose, seconds) => `Too many enrollment attempts ${whose}; retry in ${seconds} s. Nothing was recorded.`,
    );
  }

  const identity = await context.identity(apiKey);
  if (identity.kind === 'unreachable') {
    return sendError(response, 503, {
      code: 'ENROLL_TRUST_LAYER_UNAVAILABLE',
      message: 'The Trust Layer could not be asked which DID your key is bound to; nothing was recorded. Retry later.',
    });
  }
  if (identity.kind === 'key_refused') {
    return sendError(response, 401, {
      code: 'ENROLL_API_KEY_REFUSED',
      message: 'The Trust Layer does not know this API key; send the key you use with POST /v1/proxy.',
    });
  }
  if (identity.kind === 'not_bound') {
    return sendError(response, 403, {
      code: 'ENROLL_NO_BOUND_DID',
      message:
        'Your key has no bound DID. Bind one first (POST /v1/keys/bind-did then /confirm, spec §3 step 2): ' +
        'submissions are scored only on proofs that carry a bound identity.',
    });
  }

  const participantId = `par_${Buffer.from(context.random(12)).toString('hex')}`;
  const seasonToken = newToken('sst_', context.random);
  const enrolledAt = now.toISOString();
  const conflict = await context.writes.run(() =>
    enrollParticipant(context.db, {
      participantId,
      season: context.material.season,
      did: identity.did,
      dids: [identity.did, ...identity.history],
      apiKeySha256: secretSha256(apiKey),
      seasonTokenSha256: secretSha256(seasonToken),
      agentName: body.value.agentName,
      declaredStack: body.value.declaredStack,
      enrolledAt,
    }),
  );
  if (conflict) {
    const message =
      conflict.reason === 'key_enrolled'
        ? `This API key is already enrolled in this season (spec §9.1: one participant per key); use the season token you received. If its answer never reached you, POST /v1/season/${context.material.season}/token with this key gives a new one (the earlier one stops working).`
        : `The DID ${conflict.did} already stands for an enrolled participant (spec §9.1: DIDs bound to one key are one participant).`;
    const code = conflict.reason === 'key_enrolled' ? 'ENROLL_KEY_ALREADY_ENROLLED' : 'ENROLL_DID_ALREADY_ENROLLED';
    return sendError(response, 409, { code, message });
  }
  context.metrics.enrolled();
  sendJson(response, 201, {
    participant_id: participantId,
    did: identity.did,
    season_token: seasonToken,
    tasks: openTasks(context, now),
    tracks: publicTracks(context, now),
  });
}
