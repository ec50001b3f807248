import { fail, ok, type Failure } from '../../result.ts';
import type { ParsedKeyTask } from '../parse-tasks-and-key.ts';
import { isEntryPointer, listEntry } from '../common-entries.ts';
import { pageChain, strings, type DerivedGraph } from '../task-graph.ts';
import { field, objectList, record, walkPages, type Lookup } from '../solver-support.ts';
import type { TrackDefinition } from '../track-definition.ts';
import { AUCUNE_OPTION, GENERIQUE_COLLECTIONS, MIN_AUCUNE } from './domain.ts';
import { GENERIQUE_RULES_VERSION } from './generate.ts';
import { GENERIQUE_REFERENCES } from './references.ts';
import { readGeneriqueReferentiel } from './referentiel.ts';
import { solveGenerique, type Besoin } from './solver.ts';

/**
 * The generic track's probative fields (spec §6.6 "identical to §5.7", transposed): the fields the referentiel's
 * criteria G1–G6 consume, and nothing else.
 */
export const GENERIQUE_PROBATIVE: Record<string, readonly string[]> = {
  '/catalogues/': ['/entrees/<n>/reference', '/entrees/<n>/fournisseur', '/entrees/<n>/prix_catalogue_ht', '/page_suivante'],
  '/produits/': [
    '/existe',
    '/fournisseur',
    '/prix_unitaire_ht',
    '/prix_valide_jusqu_au',
    '/caracteristiques/<*>',
    '/disponibilite',
    '/annexe_livraison',
  ],
  '/fournisseurs/': ['/existe', '/statut_referencement', '/tarifs/<n>/produit', '/tarifs/<n>/prix_unitaire_ht'],
  '/disponibilites/': ['/existe', '/produit', '/quantite_disponible', '/valable_jusqu_au'],
  '/annexes-livraison/': [
    '/existe',
    '/produit',
    '/delai_livraison_jours',
    '/quantite_minimale',
    '/departements_exclus',
    '/departements_exclus/<n>',
  ],
};

export const GENERIQUE_REQUIRED = {
  '/catalogues/': { fields: ['existe', 'entrees', 'page_suivante'], entryFields: ['reference', 'fournisseur', 'prix_catalogue_ht'] },
  '/produits/': {
    fields: ['existe', 'reference', 'fournisseur', 'prix_unitaire_ht', 'prix_valide_jusqu_au', 'caracteristiques', 'disponibilite', 'annexe_livraison'],
  },
  '/fournisseurs/': { fields: ['existe', 'statut_referencement', 'tarifs'] },
  '/disponibilites/': { fields: ['existe', 'produit', 'quantite_disponible', 'valable_jusqu_au'] },
  '/annexes-livraison/': { fields: ['existe', 'produit', 'delai_livraison_jours', 'quantite_minimale', 'departements_exclus'] },
};

const TARGET_KEYS = ['catalogue', 'quantite', 'budget_unitaire_ht', 'departement', 'delai_max_jours', 'attribut', 'valeur_attendue'] as const;

function checkBreakdown(tasks: readonly ParsedKeyTask[]): Failure[] {
  const aucune = tasks.filter((t) => t.verdict === AUCUNE_OPTION).length;
  return aucune >= MIN_AUCUNE
    ? []
    : [
        fail('CORPUS_KEY_BREAKDOWN', `${aucune} task(s) expect ${AUCUNE_OPTION}; spec §6.5 requires at least ${MIN_AUCUNE}`, {
          verdict: AUCUNE_OPTION,
          expected: MIN_AUCUNE,
          actual: aucune,
        }).error,
      ];
}

/** A product reference names an existing product record (spec §6.3). */
function isVerdict(verdict: string, lookup: Lookup): boolean {
  return verdict === AUCUNE_OPTION || (/^[A-Z]+-[0-9]+$/.test(verdict) && record(lookup, `/produits/${verdict}`) !== undefined);
}

/**
 * The generic transposition of spec §5.2: a catalogue page must be the need's own catalogue; in a supplier record, a
 * tariff line must name a product listed in that catalogue (record-level fields concern the supplier as a whole).
 */
function concernsTarget(lookup: Lookup, target: Record<string, string>, resource: string, pointer: string): boolean {
  const catalogue = target['catalogue'] ?? '';
  const pages = walkPages(lookup, catalogue).pages;
  if (resource.startsWith('/catalogues/')) return pages.some((p) => p['resource'] === resource);
  if (!resource.startsWith('/fournisseurs/') || !isEntryPointer(pointer, 'tarifs')) return true;
  const line = listEntry(lookup(resource), pointer, 'tarifs');
  const products = pages.flatMap((p) => objectList(p, 'entrees')).map((e) => field(e, 'reference'));
  return line !== undefined && products.includes(field(line, 'produit'));
}

/**
 * The generic transposition of spec §5.2: the products listed in the need's catalogue, with their availability
 * records and delivery annexes (own); the catalogue pages and the suppliers of those products (common).
 */
function taskGraph(lookup: Lookup, _referentiel: unknown, target: Record<string, string>): DerivedGraph {
  const pages = pageChain(lookup, target['catalogue']);
  const products = pages.flatMap((p) => {
    const body = lookup(p);
    const entries = body && typeof body === 'object' && !Array.isArray(body) ? body['entrees'] : undefined;
    return Array.isArray(entries) ? entries.flatMap((e) => strings(e, 'reference')) : [];
  });
  const own = [...products];
  const suppliers: string[] = [];
  for (const product of products) {
    const body = lookup(product);
    own.push(...strings(body, 'disponibilite'), ...strings(body, 'annexe_livraison'));
    for (const supplier of strings(body, 'fournisseur')) if (!suppliers.includes(supplier)) suppliers.push(supplier);
  }
  return { own, common: [...pages, ...suppliers] };
}

export const GENERIQUE_TRACK: TrackDefinition = {
  name: 'generique',
  rulesVersion: GENERIQUE_RULES_VERSION,
  taskPrefix: 'gen',
  collections: GENERIQUE_COLLECTIONS,
  references: GENERIQUE_REFERENCES,
  verdicts: [AUCUNE_OPTION],
  probative: GENERIQUE_PROBATIVE,
  required: GENERIQUE_REQUIRED,
  isVerdict,
  targetKeys: TARGET_KEYS,
  checkBreakdown,
  concernsTarget,
  taskGraph,
  solve(lookup, referentiel, target) {
    const ref = readGeneriqueReferentiel(referentiel);
    if (!ref.ok) return ref;
    const need = Object.fromEntries(TARGET_KEYS.map((k) => [k, target[k] ?? ''])) as unknown as Besoin;
    return ok(solveGenerique(lookup, ref.value, need));
  },
};
