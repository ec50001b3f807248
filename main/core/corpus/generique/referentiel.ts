import { isIsoDay } from '../dates.ts';
import { isPyObject, type PyJson } from '../../json/value.ts';
import { fail, ok, type Result } from '../../result.ts';
import type { PlainJson } from '../tree.ts';
import { AUCUNE_OPTION, STATUT_REFERENCE } from './domain.ts';

/**
 * The purchasing referentiel (spec §6, the generic transposition of §5.3): when an option is valid, how the
 * recommendation is chosen among valid options, and the precedence. Served at /referentiel and frozen with the corpus.
 */
export function referentielBody(dateExamen: string): PlainJson {
  return {
    resource: '/referentiel',
    existe: true,
    version: 'referentiel-generique-saison-1',
    date_examen: dateExamen,
    bornes_de_dates: 'inclusives',
    statut_referencement_valide: STATUT_REFERENCE,
    criteres: [
      {
        id: 'G1',
        cle: 'fiche_produit',
        regle:
          "La référence listée au catalogue a une fiche produit (existe = true). Fiche absente : l'option n'est pas établie.",
      },
      {
        id: 'G2',
        cle: 'prix',
        regle:
          "date_examen <= prix_valide_jusqu_au et prix_unitaire_ht <= budget unitaire du besoin. Prix expiré ou hors budget : option exclue.",
      },
      {
        id: 'G3',
        cle: 'concordance_fournisseur',
        regle:
          "Le prix du catalogue, celui de la fiche produit et le tarif de la fiche fournisseur pour ce produit sont égaux, et le fournisseur a le statut de référencement « reference ». Sources divergentes : l'option n'est pas établie. Fournisseur non référencé : option exclue.",
      },
      {
        id: 'G4',
        cle: 'disponibilite',
        regle:
          'date_examen <= valable_jusqu_au du relevé de disponibilité et quantite_disponible >= quantité du besoin. Relevé expiré ou stock insuffisant : option exclue.',
      },
      {
        id: 'G5',
        cle: 'livraison',
        regle:
          "Selon l'annexe de livraison du produit : delai_livraison_jours <= délai maximal du besoin, quantite_minimale <= quantité du besoin, et le département de livraison n'est pas dans departements_exclus. Sinon : option exclue.",
      },
      {
        id: 'G6',
        cle: 'exigence',
        regle: 'La caractéristique exigée par le besoin a exactement la valeur exigée. Sinon : option exclue.',
      },
    ],
    regle_de_choix:
      "Parmi les options dont tous les critères sont établis et satisfaits, recommander celle dont le prix unitaire HT est le plus bas ; à égalité, la plus petite référence. S'il n'y en a aucune : " +
      AUCUNE_OPTION +
      '.',
    comparaisons:
      'Montants, quantités et délais sont des chaînes décimales comparées comme des nombres exacts ; les dates sont des jours YYYY-MM-DD.',
    preseance: [
      'Un critère établi comme faux exclut l’option.',
      "Un critère qui ne peut pas être établi exclut aussi l'option : une recommandation ne repose que sur des faits établis.",
    ],
  };
}

export interface GeneriqueReferentiel {
  dateExamen: string;
  statutReference: string;
}

export function readGeneriqueReferentiel(body: PyJson): Result<GeneriqueReferentiel, 'CORPUS_REFERENTIEL_INVALID'> {
  const invalid = (what: string) =>
    fail('CORPUS_REFERENTIEL_INVALID', `/referentiel: ${what}; the reference solver cannot apply it`, { what });
  if (!isPyObject(body)) return invalid('the body is not an object');
  const dateExamen = body['date_examen'];
  if (typeof dateExamen !== 'string' || !isIsoDay(dateExamen)) return invalid('date_examen is not a YYYY-MM-DD day');
  const statut = body['statut_referencement_valide'];
  if (typeof statut !== 'string') return invalid('statut_referencement_valide is missing');
  return ok({ dateExamen, statutReference: statut });
}
