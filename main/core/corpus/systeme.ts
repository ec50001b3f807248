import type { PlainJson } from './tree.ts';

/** The /_systeme/* statuses, in the manifest's order (spec §4.1 instrument faults: 403, 503, 400; §2.5: 404). */
export const SYSTEME_STATUSES = ['403', '503', '400', '404'] as const;
export type SystemeStatus = (typeof SYSTEME_STATUSES)[number];

export function systemeFile(status: SystemeStatus): string {
  return `systeme/${status}.json`;
}

/**
 * The fixed bodies the corpus answers outside a catalogue resource (spec §2.3, §2.5). Each says what happened and
 * what to do; they are hashed into the manifest so the scorer can recognise an instrument fault (spec §4.1).
 */
export function systemeBodies(): Record<SystemeStatus, PlainJson> {
  return {
    '403': {
      resource: '/_systeme/403',
      erreur: 'acces_refuse',
      message:
        "Ce corpus ne répond qu'aux appels transmis par le proxy Trust Layer (POST /v1/proxy), qui ajoute l'en-tête X-Challenge-Secret. Un appel direct, ou un en-tête fourni par l'appelant, est refusé : refaites l'appel à travers le proxy avec votre clé API.",
    },
    '503': {
      resource: '/_systeme/503',
      erreur: 'corpus_indisponible',
      message:
        "Le corpus est momentanément indisponible. Cet incident relève de l'organisateur, pas du participant : réessayez plus tard avec la même URL canonique.",
    },
    '400': {
      resource: '/_systeme/400',
      erreur: 'requete_invalide',
      message:
        "Requête non prise en charge : seules les méthodes GET et POST sur l'URL canonique du catalogue, sans paramètre de requête, sont servies.",
    },
    '404': {
      resource: '/_systeme/404',
      erreur: 'hors_collections',
      message:
        "Ce chemin n'appartient à aucune collection du corpus. Les URL canoniques, caractère pour caractère, sont publiées dans le catalogue de la saison.",
    },
  };
}

/**
 * 421 Misdirected Request: a corpus server that serves several tracks routes on the Host header (each track has a
 * base of its own, docs/corpus-format.md §1), and answers this fixed body when the host names none of its tracks.
 * It belongs to no track, so no manifest hashes it: a call that gets it never names a catalogue URL anyway.
 */
export const UNKNOWN_HOST_STATUS = 421;

export function unknownHostBody(bases: readonly string[]): PlainJson {
  return {
    resource: '/_systeme/421',
    erreur: 'hote_inconnu',
    message:
      "Ce serveur de corpus ne sert aucune piste sous l'hôte demandé. Chaque piste de la saison a sa propre base : appelez l'URL canonique publiée dans son catalogue (base de la piste + chemin), à travers le proxy Trust Layer.",
    bases: [...bases],
  };
}
