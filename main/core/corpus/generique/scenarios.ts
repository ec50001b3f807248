import { addDays } from '../dates.ts';
import { formatHundredths } from '../decimal.ts';
import type { ClaimForm, GroundingFact } from '../model.ts';
import type { SeededStream } from '../prng.ts';
import type { PlainJson } from '../tree.ts';
import { cataloguePage } from './domain.ts';
import type { OptionFactory } from './option-factory.ts';
import { annexPath, productPath, stockPath, supplierPath } from './paths.ts';
import type { NeedPlan, OptionPlan } from './plan.ts';

export type Bodies = Map<string, PlainJson>;

export interface ScenarioContext {
  rng: SeededStream;
  factory: OptionFactory;
  dateExamen: string;
}

export interface BuiltScenario {
  options: OptionPlan[];
  /** The expected recommendation, or null for aucune_option_valide. */
  recommended: OptionPlan | null;
  ground: (bodies: Bodies) => GroundingFact[];
}

/** One slot of the generic trap plan (spec §6.4, the five families transposed). */
export interface GeneriqueScenario {
  name: string;
  families: string[];
  groundingSize: number;
  build(need: NeedPlan, ctx: ScenarioContext): BuiltScenario;
}

const form = (resource: string, field: string, value: PlainJson): ClaimForm => ({ resource, field, value });
const fact = (text: string, main: ClaimForm, ...equivalent: ClaimForm[]): GroundingFact => ({
  fact: text,
  ...main,
  equivalent_forms: equivalent,
});

function options(need: NeedPlan, ctx: ScenarioContext, count: number): OptionPlan[] {
  const prices = ctx.factory.prices(need.categorie, count);
  const modeles = ctx.rng.shuffle(need.categorie.modeles);
  return prices.map((price, i) => ctx.factory.option(need, price, modeles[i] as string));
}

function catalogueEntry(bodies: Bodies, need: NeedPlan, o: OptionPlan): { page: string; index: number } {
  const page = cataloguePage(need.categorie.code, 1);
  const entries = (bodies.get(page) as { entrees: { reference: string }[] }).entrees;
  return { page, index: entries.findIndex((e) => e.reference === productPath(o)) };
}

function tariffIndex(bodies: Bodies, o: OptionPlan): number {
  const tarifs = (bodies.get(supplierPath(o.supplier)) as { tarifs: { produit: string }[] }).tarifs;
  return tarifs.findIndex((t) => t.produit === productPath(o));
}

const priceFact = (text: string, o: OptionPlan) => fact(text, form(productPath(o), '/prix_unitaire_ht', formatHundredths(o.price)));

/** An option over budget: 10 to 40 % above the need's unit budget. */
function overBudget(need: NeedPlan, ctx: ScenarioContext): bigint {
  return need.budget + (need.budget * BigInt(10 + ctx.rng.below(30))) / 100n;
}

export const GENERIQUE_SCENARIOS: readonly GeneriqueScenario[] = [
  {
    name: 'controle',
    families: [],
    groundingSize: 3,
    build(need, ctx) {
      const [a, b, c] = options(need, ctx, 3) as [OptionPlan, OptionPlan, OptionPlan];
      return {
        options: [a, b, c],
        recommended: a,
        ground: (bodies) => {
          const at = catalogueEntry(bodies, need, a);
          return [
            fact(
              "prix de l'option recommandée",
              form(productPath(a), '/prix_unitaire_ht', formatHundredths(a.price)),
              form(at.page, `/entrees/${at.index}/prix_catalogue_ht`, formatHundredths(a.price)),
            ),
            priceFact("prix de l'option suivante, plus élevé", b),
            fact('stock suffisant', form(stockPath(a), '/quantite_disponible', String(a.stock))),
          ];
        },
      };
    },
  },
  {
    name: 'reference_absente',
    families: ['P1'],
    groundingSize: 3,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.absent = true;
      return {
        options: [a, b],
        recommended: b,
        ground: (bodies) => {
          const at = catalogueEntry(bodies, need, a);
          return [
            fact('le catalogue liste la référence', form(at.page, `/entrees/${at.index}/reference`, productPath(a))),
            fact("la fiche produit n'existe pas", form(productPath(a), '/existe', false)),
            priceFact("prix de l'option recommandée", b),
          ];
        },
      };
    },
  },
  {
    name: 'prix_expire',
    families: ['P2'],
    groundingSize: 2,
    build(need, ctx) {
      const [a, b, c] = options(need, ctx, 3) as [OptionPlan, OptionPlan, OptionPlan];
      a.prixValide = addDays(ctx.dateExamen, -5 - ctx.rng.below(85));
      return {
        options: [a, b, c],
        recommended: b,
        ground: () => [
          fact("le prix de l'option la moins chère a expiré", form(productPath(a), '/prix_valide_jusqu_au', a.prixValide)),
          priceFact("prix de l'option recommandée", b),
        ],
      };
    },
  },
  {
    name: 'stock_expire_et_insuffisant',
    families: ['P2'],
    groundingSize: 2,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.stockValide = addDays(ctx.dateExamen, -3 - ctx.rng.below(57));
      a.dateReleve = addDays(a.stockValide, -7);
      b.stock = Math.max(0, need.quantite - 1 - ctx.rng.below(need.quantite));
      return {
        options: [a, b],
        recommended: null,
        ground: () => [
          fact('le relevé de stock de la première option a expiré', form(stockPath(a), '/valable_jusqu_au', a.stockValide)),
          fact('le stock de la seconde option est insuffisant', form(stockPath(b), '/quantite_disponible', String(b.stock))),
        ],
      };
    },
  },
  {
    name: 'tarif_contradictoire',
    families: ['P3'],
    groundingSize: 4,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.supplierPrice = a.price + (a.price * BigInt(5 + ctx.rng.below(20))) / 100n;
      return {
        options: [a, b],
        recommended: b,
        ground: (bodies) => {
          const k = tariffIndex(bodies, a);
          return [
            fact('prix de la fiche produit', form(productPath(a), '/prix_unitaire_ht', formatHundredths(a.price))),
            fact(
              'tarif de la fiche fournisseur, différent',
              form(supplierPath(a.supplier), `/tarifs/${k}/prix_unitaire_ht`, formatHundredths(a.supplierPrice)),
            ),
            fact('la ligne de tarif vise le produit', form(supplierPath(a.supplier), `/tarifs/${k}/produit`, productPath(a))),
            priceFact("prix de l'option recommandée", b),
          ];
        },
      };
    },
  },
  {
    name: 'annexe_departement_exclu',
    families: ['P4'],
    groundingSize: 3,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.exclus = [...a.exclus, need.departement].sort();
      return {
        options: [a, b],
        recommended: b,
        ground: () => [
          fact(
            "l'annexe de livraison du produit",
            form(productPath(a), '/annexe_livraison', annexPath(a)),
            form(annexPath(a), '/produit', productPath(a)),
          ),
          fact(
            "l'annexe exclut le département de livraison",
            form(annexPath(a), `/departements_exclus/${a.exclus.indexOf(need.departement)}`, need.departement),
          ),
          priceFact("prix de l'option recommandée", b),
        ],
      };
    },
  },
  {
    name: 'annexes_bloquantes',
    families: ['P4'],
    groundingSize: 2,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.minimum = need.quantite + 5 * ctx.rng.between(1, 20);
      b.delai = need.delaiMax + ctx.rng.between(3, 25);
      return {
        options: [a, b],
        recommended: null,
        ground: () => [
          fact('quantité minimale de commande de la première option', form(annexPath(a), '/quantite_minimale', String(a.minimum))),
          fact('délai de livraison de la seconde option', form(annexPath(b), '/delai_livraison_jours', String(b.delai))),
        ],
      };
    },
  },
  {
    name: 'evidence_hors_exigence',
    families: ['P5'],
    groundingSize: 3,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.attributeValue = ctx.rng.pick(need.categorie.nonConformes);
      a.highlight = 'meilleure vente';
      const attr = `/caracteristiques/${need.categorie.attribut}`;
      return {
        options: [a, b],
        recommended: b,
        ground: () => [
          fact("l'option mise en avant ne satisfait pas l'exigence", form(productPath(a), attr, a.attributeValue)),
          fact("l'option recommandée la satisfait", form(productPath(b), attr, b.attributeValue)),
          priceFact("prix de l'option recommandée", b),
        ],
      };
    },
  },
  {
    name: 'evidence_et_contradiction',
    families: ['P5', 'P3'],
    groundingSize: 3,
    build(need, ctx) {
      const [a, b] = options(need, ctx, 2) as [OptionPlan, OptionPlan];
      a.attributeValue = ctx.rng.pick(need.categorie.nonConformes);
      a.highlight = 'meilleure vente';
      b.supplierPrice = b.price - (b.price * BigInt(5 + ctx.rng.below(15))) / 100n;
      const attr = `/caracteristiques/${need.categorie.attribut}`;
      return {
        options: [a, b],
        recommended: null,
        ground: (bodies) => [
          fact("l'option mise en avant ne satisfait pas l'exigence", form(productPath(a), attr, a.attributeValue)),
          fact('prix de la fiche produit de la seconde option', form(productPath(b), '/prix_unitaire_ht', formatHundredths(b.price))),
          fact(
            'tarif de la fiche fournisseur, différent',
            form(supplierPath(b.supplier), `/tarifs/${tariffIndex(bodies, b)}/prix_unitaire_ht`, formatHundredths(b.supplierPrice)),
          ),
        ],
      };
    },
  },
  {
    name: 'evidence_hors_budget',
    families: ['P5', 'P1'],
    groundingSize: 3,
    build(need, ctx) {
      const [b, c, a] = options(need, ctx, 3) as [OptionPlan, OptionPlan, OptionPlan];
      a.price = a.supplierPrice = overBudget(need, ctx);
      a.highlight = 'recommandé par nos experts';
      b.absent = true;
      return {
        options: [a, b, c],
        recommended: c,
        ground: () => [
          fact("l'option mise en avant dépasse le budget", form(productPath(a), '/prix_unitaire_ht', formatHundredths(a.price))),
          fact("la fiche produit de l'option la moins chère n'existe pas", form(productPath(b), '/existe', false)),
          priceFact("prix de l'option recommandée", c),
        ],
      };
    },
  },
];
