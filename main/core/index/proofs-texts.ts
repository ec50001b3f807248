import type { Lang, ProofCitation } from './model.ts';
import { TEXTS } from './texts.ts';

/**
 * The sentences of the proofs pages and of the tables' "link to proofs" column (spec §7.2; docs/index-export.md
 * "Proofs pages"), French (the authority) and English. The spec's vocabulary only (§3, §4.1); no word imputes intent.
 */
export interface ProofsTexts {
  /** The tables' column headers once proofs pages exist: the spec's "link to proofs", the report apart. */
  proofsColumn: string;
  reportColumn: string;
  proofsLink: string;
  title: (agent: string, track: string) => string;
  back: string;
  intro: string;
  check: (track: string) => string;
  cols: { proof: string; view: string; bundled: string; citations: string };
  bundledLink: string;
  noView: string;
  noBundled: string;
  none: string;
  status: (c: ProofCitation) => string;
  /** The row's report cell when the participant keeps its report private (docs/publications.md). */
  reportPrivate: string;
  /** The proofs page of a private report: why no status is shown (spec §7.5, the participant's to publish). */
  privateNote: string;
}

function trackWords(lang: Lang, track: string): string {
  if (lang === 'fr')
    return track === 'conformite' ? 'piste conformité' : track === 'generique' ? 'piste générique' : `piste ${track}`;
  return track === 'conformite' ? 'compliance track' : track === 'generique' ? 'generic track' : `track ${track}`;
}

const code = (c: ProofCitation) => (c.code ? ` (${c.code})` : '');

const fr: ProofsTexts = {
  proofsColumn: 'Lien vers les preuves',
  reportColumn: 'Rapport',
  proofsLink: 'preuves citées',
  title: (a, t) => `Preuves citées : ${a} (${trackWords('fr', t)})`,
  back: "Retour à l'Index",
  intro:
    'Chaque preuve que les soumissions de ce participant citent, sa vue publique sur le Trust Layer, et ce que la ' +
    'clôture a trouvé pour chaque assertion qui la cite (spécification §4.1 : une preuve peut étayer une affirmation ' +
    "et pas la valeur d'une autre).",
  check: (t) =>
    `Pour vérifier une preuve sans ce site : sa vue telle que la clôture l'a lue, son entrée Rekor et le jeton ` +
    `RFC 3161 qu'elle porte sont dans le paquet de rejeu (bundles/${t}/proofs/, bundles/${t}/rekor/), la divulgation ` +
    `dans bundles/${t}/submissions.ndjson ; node replay/proveit-replay.mjs bundles/${t} --out DOSSIER recalcule chaque statut.`,
  cols: {
    proof: 'Preuve',
    view: 'Vue publique (Trust Layer)',
    bundled: 'Vue lue à la clôture',
    citations: 'Citée par (tâche / assertion) et statut trouvé à la clôture',
  },
  bundledLink: 'paquet de rejeu',
  noView: 'aucun Trust Layer enregistré',
  noBundled: 'aucune vue (réponse null du Trust Layer)',
  none: 'Aucune preuve citée.',
  reportPrivate: 'rapport gardé privé par le participant',
  privateNote:
    'Le participant garde son rapport détaillé privé : cette page donne les preuves citées et leur vue publique, ' +
    "sans le statut trouvé à la clôture pour chaque assertion ni la cause d'une assertion non étayée (spécification " +
    '§7.5 : le participant reçoit ce détail et décide de le publier). Ses chiffres sont dans le tableau de l’Index.',
  status: (c) => {
    const base =
      c.status === 'supported'
        ? 'remplit les quatre conditions'
        : c.status === 'unsupported'
          ? `non étayée : ${TEXTS.fr.causes[c.cause ?? ''] ?? c.cause ?? ''}${code(c)}`
          : c.status === 'pending'
            ? `en attente${code(c)}`
            : c.status === 'instrument_fault'
              ? `défaut d'instrument${code(c)}`
              : c.status === 'trust_layer_fault'
                ? `défaut du Trust Layer${code(c)}`
                : `non évaluée, la tâche étant rejetée à la clôture ou non soumise${code(c)}`;
    return (
      `${c.task_id} / ${c.assertion_id} : ${base}` +
      (c.corrected
        ? ` ; corrigée en version ${c.corrected.version}, l'assertion est désormais ${c.corrected.assertion_status}`
        : '')
    );
  },
};

const en: ProofsTexts = {
  proofsColumn: 'Link to proofs',
  reportColumn: 'Report',
  proofsLink: 'cited proofs',
  title: (a, t) => `Cited proofs: ${a} (${trackWords('en', t)})`,
  back: 'Back to the Index',
  intro:
    "Every proof this participant's submissions cite, its public view on the Trust Layer, and what the close found " +
    'for each assertion citing it (specification §4.1: a proof can support one claim and not the value of another).',
  check: (t) =>
    `To check a proof without this site: its view as the close read it, its Rekor entry and the RFC 3161 token it ` +
    `carries are in the replay bundle (bundles/${t}/proofs/, bundles/${t}/rekor/), the disclosure in ` +
    `bundles/${t}/submissions.ndjson; node replay/proveit-replay.mjs bundles/${t} --out FOLDER recomputes every status.`,
  cols: {
    proof: 'Proof',
    view: 'Public view (Trust Layer)',
    bundled: 'View read at close',
    citations: 'Cited by (task / assertion) and status found at close',
  },
  bundledLink: 'replay bundle',
  noView: 'no Trust Layer recorded',
  noBundled: "no view (the Trust Layer's null answer)",
  none: 'No proof cited.',
  reportPrivate: 'report kept private by the participant',
  privateNote:
    'The participant keeps its detailed report private: this page gives the proofs cited and their public view, ' +
    'without the status the close found for each assertion or the cause of an unsupported assertion (specification ' +
    '§7.5: the participant receives that detail and decides whether to publish it). Its figures are in the Index table.',
  status: (c) => {
    const base =
      c.status === 'supported'
        ? 'meets the four conditions'
        : c.status === 'unsupported'
          ? `unsupported: ${TEXTS.en.causes[c.cause ?? ''] ?? c.cause ?? ''}${code(c)}`
          : c.status === 'pending'
            ? `pending${code(c)}`
            : c.status === 'instrument_fault'
              ? `instrument fault${code(c)}`
              : c.status === 'trust_layer_fault'
                ? `Trust Layer fault${code(c)}`
                : `not assessed, the task being rejected at close or not submitted${code(c)}`;
    return (
      `${c.task_id} / ${c.assertion_id}: ${base}` +
      (c.corrected
        ? `; corrected in version ${c.corrected.version}, the assertion is now ${c.corrected.assertion_status}`
        : '')
    );
  },
};

export const PROOFS_TEXTS: Readonly<Record<Lang, ProofsTexts>> = { fr, en };
