import type { TrackName } from '../corpus/model.ts';

/**
 * The arguments of each kind of console job (docs/console-backend.md "Background work (migrations 9, 10 and 12)"),
 * declared once: `JobRunner.start` takes a kind with its own arguments, the database records them as they are, and
 * each run of the job worker receives them typed. `actor` is who asked for the job (docs/console-backend.md "Who
 * acts"); a job recorded by a console older than that has none.
 */
export interface JobArgs {
  close: { season: number; track: TrackName; actor?: string };
  proofs: Record<string, never>;
  replay: { season: number; track: TrackName };
  index_export: { season: number; actor?: string };
}

/** The kinds of job the console records and runs in its job worker (the first start's demo is not one of them). */
export type RecordedJobKind = keyof JobArgs;

/** A kind of job with the arguments of that kind, for some of the kinds (all of them by default). */
export type JobRequest<K extends RecordedJobKind = RecordedJobKind> = { [P in K]: { kind: P; args: JobArgs[P] } }[K];

/** A kind and its arguments as one `JobRequest`: a stored job (kind and arguments in two columns) read back whole. */
export const jobRequest = <K extends RecordedJobKind>(kind: K, args: JobArgs[K]): JobRequest<K> => ({ kind, args });
