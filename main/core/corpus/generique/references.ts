import { PAGE, anchored, oneOf, type CollectionReferences } from '../collection-references.ts';
import { CATEGORIES } from './domain.ts';

/** A product reference: the category's prefix and four digits (option-factory.ts). */
const PRODUIT = `(${oneOf(CATEGORIES.map((c) => c.prefixe))}-[0-9]{4})`;

/**
 * The references of the generic collections as the generator writes them (option-factory.ts, paths.ts, domain.ts):
 * catalogues by category code, products and availability records by product reference, F- with three digits,
 * ANX- with four. An absent one's body (spec §2.5) comes from here, for the generator and the corpus server alike.
 */
export const GENERIQUE_REFERENCES: readonly CollectionReferences[] = [
  {
    collection: '/catalogues/',
    shape: anchored(`${oneOf(CATEGORIES.map((c) => c.code))}/${PAGE}`),
    absent: ([code, page]) => `Aucune page ${page} au catalogue ${code}.`,
  },
  {
    collection: '/produits/',
    shape: anchored(PRODUIT),
    absent: ([reference]) => `Aucune fiche produit ${reference} au catalogue.`,
  },
  {
    collection: '/fournisseurs/',
    shape: anchored('(F-[0-9]{3})'),
    absent: ([identifiant]) => `Aucun fournisseur ${identifiant} au référentiel des fournisseurs.`,
  },
  {
    collection: '/disponibilites/',
    shape: anchored(PRODUIT),
    absent: ([reference]) => `Aucun relevé de disponibilité ${reference} au registre des disponibilités.`,
  },
  {
    collection: '/annexes-livraison/',
    shape: anchored('(ANX-[0-9]{4})'),
    absent: ([numero]) => `Aucune annexe de livraison ${numero} au registre des annexes de livraison.`,
  },
];
