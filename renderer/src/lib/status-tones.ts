/**
 * The colour a status chip takes, by status; the chip always carries the status's word, the colour only repeats it
 * (WCAG 1.4.1). `bad` is kept for what counts against a participant: an unsupported assertion.
 */
export type Tone = 'ok' | 'bad' | 'warn' | 'info' | 'neutral';

/** An assertion's status in a report (spec §7.5): only an unsupported assertion counts against its participant. */
export const ASSERTION_TONE: Record<string, Tone> = {
  supported: 'ok',
  unsupported: 'bad',
  instrument_fault: 'warn',
  trust_layer_fault: 'warn',
  pending: 'info',
  not_counted: 'neutral',
};

/** A dispute's state in the queue (docs/disputes.md): waiting, in review, or decided either way. */
export const DISPUTE_TONE: Record<string, Tone> = {
  received: 'info',
  under_review: 'warn',
  upheld: 'neutral',
  rejected: 'neutral',
};

/** An incident's state (docs/incidents.md): open waits for someone to resolve it; resolved is done. */
export const INCIDENT_TONE: Record<'open' | 'resolved', Tone> = {
  open: 'warn',
  resolved: 'ok',
};
