// Le texte de l’écran Sauvegardes en français (même forme que backups-en.ts, qui le type).
import type { backupsEn } from './backups-en.ts';
import { pluralOf } from './plural.ts';

const plural = pluralOf('fr');

export const backupsFr: typeof backupsEn = {
  intro:
    'Sauvegardes chiffrées de la base de l’opérateur et des fichiers à côté (la clé de l’opérateur, freezes/, les exports de l’Index), dans le dossier des sauvegardes donné au lancement de la console. Jusqu’à la révélation, le sel et la clé de réponse d’un gel n’existent que dans la base : sauvegardez après chaque acte qui change la saison (la console le fait d’elle-même après chacun).',
  notConfigured:
    'Cette console a été lancée sans dossier des sauvegardes : rien ne peut être sauvegardé d’ici. Lancez-la avec `--backup-dir DIR` (la phrase secrète dans DIR/passphrase, ou `--backup-passphrase-file FILE`), ou sauvegardez avec `proveit backup create --db FILE --out FILE --passphrase-file FILE`.',
  folder: (dir, keep) => `Dossier ${dir} ; les ${keep} sauvegardes les plus récentes de cette base sont gardées.`,
  backUpNow: 'Sauvegarder maintenant',
  backingUp: 'Sauvegarde en cours…',
  made: (name) => `Sauvegarde ${name} écrite.`,
  caption: 'Sauvegardes de cette base, la plus récente d’abord',
  none: 'Aucune sauvegarde de cette base dans le dossier pour l’instant.',
  name: 'Sauvegarde',
  made_at: 'Faite le',
  size: 'Taille',
  checked: 'Vérifiée',
  actions: 'Vérifications',
  bytes: (n, locale) =>
    n >= 1024 * 1024
      ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n / (1024 * 1024))} Mio`
      : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n / 1024)} Kio`,
  notChecked: 'non vérifiée depuis le lancement de la console',
  verify: 'Vérifier',
  verifyLabel: (name) => `Vérifier ${name}`,
  restoreCheck: 'Essai de restauration',
  restoreCheckLabel: (name) => `Essai de restauration de ${name}`,
  checking: 'Vérification en cours…',
  verified: (at) => `Vérifiée le ${at}`,
  restoreChecked: (at) => `Se restaure (essai du ${at})`,
  failed: (at) => `Ne se vérifie pas (essai du ${at})`,
  what: (files, entries) =>
    `déchiffrée ; integrity_check correct ; journal d’audit intact (${plural(entries, { one: '{n} entrée', other: '{n} entrées' })}) ; le scellé de chaque gel non révélé présent ; ${plural(files, { one: '{n} fichier', other: '{n} fichiers' })}`,
  olderFormat:
    'Faite avant que les sauvegardes emportent les exports de l’Index (format 1) : une base restaurée depuis elle peut noter un export de l’Index qu’aucun dossier ne contient.',
  exportsAgree: (season, version, folder) =>
    `Saison ${season} : version ${version} de l’Index notée, et ${folder}, restauré avec elle, la contient.`,
  exportsDisagree: (season, version) =>
    `Saison ${season} : version ${version} de l’Index notée, mais aucun dossier restauré avec elle ne la contient.`,
  warnings: 'Ce que dirait sa restauration :',
  docs: (code) => `${code} : docs/operator-database.md, « Backups », dit ce qu’il signifie et que faire.`,
  restoreTitle: 'Restaurer une sauvegarde',
  restoreHelp:
    'La console ne peut pas remplacer la base qu’elle tient ouverte. Un essai de restauration restaure la sauvegarde pour de vrai dans un dossier privé à côté de la base (déchiffrement, integrity_check, chaîne d’audit, scellés, exports de l’Index), l’ouvre comme la console le ferait puis l’efface ; rien de ce qui tourne ne change. Pour restaurer : arrêtez la console, lancez la commande indiquée vers un nouveau dossier, puis lancez la console sur la base restaurée (`proveit console --db NEW_FOLDER/…`).',
  restoreCommand: (name) => `Commande qui restaure ${name}`,
};
