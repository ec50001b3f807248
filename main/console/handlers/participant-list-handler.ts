import { isoUtc } from '../../core/time/iso-utc.ts';
import type { ParticipantListing, ParticipantsView, TrackRef } from '../../ipc/contract.ts';
import { declaredStacksOf, displayNamesOf, referenceRunsOf } from '../../db/index-exports.ts';
import { participantWindows } from '../../services/disputes/participant-windows.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { scoresView } from './scores-handlers.ts';

/**
 * `participant.list` (the Participants screen, docs/console.md): the track's participants as its figures shown list
 * them (the latest version, or a later close not published yet: `scores.view`'s rule), each with the name and stack
 * the Index shows and whether staff set them (`participant.rename`), the reference-run mark in force
 * (`participant.reference`), the tasks it submitted and its own dispute window. Before the track's first close there
 * is no list: SCORES_NOT_FOUND, as the Scoring screen says.
 */
export async function participantList(ctx: ConsoleContext, ref: TrackRef): Promise<ParticipantsView> {
  const scores = await scoresView(ctx, ref);
  const db = dbOf(ctx);
  const names = displayNamesOf(db, ref.season);
  const stacks = declaredStacksOf(db, ref.season);
  const references = referenceRunsOf(db, ref.season);
  const windows = new Map(
    participantWindows(db, ctx.clock.now(), { season: ref.season, track: ref.track }).map((w) => [w.participant_id, w]),
  );
  const participants = scores.participants.map((row): ParticipantListing => {
    const reference = references.get(row.participant_id);
    const window = windows.get(row.participant_id);
    const stack = stacks.get(row.participant_id);
    return {
      participant_id: row.participant_id,
      did: row.did,
      name: row.agent_name,
      named_by_operator: names.has(row.participant_id),
      declared_stack: stack ?? row.declared_stack,
      stack_declared_by_operator: stack !== undefined,
      reference:
        reference === undefined
          ? null
          : {
              model: reference.model,
              version: reference.modelVersion,
              framework: reference.framework,
              prompt_sha256: reference.promptSha256,
              marked_at: isoUtc(reference.markedAtMs)!,
              actor: reference.actor,
            },
      status: row.status,
      tasks_submitted: row.tasks_submitted,
      window:
        window === undefined
          ? null
          : {
              status: window.status,
              version: window.version,
              window_ends_at: window.window_ends_at,
              open: window.open,
            },
    };
  });
  return { season: ref.season, track: ref.track, shown: scores.shown, participants };
}
