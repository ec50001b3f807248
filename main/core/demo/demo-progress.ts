/** One step of the demo season as it plays: the console shows it, `proveit demo` prints it on stderr. */
export interface DemoProgress {
  step: 'devnet' | 'freeze' | 'enroll' | 'read' | 'submit' | 'close' | 'publish' | 'export' | 'dispute' | 'done';
  message: string;
  /** Items done of `total` within the step (0 of 0 when the step has no count). */
  done: number;
  total: number;
}

/** What `proveit demo --json` prints once the season is played. */
export interface DemoSummary {
  out: string;
  db: string;
  season: number;
  tracks: {
    track: string;
    out: string;
    closeId: number;
    scoresSha256: string;
    scored: number;
    pending: number;
    publicationVersion: number;
  }[];
  participants: { agent: string; name: string; participantId: string; tasksSubmitted: Record<string, number> }[];
  dispute: { id: string; participantId: string; taskId: string; assertionId: string };
  /** The signed Index export (DIR/index, with manifest.json and its signature). */
  index: { out: string; version: number; manifestSha256: string; keyId: string; files: number };
}

/** The plain line printed for a step. */
export function progressText(p: DemoProgress): string {
  return p.total > 0 ? `[${p.step}] ${p.message} (${p.done}/${p.total})` : `[${p.step}] ${p.message}`;
}
