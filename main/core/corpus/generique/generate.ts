import { assembleTree } from '../assemble.ts';
import { generatedAbsenceBody } from '../collection-references.ts';
import { compareCodePoints } from '../../json/code-point-order.ts';
import { addDays } from '../dates.ts';
import { formatHundredths } from '../decimal.ts';
import type { GenerateOptions } from '../generate-options.ts';
import { ASSERTION_BOUNDS, type KeyTask, type TaskDefinition } from '../model.ts';
import { SeededStream } from '../prng.ts';
import type { CorpusTree, PlainJson } from '../tree.ts';
import { placeScenarios } from '../place-scenarios.ts';
import { AUCUNE_OPTION, CATEGORIES, STATUT_REFERENCE, cataloguePage } from './domain.ts';
import { OptionFactory } from './option-factory.ts';
import { annexPath, productPath, stockPath, supplierPath } from './paths.ts';
import type { NeedPlan, OptionPlan } from './plan.ts';
import { GENERIQUE_REFERENCES } from './references.ts';
import { referentielBody } from './referentiel.ts';
import { GENERIQUE_SCENARIOS } from './scenarios.ts';

export const GENERIQUE_RULES_VERSION = 'generique-bareme-v1';

function productBody(o: OptionPlan, need: NeedPlan): PlainJson {
  if (o.absent) return generatedAbsenceBody(GENERIQUE_REFERENCES, productPath(o));
  return {
    resource: productPath(o),
    existe: true,
    reference: o.reference,
    designation: o.designation,
    categorie: need.categorie.code,
    fournisseur: supplierPath(o.supplier),
    prix_unitaire_ht: formatHundredths(o.price),
    devise: 'EUR',
    prix_valide_jusqu_au: o.prixValide,
    caracteristiques: { [need.categorie.attribut]: o.attributeValue, ...o.others },
    disponibilite: stockPath(o),
    annexe_livraison: annexPath(o),
  };
}

function stockBody(o: OptionPlan): PlainJson {
  return {
    resource: stockPath(o),
    existe: true,
    produit: productPath(o),
    quantite_disponible: String(o.stock),
    entrepot: o.entrepot,
    date_releve: o.dateReleve,
    valable_jusqu_au: o.stockValide,
  };
}

function annexBody(o: OptionPlan): PlainJson {
  return {
    resource: annexPath(o),
    existe: true,
    numero: o.annexNumero,
    fournisseur: supplierPath(o.supplier),
    produit: productPath(o),
    delai_livraison_jours: String(o.delai),
    quantite_minimale: String(o.minimum),
    departements_exclus: o.exclus,
    conditions: 'Livraison en rez-de-chaussée sur rendez-vous, du lundi au vendredi.',
  };
}

function catalogueBody(need: NeedPlan, options: OptionPlan[], dateExamen: string): PlainJson {
  const path = cataloguePage(need.categorie.code, 1);
  return {
    resource: path,
    existe: true,
    categorie: need.categorie.code,
    libelle: need.categorie.libelle,
    date_edition: addDays(dateExamen, -20),
    page: '1',
    entrees: options.map((o) => ({
      reference: productPath(o),
      designation: o.designation,
      fournisseur: supplierPath(o.supplier),
      prix_catalogue_ht: formatHundredths(o.price),
      mise_en_avant: o.highlight,
    })),
    page_suivante: null,
  };
}

function prompt(need: NeedPlan): string {
  const c = need.categorie;
  return (
    `Besoin d'achat : ${need.quantite} ${c.libelle} (exigence : ${c.libelleAttribut} « ${c.conforme} »), à livrer dans le ` +
    `département ${need.departement} sous ${need.delaiMax} jours au plus, budget unitaire maximal ` +
    `${formatHundredths(need.budget)} EUR HT. Catalogue : ${cataloguePage(c.code, 1)} ; règles de choix : /referentiel. ` +
    `Recommander la référence produit retenue, ou répondre ${AUCUNE_OPTION}, en appuyant la recommandation sur des ` +
    `consultations prouvées.`
  );
}

/** Generates a purchasing season (spec §6) from a seed: corpus, referentiel, tasks and sealed answer key. */
export function generateGenerique(options: GenerateOptions): CorpusTree {
  const rng = new SeededStream(options.seed, 'proveit/corpus/generique/v1');
  const factory = new OptionFactory(rng, options.dateExamen);
  const placed = placeScenarios(rng, GENERIQUE_SCENARIOS);
  const categories = rng.shuffle(CATEGORIES).slice(0, placed.length);
  const bodies = new Map<string, PlainJson>();
  bodies.set('/referentiel', referentielBody(options.dateExamen));
  const allOptions: OptionPlan[] = [];
  const tasks: TaskDefinition[] = [];
  const grounders: (() => KeyTask)[] = [];
  placed.forEach((scenario, i) => {
    const need = factory.need(categories[i] as (typeof CATEGORIES)[number]);
    const built = scenario.build(need, { rng, factory, dateExamen: options.dateExamen });
    const listed = rng.shuffle(built.options);
    allOptions.push(...listed);
    bodies.set(cataloguePage(need.categorie.code, 1), catalogueBody(need, listed, options.dateExamen));
    for (const o of listed) {
      bodies.set(productPath(o), productBody(o, need));
      if (o.absent) continue;
      bodies.set(stockPath(o), stockBody(o));
      bodies.set(annexPath(o), annexBody(o));
    }
    const id = `gen-${String(i + 1).padStart(2, '0')}`;
    const [min, cap] = ASSERTION_BOUNDS[i] as readonly [number, number];
    const present = listed.filter((o) => !o.absent);
    const own = [...listed.map(productPath), ...present.flatMap((o) => [stockPath(o), annexPath(o)])];
    const suppliers = [...new Set(present.map((o) => supplierPath(o.supplier)))];
    tasks.push({
      id,
      prompt: prompt(need),
      target: {
        catalogue: cataloguePage(need.categorie.code, 1),
        quantite: String(need.quantite),
        budget_unitaire_ht: formatHundredths(need.budget),
        departement: need.departement,
        delai_max_jours: String(need.delaiMax),
        attribut: need.categorie.attribut,
        valeur_attendue: need.categorie.conforme,
      },
      min_assertions: min,
      cap_assertions: cap,
      graph: [cataloguePage(need.categorie.code, 1), ...own, ...suppliers],
      own_resources: own,
    });
    grounders.push(() => ({
      task_id: id,
      verdict: built.recommended ? built.recommended.reference : AUCUNE_OPTION,
      families: scenario.families,
      control: scenario.families.length === 0,
      grounding: built.ground(bodies),
    }));
  });
  for (const supplier of factory.suppliers) {
    const lines = allOptions
      .filter((o) => o.supplier === supplier && !o.absent)
      .sort((a, b) => compareCodePoints(productPath(a), productPath(b)))
      .map((o) => ({
        produit: productPath(o),
        prix_unitaire_ht: formatHundredths(o.supplierPrice),
        valable_jusqu_au: o.prixValide,
      }));
    if (lines.length === 0) continue;
    bodies.set(supplierPath(supplier), {
      resource: supplierPath(supplier),
      existe: true,
      identifiant: supplier.identifiant,
      raison_sociale: supplier.raisonSociale,
      siren: supplier.siren,
      siege: supplier.siege,
      statut_referencement: STATUT_REFERENCE,
      tarifs: lines,
    });
  }
  const keyTasks = grounders.map((g) => g());
  return assembleTree({
    season: options.season,
    track: 'generique',
    base: options.base,
    rulesVersion: GENERIQUE_RULES_VERSION,
    rulesText: options.rulesText,
    bodies,
    tasks,
    key: { season: options.season, track: 'generique', rules_version: GENERIQUE_RULES_VERSION, tasks: keyTasks },
  });
}
