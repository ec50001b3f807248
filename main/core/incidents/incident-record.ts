import type { IncidentKind, IncidentLink } from './group-incidents.ts';

/** An incident as opened (docs/incidents.md; stored by main/db/incidents.ts); its state comes from its events. */
export interface IncidentRow {
  season: number;
  track: string;
  kind: IncidentKind;
  cause: string;
  groupKey: string;
  windowStartMs: number | null;
  windowEndMs: number | null;
  owner: string;
  openedAtMs: number;
  openedBy: 'close' | 'operator' | 'follow';
  openedByActor: string;
  closeId: number | null;
  summary: string;
}

export type IncidentEventKind = 'note' | 'owner' | 'resolve';

export interface IncidentEvent {
  atMs: number;
  actor: string;
  kind: IncidentEventKind;
  text: string;
}

export interface StoredIncident extends IncidentRow {
  id: number;
  state: 'open' | 'resolved';
  /** The owner in force: the last 'owner' event's, else the one it was opened with. */
  currentOwner: string;
  resolution: IncidentEvent | null;
  events: IncidentEvent[];
  links: IncidentLink[];
}
