// Le texte de l'interface en français. Même forme que en.ts (type `Messages`) : une clé manquante ne compile pas.
import type { ActivityState } from '../../../main/core/follow/activity.ts';
import type { FollowState, SeasonTrackStatus } from '../api/operations.ts';
import type { Messages } from './en.ts';
import { backupsFr } from './backups-fr.ts';
import { lookFr } from './look-fr.ts';
import { participantsFr } from './participants-fr.ts';
import { happenedFr } from './happened-fr.ts';
import { lintFixFr, lintFoundFr } from './lint-findings-fr.ts';
import { pluralOf } from './plural.ts';

type At = (iso: string | null) => string;
type Next = (s: SeasonTrackStatus, at: At) => string;

const plural = pluralOf('fr');

export const fr: Messages = {
  app: { title: 'Console opérateur PROVE IT', skip: 'Aller à l’écran' },
  nav: {
    label: 'Écrans',
    season: 'Saison',
    freeze: 'Gel',
    corpus: 'Corpus',
    proofs: 'Preuves',
    scoring: 'Notation',
    participants: 'Participants',
    disputes: 'Contestations',
    incidents: 'Incidents',
    index: 'Index',
    audit: 'Journal',
    backups: 'Sauvegardes',
    connections: 'Connexions',
  },
  language: { switchTo: 'English' },
  context: {
    label: 'Contexte',
    season: 'Saison',
    nextDeadline: 'Prochaine échéance',
    deadlines: { opening: 'ouverture', close: 'clôture', disputeWindow: 'fin de la dernière fenêtre de contestation' },
    noDeadline: 'aucune : la prochaine étape est un acte',
    passed: 'passée',
    clock: 'Horloge de la console',
  },
  notice: {
    dismiss: 'Fermer cet avis',
    dismissFailure: 'Fermer ce message',
    says: {
      SCORES_NOT_FOUND:
        'Cette piste n’a pas encore de clôture : ses scores apparaissent ici une fois la clôture faite.',
      FREEZE_NOT_REVEALED:
        'Le gel se vérifie contre sa révélation, que fait la clôture : cette piste n’a pas encore été clôturée.',
      FREEZE_NOT_FOUND: 'Cette piste n’est pas encore gelée : rien n’est lu, clôturé ni noté avant son gel.',
      INDEX_NOTHING_PUBLISHED: 'Rien de cette saison n’est encore publié : l’Index ne montre que des scores publiés.',
      INDEX_NOT_EXPORTED:
        'Aucun Index de cette saison n’a encore été exporté depuis cette console : il n’y a rien à vérifier.',
      CONSOLE_DEMO_PLAYING:
        'La saison de démonstration s’écrit dans la nouvelle base : les écrans se chargent dès la fin de sa progression ci-dessus.',
    },
  },
  filter: {
    all: (n) => `tout statut (${n})`,
    option: (label, n) => `${label} (${n})`,
    assertions: 'Afficher les assertions',
    disputes: 'Afficher les contestations',
    incidents: 'Afficher les incidents',
    noneShown: 'Aucune ligne n’a le statut choisi : choisissez-en un autre, ou tout statut.',
  },
  tiles: {
    prompts: (name, n) =>
      plural(n, { one: `Énoncé de ${name} ({n} tâche)`, other: `Énoncés des tâches de ${name} ({n} tâches)` }),
  },
  track: {
    label: 'Piste',
    name: (season, track) => `Saison ${season} · ${track}`,
  },
  error: {
    happened: 'Ce qui s’est passé :',
    todo: 'Que faire :',
    code: 'Code :',
    said: 'Détails, tels que le processus de la console les a donnés (en anglais) :',
  },
  happened: happenedFr,
  backups: backupsFr,
  look: lookFr,
  participants: participantsFr,
  advice: {
    CONNECTION_UNREACHABLE:
      'Rien n’a répondu à cette adresse : vérifiez l’adresse (l’option indiquée), que le service tourne et que cette machine l’atteint, puis relancez la console avec l’option corrigée.',
    CONNECTION_REFUSED:
      'Quelque chose a répondu, mais pas ce service : donnez l’adresse de base du service (sans chemin après) avec l’option indiquée, puis relancez la console.',
    CONNECTION_NOT_CONFIGURED:
      'La console a été lancée sans ce service : relancez-la avec l’option indiquée pour l’utiliser.',
    CONNECTION_NOT_WRITABLE:
      'Le dossier des sauvegardes ne peut pas recevoir de fichier : créez-le ou donnez à cet utilisateur le droit d’y écrire, ou relancez la console avec `--backup-dir DIR` nommant un autre dossier.',
    CONSOLE_BACKUP_NOT_CONFIGURED:
      'Lancez la console avec `--backup-dir DIR` (la phrase secrète dans DIR/passphrase, ou `--backup-passphrase-file FILE`), ou sauvegardez avec `proveit backup create`.',
    CONSOLE_BACKUP_NOT_FOUND:
      'Le fichier a été supprimé ou renommé entre-temps : relisez la liste et choisissez-en un qu’elle montre.',
    CONNECTION_API_KEY_REFUSED:
      'Le Trust Layer ne connaît pas cette clé d’API : relancez la console avec `--api-key-file FICHIER` contenant une clé de ce Trust Layer.',
    CONNECTION_API_KEY_UNBOUND:
      'La clé d’API n’est liée à aucun DID : les gels et ancrages d’Index faits avec elle sont refusés. Liez-la avec « Lier la clé d’API au DID du challenge » dans la liste de mise en place ci-dessus, ou relancez la console avec `--api-key-file FICHIER` contenant la clé liée.',
    CONNECTION_API_KEY_OTHER_DID:
      'La clé d’API est liée à un autre DID que celui du challenge : les gels et ancrages d’Index faits avec elle sont refusés. Liez-la avec « Lier la clé d’API au DID du challenge » dans la liste de mise en place ci-dessus, ou relancez la console avec `--api-key-file FICHIER` contenant la clé liée au DID du challenge.',
    CONNECTION_TOKEN_REFUSED:
      'Le service de la saison refuse ce jeton opérateur : relancez la console avec `--operator-token-file FICHIER` contenant le jeton avec lequel le service a été lancé.',
    CONNECTION_SEASON_OTHER:
      'Ce service de saison tient une autre saison que cette console : relancez la console avec l’option indiquée nommant le service de cette saison.',
    CONNECTION_BASE_NOT_PUBLIC:
      'Une base de saison en .localhost n’est atteinte que par le Trust Layer d’un devnet : relancez la console avec `--season-base https://…`, l’adresse publique du service de la saison.',
    CONNECTION_BASE_OTHER_SERVICE:
      'La base de la saison et le service de la saison sont deux services différents : relancez la console avec `--season-base` nommant l’adresse publique du service de `--season-url`.',
    SETUP_OPERATOR_KEY_MISSING:
      'Créez la clé opérateur avec la première étape de la liste de mise en place, ou placez la clé opérateur à côté de la base sous le nom index-signing-key.pem.',
    SETUP_BIND_UNREACHABLE:
      'Le Trust Layer n’a pas répondu : vérifiez l’adresse donnée avec `--trust-layer`, puis liez à nouveau.',
    SETUP_BIND_REFUSED:
      'Le Trust Layer a refusé la liaison : le message dit pourquoi (la clé d’API : `--api-key-file` ; trop d’essais : attendez une heure) ; rien n’a été lié.',
    SETUP_BIND_ANSWER_INVALID:
      'Le Trust Layer a répondu autre chose qu’un défi de liaison ou sa confirmation : rien n’a été lié ; vérifiez `--trust-layer`.',
    CONSOLE_DEMO_PLAYING:
      'La saison de démonstration s’écrit dans une nouvelle base : attendez la fin de sa progression ci-dessus.',
    CONSOLE_NO_DATABASE: 'Aucune base opérateur n’est ouverte : lancez `proveit console --db FICHIER`.',
    CONSOLE_CLOSE_NEEDS_EXPORT:
      'La première clôture lit l’export du service de saison : lancez la console avec `--season-url URL --operator-token-file FICHIER` (ou `proveit season close`) ; les suivantes se lancent d’ici.',
    CONSOLE_TRUST_LAYER_NOT_CONFIGURED:
      'Les gels et les exports de l’Index sont ancrés par la Trust Layer : lancez la console avec `--trust-layer URL --api-key-file FICHIER --season-base URL`.',
    INDEX_ANCHOR_TRUST_LAYER_FAILED:
      'La Trust Layer n’a pas ancré l’Index : testez-la sur l’écran Connexions (son adresse et sa clé d’API), puis ancrez à nouveau.',
    INDEX_ANCHOR_SEASON_HOST_REFUSED:
      'L’hôte de saison a refusé l’ancrage que la Trust Layer lui a transmis : vérifiez la base de saison (`--season-base`, écran Connexions), puis ancrez à nouveau.',
    INDEX_ANCHOR_KEY_MISMATCH:
      'Le dernier export a été signé avec une autre clé que la clé d’opérateur à côté de la base : ancrez-le avec le fichier de la clé qui l’a signé (`proveit index anchor DOSSIER --key-file FICHIER`).',
    INDEX_ANCHOR_EXPORT_UNREADABLE:
      'Le manifeste du dernier export est illisible : exportez l’Index à nouveau, puis ancrez le nouvel export.',
    INDEX_ANCHOR_MISMATCH:
      'La preuve n’ancre pas le manifeste de cet export : exportez l’Index à nouveau et ancrez le nouvel export ; gardez ce dossier pour mémoire.',
    INDEX_ANCHOR_INVALID:
      'Le dossier anchor/ de l’export n’a pas son enregistrement ou sa vue de preuve, ou tient ceux d’une autre preuve : vérifiez l’ancrage à nouveau (1 lecture), sinon ancrez l’export à nouveau.',
    READ_NO_READ_LEFT:
      'La limite horaire de lectures est partagée par toutes les lectures de cette base : vérifiez à nouveau à l’heure que le message indique.',
    CONSOLE_CLOSE_BUNDLE_MISSING:
      'Restaurez le dossier de la dernière clôture (ses empreintes sont dans la publication), ou clôturez avec `proveit season close`.',
    CONSOLE_CORPUS_NOT_FOUND: 'Lancez la console avec `--corpus DOSSIER` contenant season-N/<piste>.',
    CONSOLE_JOB_FAILED: 'La tâche s’est arrêtée : lisez le message, corrigez la cause, puis relancez-la.',
    CONSOLE_UNREACHABLE:
      'Le processus de la console ne répond pas : vérifiez que `proveit console` tourne, puis rechargez.',
    CONSOLE_ANSWER_INVALID:
      'La console a répondu hors contrat : rechargez ; si cela persiste, relancez `proveit console`.',
    HEADLESS_TOKEN_REQUIRED:
      'Ouvrez la console avec l’URL complète affichée par `proveit console` (le jeton suit #token=).',
    HEADLESS_HOST_REFUSED: 'Ouvrez la console sur 127.0.0.1 comme affiché, pas sous un autre nom.',
    IPC_UNKNOWN_CHANNEL:
      'Cette console ne propose pas encore cette opération : mettez-la à jour, ou utilisez la commande `proveit` (README).',
    IPC_BAD_ARGUMENTS:
      'L’écran a envoyé des arguments que le contrat refuse : rechargez la console ; signalez-le si cela se répète.',
    IPC_HANDLER_FAILED:
      'L’opération a échoué dans le processus de la console : lisez le message, corrigez la cause, puis réessayez.',
    DISPUTE_REASON_REQUIRED: 'Rédigez le motif de la décision : il est publié avec elle.',
    DISPUTE_REVIEWER_REQUIRED: 'Saisissez le nom de la personne qui instruit la contestation.',
    DISPUTE_DECISION_REQUIRED: 'Choisissez : fondée ou rejetée.',
    DISPUTE_CHANGE_REQUIRED: 'Une contestation fondée change l’assertion : choisissez étayée ou défaut d’instrument.',
    DISPUTE_CHANGE_NOT_ALLOWED: 'Choisissez un autre statut que celui de l’assertion, ou aucun pour un rejet.',
    DISPUTE_ALREADY_DECIDED:
      'Une contestation tranchée est définitive : rien à faire ; un autre changement demande une nouvelle contestation.',
    DISPUTE_ALREADY_UNDER_REVIEW: 'L’instruction a commencé : enregistrez la décision.',
    DISPUTE_WINDOW_CLOSED:
      'La contestation est arrivée après la fenêtre de 14 jours de la publication : elle ne peut pas être ouverte ; répondez au participant avec la fin de la fenêtre.',
    DISPUTE_ASSERTION_UNKNOWN:
      'Vérifiez l’assertion dans le rapport du participant (Notation) : écrivez-la TASK_ID/ASSERTION_ID.',
    DISPUTE_PARTICIPANT_UNKNOWN: 'Vérifiez le participant_id dans les scores publiés (Notation).',
    DISPUTE_SCOPE:
      'Seule une assertion contre laquelle une cause est affichée peut être contestée : répondez au participant sans contestation.',
    DISPUTE_TIME_FORMAT: 'Écrivez l’heure de réception avec son fuseau, par ex. 2026-11-12T09:30:00+01:00.',
    DISPUTE_ALREADY_OPEN:
      'Décidez d’abord la contestation ouverte sur cette assertion : un fait nouveau rejoint son examen.',
    DISPUTE_RECEIPT_INVALID:
      'Demandez au participant la réponse à la soumission exactement telle que le service de saison l’a envoyée, ou enregistrez la contestation sans accusé de réception.',
    DISPUTE_RECEIPT_OTHER_SUBMISSION:
      'Donnez l’accusé de réception de la soumission de la tâche contestée par ce participant (le message nomme le champ qui diffère).',
    REPLAY_OUTPUT_DIFFERS:
      'Le paquet ne redonne plus ce que la clôture a publié : restaurez le dossier de la clôture depuis sa sauvegarde (ses empreintes sont dans la publication) et rejouez.',
    REPLAY_INPUT_CHANGED:
      'Un fichier du paquet a changé depuis la clôture (le message le nomme) : restaurez le dossier de la clôture depuis sa sauvegarde.',
    CONSOLE_REPLAY_NO_CLOSE: 'Lancez d’abord la clôture de cette piste (Notation).',
    DISPUTE_NOT_FOUND: 'Rechargez la file : cet identifiant n’est pas dans cette base.',
    INCIDENT_RESOLUTION_REQUIRED: 'Décrivez comment l’incident a été résolu.',
    INCIDENT_ALREADY_RESOLVED: 'L’incident est résolu : ajoutez plutôt une note.',
    INCIDENT_NOT_FOUND: 'Rechargez la liste : l’incident n’est pas dans cette base.',
    FREEZE_REASON_REQUIRED: 'Un remplacement demande un motif écrit : il est publié à côté des deux gels.',
    FREEZE_TIME_FORMAT: 'Écrivez l’instant sous la forme AAAA-MM-JJTHH:MM:SSZ (UTC).',
    FREEZE_SEASON_OPENED:
      'La saison est ouverte : le gel ne peut plus changer ; clôturez-la et ouvrez une nouvelle saison.',
    FREEZE_NOT_CLOSED: 'La clé n’est révélée qu’à la clôture : attendez l’heure de clôture.',
    FREEZE_OPENING_TOO_SOON:
      'Choisissez une ouverture plus tardive, au moins celle que le message indique (dans 20 minutes) : le gel doit être ancré avant elle.',
    FREEZE_RECHECK_NO_READ_LEFT:
      'La limite horaire de lectures est partagée avec l’écran Preuves : revérifiez à l’heure que le message indique.',
    FREEZE_PROOF_NOT_VERIFIED:
      'La preuve du gel ne se vérifie pas avec ce paquet de confiance : démarrez la console avec celui du Trust Layer qui l’a faite (--trust DIR).',
    FREEZE_PROOF_ONE_WITNESS:
      'Un gel ne compte qu’avec ses deux témoins, son jeton RFC 3161 et son entrée Rekor : revérifiez l’ancrage quand le journal répond ; si le Trust Layer n’a pas pu en produire un, remplacez le gel avant l’ouverture.',
    FREEZE_OPERATOR_KEY_MISMATCH:
      'Le gel est signé par une autre clé que celle du DID du challenge épinglé par le paquet de confiance : vérifiez le paquet (--trust DIR) et la clé d’opérateur à côté de la base.',
    FREEZE_NOT_FOUND: 'Gelez d’abord la piste.',
    FREEZE_TRACK_INVALIDATED:
      'La saison de cette piste a été invalidée : elle recommence comme saison suivante, avec un dossier de piste dont le season.json la nomme et une nouvelle clé scellée.',
    CLOSE_TRACK_INVALIDATED:
      'La saison de cette piste a été invalidée : rien n’est noté ni classé. Révélez sa clé et son sel (Gel) ; la piste recommence comme saison suivante.',
    SEASON_ALREADY_INVALIDATED: 'La saison de cette piste est déjà invalidée : rien de plus à faire ici.',
    SEASON_INVALIDATE_NOT_OPENED:
      'La saison n’a pas ouvert : un changement avant l’ouverture est un remplacement du gel, avec son motif.',
    SEASON_INVALIDATE_CLOSED:
      'La piste est clôturée et notée : un défaut trouvé maintenant se publie comme une correction (Contestations), pas comme une invalidation.',
    SEASON_INVALIDATE_FREEZE_UNSIGNED:
      'Le gel en vigueur n’est pas signé par la clé d’opérateur (version 1 ou 2) : le service de saison ne le détient pas, il ne peut donc pas y être invalidé.',
    SEASON_INVALIDATE_REASON_INVALID: 'Écrivez le motif (2000 caractères au plus) : il est publié avec l’invalidation.',
    SEASON_INVALIDATE_ANCHOR_MISMATCH:
      'La preuve n’ancre pas l’invalidation envoyée : vérifiez l’adresse du Trust Layer (--trust-layer) et réessayez. Rien n’a été enregistré.',
    FREEZE_WINDOW_INVALID: 'La clôture doit suivre l’ouverture : corrigez les deux instants.',
    FREEZE_CORPUS_CHECK_FAILED:
      'Lancez `proveit corpus check` sur le dossier de la piste, corrigez le corpus, puis gelez à nouveau.',
    PUBLISH_NO_CLOSE: 'Lancez d’abord la clôture de cette piste (Notation).',
    PUBLISH_ALREADY_PUBLISHED:
      'Cette clôture est déjà publiée : tout changement ultérieur est une correction, par une contestation.',
    PUBLISH_NOTHING_NEW: 'Attendez l’ancrage des lots des participants en attente, relancez la clôture, puis publiez.',
    PUBLISH_CLOSE_FILES_MISSING:
      'Restaurez le dossier de sortie de la clôture depuis une sauvegarde, ou relancez la clôture (Notation) ; puis prévisualisez et publiez à nouveau.',
    PROOF_RECHECK_NOT_PENDING:
      'Seule une preuve en attente se revérifie : la liste des preuves en attente montre lesquelles.',
    PROOF_RECHECK_NO_READ_LEFT:
      'La limite horaire de lectures est partagée par toutes les lectures de cette base : revérifiez cette preuve à l’heure indiquée ci-dessus.',
    PROOF_RECHECK_TRUST_LAYER_UNREACHABLE:
      'Revérifiez-la plus tard, ou lisez les preuves plus tard (Lire les preuves) ; si cela dure, testez la Trust Layer dans l’écran Connexions.',
    TRUST_LAYER_SERVER_ERROR:
      'Rien n’est compté contre le participant : revérifiez-la plus tard ; si cela dure, testez la Trust Layer dans l’écran Connexions et ouvrez un incident.',
    TRUST_LAYER_REFUSED_READ:
      'Rien n’est compté contre le participant : testez la Trust Layer dans l’écran Connexions (son adresse et sa clé), puis revérifiez.',
    AUDIT_LOG_TRUNCATED:
      'Les dernières entrées du journal ont été supprimées : restaurez la base et comparez avec les têtes publiées.',
    AUDIT_ENTRY_EDITED:
      'Une entrée du journal a été modifiée : restaurez la base ; l’entrée est nommée dans les détails.',
  },
  adviceByPrefix: (code) =>
    code.startsWith('DISPUTE_')
      ? `Voir docs/disputes.md, « Codes », pour ${code} ; corrigez la cause, puis réessayez.`
      : code.startsWith('INCIDENT_')
        ? `Voir docs/incidents.md pour ${code} ; corrigez la cause, puis réessayez.`
        : code.startsWith('AUDIT_')
          ? `Voir docs/audit-log.md pour ${code} : le journal n’est pas fiable tant que ce n’est pas expliqué.`
          : code.startsWith('FREEZE_')
            ? `Voir docs/freeze.md, « Codes », pour ${code} ; corrigez la cause, puis réessayez.`
            : code.startsWith('PUBLISH_') || code.startsWith('CORRECTION_')
              ? `Voir docs/publications.md, « Codes », pour ${code}.`
              : code.startsWith('INDEX_') || code.startsWith('LINT_')
                ? `Voir docs/index-export.md pour ${code} : l’écran Index liste les constats des règles de publication.`
                : `Corrigez la cause indiquée par le message, puis réessayez ; ${code} est décrit dans docs/.`,
  demo: {
    title: 'Saison de démonstration en cours',
    explain:
      'Aucune base opérateur n’existait : la console en crée une en jouant une courte saison de démonstration (gel, soumissions, clôture, publication, une contestation, un incident). Les écrans se remplissent à la fin.',
  },
  common: {
    loading: 'Chargement…',
    yes: 'oui',
    no: 'non',
    previous: 'Précédente',
    next: 'Suivante',
    page: (n, of) => `Page ${n} sur ${of}`,
    labelled: (label) => `${label} :`,
  },
  hash: {
    copyShort: 'Copier',
    copy: (what) => `Copier ${what}`,
    copied: () => 'Copié dans le presse-papiers.',
    copyRefused: 'Le presse-papiers a refusé la copie.',
    kinds: { sha256: 'le SHA-256', did: 'le DID', value: 'la valeur' },
  },
  season: {
    state: 'État',
    states: {
      draft: 'brouillon',
      frozen: 'gelée',
      open: 'ouverte',
      closed: 'clôturée',
      published: 'publiée',
      corrected: 'corrigée',
      invalidated: 'invalidée',
    },
    opensAt: 'Ouverture',
    closesAt: 'Clôture',
    revealedAt: 'Clé révélée',
    publishedAt: 'Publication',
    version: (v) => `version ${v}`,
    publishedVersion: (at, v, firstAt) =>
      firstAt !== null ? `${at} · version ${v} (version 1 le ${firstAt})` : `${at} · version ${v}`,
    disputeWindowEnds: 'Fin du délai de contestation',
    disputes: 'Contestations',
    disputeCounts: (open, atRisk, overdue) =>
      `${plural(open, { one: '{n} non tranchée', other: '{n} non tranchées' })} · ${atRisk} à risque · ${overdue} en retard`,
    incidents: 'Incidents',
    incidentCount: (n) => plural(n, { one: '{n} ouvert', other: '{n} ouverts' }),
    lastBackupAt: 'Dernière sauvegarde',
    neverBackedUp: 'jamais',
    invalidatedAt: 'Invalidée',
    invalidation: (at, reason) => `${at} · motif : ${reason}`,
    nextTitle: 'Prochaine étape',
    next: {
      draft: () => 'Gelez la piste (règles, manifeste, clé scellée) avant l’ouverture, puis publiez le gel.',
      frozen: (s, at) => `Publiez le gel avant l’ouverture du ${at(s.opens_at)} ; un remplacement demande un motif.`,
      open: (s, at) =>
        `Lisez les preuves au fil de l’eau sous la limite horaire ; la saison se clôt le ${at(s.closes_at)}.`,
      closed: () =>
        'Lancez la clôture (la clé est révélée), vérifiez les scores, publiez-les et exportez l’Index : les délais de contestation partent de lui.',
      published: (s, at) =>
        `Traitez les contestations jusqu’au ${at(s.dispute_window_ends_at)} et les incidents ouverts ; exportez l’Index.`,
      corrected: () => 'Exportez l’Index de la version corrigée et vérifiez-le.',
      invalidated: (s) =>
        `Rien de cette saison n’est noté ni classé : révélez la clé et le sel (Gel), puis gelez la saison ${s.season + 1}.`,
    } as Record<SeasonTrackStatus['state'], Next>,
    nextByCode: {
      BACK_UP_SEASON: () =>
        'Sauvegardez d’abord la base de l’opérateur : un gel a été enregistré après la dernière sauvegarde, et jusqu’à la révélation son sel et sa clé n’existent nulle part ailleurs (Sauvegarder maintenant sur l’écran Sauvegardes, ou proveit backup create).',
      FREEZE_TRACK: () => 'Gelez la piste (règles, manifeste, clé scellée) avant l’ouverture, puis publiez le gel.',
      AWAIT_OPENING: (s, at) => `Le gel est publié ; la saison ouvre le ${at(s.opens_at)}.`,
      AWAIT_FREEZE_ANCHOR: (s, at) =>
        `Contrôlez l’ancrage du gel avant l’ouverture (${at(s.opens_at)}) : un gel ancré après elle ne peut pas être noté.`,
      CHECK_FREEZE_ANCHOR: () =>
        'La preuve du gel était en attente au dernier contrôle : revérifiez son ancrage dans l’écran Gel (1 lecture) avant toute autre chose.',
      FREEZE_CANNOT_SCORE: () =>
        'Le gel a été ancré après l’ouverture : cette piste ne peut pas être notée. Publiez-le, clôturez la saison et commencez-en une nouvelle, gelée au moins 20 minutes avant son ouverture.',
      READ_PROOFS: (s, at) => `Lisez les preuves sous la limite horaire ; la saison se clôt le ${at(s.closes_at)}.`,
      AWAIT_CLOSE: (s, at) =>
        `Ouverte jusqu’au ${at(s.closes_at)} : le suivi lit les preuves citées à mesure que les soumissions arrivent (ci-dessous) ; aucune preuve n’attend d’être relue, rien n’est dû avant la clôture.`,
      RUN_CLOSE: () => 'Lancez la clôture : la clé est révélée et chaque preuve citée est contrôlée.',
      PUBLISH: () =>
        'Vérifiez les scores, puis publiez-les et exportez l’Index : les délais de contestation de 14 jours courent dès que l’Index est public.',
      DECIDE_DISPUTES: (s) =>
        `${plural(s.disputes_open, { one: 'Tranchez la contestation en cours avant son échéance', other: 'Tranchez les {n} contestations en cours avant leur échéance' })} (${s.disputes_overdue} en retard, ${s.disputes_at_risk} à risque).`,
      AWAIT_DISPUTES: (s, at) => `Des contestations peuvent arriver jusqu’au ${at(s.dispute_window_ends_at)}.`,
      EXPORT_INDEX: (s) =>
        `Exportez l’Index de la version ${s.latest_version ?? 1} et vérifiez-le : d’ici là les scores ne sont pas publics et aucun délai de contestation ne court (chacun part de l’export).`,
      WINDOWS_CLOSED: () =>
        'Tous les délais de contestation sont clos et l’Index montre la dernière version : rien n’est dû.',
      REVEAL_INVALIDATED: (s) =>
        `La saison a été invalidée : rien n’en est clôturé, noté ni classé. Révélez maintenant sa clé et son sel (Gel), pour que chacun puisse vérifier l’engagement ; puis gelez la saison ${s.season + 1}.`,
      FREEZE_NEXT_SEASON: (s) =>
        `La saison a été invalidée et sa clé révélée : recommencez comme saison ${s.season + 1}, avec un dossier de piste dont le season.json la nomme, gelée au moins 20 minutes avant son ouverture.`,
    } as Record<string, Next>,
    goTo: (screen) => `Aller à ${screen}`,
    rules: 'Règles de notation',
    base: 'Base du corpus',
    resources: 'Ressources',
    manifestHash: 'Empreinte du manifeste',
    tasks: (n) => plural(n, { one: '{n} tâche', other: '{n} tâches' }),
    task: 'Tâche',
    assertionsRange: 'Assertions (min–plafond)',
    graph: 'Graphe',
    prompt: 'Énoncé',
  },
  live: {
    title: (season) => (season === null ? 'La saison en cours' : `La saison ${season} en cours`),
    countsOnly: 'Des comptes seulement : aucun score n’est calculé ni montré avant la clôture (spec §7.4).',
    follower: 'Suivi',
    states: {
      following: 'en cours',
      stopped: 'arrêté',
      not_configured: 'non configuré',
      no_open_track: 'rien à suivre',
    } as Record<FollowState, string>,
    why: 'Pourquoi',
    lastCycle: 'Dernier cycle',
    cycleAt: (cycle, at) => `cycle ${cycle}, ${at}`,
    noCycle: 'aucun encore',
    nextCycle: 'Prochain cycle',
    lastFailure: 'Dernier échec',
    noFailure: 'aucun',
    trackTitle: 'Au dernier cycle',
    noCycleForTrack: 'Aucun cycle n’a encore relevé cette piste : le suivi la montre après son premier cycle.',
    enrolled: 'Participants inscrits',
    submitting: 'Participants ayant une soumission en vigueur',
    citedProofs: 'Preuves citées',
    proofCounts: (anchored, again, notYet, cited) =>
      `${plural(anchored, { one: '{n} lue et ancrée', other: '{n} lues et ancrées' })} · ${again} à relire (en attente, ou sans vue encore) · ${plural(notYet, { one: '{n} pas encore lue', other: '{n} pas encore lues' })} (${plural(cited, { one: '{n} citée', other: '{n} citées' })})`,
    backlog: 'Reste à lire à la clôture',
    backlogAt: (ids, reads, at, waiting) =>
      ids === 0
        ? `rien, au rythme actuel (la saison se clôt le ${at})`
        : waiting === 0
          ? `rien de ce qui est cité maintenant ; au rythme actuel, les preuves citées au dernier cycle avant la clôture du ${at} : environ ${plural(ids, { one: '{n} preuve citée', other: '{n} preuves citées' })} (${plural(reads, { one: '{n} lecture', other: '{n} lectures' })})`
          : `${plural(ids, { one: '{n} preuve citée', other: '{n} preuves citées' })} (${plural(reads, { one: '{n} lecture', other: '{n} lectures' })}) au rythme actuel, le ${at} : parmi les ${waiting} non lues et ancrées maintenant, et celles citées au dernier cycle`,
    cycleRunning: 'un cycle est en cours',
    afterClose: (until) => `après la clôture, le suivi lit les derniers lots jusqu’au ${until}, puis s’arrête`,
    runNow: 'Lancer un cycle maintenant',
    runNowStarted: 'Un cycle a démarré : ses comptes s’affichent à sa fin.',
    runNowRefused: (why) => `Aucun cycle lancé : ${why}`,
    cadence: 'Temps entre deux cycles (secondes)',
    cadenceSet: 'Régler la cadence',
    cadenceHint: (min, max) =>
      `De ${min} à ${max} s, à partir du prochain cycle. Les lectures restent sous la limite horaire quelle que soit la cadence.`,
    cadenceNow: (seconds) => `un cycle toutes les ${seconds} s`,
    activityTitle: 'À mesure que ça arrive',
    activityStates: {
      watching: 'à l’écoute',
      not_configured: 'non configuré',
      no_open_track: 'rien d’ouvert',
      failing: 'en échec',
    } as Record<ActivityState, string>,
    activityEvery: (seconds, at) => `demandé toutes les ${seconds} s ; dernière réponse ${at}`,
    activityNoAnswer: 'pas encore de réponse',
    nowEnrolled: 'Inscrits maintenant',
    nowSubmitting: 'Avec une soumission maintenant',
    nowInForce: 'Soumissions en vigueur maintenant',
    sinceCycle: (since, seen) =>
      since === 0
        ? `le dernier cycle les a toutes vues (${seen})`
        : `le dernier cycle en a vu ${seen} ; les preuves des ${since} arrivées depuis sont lues au prochain cycle`,
    refusals: 'Soumissions refusées',
    refusalCounts: (total, codes) => (total === 0 ? 'aucune' : `${total} : ${codes}`),
    feedTitle: 'Dernières arrivées',
    feedEmpty: 'Rien n’est encore arrivé.',
    feedEnrollment: (name, id) => `${name} (${id}) inscrit`,
    feedSubmission: (id, track, task, version, replaced) =>
      replaced ? `${id} a remplacé ${track} ${task} (version ${version})` : `${id} a soumis ${track} ${task}`,
    feedRefusal: (code, count) =>
      `${plural(count, { one: '{n} soumission refusée', other: '{n} soumissions refusées' })} : ${code}`,
    tasksCaption: 'Soumissions en vigueur par tâche',
    task: 'Tâche',
    inForce: 'Soumissions en vigueur',
    chartTitle: 'Lectures des dernières 24 heures',
    chartAlt: (total, peak, limit, used) =>
      `Lectures de preuves par heure d’horloge (UTC) sur les dernières 24 heures : ${total} en tout, au plus ${peak} en une heure, pour une limite de ${plural(limit, { one: '{n} lecture', other: '{n} lectures' })} par heure ; ${plural(used, { one: '{n} comptée', other: '{n} comptées' })} dans la fenêtre glissante maintenant.`,
    chartHours: (hours) => `Heures avec des lectures : ${hours}.`,
    chartNoReads: 'Aucune lecture en 24 heures.',
    limitLine: (limit) => `limite ${limit}/h`,
    incidentsTitle: 'Incidents ouverts par les lectures',
    noIncidents: 'Aucun pour l’instant.',
    goToIncidents: 'Aller aux Incidents',
  },
  instant: {
    local: (time) => `Votre heure locale : ${time}`,
    noneYet: 'Rien de choisi pour l’instant ; l’heure locale s’affichera ici.',
  },
  ratesChart: {
    title: 'Taux de surdéclaration et taux de réussite, par participant',
    xAxis: 'Taux de surdéclaration (%)',
    yAxis: 'Taux de réussite (%)',
    bestLine: (verdict, rate) => `meilleure réponse constante (\u00ab\u00a0${verdict}\u00a0\u00bb) : ${rate}`,
    referenceKey: 'exécution de référence (carré bleu)',
    communityKey: 'participant de la communauté (rond foncé)',
    bestKey: 'taux de réussite de la meilleure réponse constante (tirets)',
    summary: (c) =>
      `Chaque marque est un participant, placé selon son taux de surdéclaration (en abscisse) et son taux de réussite (en ordonnée) : ${plural(c.reference, { one: '{n} exécution de référence', other: '{n} exécutions de référence' })} et ${plural(c.community, { one: '{n} participant de la communauté', other: '{n} participants de la communauté' })}` +
      (c.notDrawn === 0
        ? '. '
        : ` ; ${plural(c.notDrawn, { one: '{n} participant en attente ou sans tâche soumise n’est pas dessiné', other: '{n} participants en attente ou sans tâche soumise ne sont pas dessinés' })}. `) +
      `La ligne en tirets est le taux de réussite de la meilleure réponse constante (\u00ab\u00a0${c.verdict}\u00a0\u00bb partout), ${c.best} : ${plural(c.noBetter, { one: '{n} participant dessiné est', other: '{n} participants dessinés sont' })} sur cette ligne ou en dessous.`,
    readingRule: (verdict) =>
      `Les deux taux sont publiés côte à côte, jamais combinés, et aucun participant n’est classé : ne comparez les taux de surdéclaration qu’entre participants de même taux de réussite. Un participant sur la ligne en tirets ou en dessous ne fait pas mieux qu’en répondant \u00ab\u00a0${verdict}\u00a0\u00bb partout.`,
  },
  scoring: {
    tablesTitle: (name) => `Scores de ${name}`,
    referenceTitle: 'Exécutions de référence',
    communityTitle: 'Communauté',
    referenceLabel: 'Étalonnage, pas un classement.',
    communityLabel: 'Piles déclarées par l’opérateur : pile déclarée, non vérifiée.',
    agent: 'Agent',
    did: 'DID',
    overclaimRate: 'Taux de surdéclaration',
    successRate: 'Taux de réussite',
    tasksSubmitted: 'Tâches soumises',
    declaredStack: 'Pile déclarée',
    bestConstant: (verdict) => `Meilleure réponse constante (\u00ab\u00a0${verdict}\u00a0\u00bb partout)`,
    notApplicable: 'sans objet',
    pending: 'en attente',
    noTask: 'aucune tâche soumise',
    stackNotVerified: 'pile déclarée, non vérifiée',
    readingRuleTitle: 'Règle de lecture',
    readingRule:
      'Ne comparez les taux de surdéclaration qu’entre agents de même taux de réussite. Les deux taux ne sont jamais combinés et aucune ligne n’est classée ; un taux de réussite au niveau de la meilleure réponse constante ne montre rien de plus qu’un verdict deviné.',
    noRows: 'Aucun participant dans ce tableau.',
    runClose: 'Lancer la clôture',
    replay: 'Rejouer la dernière clôture',
    replayJob: (id, state) => `Tâche de rejeu ${id} : ${state}`,
    replayIdentical: (files, closeId) =>
      `Rejeu de la clôture ${closeId} identique : ${plural(files, { one: '{n} fichier recalculé depuis son paquet, octet pour octet celui que cette clôture a écrit', other: '{n} fichiers recalculés depuis son paquet, octet pour octet ceux que cette clôture a écrits' })}.`,
    replayNotShown: (closeId, version) =>
      `Les chiffres ci-dessus sont la version publiée ${version} : ce rejeu vérifie les fichiers de la clôture ${closeId} elle-même, pas ce qu’une version ultérieure a changé (participants notés par une clôture ultérieure, corrections).`,
    replayDiffers: (where) => `Le rejeu diffère en ${where}.`,
    replayOut: (out) => `Fichiers recalculés : ${out}`,
    job: (id, state) => `Tâche de clôture ${id} : ${state}`,
    publish: 'Publier les scores',
    publishDone: (v) => `Publiés en version ${v} ; le délai de contestation de 14 jours a commencé.`,
    filter: 'Trouver un participant (nom, identifiant ou DID)',
    shown: (n, of) => `${plural(n, { one: '{n} participant affiché', other: '{n} participants affichés' })} sur ${of}`,
  },
  figures: {
    published: (v, at) => `v${v} publiée · ${at}`,
    correction: (v, of, at) => `v${v} corrige v${of} · ${at}`,
    close: (at) => `clôture du ${at}, non publiée`,
    switcher: 'Chiffres affichés',
    unknownTrack: (part) =>
      `Aucune piste « ${part} » dans cette console : le lien n’en désigne aucune. Choisissez une piste.`,
    unknownParticipant: (id, shown) =>
      `Aucun participant ${id} dans ces chiffres (${shown}) : vérifiez le lien, ou choisissez un participant dans les tableaux.`,
    runCloseTitle: 'Lancer la clôture sur une piste publiée ?',
    runClosePublished: (v, at) => `La version ${v} est publiée (${at}).`,
    runCloseAfter:
      'Les chiffres de la nouvelle clôture s’afficheront comme « clôture du …, non publiée » : rien de publié ne change tant qu’ils ne sont pas publiés.',
    publishTitle: (v) => `Publier la version ${v} ?`,
    publishWhat: (v, closeAt, corrects) =>
      corrects === null
        ? `La version ${v} publie la clôture du ${closeAt}.`
        : `La version ${v} publie la clôture du ${closeAt} et corrige la version ${corrects}.`,
    publishConfirm: (v) => `Publier la version ${v}`,
    changesCaption: 'Chiffres qui changent, avant → après',
    pending: (names) => `Encore en attente une fois publiée, sans chiffres : ${names}.`,
  },
  jobStates: { queued: 'en file', running: 'en cours', done: 'terminée', failed: 'échouée' },
  status: {
    supported: 'étayée',
    unsupported: 'assertion non étayée',
    instrument_fault: 'défaut d’instrument',
    trust_layer_fault: 'défaut du Trust Layer',
    pending: 'en attente',
    not_counted: 'non comptée',
  },
  causes: {
    invalid_proof: 'preuve invalide',
    identity_not_bound: 'identité non liée',
    resource_mismatch: 'ressource différente',
    value_mismatch: 'valeur différente',
  },
  taskStatus: {
    submitted: 'soumise',
    not_submitted: 'non soumise',
    rejected_at_close: 'rejetée à la clôture',
    pending: 'en attente',
  },
  report: {
    title: (name) => `Rapport de ${name}`,
    instrumentFaults: 'Défauts d’instrument',
    trustLayerFaults: 'Défauts du Trust Layer (comptés contre personne)',
    controlTask: 'Tâche témoin (sans piège)',
    controlPassed: 'exacte et fondée',
    controlFailed: 'échec du contrôle d’instrumentation',
    controlNotChecked: (status) => `${status} : pas de contrôle d’instrumentation (il porte sur une tâche répondue)`,
    tasksCaption: 'Tâches',
    taskStatus: 'Statut',
    verdict: 'Verdict donné / attendu',
    verdictPair: (given, expected) => `${given} / ${expected}`,
    exactGrounded: 'Exact / fondé',
    counts: 'Assertions',
    taskCounts: (s, u, i) =>
      `${plural(s, { one: '{n} étayée', other: '{n} étayées' })}, ${plural(u, { one: '{n} non étayée', other: '{n} non étayées' })}, ${plural(i, { one: '{n} défaut d’instrument', other: '{n} défauts d’instrument' })}`,
    missingFacts: 'Faits d’ancrage manquants',
    assertionsCaption: 'Assertions',
    assertion: 'Assertion',
    claim: 'Affirmation',
    assertionStatus: 'Statut',
    cause: 'Cause',
    drill: 'Témoins',
    witnesses: 'Voir les témoins',
    correctedFrom: (status) => `corrigée (était ${status})`,
    anomalies: 'Incidents Trust Layer (champs à plat différents de leur ouverture)',
    corrections: 'Corrections',
    correction: (v, a, from, to, reason) => `Version ${v} : ${a} ${from} → ${to}. ${reason}`,
  },
  evidence: {
    title: (a) => `Témoins de ${a}`,
    claim: 'Affirmation',
    status: 'Statut à la clôture',
    cause: 'Cause indiquée',
    instrumentFault: 'Défaut d’instrument',
    frozenValue: 'Valeur gelée au pointeur',
    notInManifest: 'la ressource n’est pas dans le manifeste',
    pointerNotFound: 'le pointeur ne se résout pas dans le corps gelé',
    equalsClaim: 'égale à l’affirmation',
    differsFromClaim: 'différente de l’affirmation',
    proof: (id) => `Preuve ${id}`,
    viewAbsent: 'Le Trust Layer n’a pas de vue publique de cette preuve.',
    verdict: 'Vérification',
    anchorTime: 'Heure RFC 3161',
    hashesCaption: (id) => `Empreintes ouvertes par ${id} et recalculées depuis le corpus`,
    hash: 'Empreinte',
    opened: 'Ouverte',
    recomputed: 'Recalculée depuis le corpus',
    equal: 'Égales',
    witnesses: 'Contrôles et témoins',
    check: 'Contrôle',
    checkStatus: 'Statut',
    independent: 'Témoin indépendant',
    checkCode: 'Code',
    message: 'Message',
    receipt: 'Accusé de réception de la soumission',
    receiptFinding: (comparison, version, exportVersion, receivedAt) =>
      `version ${version}, reçue le ${receivedAt} : ` +
      {
        same: 'dans l’export noté par la clôture (même version, même SHA-256)',
        older_than_export: `remplacée avant la clôture : l’export a la version ${exportVersion} (la dernière compte)`,
        later_than_export: `absente de l’export noté par la clôture, qui a la version ${exportVersion}`,
        same_version_other_sha256: 'absente de l’export noté par la clôture, qui a cette version avec un autre SHA-256',
        no_line_for_task: 'absente de l’export noté par la clôture, qui n’a aucune soumission de cette tâche',
      }[comparison],
    receiptVerifiedWith: 'vérifié avec la clé qui a signé l’export de la clôture',
  },
  disputes: {
    queueCaption: 'Contestations, par échéance de décision',
    windowsCaption:
      'Délais de contestation, par participant (14 jours après la version qui a modifié en dernier ses chiffres ou son rapport)',
    windowFrom: 'Depuis',
    windowEnds: 'Contestations reçues jusqu’au',
    windowPending: 'en attente : aucun chiffre à contester',
    windowNotPublic: 'pas encore public : le délai court à l’export de l’Index qui porte ces chiffres',
    windowOpen: 'ouvert',
    windowClosed: 'clos',
    id: 'Contestation',
    participant: 'Participant',
    state: 'État',
    states: { received: 'reçue', under_review: 'en instruction', upheld: 'fondée', rejected: 'rejetée' },
    received: 'Reçue',
    enteredByHand: 'saisie à la main',
    due: 'Décision due',
    deadline: 'Échéance',
    flags: { on_time: 'dans les temps', at_risk: 'à risque', overdue: 'en retard', decided: 'tranchée' },
    left: (d, h) => `reste ${d} j ${h} h`,
    overdueBy: (d, h) => `en retard de ${d} j ${h} h`,
    none: 'Aucune contestation.',
    reviewTitle: (id) => `Instruction de ${id}`,
    participantReason: 'Motif du participant',
    evidenceTitle: 'Éléments conservés',
    decisionTitle: 'Décision',
    reviewer: 'Instructeur',
    startReview: 'Commencer l’instruction',
    decision: 'Décision',
    change: 'Ce que devient l’assertion',
    chooseChange: 'Choisir…',
    countedWithRemaining: 'tâche comptée comme soumise avec ses assertions admissibles restantes',
    reason: 'Motif (publié)',
    reasonHelp: 'Obligatoire : une décision motivée portant sur cette assertion et la cause indiquée.',
    submitDecision: 'Enregistrer la décision',
    reviewerMissing: 'Aucun instructeur n’est indiqué.',
    decisionMissing: 'Aucune décision n’est choisie.',
    reasonMissing: 'Le motif est vide.',
    changeMissing: 'Une contestation fondée doit dire ce que devient l’assertion.',
    decidedAs: (state, reason) => `Tranchée : ${state}. ${reason}`,
    confirmTitle: (id) => `Enregistrer la décision sur ${id} ?`,
    confirmDecision: 'Confirmer la décision',
    confirmCaption: (name) => `Ce que la décision change pour ${name}`,
    publishesCorrection: (version, corrects) =>
      `Fondée : publie la correction v${version}, qui corrige la v${corrects}.`,
    rejectedNothing: 'Rejetée : rien de ce qui est publié ne change.',
    recordsReview: (reviewer) => `Elle enregistre aussi l’instruction, par ${reviewer}.`,
    decidedBy: (reviewer) => `Enregistrée au nom de ${reviewer}.`,
    receiveTitle: (name) => `Recevoir une contestation sur ${name}`,
    receiveHelp:
      'Une assertion contestée par contestation, dans les 14 jours suivant la publication contestée. Les éléments de preuve sont recalculés depuis le paquet de la clôture et conservés avec elle.',
    receiveParticipant: 'Participant (participant_id)',
    receiveAssertion: 'Assertion contestée (TASK_ID/ASSERTION_ID)',
    receiveReason: 'Motif, tel que reçu',
    receiveAt: 'Reçue le (UTC)',
    receivedAtFormat: 'Choisi en UTC, à la seconde près ; laissé vide, la réception est maintenant.',
    receivedReasonMissing: 'Le motif du participant est vide.',
    receiveReceipt: 'Accusé de réception de la soumission (JSON, facultatif)',
    receiveReceiptHelp:
      'La réponse du service de saison à la soumission de la tâche contestée, telle que le participant l’a envoyée. Elle est vérifiée avec la clé qui a signé l’export de la clôture et comparée à cet export : les éléments de preuve disent si la clôture a noté cette version.',
    receiptNotObject:
      'L’accusé de réception n’est pas un objet JSON : collez la réponse à la soumission exactement telle que le participant l’a envoyée.',
    receive: 'Enregistrer la contestation',
    receivedAs: (id, due) => `Contestation ${id} reçue ; décision attendue le ${due}.`,
    correctionsTitle: (name) => `Versions publiées et corrections de ${name}`,
    corrects: (v, ids) => `corrige la version ${v} (${ids})`,
    figures: (overclaim, success) => `surdéclaration ${overclaim}, réussite ${success}`,
  },
  incidents: {
    listCaption: 'Incidents',
    id: 'Incident',
    detailTitle: (id) => `Incident ${id}`,
    neverCounted: 'Un incident documente le côté mesure ; il ne compte jamais contre personne.',
    kind: 'Nature',
    kinds: {
      instrument_fault: 'défaut d’instrument',
      flat_field_divergence: 'divergence de champ à plat (Trust Layer)',
      proof_pending: 'preuve en attente trop longtemps',
      proof_anchor_failed: 'échec d’ancrage de preuve',
      corpus_outage: 'indisponibilité du corpus',
      other: 'autre',
    },
    cause: 'Cause',
    window: 'Fenêtre',
    owner: 'Responsable',
    openedBy: 'Ouvert par',
    opened: (by, actor, at) =>
      `${by === 'close' ? 'une clôture' : by === 'follow' ? 'les lectures pendant la saison' : 'à la main'} (${actor}), ${at}`,
    openedAt: 'Ouvert le',
    state: 'État',
    states: { open: 'ouvert', resolved: 'résolu' },
    affected: 'Participants, tâches, assertions et preuves concernés',
    affectedCount: 'Concernés',
    proof: 'Preuve',
    history: 'Historique',
    events: { note: 'note', owner: 'nouveau responsable', resolve: 'résolu' },
    resolveTitle: 'Résoudre',
    resolution: 'Résolution',
    resolve: 'Résoudre l’incident',
    resolutionMissing: 'La résolution est vide.',
    none: 'Aucun incident.',
  },
  // Ce qu'un acte changerait, demandé avant qu'il s'exécute (components/ConfirmChange.svelte, FiguresChange.svelte).
  change: {
    participant: 'Participant',
    before: 'avant',
    after: 'après',
    notPublished: 'non publié',
    nothingChanges: 'Les chiffres d’aucun participant ne changent.',
    cancel: 'Annuler',
  },
  acts: {
    actorTitle: 'Qui agit ?',
    actorHelp:
      'Chaque acte est inscrit au journal d’audit avec le nom de la personne qui l’a fait. Donnez le vôtre une fois : la console le garde jusqu’à son arrêt.',
    actorName: 'Votre nom',
    actorSubmit: 'Agir sous ce nom',
    actingAs: (name) => `Agit : ${name}`,
    nobody: 'Personne n’est nommé',
    nameAgain: 'Donner votre nom',
    textMissing: 'Le texte est vide.',
    openTitle: 'Ouvrir un incident à la main',
    openHelp:
      'Une panne du corpus, une faute de la Trust Layer vue hors d’une clôture : ouvert en votre nom, à votre charge sauf si vous nommez un autre responsable.',
    summary: 'Ce qui s’est passé',
    windowStart: 'Début de la fenêtre (UTC)',
    windowEnd: 'Fin de la fenêtre (UTC)',
    instantHint: 'Choisi en UTC, à la seconde près ; vide s’il n’est pas connu.',
    participants: 'Participants touchés (identifiants séparés par des virgules)',
    assertions: 'Assertions touchées (TÂCHE/ASSERTION, séparées par des virgules)',
    proofs: 'Preuves touchées (identifiants séparés par des virgules)',
    ownerOptional: 'Responsable (vide : vous)',
    open: 'Ouvrir l’incident',
    opened: (id) => `Incident ${id} ouvert.`,
    noteTitle: 'Ajouter une note',
    note: 'Note',
    addNote: 'Ajouter la note',
    noticeTitle: 'Informer les participants',
    noticeHint:
      "Un avis est publié dans l'état de la saison (GET /v1/season/{n}), signé par la clé de l'opérateur, et listé dans l'Index. Le brouillon nomme l'incident, sa fenêtre et les tâches concernées ; modifiez l'un ou l'autre texte avant de publier.",
    draftNotice: "Rédiger l'avis",
    noticeFr: 'Texte en français',
    noticeEn: 'Texte en anglais',
    publishNotice: "Publier l'avis",
    noticePublished: (sha: string): string => `Avis publié (${sha.slice(0, 12)}…).`,
    assignTitle: 'Donner un nouveau responsable',
    newOwner: 'Nouveau responsable',
    assign: 'Attribuer',
    fixTitle: 'Corriger ici',
    displayName: 'Nom affiché par l’Index',
    rename: 'Renommer le participant',
    declaredStack: 'Pile affichée par l’Index (sans nom de modèle ni de fournisseur)',
    declare: 'Déclarer la pile',
    model: 'Modèle',
    modelVersion: 'Version',
    framework: 'Cadre',
    prompt: 'Consigne (publiée avec l’Index)',
    markReference: 'Inscrire de nouveau l’exécution de référence',
    fixed: 'Inscrit ; les constats ont été vérifiés de nouveau.',
    anchorTitle: 'Ancrer l’export',
    anchorHelp:
      'Date l’empreinte du manifeste du dernier export par la Trust Layer, comme un gel est ancré ; index verify indique ensuite l’ancrage.',
    anchor: 'Ancrer l’Index exporté',
    anchored: (version, proof) => `Index version ${version} ancré par la preuve ${proof}.`,
  },
  audit: {
    verifyTitle: 'Vérification',
    verifyHelp:
      'Recalcule l’empreinte de chaque entrée et la chaîne, et contrôle chaque tête citée par une publication.',
    verify: 'Vérifier le journal',
    intact: (n, quoted) =>
      `Intact : ${plural(n, { one: '{n} entrée', other: '{n} entrées' })}, ${plural(quoted, { one: '{n} tête citée concorde', other: '{n} têtes citées concordent' })}.`,
    head: (seq) => `Tête : entrée ${seq},`,
    caption: (n) => `Journal d’audit (${plural(n, { one: '{n} entrée', other: '{n} entrées' })})`,
    seq: 'N°',
    at: 'Heure',
    actor: 'Acteur',
    action: 'Action',
    summary: 'Résumé',
    entryHash: 'Empreinte de l’entrée',
    pages: 'Pages du journal',
  },
  index: {
    lintTitle: 'Règles de publication',
    findingsCaption: (n) => plural(n, { one: '{n} constat bloque l’export', other: '{n} constats bloquent l’export' }),
    where: 'Où',
    finding: 'Constat',
    todo: 'Que faire',
    noFindings: 'Aucun constat : l’export peut se faire.',
    draftVersion: (v, exported) =>
      exported
        ? `Version ${v} de l’Index, déjà exportée : rien n’a changé depuis ; un export la réécrit à l’octet près.`
        : `Ce que le prochain export écrira, en version ${v} de l’Index, vérifié contre les règles de publication avant toute écriture.`,
    lintAgain: 'Vérifier à nouveau',
    exportBlocked: (n) =>
      `L’export est désactivé tant que ${plural(n, { one: 'ce constat demeure', other: 'ces {n} constats demeurent' })} : faites ce que chacun indique, puis Vérifier à nouveau.`,
    withheld:
      'La page n’est pas affichée : un fichier contiendrait un secret (LINT_SECRET). Le constat en nomme le genre, jamais la valeur.',
    lintAdvice: {
      LINT_MODEL_NAME_NEGATIVE:
        'Le nom figure dans le motif d’une correction, publié tel que décidé, ou dans un bundle de rejeu, qui publie le nom inscrit à l’octet près : ni l’un ni l’autre ne peut être changé depuis cet écran ; lisez docs/index-export.md, « Publication rules » et « Names in the replay bundles », puis Vérifier à nouveau. Un nom, une pile déclarée ou une exécution de référence a son contrôle à côté du constat.',
      LINT_HUMOUR_OR_EMOJI:
        'Un résultat négatif nominatif ne porte ni émoji ni trait d’humour (spec §7.3) : s’il est dans le nom, le contrôle placé à côté du constat renomme le participant ; ailleurs, voyez docs/index-export.md, « Publication rules ».',
      LINT_COMMUNITY_LABEL_MISSING:
        'La page a perdu « pile déclarée, non vérifiée » sur une ligne de la communauté : un défaut du rendu de la console, pas de la saison. N’exportez pas ; signalez-le avec le fichier nommé.',
      LINT_AI_ACT_LABEL_MISSING:
        'Une page, index.json ou un fichier CSV n’a pas la mention de l’article 50 du règlement européen sur l’IA : un défaut du rendu de la console (ou une version exportée avant que le JSON et les CSV la portent : exportez les dernières publications). Ne l’exportez pas ; signalez-le avec le fichier nommé.',
      LINT_TRACKS_MIXED:
        'Deux pistes se retrouvent dans un même tableau ou graphique : un défaut du rendu de la console. N’exportez pas ; signalez-le avec le fichier nommé.',
      LINT_FORMULA_TEXT:
        'Un nom commence par =, +, - ou @, qu’un tableur ouvrant le CSV lit comme une formule (le CSV l’écrit inerte) : donnez au participant un nom d’affichage ou inscrivez de nouveau l’exécution de référence avec le contrôle placé à côté du constat, puis Vérifier à nouveau.',
      LINT_NAME_DUPLICATE:
        'Deux participants seraient affichés sous un même nom, et les lecteurs ne pourraient distinguer leurs lignes : donnez à l’un d’eux un nom d’affichage avec le contrôle placé à côté du constat (le participant qu’il nomme), puis Vérifier à nouveau.',
      LINT_NAME_CONFUSABLE:
        'Deux noms ne diffèrent que par des caractères qui se ressemblent (un е cyrillique pour un e latin, un 1 pour un l) ou qui ne s’affichent pas, si bien qu’une ligne peut passer pour l’autre : donnez au participant nommé un nom d’affichage en lettres ordinaires avec le contrôle placé à côté du constat, puis Vérifier à nouveau.',
      LINT_SECRET:
        'Un fichier publierait un secret du genre nommé. Clé ou sel d’un gel : exportez après la clôture qui les révèle. Autre chose : trouvez où la valeur a été saisie (nom d’affichage, motif), remplacez-la, puis Vérifier à nouveau.',
    },
    lintAdviceOther: (code) => `Lisez docs/index-export.md, « Publication rules », pour ${code}.`,
    lintFound: lintFoundFr,
    lintFix: lintFixFr,
    export: 'Exporter l’Index',
    verify: 'Vérifier l’export',
    exportJob: (id, state) => `Tâche d’export ${id} : ${state}`,
    exported: (v, files, dir) =>
      `Version ${v} exportée : ${plural(files, { one: '{n} fichier', other: '{n} fichiers' })} dans ${dir}.`,
    exportedListed: (v, files, listed, dir) =>
      `Version ${v} exportée : ${plural(files, { one: '{n} fichier écrit', other: '{n} fichiers écrits' })} dans ${dir}, ${plural(listed, { one: 'le {n} fichier', other: 'les {n} fichiers' })} que liste le manifeste signé, le manifeste et sa signature.`,
    manifest: 'SHA-256 de manifest.json',
    verified: 'L’export se vérifie : signature, fichiers et lignes intacts.',
    verifiedWhat: (v, listed, dir) =>
      `La version ${v ?? '?'} de l’Index dans ${dir} se vérifie : la signature et ${plural(listed ?? 0, { one: 'le {n} fichier', other: 'les {n} fichiers' })} que liste le manifeste, chaque ligne intacte.`,
    verifyFailed: (v, dir) => `La version ${v ?? '(manifeste illisible)'} de l’Index dans ${dir} ne se vérifie pas :`,
    anchorStateTitle: 'Ancrage du dernier export',
    anchorState: {
      none: 'Aucun export encore : rien à ancrer.',
      absent: (v) => `La version ${v ?? '?'} de l’Index n’est pas ancrée : rien ne la date encore.`,
      pending: (v, proof) =>
        `Version ${v ?? '?'} de l’Index : en attente, preuve ${proof} ; son lot de la Trust Layer n’est pas encore ancré dans la vue gardée (vérifiez l’ancrage à nouveau dans quelques minutes).`,
      anchored: (v, proof, time) =>
        `Version ${v ?? '?'} de l’Index : ancrée par la preuve ${proof}, heure RFC 3161 ${time} (la version existait alors).`,
      not_verified: (v, code) =>
        `Version ${v ?? '?'} de l’Index : son ancrage ne se vérifie pas (${code}) ; Vérifier dit pourquoi.`,
    },
    checkAnchor: 'Vérifier l’ancrage (1 lecture)',
    preview: (lang) => (lang === 'fr' ? 'Aperçu en français (fait foi)' : 'Aperçu en anglais'),
  },
  freeze: {
    stepsTitle: (name) => `Gel de ${name}`,
    stepKey: 'Clé',
    keyCommitment: 'engagement',
    stepCommit: 'Engagement',
    proof: 'Preuve',
    stepAnchor: 'Ancrage',
    stepPublish: 'Publication',
    anchorPending: (checked) => `en attente : son lot n’est pas encore ancré (vérifié ${checked})`,
    anchorUnchecked: 'pas encore vérifié',
    anchorTime: (time) => `${time}, heure RFC 3161`,
    rekorEntry: 'Entrée Rekor',
    rekorVerified: 'vérifiée',
    rekorNotGiven: 'non fournie au vérificateur (le jeton RFC 3161 seul en témoigne)',
    checkAnchor: 'Vérifier l’ancrage',
    notYet: 'pas encore',
    published: 'publié',
    none: 'La piste n’est pas gelée.',
    chainCaption: 'Gels de la piste (remplacements conservés)',
    window: 'Fenêtre de la saison',
    rulesHash: 'Empreinte des règles',
    replaces: 'Remplace',
    reason: 'Motif',
    inForce: 'en vigueur',
    publish: 'Publier le gel',
    reveal: 'Révéler clé et sel (à la clôture)',
    revealInvalidated: 'Révéler clé et sel (la saison est invalidée : maintenant)',
    verify: 'Vérifier le gel',
    verified: 'Le gel se vérifie : règles, manifeste, engagement de clé et preuve concordent.',
    rulesTitle: (file) => `Texte des règles (${file})`,
    replaceTitle: 'Remplacer le gel (avant l’ouverture)',
    replaceHelp:
      'Un nouveau gel qui nomme celui qu’il remplace ; les deux restent publiés. Refusé une fois la saison ouverte.',
    opensAt: 'Ouverture (UTC)',
    closesAt: 'Clôture (UTC)',
    timeFormat: 'Choisissez les deux instants, en UTC : la date, puis l’heure à la seconde près.',
    replace: 'Remplacer le gel',
    reasonMissing: 'Le motif est vide.',
    createTitle: 'Geler la piste (avant l’ouverture)',
    createHelp:
      'Calcule les empreintes du texte des règles et du manifeste, s’engage sur la clé scellée avec un sel neuf, ancre le tout par la Trust Layer et l’enregistre. Clé et sel restent scellés jusqu’à la clôture.',
    create: 'Geler la piste',
    adoptTitle: 'Adopter un gel fait ailleurs',
    adoptHelp:
      'Pour un gel fait hors de cette console (celui de la saison 1) : collez sa chaîne publiée et son sel et sa clé scellés. Toutes les vérifications ont lieu avant tout enregistrement ; le gel se clôture, se révèle et se publie ensuite comme un gel fait ici.',
    adoptChain: 'Chaîne de gels publiée (le JSON écrit par `freeze publish`, gels remplacés compris)',
    adoptSeals: 'Sel et clé scellés de chaque gel ({"freezes": [{"proof_id", "salt", "key"}]})',
    adoptSealsHelp:
      'Gardés scellés dans la base de l’opérateur comme ceux de la console, jusqu’à la clôture ; jamais réaffichés, renvoyés ni journalisés.',
    adoptBothNeeded: 'Collez les deux documents pour adopter.',
    adopt: 'Vérifier et adopter…',
    adoptConfirm: (season, track) =>
      `Adopter la chaîne de gels collée pour la saison ${season}, piste ${track} ? Avant tout enregistrement, la console vérifie :`,
    adoptChecks: [
      'Chaque preuve de gel, lue sur le Trust Layer : vérifiée avec ses deux témoins (jeton RFC 3161 et entrée Rekor), sous le DID du challenge, ancrant exactement le document publié avant l’ouverture.',
      'La chaîne : un premier gel, chaque remplacement nommant le précédent, avec son motif publié.',
      'Le gel en vigueur contre le dossier de cette piste : son season.json, le texte des règles et le manifeste.',
      'Chaque sel et clé scellés : sha256(sel ‖ clé) contre l’engagement ancré.',
      'La première différence refuse l’adoption avec son code, et rien n’est enregistré.',
    ],
    adoptConfirmLabel: 'Vérifier et adopter',
    notConfigured:
      'Cette console a été lancée sans Trust Layer : geler répond avec ce qu’il faut donner (`--trust-layer URL --api-key-file FICHIER --season-base URL`).',
    publishedTo: 'La publication du gel est écrite à côté de la base, dans freezes/.',
    revealed: (at) =>
      `Clé et sel révélés (${at}) : le document de révélation est écrit à côté de la base, dans freezes/.`,
    replaceClosed: (at) => `La saison a ouvert le ${at} : le gel ne peut plus être remplacé (FREEZE_SEASON_OPENED).`,
    invalidateTitle: 'Invalider la saison (après l’ouverture)',
    invalidateHelp:
      'Un changement pendant la saison n’est pas une correction : il invalide la saison (spécification §8). Le motif est ancré par le Trust Layer et publié ; la piste recommence comme saison suivante.',
    invalidateConfirm: (season, track) =>
      `Invalider la saison ${season}, piste ${track} ? C’est sans retour. Ce qui s’arrête, et ce qui suit :`,
    invalidateStops: (season) => [
      'Les soumissions, aussitôt : le service de saison refuse toute soumission pour la piste (SEASON_TRACK_INVALIDATED) et la montre invalidée avec votre motif.',
      'La clé et le sel, aussitôt : révélés juste après l’invalidation, pour que chacun puisse vérifier l’engagement.',
      'Les scores : rien de cette saison et de cette piste n’est clôturé, noté ni classé, et elle ne peut plus être gelée.',
      `Ensuite : la piste recommence comme saison ${season + 1}, gelée à nouveau.`,
    ],
    invalidateReason: 'Motif (publié avec l’invalidation)',
    invalidateReasonShown: (reason) => `Motif publié : ${reason}`,
    invalidate: 'Invalider la saison…',
    invalidateConfirmLabel: 'Invalider la saison',
    invalidated: (at, proofId) =>
      `Saison invalidée le ${at} (preuve ${proofId}) : les soumissions pour la piste sont refusées ; révélez maintenant la clé et le sel.`,
    invalidationTitle: 'Saison invalidée',
    invalidatedAt: 'Invalidée le',
    invalidationProof: 'Preuve de l’invalidation',
    freezeEnded: 'Gel auquel elle met fin',
    invalidationRevealed: (at) =>
      `Clé et sel révélés le ${at} : chacun peut les vérifier contre l’engagement. Rien n’est noté ; la piste recommence comme saison suivante.`,
  },
  availability: {
    duration: (t: { d: number; h: number; min: number; s: number }): string =>
      t.d > 0
        ? `${t.d} j ${t.h} h`
        : t.h > 0
          ? `${t.h} h ${String(t.min).padStart(2, '0')} min`
          : `${t.min} min ${String(t.s).padStart(2, '0')} s`,
    closesIn: (left, at) =>
      `La saison est ouverte : elle se clôt dans ${left} (${at}) ; la clôture se lance et la clé est révélée à partir de là.`,
    closedAt: (at) => `La saison s’est close le ${at} : possible maintenant.`,
    opensIn: (left, at) =>
      `La saison n’a pas encore ouvert : elle ouvre dans ${left} (${at}) ; avant, un changement est un remplacement du gel.`,
    why: {
      FREEZE_NOT_FOUND: 'La piste n’est pas encore gelée : gelez-la d’abord (Gel).',
      FREEZE_NOT_CLOSED: 'La saison n’est pas encore close.',
      CLOSE_FREEZE_ANCHORED_AFTER_OPENING:
        'Le gel a été ancré après l’ouverture : cette piste ne peut pas être notée (la clôture le refuse).',
      CONSOLE_CLOSE_NEEDS_EXPORT:
        'Une première clôture lit l’export du service de saison : la console a été lancée sans `--season-url URL --operator-token-file FICHIER`.',
      CLOSE_JOB_RUNNING: 'Une clôture de cette piste est en cours : attendez qu’elle finisse.',
      PUBLISH_NO_CLOSE: 'Pas encore de clôture : lancez d’abord la clôture.',
      PUBLISH_ALREADY_PUBLISHED:
        'Chaque clôture de cette piste est publiée : un changement ultérieur est une correction, par une contestation.',
      CONSOLE_REPLAY_NO_CLOSE: 'Pas encore de clôture : rien à rejouer.',
      INDEX_NOTHING_PUBLISHED: 'Rien de cette saison n’est encore publié : l’Index ne montre que des scores publiés.',
      INDEX_LINT_FAILED: 'Un constat des règles de publication demeure : faites ce qu’il dit, puis Vérifier à nouveau.',
      INDEX_NOT_EXPORTED: 'Aucun Index de cette saison n’a encore été exporté : exportez-le d’abord.',
      INDEX_EXPORT_RUNNING:
        'Un export est en cours d’écriture : attendez qu’il finisse (une vérification maintenant porterait sur l’export précédent).',
      INDEX_ALREADY_ANCHORED: 'Le dernier export est déjà ancré : vérifiez plutôt son ancrage.',
      CONSOLE_TRUST_LAYER_NOT_CONFIGURED:
        'L’ancrage passe par la Trust Layer : la console a été lancée sans `--trust-layer URL --api-key-file FICHIER --season-base URL`.',
      SEASON_INVALIDATE_NOT_OPENED:
        'La saison n’a pas ouvert : un changement avant l’ouverture est un remplacement du gel, avec son motif.',
      SEASON_ALREADY_INVALIDATED: 'La saison de cette piste est déjà invalidée : plus rien à faire ici.',
      SEASON_INVALIDATE_CLOSED:
        'La piste est clôturée : un défaut trouvé maintenant se publie comme une correction (Contestations), pas comme une invalidation.',
    },
    closeDue: (at) =>
      `La clôture est due : la saison est close et ses derniers lots de la Trust Layer étaient ancrés le ${at}.`,
    runCloseNow: 'Lancer la clôture maintenant',
  },
  deadline: {
    title: 'Échéance de l’ancrage (l’ouverture) :',
    left: (t: { d: number; h: number; min: number; s: number }): string =>
      `il reste ${t.d > 0 ? `${t.d} j ${t.h} h` : t.h > 0 ? `${t.h} h ${String(t.min).padStart(2, '0')} min` : `${t.min} min ${String(t.s).padStart(2, '0')} s`}`,
    awaiting:
      'La preuve du gel est en attente jusqu’à l’ancrage de son lot par la Trust Layer (au plus 10 minutes après sa création) ; elle doit être ancrée avant l’ouverture.',
    recheckAfterOpening:
      'L’ouverture est passée et la preuve du gel était en attente au dernier contrôle : revérifiez maintenant pour savoir si elle a été ancrée avant l’ouverture.',
    cannotScore: 'Ancré après l’ouverture : ce gel ne peut pas être noté.',
    cannotScoreTodo:
      'La clôture le refuse (CLOSE_FREEZE_ANCHORED_AFTER_OPENING) et il ne peut plus être remplacé : publiez-le, clôturez la saison et commencez-en une nouvelle, gelée au moins 20 minutes avant son ouverture.',
    inTime: 'Ancré avant l’ouverture : la clôture accepte cet ancrage.',
    recheck: 'Revérifier maintenant (utilise 1 lecture)',
    replaceTooLate: (until: string): string =>
      `Les remplacements sont fermés depuis le ${until}, 20 minutes avant l’ouverture : un remplacement fait maintenant pourrait être ancré après elle (FREEZE_OPENING_TOO_SOON).`,
  },
  corpus: {
    checkTitle: 'Contrôle par le solveur de référence',
    checkOk: (n) => `Le corpus est conforme : ${plural(n, { one: '{n} ressource', other: '{n} ressources' })}.`,
    filter: 'Trouver une ressource',
    caption: (n) => `Ressources (${n})`,
    path: 'Ressource',
    url: 'URL canonique',
    served: (path) => `Octets servis pour ${path}`,
  },
  proofs: {
    readsTitle: 'Lectures sous la limite horaire',
    progressLabel: (done, total) =>
      `${plural(done, { one: '{n} preuve lue', other: '{n} preuves lues' })} sur ${total}`,
    phase: 'Phase',
    phases: {
      reading: 'lecture',
      waiting: 'attente de la prochaine lecture',
      'rate-limited': 'limite horaire atteinte',
      rekor: 'lecture des entrées du journal',
      finished: 'terminé',
    },
    readsUsed: 'Lectures utilisées cette heure',
    readsLeft: 'Lectures restantes cette heure',
    nextRead: 'Prochaine lecture',
    eta: 'Fin estimée',
    unsettled: 'En attente ou refusées',
    quota: (used, left, limit) =>
      `Quota actuel : ${plural(used, { one: '{n} lecture utilisée', other: '{n} lectures utilisées' })}, ${plural(left, { one: '{n} restante', other: '{n} restantes' })} sur ${limit} par heure`,
    idle: 'Aucune lecture en cours.',
    start: 'Lire les preuves',
    cacheTitle: 'Cache',
    cache: (views, rekor, absent) =>
      `${plural(views, { one: '{n} vue de preuve', other: '{n} vues de preuves' })}, ${plural(rekor, { one: '{n} entrée de journal', other: '{n} entrées de journal' })}, ${plural(absent, { one: '{n} absente', other: '{n} absentes' })}`,
    pendingCaption: (n) => `Preuves en attente (${n})`,
    noPending: 'Aucune preuve en attente.',
    job: (id, state) => `Tâche de lecture ${id} : ${state}`,
    jobPhase: (phase) => `lectures des preuves : ${phase}`,
    outcome: (ids, anchored, unsettled, reads) =>
      ids === 0
        ? 'Rien à lire : aucune preuve du cache n’est en attente ou refusée.'
        : `${plural(ids, { one: '{n} preuve à lire', other: '{n} preuves à lire' })} : ${plural(anchored, { one: '{n} ancrée', other: '{n} ancrées' })}, ${plural(unsettled, { one: '{n} encore en attente ou refusée', other: '{n} encore en attente ou refusées' })}, ${plural(reads, { one: '{n} lecture utilisée', other: '{n} lectures utilisées' })}.`,
    waiting: 'En attente de cette preuve (dernière clôture)',
    firstPending: 'Première lecture en attente',
    nextRecheck: 'Prochaine relecture',
    recheckColumn: 'Revérifier',
    recheck: 'Revérifier maintenant (1 lecture)',
    recheckLabel: (id) => `Revérifier maintenant (1 lecture) : preuve ${id}`,
    rechecking: 'Revérification…',
    recheckPending: (at) => `Revérifiée (1 lecture) : toujours en attente ; prochaine relecture le ${at}.`,
    recheckAnchored: (id) =>
      `Preuve ${id} revérifiée (1 lecture) : désormais ancrée ; elle a quitté les preuves en attente.`,
    recheckOther: (id, status) =>
      `Preuve ${id} revérifiée (1 lecture) : le cache de lecture la tient désormais pour ${status} ; elle a quitté les preuves en attente.`,
    viewStatuses: { absent: 'absente (la Trust Layer n’a servi aucune vue)', refused: 'refusée par la Trust Layer' },
  },
  connections: {
    intro:
      'Ce que cette console atteint hors de sa base, tel qu’elle a été lancée. Clés et jetons restent dans le processus de la console : ils ne sont jamais montrés ici. Chaque test fait une requête sans effet (aucune lecture du quota, aucune preuve).',
    caption: 'Services utilisés',
    service: 'Service',
    target: 'Adresse ou dossier',
    option: 'Option',
    result: 'Test',
    names: {
      trust_layer: 'Trust Layer',
      api_key: 'Clé d’API',
      season_base: 'Base de la saison',
      season_service: 'Service de la saison',
      operator_token: 'Jeton opérateur',
      trust_bundle: 'Paquet de confiance',
      backup_folder: 'Dossier des sauvegardes',
    },
    byDefault: {
      trust_layer: '(par défaut)',
      api_key: '(par défaut)',
      season_base: '(par défaut : l’adresse de --season-url)',
      season_service: '(par défaut)',
      operator_token: '(par défaut)',
      trust_bundle: '(par défaut : le paquet de production)',
      backup_folder: '(par défaut)',
    },
    notGiven: 'non fourni',
    test: (name) => `Tester ${name}`,
    testing: 'Test en cours…',
    ok: 'Fonctionne :',
    failed: 'Ne fonctionne pas :',
    warning: 'Attention :',
    at: (when) => `Testé le ${when}`,
  },
  setup: {
    title: 'Mise en place de la saison',
    intro:
      'Avant une saison : la clé opérateur qui signe les gels et l’Index, la clé d’API du Trust Layer liée au DID du challenge, et chaque connexion testée. La clé privée et la clé d’API restent dans le processus de la console.',
    done: 'Fait',
    todo: 'À faire',
    keyTitle: 'La clé opérateur',
    keyFound: 'À côté de la base :',
    keyMissing: (file) =>
      `Pas encore de clé opérateur dans ${file} : la console l’y crée (Ed25519, lisible par cet utilisateur seul), et l’inscrit au journal d’audit.`,
    keyNoDatabase:
      'La console tourne sans base opérateur : la clé opérateur se garde à côté d’elle (lancez avec --db FICHIER).',
    createKey: 'Créer la clé opérateur',
    creating: 'Création…',
    challengeDid: 'Le DID du challenge :',
    keyId: 'Identifiant de clé :',
    bindTitle: 'La clé d’API liée au DID du challenge',
    bindHelp:
      'Un gel ou un ancrage d’Index ne compte que si le Trust Layer l’émet sous le DID du challenge : la clé d’API donnée avec --api-key-file doit donc être liée à ce DID. La liaison signe le défi du Trust Layer avec la clé opérateur, dans le processus de la console ; elle est inscrite au journal d’audit.',
    noApiKey:
      'La console a été lancée sans --trust-layer URL --api-key-file FICHIER : relancez-la avec ces options pour lier la clé.',
    checkBinding: 'Vérifier la liaison',
    bind: 'Lier la clé d’API au DID du challenge',
    binding: 'Liaison…',
    bound: (did, when) => `Liée au DID du challenge ${did} (${when}) ; inscrit au journal d’audit.`,
    alreadyBound: (did) => `Déjà liée au DID du challenge ${did} : rien n’a été demandé.`,
    testsTitle: 'Chaque connexion testée',
    testAll: 'Tester chaque connexion',
    testsSummary: (ok, n) => plural(ok, { one: `{n} sur ${n} fonctionne`, other: `{n} sur ${n} fonctionnent` }),
    notWorking: 'Ne fonctionnent pas :',
    notTested: 'Pas testé depuis l’ouverture de cet écran : le tableau ci-dessous donne chaque service et son test.',
  },
};
