// Les constats des règles de publication en français, tels que la console les formule (docs/index-export.md
// "Publication rules, enforced at export (the linter)") : ce qui a été trouvé, d’après les faits du constat (LintFacts,
// main/core/index/lint/lint-index.ts), et sa correction comme l’acte de l’écran Index, jamais comme une commande (la
// phrase de la CLI nomme ses options). Mêmes clés que lint-findings-en.ts.
import { fact, type Facts } from './facts.ts';

type Found = (facts: Facts) => string;

const SITES: Record<string, string> = {
  agent: 'le nom d’agent en tête des listes négatives',
  correction: 'le motif d’une correction',
  declared_stack: 'la pile déclarée',
  agent_name: 'le nom d’agent de la copie JSON du rapport',
  bundle_agent_name:
    'le nom d’agent inscrit, que le bundle de rejeu publie tel quel (aucun nom d’affichage ne le change)',
  bundle_declared_stack:
    'la pile inscrite, que le bundle de rejeu publie telle quelle (aucune pile déclarée ne la change)',
};
const LISTS: Record<string, string> = {
  unsupported: 'des assertions non étayées',
  instrument_faults: 'des défauts d’instrument',
  rejected_at_close: 'des tâches rejetées à la clôture',
  not_submitted: 'des tâches non soumises',
};
/** Les listes du rapport que le nom précède (`lists` du constat) : « des tâches non soumises et des défauts d’instrument ». */
function listsOf(d: Facts): string {
  const named = fact(d, 'lists', '')
    .split(',')
    .filter((l) => l !== '')
    .map((l) => LISTS[l] ?? l);
  if (named.length === 0) return 'des résultats négatifs';
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} et ${named[named.length - 1]!}`;
}
const FIELDS: Record<string, string> = {
  agent: 'Le nom d’agent',
  model: 'Le modèle de l’exécution de référence',
  model_version: 'La version du modèle de l’exécution de référence',
  framework: 'Le cadre de l’exécution de référence',
};

export const lintFoundFr: Record<string, Found> = {
  LINT_MODEL_NAME_NEGATIVE: (d) =>
    `Le nom de modèle ou de fournisseur « ${fact(d, 'name')} » figure dans ${SITES[fact(d, 'site')] ?? 'un texte'} d’un participant dont le rapport liste ${listsOf(d)} (spec §7.3 : aucun nom de modèle ou de fournisseur dans une catégorie négative).`,
  LINT_HUMOUR_OR_EMOJI: (d) =>
    `${d?.['marker'] === undefined ? 'Un émoji figure' : `« ${fact(d, 'marker')} », qui se lit comme de l’humour, figure`} sur un résultat négatif nominatif${d?.['site'] === 'agent' ? ', dans le nom d’agent' : ''} (spec §7.3).`,
  LINT_COMMUNITY_LABEL_MISSING: (d) =>
    d?.['place'] === 'data'
      ? 'Une ligne de la communauté du fichier CSV n’a pas sa mention « pile déclarée, non vérifiée » (spec §7.1).'
      : 'Une ligne de la communauté de la page n’a pas « pile déclarée, non vérifiée » (spec §7.1 : sur chaque ligne, pas seulement dans une légende).',
  LINT_AI_ACT_LABEL_MISSING: (d) =>
    d?.['place'] === 'data'
      ? 'La mention de l’article 50 du règlement européen sur l’IA manque dans un fichier de données (spec §7.3 : les fichiers JSON et CSV la portent comme les pages).'
      : 'La mention de l’article 50 du règlement européen sur l’IA manque sur une page (spec §7.3 : sur l’Index et sur chaque rapport).',
  LINT_TRACKS_MIXED: (d) =>
    d?.['other'] === undefined
      ? `La piste ${fact(d, 'track')} a deux sections (spec §6.6).`
      : `Le tableau ou graphique de la piste ${fact(d, 'track')} contient un élément de la piste ${fact(d, 'other')} (spec §6.6 : jamais dans le même tableau ni le même graphique).`,
  LINT_SECRET: (d) => `Le fichier publierait un secret (${fact(d, 'kind')}) ; rien n’est écrit.`,
  LINT_FORMULA_TEXT: (d) =>
    `${FIELDS[fact(d, 'field')] ?? 'Un nom'} commence par « ${fact(d, 'character')} », qu’un tableur ouvrant le CSV lit comme une formule.`,
  LINT_NAME_DUPLICATE: (d) =>
    `Ce participant est affiché sous le nom « ${fact(d, 'name')} », celui du participant ${fact(d, 'other_participant_id')} (${fact(d, 'other_track')}) : l’Index montrerait deux lignes sous un même nom.`,
  LINT_NAME_CONFUSABLE: (d) =>
    `Le nom de ce participant, « ${fact(d, 'name')} », se lit comme « ${fact(d, 'other_name')} » du participant ${fact(d, 'other_participant_id')} (${fact(d, 'other_track')}) : ils ne diffèrent que par des caractères sosies ou invisibles, d’abord au caractère ${fact(d, 'position')} (${fact(d, 'code_point')} contre ${fact(d, 'other_code_point')}).`,
};

/** La correction d’un constat qu’un acte de l’équipe lève, formulée comme le contrôle placé à côté (FindingFix.svelte). */
export const lintFixFr: Record<'display_name' | 'declared_stack' | 'reference', (button: string) => string> = {
  display_name: (button) =>
    `Donnez ici au participant un nom d’affichage, puis appuyez sur « ${button} » : les constats sont vérifiés de nouveau.`,
  declared_stack: (button) =>
    `Déclarez ici une pile qui ne nomme ni modèle ni fournisseur, puis appuyez sur « ${button} » : les constats sont vérifiés de nouveau.`,
  reference: (button) =>
    `Inscrivez ici de nouveau l’exécution de référence avec ses champs corrigés, puis appuyez sur « ${button} » : les constats sont vérifiés de nouveau.`,
};
