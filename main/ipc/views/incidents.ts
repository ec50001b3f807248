// Incidents as the console shows and opens them (main/ipc/contract.ts `incident.*`; docs/incidents.md).

import type { StoredIncident } from '../../core/incidents/incident-record.ts';
import type { TrackRef } from './track-ref.ts';

/** `incident.open` by hand (docs/incidents.md): what `proveit incident open` takes, as fields. */
export interface IncidentOpening extends TrackRef {
  kind: string;
  summary: string;
  cause?: string;
  owner?: string;
  window_start?: string;
  window_end?: string;
  participants?: string[];
  assertions?: string[];
  proofs?: string[];
}

/**
 * An incident as the console shows it: the stored record, with the names staff know the participants of its links by
 * (participantNames in scores-handlers.ts), by participant id; a participant without a known name is not listed.
 */
export type Incident = StoredIncident & { participantNames: Record<string, string> };
