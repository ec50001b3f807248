import type { IncidentKind } from '../incidents/group-incidents.ts';
import type { StoredIncident } from '../incidents/incident-record.ts';
import { isoUtc } from '../time/iso-utc.ts';
import { NOTICE_TASKS_MAX, NOTICE_TEXT_MAX, type NoticeFields } from './season-notice.ts';

/**
 * What an incident is, in the words a participant reads (docs/incidents.md "Telling participants"): the notice says
 * what happened to them, never who is at fault (the spec's vocabulary: instrument fault, pending).
 */
const WHAT: Record<IncidentKind, { fr: string; en: string }> = {
  instrument_fault: { fr: "Défaut d'instrument", en: 'Instrument fault' },
  flat_field_divergence: { fr: 'Divergence sur un champ plat', en: 'Flat field divergence' },
  proof_pending: { fr: 'Preuves encore en attente (pending)', en: 'Proofs still pending' },
  proof_anchor_failed: { fr: "Échec de l'ancrage d'un lot de preuves", en: 'A proof batch failed to anchor' },
  corpus_outage: { fr: 'Indisponibilité du corpus', en: 'Corpus outage' },
  other: { fr: 'Incident', en: 'Incident' },
};

/** The reference an incident notice carries: the incident's number in the operator database. */
export const incidentReference = (id: number) => `incident ${id}`;

/**
 * A notice drafted from an incident (issue 39 item 5: "the console offers a notice from an incident in one act"): kind
 * `incident`, the incident's track, window and affected tasks, its summary (the operator's words, kept as written in
 * both texts) after a line saying what happened in each language. The operator may edit the texts before publishing;
 * the draft is not signed (no time, no key here).
 */
export function noticeDraftOfIncident(incident: StoredIncident): Omit<NoticeFields, 'issuedAt'> {
  const tasks = [...new Set(incident.links.map((l) => l.task).filter((t): t is string => t !== null))]
    .sort()
    .slice(0, NOTICE_TASKS_MAX);
  const window =
    incident.windowStartMs === null
      ? null
      : { from: isoUtc(incident.windowStartMs), to: isoUtc(incident.windowEndMs ?? incident.windowStartMs) };
  const what = WHAT[incident.kind];
  const span = (lang: 'fr' | 'en') =>
    window === null
      ? ''
      : lang === 'fr'
        ? ` (du ${window.from} au ${window.to})`
        : ` (from ${window.from} to ${window.to})`;
  const affected = (lang: 'fr' | 'en') =>
    tasks.length === 0
      ? ''
      : lang === 'fr'
        ? ` Tâches concernées : ${tasks.join(', ')}.`
        : ` Affected tasks: ${tasks.join(', ')}.`;
  const text = (lang: 'fr' | 'en') =>
    clip(
      `${what[lang]}, ${lang === 'fr' ? 'piste' : 'track'} ${incident.track}${span(lang)}.${affected(lang)} ${incident.summary}`,
    );
  return {
    season: incident.season,
    kind: 'incident',
    track: incident.track,
    textFr: text('fr'),
    textEn: text('en'),
    tasks: tasks.length === 0 ? null : tasks,
    window,
    reference: incidentReference(incident.id),
  };
}

/** A draft never exceeds what the service accepts: a long summary is cut with an ellipsis. */
function clip(text: string): string {
  const chars = [...text];
  return chars.length <= NOTICE_TEXT_MAX ? text : `${chars.slice(0, NOTICE_TEXT_MAX - 1).join('')}…`;
}
