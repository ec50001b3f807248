import type { ArgsOf, ParticipantShown } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { markReferenceRun, showParticipant } from '../../services/index-export/participants.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';

/**
 * `participant.rename`: `proveit participant rename` from the Index screen (spec §7.2 the name, §7.1 the declared
 * stack; the fix of a LINT_MODEL_NAME_NEGATIVE or LINT_FORMULA_TEXT finding), audited as the session's actor.
 */
export async function participantRename(
  ctx: ConsoleContext,
  args: ArgsOf<'participant.rename'>,
): Promise<ParticipantShown> {
  if (args.display_name === undefined && args.declared_stack === undefined)
    throw new HandlerRefusal(
      'IPC_BAD_ARGUMENTS',
      'participant.rename needs display_name or declared_stack (or both): write the name or the stack the Index shows',
    );
  const shown = valueOrRefuse(
    showParticipant(dbOf(ctx), {
      season: args.season,
      participantId: args.participant_id,
      ...(args.display_name === undefined ? {} : { displayName: args.display_name }),
      ...(args.declared_stack === undefined ? {} : { declaredStack: args.declared_stack }),
      clock: ctx.clock,
      actor: actingAs(ctx),
    }),
  );
  return {
    season: args.season,
    participant_id: args.participant_id,
    ...(shown.displayName === undefined ? {} : { display_name: shown.displayName }),
    ...(shown.declaredStack === undefined ? {} : { declared_stack: shown.declaredStack }),
    audit_head: shown.audit,
  };
}

/**
 * `participant.reference`: `proveit participant reference` from the Index screen (spec §7.1: model, version,
 * framework and prompt, published with the Index). The prompt is the text typed, stored as its UTF-8 bytes (the CLI
 * stores the --prompt file's bytes).
 */
export async function participantReference(
  ctx: ConsoleContext,
  args: ArgsOf<'participant.reference'>,
): Promise<ParticipantShown> {
  const marked = valueOrRefuse(
    markReferenceRun(dbOf(ctx), {
      season: args.season,
      participantId: args.participant_id,
      model: args.model,
      modelVersion: args.version,
      framework: args.framework,
      prompt: new TextEncoder().encode(args.prompt),
      clock: ctx.clock,
      actor: actingAs(ctx),
    }),
  );
  return {
    season: args.season,
    participant_id: args.participant_id,
    prompt_sha256: marked.promptSha256,
    audit_head: marked.audit,
  };
}
