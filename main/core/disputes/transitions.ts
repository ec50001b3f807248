import { fail, ok, type Result } from '../result.ts';

/**
 * The states of a dispute (spec §9.2, docs/disputes.md): received → under_review → upheld | rejected. A decided
 * dispute is final. Each step is an append-only event with its reviewer, its time and (for a decision) its reason.
 */
export type DisputeState = 'received' | 'under_review' | 'upheld' | 'rejected';
/** The two decisions a reviewer gives (spec §9.2), in the order the CLI and the screens offer them. */
export const DECISIONS = ['upheld', 'rejected'] as const;
export type Decision = (typeof DECISIONS)[number];

export const isDecision = (value: unknown): value is Decision => (DECISIONS as readonly unknown[]).includes(value);

/**
 * What an upheld dispute changes: the assertion is supported, or it is an instrument fault (spec §4.1); or, for a
 * task ArkForge's faults left below its minimum (docs/publications.md "Counting a task with its remaining assertions"),
 * the task is counted as submitted with its remaining admissible assertions (`counted_with_remaining`).
 */
export const DISPUTE_CHANGES = ['supported', 'instrument_fault', 'counted_with_remaining'] as const;
export type DisputeChange = (typeof DISPUTE_CHANGES)[number];

export const isDisputeChange = (value: unknown): value is DisputeChange =>
  (DISPUTE_CHANGES as readonly unknown[]).includes(value);

export type TransitionCode =
  | 'DISPUTE_ALREADY_DECIDED'
  | 'DISPUTE_ALREADY_UNDER_REVIEW'
  | 'DISPUTE_REASON_REQUIRED'
  | 'DISPUTE_REVIEWER_REQUIRED'
  | 'DISPUTE_CHANGE_REQUIRED'
  | 'DISPUTE_CHANGE_NOT_ALLOWED';

/** The state a dispute is in after its events (each event's state, in order). */
export function stateAfter(events: readonly { state: Exclude<DisputeState, 'received'> }[]): DisputeState {
  return events.length === 0 ? 'received' : events[events.length - 1]!.state;
}

export const isDecided = (state: DisputeState): state is Decision => isDecision(state);

const blank = (text: string | undefined): boolean => text === undefined || text.trim() === '';

/** `dispute review`: received → under_review; anything else is refused. */
export function reviewTransition(
  state: DisputeState,
  reviewer: string | undefined,
): Result<{ to: 'under_review' }, TransitionCode> {
  if (isDecided(state))
    return fail('DISPUTE_ALREADY_DECIDED', `the dispute is already decided (${state}); a decision is final`, {
      state,
    });
  if (state === 'under_review')
    return fail('DISPUTE_ALREADY_UNDER_REVIEW', 'the dispute is already under review; decide it', { state });
  if (blank(reviewer))
    return fail('DISPUTE_REVIEWER_REQUIRED', 'name the reviewer (--reviewer NAME): it is kept with the step', {});
  return ok({ to: 'under_review' });
}

/**
 * `dispute decide`: under_review → upheld | rejected, or received → under_review → upheld | rejected (the review
 * step is recorded too, with the same reviewer and time). A written reason and a reviewer are required; an upheld
 * dispute states what changes (`supported` or `instrument_fault`, not the status the assertion already has); a
 * rejected one changes nothing.
 */
export function decideTransition(
  state: DisputeState,
  decision: Decision,
  input: { reason: string | undefined; reviewer: string | undefined; change: DisputeChange | undefined },
  assertionStatus: string,
): Result<{ steps: Exclude<DisputeState, 'received'>[] }, TransitionCode> {
  if (isDecided(state))
    return fail(
      'DISPUTE_ALREADY_DECIDED',
      `the dispute is already decided (${state}); a decision is final: a new fact is a new dispute or an incident`,
      { state },
    );
  if (blank(input.reason))
    return fail('DISPUTE_REASON_REQUIRED', 'a decision needs its written reason (--reason TEXT): it is published', {});
  if (blank(input.reviewer))
    return fail('DISPUTE_REVIEWER_REQUIRED', 'name the reviewer (--reviewer NAME): it is kept with the decision', {});
  if (decision === 'upheld') {
    if (input.change === undefined)
      return fail(
        'DISPUTE_CHANGE_REQUIRED',
        'an upheld dispute states what changes: --change supported (the assertion is supported), --change ' +
          'instrument_fault (the fault was the instrument\u2019s) or, for a task its faults left below its minimum, ' +
          '--change counted_with_remaining (the task is counted with its remaining assertions)',
        {},
      );
    if (input.change === assertionStatus)
      return fail(
        'DISPUTE_CHANGE_NOT_ALLOWED',
        `the assertion is already ${assertionStatus}: an upheld dispute must change its status`,
        { status: assertionStatus, change: input.change },
      );
  } else if (input.change !== undefined) {
    return fail('DISPUTE_CHANGE_NOT_ALLOWED', 'a rejected dispute changes nothing: drop --change', {
      change: input.change,
    });
  }
  return ok({ steps: state === 'received' ? ['under_review', decision] : [decision] });
}
