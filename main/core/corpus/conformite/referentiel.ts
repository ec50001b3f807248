import { isIsoDay } from '../dates.ts';
import { isPyObject, type PyJson } from '../../json/value.ts';
import { fail, ok, type Result } from '../../result.ts';
import type { PlainJson } from '../tree.ts';
import { MESURES_PREMIERE_PAGE, OBJETS_AVENANT, STATUTS, listeAgreesPage, type Activite } from './domain.ts';

/**
 * The compliance referentiel (spec §5.3): criteria, inclusive date bounds, riders and precedence, served at
 * /referentiel and frozen with the corpus. The prose states each rule for a reader; the keys the reference solver
 * reads (date_examen, statuts, activites, liste_mesures_restrictives, correspondance) make it machine-readable.
 */
export function referentielBody(dateExamen: string, activites: readonly Activite[]): PlainJson {
  return {
    resource: '/referentiel',
    existe: true,
    version: 'referentiel-conformite-saison-1',
    date_examen: dateExamen,
    bornes_de_dates: 'inclusives',
    statuts: {
      entite_active: STATUTS.entiteActive,
      agrement_actif: STATUTS.agrementActif,
      declaration_deposee: STATUTS.declarationDeposee,
    },
    activites: activites.map((a) => ({
      code: a.code,
      libelle: a.libelle,
      attestation_requise: a.attestation_requise,
      liste_agrees: listeAgreesPage(a.code, 1),
    })),
    liste_mesures_restrictives: MESURES_PREMIERE_PAGE,
    correspondance: {
      champs: ['nom', 'prenoms', 'date_naissance'],
      regle: 'Une personne correspond à une entrée de la liste si les trois champs sont égaux, caractère pour caractère.',
    },
    criteres: [
      {
        id: 'C1',
        cle: 'entite_active',
        regle:
          "La fiche de l'entité existe (existe = true) et son statut vaut « active ». Fiche absente : critère non établi. Autre statut : critère faux.",
      },
      {
        id: 'C2',
        cle: 'agrement_valide',
        regle:
          "Parmi les agréments cités par la fiche (agrements), l'un vise l'activité examinée et l'entité (activite, entite), a le statut « actif », et date_debut <= date_examen <= date_fin_validite. Il figure sur la liste publique des entités agréées de l'activité avec le même statut. La fiche d'agrément et la liste ont le même rang : statuts divergents, critère non établi. Agrément absent de la liste : critère faux. Agrément cité mais inexistant (existe = false) : critère non établi.",
      },
      {
        id: 'C3',
        cle: 'attestation_valide',
        regle:
          "Parmi les attestations citées par la fiche (attestations), l'une est du type requis pour l'activité, concerne l'entité, et date_emission <= date_examen <= date de fin effective, après application des avenants. Attestation citée mais inexistante : critère non établi. Avenant excluant l'activité : critère faux.",
      },
      {
        id: 'C4',
        cle: 'declaration_beneficiaires',
        regle:
          'La déclaration des bénéficiaires effectifs, lue page par page en suivant page_suivante depuis la page citée par la fiche (beneficiaires), a le statut « deposee » sur chaque page. Page absente ou autre statut : critère non établi.',
      },
      {
        id: 'C5',
        cle: 'mesures_restrictives',
        regle:
          'Aucun bénéficiaire effectif ne correspond à une entrée de la liste des mesures restrictives, lue page par page. Correspondance : critère faux. Bénéficiaires non établis : critère non établi.',
      },
    ],
    avenants: {
      regle:
        "Un avenant s'applique si date_effet <= date_examen, dans l'ordre des dates d'effet. Il doit viser l'attestation qui le cite (attestation).",
      objets: {
        [OBJETS_AVENANT.prorogation]: 'nouvelle_date_fin remplace la date de fin de validité.',
        [OBJETS_AVENANT.exclusion]: "L'attestation ne couvre plus activite_exclue.",
        [OBJETS_AVENANT.adresse]: 'Sans effet sur les critères.',
      },
    },
    preseance: [
      'Un critère établi comme faux donne non_conforme.',
      'Sinon, un critère qui ne peut pas être établi donne indeterminable.',
      'Sinon, conforme.',
    ],
    note: "Un document dont la validité a expiré établit le manquement : il conduit à non_conforme, non à indeterminable.",
  };
}

/** What the reference solver reads from the referentiel. */
export interface ConformiteReferentiel {
  dateExamen: string;
  statuts: { entiteActive: string; agrementActif: string; declarationDeposee: string };
  activites: Map<string, { attestationRequise: string; listeAgrees: string }>;
  listeMesures: string;
  champsCorrespondance: string[];
}

function text(object: PyJson | undefined, key: string): string | undefined {
  if (!isPyObject(object)) return undefined;
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}

export function readConformiteReferentiel(
  body: PyJson,
): Result<ConformiteReferentiel, 'CORPUS_REFERENTIEL_INVALID'> {
  const invalid = (what: string) =>
    fail('CORPUS_REFERENTIEL_INVALID', `/referentiel: ${what}; the reference solver cannot apply it`, { what });
  if (!isPyObject(body)) return invalid('the body is not an object');
  const dateExamen = text(body, 'date_examen');
  if (dateExamen === undefined || !isIsoDay(dateExamen)) return invalid('date_examen is not a YYYY-MM-DD day');
  const statuts = body['statuts'];
  const entiteActive = text(statuts, 'entite_active');
  const agrementActif = text(statuts, 'agrement_actif');
  const declarationDeposee = text(statuts, 'declaration_deposee');
  if (entiteActive === undefined || agrementActif === undefined || declarationDeposee === undefined) {
    return invalid('statuts must name entite_active, agrement_actif and declaration_deposee');
  }
  const activitesValue = body['activites'];
  if (!Array.isArray(activitesValue)) return invalid('activites is not a list');
  const activites = new Map<string, { attestationRequise: string; listeAgrees: string }>();
  for (const item of activitesValue) {
    const code = text(item, 'code');
    const attestationRequise = text(item, 'attestation_requise');
    const listeAgrees = text(item, 'liste_agrees');
    if (code === undefined || attestationRequise === undefined || listeAgrees === undefined) {
      return invalid('an activite lacks code, attestation_requise or liste_agrees');
    }
    activites.set(code, { attestationRequise, listeAgrees });
  }
  const listeMesures = text(body, 'liste_mesures_restrictives');
  if (listeMesures === undefined) return invalid('liste_mesures_restrictives is missing');
  const champs = isPyObject(body['correspondance']) ? body['correspondance']['champs'] : undefined;
  if (!Array.isArray(champs) || champs.length === 0 || !champs.every((c) => typeof c === 'string')) {
    return invalid('correspondance.champs is not a list of field names');
  }
  return ok({
    dateExamen,
    statuts: { entiteActive, agrementActif, declarationDeposee },
    activites,
    listeMesures,
    champsCorrespondance: champs as string[],
  });
}
