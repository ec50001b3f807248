// Submission intake (spec §4), shared by the season service and the console's import: docs/intake.md.
export { checkSubmission, SUBMISSION_KEYS, type AcceptedSubmission, type IntakeResult } from './check-submission.ts';
export {
  buildIntakeContext,
  buildIntakeTrack,
  type IntakeContext,
  type IntakeSetupCode,
  type IntakeTask,
  type IntakeTrack,
  type IntakeTrackInput,
} from './context.ts';
export { SUBMISSION_CODES, type IntakeRefusal, type IntakeRefusalCode, type SubmissionCode } from './refusal.ts';
export {
  describeVerdictSet,
  INTAKE_VERDICT_SETS,
  PRODUCT_REFERENCE_FORM,
  verdictAccepted,
  type VerdictForm,
  type VerdictSet,
} from './verdicts.ts';
export * from './bounds.ts';
