// The Participants screen's text in English (screens/ParticipantsScreen.svelte). participants-fr.ts has the same
// shape (typed by this one). Spec vocabulary only (docs/conventions.md "Words").

export const participantsEn = {
  intro:
    'Every participant of the track as its figures list them, with the name and declared stack the Index shows. Rename a participant, declare its stack, or mark it as a reference run: each act is recorded in the audit log under your name, and the next Index export shows it.',
  caption: (track: string): string => `Participants of ${track}`,
  filter: 'Find a participant (name, id or DID)',
  shown: (n: number, of: number): string => `${n} of ${of} shown`,
  name: 'Name',
  id: 'Participant id',
  did: 'DID',
  stack: 'Declared stack',
  reference: 'Reference run',
  submitted: 'Tasks submitted',
  window: 'Dispute window',
  edit: 'Change',
  setByStaff: '(set by staff)',
  enrolledName: '(as enrolled)',
  notReference: 'no (community)',
  referenceMark: (model: string, version: string, framework: string): string =>
    `yes: ${model} ${version}, ${framework}`,
  pendingRow: 'pending',
  windowOpen: (until: string): string => `open until ${until}`,
  windowClosed: (until: string): string => `closed since ${until}`,
  windowPending: 'none yet (pending)',
  windowNotPublic: 'not yet: starts when the Index holding its figures is exported',
  windowNone: '—',
  changeLabel: (name: string): string => `Change ${name}`,
  panelTitle: (name: string): string => `Change ${name}`,
  close: 'Close',
  renameTitle: 'Name and stack the Index shows',
  renameHelp: 'A name chosen by staff (spec §7.2) and the stack declared (§7.1); leave a field empty to keep it.',
  save: 'Record',
  saved: 'Recorded; the list was read again.',
  referenceTitle: 'Mark as a reference run',
  referenceHelp:
    'A reference run is published in the reference-run table with its model, version, framework and prompt (spec §7.1): calibration, not a ranking.',
  markReference: 'Mark as a reference run',
  marked: 'Marked; it is now in the reference-run table.',
  nothing: 'Nothing to record: write a name or a stack.',
};
