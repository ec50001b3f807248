/**
 * A participant as staff read it on the Disputes, Incidents and Proofs screens: the name they know it by, with its id,
 * which is what every command and file names; the id alone when no name is known (no close yet).
 */
export function participantLabel(participantId: string, name: string | null | undefined): string {
  return name ? `${name} (${participantId})` : participantId;
}
