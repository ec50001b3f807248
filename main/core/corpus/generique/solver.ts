import { compareCodePoints } from '../../json/code-point-order.ts';
import type { PyObject } from '../../json/value.ts';
import { parseHundredths } from '../decimal.ts';
import {
  combine,
  field,
  objectList,
  record,
  stringList,
  walkPages,
  type CriterionOutcome,
  type CriterionStatus,
  type Lookup,
} from '../solver-support.ts';
import { AUCUNE_OPTION } from './domain.ts';
import type { GeneriqueReferentiel } from './referentiel.ts';

/** A purchasing need, as the task's target states it (every value a string, like the corpus). */
export interface Besoin {
  catalogue: string;
  quantite: string;
  budget_unitaire_ht: string;
  departement: string;
  delai_max_jours: string;
  attribut: string;
  valeur_attendue: string;
}

export interface OptionOutcome {
  produit: string;
  status: CriterionStatus;
  criteria: CriterionOutcome[];
}

export interface GeneriqueOutcome {
  verdict: string;
  criteria: CriterionOutcome[];
  options: OptionOutcome[];
}

const c = (id: string, status: CriterionStatus, reason: string): CriterionOutcome => ({ id, status, reason });

/** a <= b for decimal strings; undefined when either is not a decimal (the criterion is then not established). */
function atMost(a: string | undefined, b: string | undefined): boolean | undefined {
  const x = a === undefined ? undefined : parseHundredths(a);
  const y = b === undefined ? undefined : parseHundredths(b);
  return x === undefined || y === undefined ? undefined : x <= y;
}

function judge(ok: boolean | undefined, id: string, reason: string): CriterionOutcome {
  return c(id, ok === undefined ? 'non_etabli' : ok ? 'vrai' : 'faux', reason);
}

function evaluateOption(lookup: Lookup, entry: PyObject, need: Besoin, ref: GeneriqueReferentiel): OptionOutcome {
  const path = field(entry, 'reference') ?? '';
  const product = record(lookup, path);
  if (!product) return { produit: path, status: 'non_etabli', criteria: [c('G1', 'non_etabli', `${path} does not exist`)] };
  const criteria: CriterionOutcome[] = [c('G1', 'vrai', `${path} exists`)];
  const price = field(product, 'prix_unitaire_ht');
  const priceValid = (field(product, 'prix_valide_jusqu_au') ?? '') >= ref.dateExamen;
  const inBudget = atMost(price, need.budget_unitaire_ht);
  criteria.push(
    judge(inBudget === undefined ? undefined : priceValid && inBudget, 'G2', `${path}: ${price} valid until ${field(product, 'prix_valide_jusqu_au')}`),
  );
  const supplierPath = field(product, 'fournisseur') ?? '';
  const supplier = record(lookup, supplierPath);
  const tariff = supplier ? objectList(supplier, 'tarifs').find((t) => field(t, 'produit') === path) : undefined;
  if (!supplier || !tariff) criteria.push(c('G3', 'non_etabli', `${supplierPath} has no tariff for ${path}`));
  else if (field(supplier, 'statut_referencement') !== ref.statutReference) {
    criteria.push(c('G3', 'faux', `${supplierPath} is not referenced`));
  } else {
    const same = field(tariff, 'prix_unitaire_ht') === price && field(entry, 'prix_catalogue_ht') === price;
    criteria.push(
      c('G3', same ? 'vrai' : 'non_etabli', `catalogue ${field(entry, 'prix_catalogue_ht')}, product ${price}, supplier ${field(tariff, 'prix_unitaire_ht')}`),
    );
  }
  const stockPath = field(product, 'disponibilite') ?? '';
  const stock = record(lookup, stockPath);
  if (!stock) criteria.push(c('G4', 'non_etabli', `${stockPath} does not exist`));
  else {
    const enough = atMost(need.quantite, field(stock, 'quantite_disponible'));
    const current = (field(stock, 'valable_jusqu_au') ?? '') >= ref.dateExamen;
    criteria.push(judge(enough === undefined ? undefined : enough && current, 'G4', `${stockPath}: ${field(stock, 'quantite_disponible')} until ${field(stock, 'valable_jusqu_au')}`));
  }
  const annexPath = field(product, 'annexe_livraison') ?? '';
  const annex = record(lookup, annexPath);
  if (!annex) criteria.push(c('G5', 'non_etabli', `${annexPath} does not exist`));
  else {
    const delay = atMost(field(annex, 'delai_livraison_jours'), need.delai_max_jours);
    const minimum = atMost(field(annex, 'quantite_minimale'), need.quantite);
    const served = !stringList(annex, 'departements_exclus').includes(need.departement);
    const okAll = delay === undefined || minimum === undefined ? undefined : delay && minimum && served;
    criteria.push(judge(okAll, 'G5', `${annexPath}: delay ${field(annex, 'delai_livraison_jours')}, minimum ${field(annex, 'quantite_minimale')}`));
  }
  const features = product['caracteristiques'];
  const actual = features && typeof features === 'object' && !Array.isArray(features) ? features[need.attribut] : undefined;
  criteria.push(c('G6', actual === need.valeur_attendue ? 'vrai' : 'faux', `${need.attribut}: ${String(actual)}`));
  return { produit: path, status: combine(criteria.map((x) => x.status)), criteria };
}

/**
 * The generic reference solver: every option of the need's catalogue is checked against G1–G6; the recommendation
 * is the cheapest valid option (ties: smallest reference), or aucune_option_valide.
 */
export function solveGenerique(lookup: Lookup, ref: GeneriqueReferentiel, need: Besoin): GeneriqueOutcome {
  const pages = walkPages(lookup, need.catalogue);
  const entries = pages.pages.flatMap((p) => objectList(p, 'entrees'));
  const options = entries.map((entry) => evaluateOption(lookup, entry, need, ref));
  const valid = options
    .filter((o) => o.status === 'vrai')
    .map((o) => {
      const product = record(lookup, o.produit) as PyObject;
      return { reference: field(product, 'reference') ?? '', price: parseHundredths(field(product, 'prix_unitaire_ht') ?? '') ?? 0n };
    })
    .sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : compareCodePoints(a.reference, b.reference)));
  const criteria = [
    c('catalogue', pages.complete ? 'vrai' : 'non_etabli', `${entries.length} option(s) in ${need.catalogue}`),
    ...options.map((o) => c(o.produit, o.status, o.criteria.filter((x) => x.status !== 'vrai').map((x) => `${x.id} ${x.reason}`).join('; ') || 'valid')),
  ];
  const best = valid[0];
  return { verdict: pages.complete && best ? best.reference : AUCUNE_OPTION, criteria, options };
}
