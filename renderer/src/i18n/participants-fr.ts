// Le texte de l’écran Participants en français (même forme que participants-en.ts, qui le type).
import type { participantsEn } from './participants-en.ts';

export const participantsFr: typeof participantsEn = {
  intro:
    'Chaque participant de la piste tel que ses chiffres le listent, avec le nom et la pile déclarée que l’Index affiche. Renommez un participant, déclarez sa pile ou marquez-le comme exécution de référence : chaque acte est inscrit au journal d’audit à votre nom, et le prochain export de l’Index le montre.',
  caption: (track) => `Participants de ${track}`,
  filter: 'Trouver un participant (nom, identifiant ou DID)',
  shown: (n, of) => `${n} sur ${of} affichés`,
  name: 'Nom',
  id: 'Identifiant',
  did: 'DID',
  stack: 'Pile déclarée',
  reference: 'Exécution de référence',
  submitted: 'Tâches soumises',
  window: 'Fenêtre de contestation',
  edit: 'Modifier',
  setByStaff: '(choisi par l’équipe)',
  enrolledName: '(tel qu’inscrit)',
  notReference: 'non (communauté)',
  referenceMark: (model, version, framework) => `oui : ${model} ${version}, ${framework}`,
  pendingRow: 'en attente',
  windowOpen: (until) => `ouverte jusqu’au ${until}`,
  windowClosed: (until) => `fermée depuis le ${until}`,
  windowPending: 'aucune pour l’instant (en attente)',
  windowNotPublic: 'pas encore : court dès l’export de l’Index qui porte ses chiffres',
  windowNone: '—',
  changeLabel: (name) => `Modifier ${name}`,
  panelTitle: (name) => `Modifier ${name}`,
  close: 'Fermer',
  renameTitle: 'Nom et pile que l’Index affiche',
  renameHelp:
    'Un nom choisi par l’équipe (spec §7.2) et la pile déclarée (§7.1) ; laissez un champ vide pour le garder.',
  save: 'Enregistrer',
  saved: 'Enregistré ; la liste a été relue.',
  referenceTitle: 'Marquer comme exécution de référence',
  referenceHelp:
    'Une exécution de référence est publiée dans la table des exécutions de référence avec son modèle, sa version, son cadre et son prompt (spec §7.1) : un étalonnage, pas un classement.',
  markReference: 'Marquer comme exécution de référence',
  marked: 'Marqué ; il est désormais dans la table des exécutions de référence.',
  nothing: 'Rien à enregistrer : écrivez un nom ou une pile.',
  receiveTitle: 'Ce que reçoivent les participants',
  receiveHelp:
    'Chaque participant lit son propre rapport, signé par la clé de l’opérateur, en français et en anglais, avec son jeton de saison ; il décide si l’Index le montre en détail (spécification §3, §7.5). Les deux passent par le service de saison.',
  deliver: 'Remettre à chaque participant son rapport',
  delivered: (version: number, reports: number, recorded: number): string =>
    `Publication version ${version} : ${reports} rapport(s) remis, ${recorded} nouveau(x) pour le service de saison.`,
  readChoices: 'Lire les choix des participants',
  choicesCaption: (n: number): string =>
    `Choix en vigueur sur cette piste (${n} nouveau(x) depuis la dernière lecture)`,
  choicesNone: 'Aucun participant de cette piste n’a encore choisi : son rapport détaillé reste privé.',
  choiceParticipant: 'Participant',
  choice: 'Rapport détaillé',
  choiceAt: 'Choisi le',
  choicePublic: 'public dans le prochain Index',
  choicePrivate: 'privé',
};
