import { PAGE, anchored, oneOf, type CollectionReferences } from '../collection-references.ts';
import { ACTIVITES } from './domain.ts';

const SIREN = '([0-9]{9})';

/**
 * The references of the compliance collections as the generator writes them (entity-factory.ts, bodies.ts,
 * domain.ts): nine-digit SIRENs, AGR- and AVN- with four digits, ATT- with five, the licensed lists by activity code.
 * An absent one's body (spec §2.5) comes from here, for the generator and the corpus server alike.
 */
export const CONFORMITE_REFERENCES: readonly CollectionReferences[] = [
  {
    collection: '/entites/',
    shape: anchored(SIREN),
    absent: ([siren]) => `Aucune entité ${siren} au registre des entités.`,
  },
  {
    collection: '/agrements/',
    shape: anchored('(AGR-[0-9]{4})'),
    absent: ([numero]) => `Aucun agrément ${numero} au registre des agréments.`,
  },
  {
    collection: '/attestations/',
    shape: anchored('(ATT-[0-9]{5})'),
    absent: ([numero]) => `Aucune attestation ${numero} au registre des attestations.`,
  },
  {
    collection: '/avenants/',
    shape: anchored('(AVN-[0-9]{4})'),
    absent: ([numero]) => `Aucun avenant ${numero} au registre des avenants.`,
  },
  {
    collection: '/listes/agrees/',
    shape: anchored(`${oneOf(ACTIVITES.map((a) => a.code))}/${PAGE}`),
    absent: ([code, page]) => `Aucune page ${page} à la liste des agréés de l'activité ${code}.`,
  },
  {
    collection: '/beneficiaires/',
    shape: anchored(`${SIREN}/${PAGE}`),
    absent: ([siren, page]) => `Aucune page ${page} à la déclaration des bénéficiaires effectifs de l'entité ${siren}.`,
  },
  {
    collection: '/mesures-restrictives/',
    shape: anchored(PAGE),
    absent: ([page]) => `Aucune page ${page} à la liste des mesures restrictives.`,
  },
];
