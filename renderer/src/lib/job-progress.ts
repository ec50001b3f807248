import type { JobView } from '../api/operations.ts';
import type { Messages } from '../i18n/en.ts';

/**
 * A job's last progress in the screen's language. Main words a step in English; a proof-read phase (the step of a
 * close's or a read job's progress) has its own words in each catalogue, any other step keeps main's message.
 */
export function jobProgressText(progress: NonNullable<JobView['progress']>, m: Messages): string {
  const phases: Record<string, string> = m.proofs.phases;
  const words = Object.hasOwn(phases, progress.step) ? m.proofs.jobPhase(phases[progress.step]!) : progress.message;
  return `${words} (${progress.done}/${progress.total})`;
}
