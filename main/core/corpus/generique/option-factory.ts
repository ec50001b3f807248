import { addDays } from '../dates.ts';
import { COMPANY_STEMS } from '../fiction/companies.ts';
import { IdentifierFactory } from '../fiction/identifiers.ts';
import { STREETS, TOWNS } from '../fiction/places.ts';
import type { SeededStream } from '../prng.ts';
import { OUTLYING, SUPPLIER_WORDS, WAREHOUSES, type Categorie } from './domain.ts';
import type { NeedPlan, OptionPlan, SupplierPlan } from './plan.ts';

const SUPPLIER_COUNT = 5;

/** Builds needs and options that satisfy every criterion; trap scenarios then edit one fact. */
export class OptionFactory {
  readonly ids: IdentifierFactory;
  readonly suppliers: SupplierPlan[];

  constructor(
    private readonly rng: SeededStream,
    private readonly dateExamen: string,
  ) {
    this.ids = new IdentifierFactory(rng);
    const stems = rng.taker(COMPANY_STEMS);
    this.suppliers = Array.from({ length: SUPPLIER_COUNT }, () => {
      const [postal, town] = rng.pick(TOWNS);
      return {
        identifiant: this.ids.prefixed('F-', 3),
        raisonSociale: `${rng.pick(SUPPLIER_WORDS)} ${stems()} ${rng.pick(['SAS', 'SARL', 'SA'])}`,
        siren: this.ids.siren(),
        siege: `${rng.between(1, 90)} ${rng.pick(STREETS)}, ${postal} ${town}`,
      };
    });
  }

  need(categorie: Categorie): NeedPlan {
    const mainland = TOWNS.map(([, , dept]) => dept);
    return {
      categorie,
      quantite: 5 * this.rng.between(2, 16),
      // The budget sits at the top of the category's range: clean options fit under it.
      budget: BigInt(categorie.prix[1]) * 100n,
      departement: this.rng.pick(mainland),
      delaiMax: this.rng.between(8, 21),
    };
  }

  /** Distinct prices in the category's range, ascending, in hundredths (whole euros, or .50 / .90 endings). */
  prices(categorie: Categorie, count: number): bigint[] {
    const [low, high] = categorie.prix;
    const set = new Set<bigint>();
    while (set.size < count) set.add(BigInt(this.rng.between(low, high - 1)) * 100n + this.rng.pick([0n, 50n, 90n]));
    return [...set].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  option(need: NeedPlan, price: bigint, modele: string): OptionPlan {
    const c = need.categorie;
    const others: Record<string, string> = {};
    for (const [key, values] of Object.entries(c.autres)) others[key] = this.rng.pick(values);
    const exclus = this.rng.shuffle(OUTLYING).slice(0, this.rng.between(2, OUTLYING.length));
    return {
      reference: this.ids.prefixed(`${c.prefixe}-`, 4),
      designation: modele,
      supplier: this.rng.pick(this.suppliers),
      price,
      supplierPrice: price,
      prixValide: addDays(this.dateExamen, 45 + this.rng.below(240)),
      attributeValue: c.conforme,
      others,
      stock: need.quantite + 20 + this.rng.below(380),
      stockValide: addDays(this.dateExamen, 5 + this.rng.below(40)),
      dateReleve: addDays(this.dateExamen, -1 - this.rng.below(9)),
      entrepot: `Entrepôt de ${this.rng.pick(WAREHOUSES)}`,
      annexNumero: this.ids.prefixed('ANX-', 4),
      delai: this.rng.between(2, need.delaiMax),
      minimum: this.rng.between(1, Math.min(need.quantite, 10)),
      exclus: exclus.sort(),
      absent: false,
      highlight: null,
    };
  }
}
