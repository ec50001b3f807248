// Le texte en français de l’aspect de la console (même forme que look-en.ts, qui le type).
import type { lookEn } from './look-en.ts';
import { pluralOf } from './plural.ts';

const plural = pluralOf('fr');

export const lookFr: typeof lookEn = {
  close: 'Fermer',
  receiveDispute: 'Recevoir une contestation…',
  decideDispute: 'Instruire et décider…',
  decideTitle: (id) => `Instruire et décider ${id}`,
  counts: {
    disputes: (n) => `Contestations, ${plural(n, { one: '{n} non décidée', other: '{n} non décidées' })}`,
    incidents: (n) => `Incidents, ${plural(n, { one: '{n} ouvert', other: '{n} ouverts' })}`,
    proofs: (n) => `Preuves, ${plural(n, { one: '{n} preuve en attente', other: '{n} preuves en attente' })}`,
  },
  barTitle: (hour, reads) => `${hour} UTC : ${plural(reads, { one: '{n} lecture', other: '{n} lectures' })}`,
  limitAbove: (limit) => `limite ${limit}/h, au-dessus de cette échelle ↑`,
  markTitle: (name, overclaim, success, reference) =>
    `${name}${reference ? ' (exécution de référence)' : ''} : taux de surdéclaration ${overclaim}, taux de réussite ${success}`,
  resourcesShown: (from, to, of) => `Ressources ${from} à ${to} sur ${of}`,
  resourcePages: 'Pages des ressources',
  previewLanguage: 'Langue de l’aperçu',
};
