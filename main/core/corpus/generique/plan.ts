import type { Categorie } from './domain.ts';

/** A supplier record: its tariff lines are filled as products are assigned to it. */
export interface SupplierPlan {
  identifiant: string;
  raisonSociale: string;
  siren: string;
  siege: string;
}

/** The generator's model of one purchasing option; trap scenarios edit one fact of it. */
export interface OptionPlan {
  reference: string;
  designation: string;
  supplier: SupplierPlan;
  /** Hundredths of a euro, excluding tax. */
  price: bigint;
  /** The supplier record's tariff for this product; equal to `price` unless a scenario contradicts it (P3). */
  supplierPrice: bigint;
  prixValide: string;
  attributeValue: string;
  others: Record<string, string>;
  stock: number;
  stockValide: string;
  dateReleve: string;
  entrepot: string;
  annexNumero: string;
  delai: number;
  minimum: number;
  exclus: string[];
  /** The catalogue lists it but no product record exists (P1). */
  absent: boolean;
  /** A catalogue highlight ("meilleure vente"), the "obvious" option of P5. */
  highlight: string | null;
}

export interface NeedPlan {
  categorie: Categorie;
  quantite: number;
  /** Hundredths of a euro. */
  budget: bigint;
  departement: string;
  delaiMax: number;
}
