// Ce qui s’est passé, par code de refus, en français : écrit à partir des faits du refus (ses details), pour que
// l’écran le dise dans sa langue (happened-en.ts a les mêmes codes ; tests/renderer/i18n/happened-catalogues.test.ts
// le vérifie). Un code absent d’ici est montré avec la phrase de main. Vocabulaire de la spec seulement
// (docs/conventions.md "Words").
import { countOf, fact, instantOf, listOf, type Facts, type Happened } from './facts.ts';
import { pluralOf } from './plural.ts';

const plural = pluralOf('fr');
const at = (d: Facts, key: string): string => instantOf(d, key, 'fr');
const track = (d: Facts): string => `la saison ${fact(d, 'season')}, piste ${fact(d, 'track')},`;
const STATES: Record<string, string> = { upheld: 'fondée', rejected: 'rejetée' };
const problems = (d: Facts, key: string): string => {
  const n = countOf(d, key);
  return n === null ? 'des problèmes' : plural(n, { one: '{n} problème', other: '{n} problèmes' });
};

export const happenedFr: Record<string, Happened> = {
  IPC_UNKNOWN_CHANNEL: () => 'Cette console ne propose pas cette opération.',
  IPC_BAD_ARGUMENTS: () => 'L’écran a envoyé des arguments que le contrat de la console refuse.',
  IPC_HANDLER_FAILED: () => 'L’opération a échoué dans le processus de la console.',
  CONSOLE_UNREACHABLE: () => 'Le processus de la console n’a pas répondu.',
  CONSOLE_ANSWER_INVALID: () => 'La console a répondu autre chose qu’une réponse du contrat.',
  CONSOLE_DEMO_PLAYING: () =>
    'La saison de démonstration est encore en cours d’écriture dans une nouvelle base d’opérations.',
  CONSOLE_NO_DATABASE: () => 'Cette console fonctionne sans base d’opérations.',
  CONSOLE_CLOSE_NEEDS_EXPORT: (d) =>
    `Pour ${track(d)} aucune clôture n’existe encore, et la première clôture lit l’export du service de saison, que cette console n’a pas reçu.`,
  CONSOLE_TRUST_LAYER_NOT_CONFIGURED: () => 'Cette console a été lancée sans la Trust Layer, qui ancre les preuves.',
  CONSOLE_CLOSE_BUNDLE_MISSING: (d) =>
    `Le paquet de la dernière clôture est illisible (${fact(d, 'bundle', 'son dossier')}).`,
  CONSOLE_CORPUS_NOT_FOUND: (d) =>
    `La console n’a pas de dossier de corpus pour la saison ${fact(d, 'season')}, piste ${fact(d, 'track')}.`,
  CONSOLE_REPLAY_NO_CLOSE: (d) => `Pour ${track(d)} il n’y a aucune clôture à rejouer.`,
  CONSOLE_JOB_FAILED: () => 'La tâche s’est arrêtée avant sa fin.',
  CONSOLE_ACTOR_REQUIRED: () =>
    'Personne n’est encore nommé, et chaque acte est enregistré avec le nom de la personne qui l’a fait.',
  CONSOLE_ACTOR_INVALID: () =>
    'Ce nom ne peut pas être enregistré : un nom compte de 1 à 80 caractères imprimables sur une ligne.',
  CONSOLE_ACTOR_ALREADY_NAMED: () => 'Les actes de cette session sont déjà enregistrés sous un autre nom.',
  HEADLESS_TOKEN_REQUIRED: () => 'La console a été ouverte sans son jeton de lancement.',
  HEADLESS_HOST_REFUSED: () => 'La console a été ouverte sous un autre nom d’hôte que 127.0.0.1.',
  CONNECTION_UNREACHABLE: () => 'Rien n’a répondu à cette adresse.',
  CONNECTION_REFUSED: () => 'Quelque chose a répondu à cette adresse, mais pas ce service.',
  CONNECTION_NOT_CONFIGURED: () => 'La console a été lancée sans ce service.',
  CONNECTION_NOT_WRITABLE: () => 'Le dossier des sauvegardes ne peut pas recevoir de fichier.',
  CONSOLE_BACKUP_NOT_CONFIGURED: () => 'Cette console a été lancée sans dossier des sauvegardes.',
  CONSOLE_BACKUP_NOT_FOUND: (d) =>
    `Aucune sauvegarde ${fact(d, 'name', 'de ce nom')} de cette base n’est dans le dossier des sauvegardes.`,
  CONNECTION_API_KEY_REFUSED: () => 'Le Trust Layer refuse la clé d’API donnée à la console.',
  CONNECTION_API_KEY_UNBOUND: () => 'La clé d’API donnée à la console n’est liée à aucun DID.',
  CONNECTION_API_KEY_OTHER_DID: () =>
    'La clé d’API donnée à la console est liée à un autre DID que celui du challenge.',
  CONNECTION_TOKEN_REFUSED: () => 'Le service de la saison refuse le jeton opérateur donné à la console.',
  CONNECTION_SEASON_OTHER: () => 'Le service de saison à cette adresse tient une autre saison.',
  CONNECTION_BASE_NOT_PUBLIC: () =>
    'La base de la saison est un nom en .localhost, et le Trust Layer n’est pas un devnet.',
  CONNECTION_BASE_OTHER_SERVICE: () =>
    'La base de la saison et le service de la saison répondent avec des clés de reçu différentes.',
  SETUP_OPERATOR_KEY_MISSING: () => 'Il n’y a pas encore de clé opérateur à côté de la base.',
  SETUP_BIND_UNREACHABLE: () => 'Le Trust Layer n’a pas répondu à la liaison.',
  SETUP_BIND_REFUSED: () => 'Le Trust Layer a refusé de lier la clé d’API au DID du challenge.',
  SETUP_BIND_ANSWER_INVALID: () => 'La réponse du Trust Layer à la liaison n’est pas utilisable par la console.',
  DB_UNREADABLE: () => 'La base d’opérations est illisible.',
  DB_READ_ONLY: () => 'La base d’opérations ne peut pas être écrite : le fichier ou son dossier est en lecture seule.',
  DB_DISK_FULL: () => 'Le disque qui porte la base d’opérations est plein.',
  DB_NOT_A_DATABASE: () => 'Le fichier donné comme base d’opérations n’est pas une base de données.',
  DB_CORRUPT: () => 'La base d’opérations est endommagée.',
  DB_BUSY: () => 'Un autre processus tient la base d’opérations.',
  DB_IO_FAILED: () => 'Le disque a failli en lisant ou en écrivant la base d’opérations.',
  DB_SCHEMA_NEWER: () => 'La base d’opérations a été écrite par une version plus récente de la console.',
  DB_SCHEMA_OLDER: () => 'La base d’opérations est plus ancienne que ce qu’attend cette console.',
  DB_MIGRATIONS_UNORDERED: () => 'Les migrations de base de la console ne sont pas dans l’ordre.',
  DB_MIGRATION_CHANGED: () => 'Une migration déjà appliquée à cette base a changé depuis.',
  DISPUTE_NOT_FOUND: (d) => `La contestation ${fact(d, 'dispute_id', '')} n’est pas dans cette base.`,
  DISPUTE_REASON_REQUIRED: () => 'Le motif manque : une contestation et sa décision sont publiées avec leur motif.',
  DISPUTE_REVIEWER_REQUIRED: () => 'Personne n’est nommé pour l’instruction.',
  DISPUTE_DECISION_REQUIRED: () => 'Aucune décision n’est choisie.',
  DISPUTE_CHANGE_REQUIRED: () => 'Une contestation fondée doit dire ce qui change, et rien n’est choisi.',
  DISPUTE_CHANGE_NOT_ALLOWED: (d) =>
    d?.['status'] === undefined
      ? 'Ce changement ne peut pas être fait sur cette assertion.'
      : 'L’assertion a déjà le statut demandé : le changement ne la change pas.',
  DISPUTE_ALREADY_DECIDED: (d) =>
    `La contestation est déjà décidée (${STATES[fact(d, 'state')] ?? fact(d, 'state')}) : une décision est définitive.`,
  DISPUTE_ALREADY_UNDER_REVIEW: () => 'La contestation est déjà en instruction.',
  DISPUTE_WINDOW_CLOSED: (d) => `La fenêtre de contestation du participant ${fact(d, 'participant_id')} est close.`,
  DISPUTE_ASSERTION_UNKNOWN: (d) =>
    `Le participant ${fact(d, 'participant_id')} n’a pas d’assertion ${fact(d, 'task_id')}/${fact(d, 'assertion_id')} dans cette publication.`,
  DISPUTE_PARTICIPANT_UNKNOWN: (d) =>
    `Le participant ${fact(d, 'participant_id')} n’a pas de rapport dans cette publication.`,
  DISPUTE_PARTICIPANT_PENDING: (d) =>
    `Le participant ${fact(d, 'participant_id')} est en attente dans cette publication : une preuve citée n’était pas ancrée à la clôture.`,
  DISPUTE_SCOPE: () => 'Aucune cause n’est retenue contre cette assertion : il n’y a rien à contester.',
  DISPUTE_TIME_FORMAT: (d) => `« ${fact(d, 'received', '')} » n’est pas un instant avec son fuseau horaire.`,
  DISPUTE_ALREADY_OPEN: (d) => `La contestation ${fact(d, 'dispute_id')} sur cette assertion n’est pas encore décidée.`,
  DISPUTE_RECEIPT_INVALID: () => 'Le reçu de soumission est illisible ou ne se vérifie pas.',
  DISPUTE_RECEIPT_OTHER_SUBMISSION: (d) =>
    `Le reçu de soumission est celui d’une autre soumission : son ${fact(d, 'field')} vaut ${fact(d, 'receipt')}, celui de la contestation ${fact(d, 'dispute')}.`,
  DISPUTE_RECEIVED_IN_FUTURE: (d) =>
    `L’heure de réception donnée (${at(d, 'received_at')}) est postérieure à maintenant (${at(d, 'now')}).`,
  DISPUTE_BEFORE_PUBLICATION: (d) =>
    `La contestation est datée du ${at(d, 'received_at')}, avant la publication qu’elle conteste (${at(d, 'published_at')}).`,
  DISPUTE_NOT_PUBLISHED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, n’est pas publiée : une contestation porte sur une publication.`,
  DISPUTE_EVIDENCE_UNAVAILABLE: () =>
    'Les éléments ne peuvent pas être calculés : le paquet de rejeu de la clôture ne donne pas de scores.',
  DISPUTE_EVIDENCE_INVALID: (d) =>
    `Les éléments enregistrés de la contestation ${fact(d, 'dispute_id')} sont incomplets.`,
  DISPUTE_REPORT_MISSING: () => 'Les scores de la dernière publication sont illisibles.',
  CORRECTION_ASSERTION_NOT_FOUND: (d) =>
    `Le rapport n’a pas d’assertion ${fact(d, 'task_id')}/${fact(d, 'assertion_id')}.`,
  CORRECTION_NOT_APPLICABLE: () =>
    'La correction ne peut pas s’appliquer à cette assertion dans l’état présent de sa tâche.',
  REPLAY_OUTPUT_DIFFERS: () => 'Le rejeu ne donne pas ce que la clôture a publié.',
  REPLAY_INPUT_CHANGED: () => 'Un fichier du paquet a changé depuis la clôture.',
  REPLAY_FILE_CHANGED: () => 'L’export du paquet n’est pas celui que la clôture a noté.',
  REPLAY_FILE_MISSING: () => 'Un fichier du paquet est illisible.',
  INCIDENT_RESOLUTION_REQUIRED: () => 'La résolution manque.',
  INCIDENT_ALREADY_RESOLVED: (d) => `L’incident ${fact(d, 'id', '')} est déjà résolu.`,
  INCIDENT_NOT_FOUND: (d) => `L’incident ${fact(d, 'id', '')} n’est pas dans cette base.`,
  INCIDENT_NOTE_REQUIRED: () => 'La note est vide.',
  INCIDENT_OWNER_REQUIRED: () => 'Personne n’est nommé comme responsable de l’incident.',
  INCIDENT_KIND_UNKNOWN: (d) => `« ${fact(d, 'kind', '')} » n’est pas un type d’incident.`,
  INCIDENT_WINDOW_INVALID: () => 'La période de l’incident finit avant de commencer.',
  FREEZE_REASON_REQUIRED: () => 'Le motif manque : un remplacement est publié avec son motif.',
  FREEZE_TIME_FORMAT: (d) => `« ${fact(d, 'received', '')} » n’est pas un instant UTC.`,
  FREEZE_SEASON_OPENED: (d) => `La saison a ouvert le ${at(d, 'opens_at')} : son gel ne peut plus changer.`,
  FREEZE_NOT_CLOSED: (d) =>
    `La saison clôt le ${at(d, 'closes_at')} : la clé et le sel sont révélés à la clôture, pas avant.`,
  FREEZE_OPENING_TOO_SOON: (d) =>
    `L’ouverture du ${at(d, 'opens_at')} est trop proche : la preuve du gel doit être ancrée avant, et l’ouverture la plus proche possible est le ${at(d, 'earliest_opens_at')}.`,
  FREEZE_RECHECK_NO_READ_LEFT: (d) =>
    `Les lectures de cette heure sont épuisées : la prochaine lecture est possible le ${at(d, 'next_read_at')}.`,
  FREEZE_PROOF_NOT_VERIFIED: (d) => `La preuve du gel ne se vérifie pas (${fact(d, 'verdict')}).`,
  FREEZE_PROOF_ONE_WITNESS: (d) => `La preuve du gel n’a qu’un témoin : son témoin ${fact(d, 'witness')} manque.`,
  FREEZE_OPERATOR_KEY_MISMATCH: () => 'Le gel est signé par une autre clé que la clé épinglée du challenge.',
  FREEZE_PROOF_UNREADABLE: () => 'La Trust Layer n’a servi aucune vue de la preuve du gel.',
  FREEZE_NOT_FOUND: (d) => `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, n’a pas de gel dans cette base.`,
  FREEZE_TRACK_INVALIDATED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, a été invalidée : elle n’est pas gelée à nouveau.`,
  CLOSE_TRACK_INVALIDATED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, a été invalidée : rien n’en est noté ni classé.`,
  SEASON_ALREADY_INVALIDATED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, a déjà été invalidée le ${at(d, 'invalidated_at')}.`,
  SEASON_INVALIDATE_NOT_OPENED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, ouvre le ${at(d, 'opens_at')} : elle n’a pas encore ouvert.`,
  SEASON_INVALIDATE_CLOSED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, est clôturée et notée : elle ne peut plus être invalidée.`,
  SEASON_INVALIDATE_FREEZE_UNSIGNED: (d) =>
    `Le gel en vigueur de la saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, n’est pas signé par la clé d’opérateur : le service de saison ne le détient pas.`,
  SEASON_INVALIDATE_REASON_INVALID: () => 'Le motif est vide ou dépasse 2000 caractères.',
  SEASON_INVALIDATE_ANCHOR_MISMATCH: (d) =>
    `La preuve du Trust Layer (${fact(d, 'proof_id', 'sans id')}) n’ancre pas l’invalidation envoyée ; rien n’a été enregistré.`,
  FREEZE_NOT_REVEALED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, n’est pas encore close : le gel se vérifie contre sa révélation, faite à la clôture.`,
  FREEZE_WINDOW_INVALID: (d) =>
    `La clôture (${at(d, 'closes_at')}) ne vient pas après l’ouverture (${at(d, 'opens_at')}).`,
  FREEZE_CORPUS_CHECK_FAILED: (d) =>
    `La vérification du corpus a trouvé ${problems(d, 'problems')} : ${listOf(d, 'problems')}.`,
  FREEZE_CORPUS_UNREADABLE: () => 'Le dossier du corpus est illisible.',
  FREEZE_KEY_MISSING: () => 'Le dossier du corpus n’a pas de clé de réponses scellée lisible.',
  FREEZE_ALREADY_EXISTS: () => 'Un autre gel de cette piste a été enregistré entre-temps.',
  FREEZE_NOTHING_TO_REPLACE: () => 'Il n’y a aucun gel à remplacer.',
  FREEZE_ANCHOR_MISMATCH: (d) =>
    `La preuve de la Trust Layer ne porte pas sur le document de gel que cette console a envoyé (${fact(d, 'field')}).`,
  FREEZE_SEAL_MISMATCH: () =>
    'La clé scellée ne redonne pas son engagement : la base est endommagée ; rien n’a été révélé.',
  FREEZE_SEASON_HOST_REFUSED: (d) => `Le service de saison a répondu ${fact(d, 'status')} au gel envoyé.`,
  FREEZE_TRUST_LAYER_REFUSED: (d) => `La Trust Layer a répondu ${fact(d, 'status')}.`,
  FREEZE_TRUST_LAYER_UNREACHABLE: (d) => `La Trust Layer n’a pas pu être jointe (${fact(d, 'cause')}).`,
  FREEZE_TRUST_LAYER_ANSWER_INVALID: () => 'La réponse de la Trust Layer n’est pas un objet JSON.',
  PUBLISH_NO_CLOSE: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, n’a aucune clôture enregistrée dans cette base.`,
  PUBLISH_ALREADY_PUBLISHED: (d) =>
    `La saison ${fact(d, 'season')}, piste ${fact(d, 'track')}, est déjà publiée depuis sa dernière clôture (version ${fact(d, 'version')}).`,
  PUBLISH_NOTHING_NEW: () => 'Cette clôture ne publie rien de nouveau.',
  PUBLISH_CLOSE_FILES_MISSING: (d) =>
    d?.['folder'] === undefined
      ? `Un fichier de la clôture est illisible (${fact(d, 'file')}).`
      : `Le dossier de sortie de la clôture ${fact(d, 'folder')} a disparu ou est incomplet : ${fact(d, 'file')} est illisible.`,
  PROOF_RECHECK_NOT_PENDING: (d) =>
    `La preuve ${fact(d, 'proof_id', '')} n’est pas en attente dans le cache de lecture : il n’y a rien à revérifier.`,
  PROOF_RECHECK_NO_READ_LEFT: (d) =>
    `Plus aucune lecture cette heure-ci : la prochaine lecture est possible le ${at(d, 'next_read_at')}. La preuve reste en attente.`,
  PROOF_RECHECK_TRUST_LAYER_UNREACHABLE: (d) =>
    `La Trust Layer (${fact(d, 'trust_layer')}) est injoignable : la preuve ${fact(d, 'proof_id', '')} reste en attente.`,
  TRUST_LAYER_SERVER_ERROR: (d) =>
    `La Trust Layer (${fact(d, 'trust_layer', 'utilisée')}) a répondu par une erreur serveur (${fact(d, 'status', '5xx')}) : la preuve ${fact(d, 'proof_id', '')} reste en attente.`,
  TRUST_LAYER_REFUSED_READ: (d) =>
    `La Trust Layer (${fact(d, 'trust_layer', 'utilisée')}) a refusé la lecture (${fact(d, 'status', '4xx')}) : la preuve ${fact(d, 'proof_id', '')} reste en attente.`,
  PUBLISH_SCORES_CHANGED: (d) =>
    `${fact(d, 'file', 'scores.json')} n’est pas le fichier de scores que la clôture a noté.`,
  PUBLISH_REPORT_CHANGED: (d) =>
    `${fact(d, 'file', 'Un rapport')} n’est pas le rapport que la clôture a écrit dans son paquet.`,
  PUBLICATION_VERSION_NOT_FOUND: () => 'Cette piste n’a pas de version publiée de ce numéro.',
  SCORES_NOT_FOUND: () => 'Cette piste n’a pas encore de clôture.',
  REPORT_NOT_FOUND: () => 'Ce participant n’a pas de rapport dans cette clôture.',
  PARTICIPANT_UNKNOWN: (d) =>
    `Aucune publication de la saison ${fact(d, 'season')} ne mentionne le participant ${fact(d, 'participant_id')}.`,
  PARTICIPANT_DISPLAY_NAME_INVALID: () =>
    'Ce nom d’affichage ne peut pas servir : il compte de 1 à 80 caractères imprimables sur une ligne.',
  PARTICIPANT_DISPLAY_NAME_INVISIBLE_CHARACTER: (d) =>
    `Ce nom d’affichage contient un caractère invisible (${fact(d, 'code_point')} au caractère ${fact(d, 'position')}), qui ne s’affiche pas : retirez-le.`,
  PARTICIPANT_DISPLAY_NAME_COMBINING_STACK: (d) =>
    `Ce nom d’affichage empile trop de signes combinants sur un caractère (${fact(d, 'code_point')} au caractère ${fact(d, 'position')}) : un caractère porte au plus 2 accents et 4 signes en tout.`,
  PARTICIPANT_DECLARED_STACK_INVISIBLE_CHARACTER: (d) =>
    `Cette pile déclarée contient un caractère invisible (${fact(d, 'code_point')} au caractère ${fact(d, 'position')}), qui ne s’affiche pas : retirez-le.`,
  PARTICIPANT_DECLARED_STACK_COMBINING_STACK: (d) =>
    `Cette pile déclarée empile trop de signes combinants sur un caractère (${fact(d, 'code_point')} au caractère ${fact(d, 'position')}) : un caractère porte au plus 2 accents et 4 signes en tout.`,
  PARTICIPANT_DECLARED_STACK_INVALID: () =>
    'Cette pile déclarée ne peut pas servir : elle compte de 1 à 200 caractères imprimables sur une ligne et ne commence ni par =, +, - ni par @.',
  PARTICIPANT_REFERENCE_INVALID: () =>
    'Un champ de l’exécution de référence est vide ou n’est pas du texte imprimable sur une ligne.',
  CORPUS_RESOURCE_NOT_FOUND: () => 'Ce chemin n’est pas une ressource du catalogue de cette piste.',
  FOLLOW_NO_FROZEN_TRACK: (d) =>
    `La saison ${fact(d, 'season')} n’a aucune piste gelée : il n’y a pas de fenêtre à suivre.`,
  FOLLOW_TRACKS_INVALIDATED: (d) =>
    `Chaque piste gelée de la saison ${fact(d, 'season')} a été invalidée : rien n’en est lu ni noté.`,
  INDEX_NOTHING_PUBLISHED: (d) =>
    `La saison ${fact(d, 'season')} n’a encore aucune publication : il n’y a pas d’Index à exporter.`,
  INDEX_NOT_EXPORTED: () => 'Aucun Index de cette saison n’a encore été exporté depuis cette console.',
  INDEX_LINT_FAILED: (d) =>
    `Les règles de publication ont trouvé ${problems(d, 'findings')} : rien n’est écrit (les constats sont listés sur l’écran Index).`,
  INDEX_VERSION_NOT_FOUND: (d) => `La saison ${fact(d, 'season')} n’a pas de version ${fact(d, 'version')} de l’Index.`,
  INDEX_SIGNING_KEY_CHANGED: () => 'Cette version de l’Index a été signée avec une autre clé que celle en usage.',
  INDEX_SIGNING_KEY_UNREADABLE: () => 'La clé de signature de l’Index est illisible.',
  INDEX_NARRATIVE_MISSING: () => 'Le récit d’un participant manque dans la publication.',
  INDEX_REPLAY_BUNDLE_MISSING: (d) =>
    `Aucune clôture avec un paquet enregistré n’est connue pour la piste ${fact(d, 'track')}.`,
  INDEX_REPLAY_BUNDLE_CHANGED: (d) => `${fact(d, 'file')} de la piste ${fact(d, 'track')} n’est pas le fichier publié.`,
  INDEX_ANCHOR_TRUST_LAYER_FAILED: () => 'La Trust Layer n’a pas ancré l’Index.',
  INDEX_ANCHOR_SEASON_HOST_REFUSED: () => 'L’hôte de la saison a refusé l’appel d’ancrage.',
  INDEX_ANCHOR_KEY_MISMATCH: () => 'L’export est signé par une autre clé que celle donnée.',
  INDEX_ANCHOR_EXPORT_UNREADABLE: () => 'Le manifeste du dernier export ne peut pas être lu.',
  INDEX_ANCHOR_MISMATCH: () => 'La preuve d’ancrage n’ancre pas le manifeste de cet export.',
  INDEX_ANCHOR_INVALID: () => 'L’enregistrement d’ancrage de l’export ou sa vue de preuve manque ou est mal formé.',
  READ_NO_READ_LEFT: (d) =>
    `Les lectures de cette heure sont épuisées : la prochaine lecture est possible le ${at(d, 'next_read_at')}.`,
  AUDIT_LOG_TRUNCATED: (d) =>
    `Le journal d’audit s’arrête avant l’entrée ${fact(d, 'quotedSeq')}, qu’une tête publiée cite : ses dernières entrées ont été retirées.`,
  AUDIT_ENTRY_EDITED: (d) => `L’entrée ${fact(d, 'seq')} du journal d’audit a été modifiée après son écriture.`,
  AUDIT_ENTRY_MISSING: (d) => `L’entrée ${fact(d, 'seq')} du journal d’audit manque.`,
  AUDIT_ENTRY_REORDERED: (d) => `L’entrée ${fact(d, 'seq')} du journal d’audit a été déplacée.`,
  AUDIT_HEAD_MISMATCH: (d) =>
    `Une tête publiée cite l’entrée ${fact(d, 'seq')} avec une autre empreinte : le journal a été réécrit.`,
  AUDIT_CHAIN_BROKEN: (d) => `La chaîne du journal d’audit se rompt à l’entrée ${fact(d, 'seq')}.`,
  AUDIT_LOG_UNREADABLE: () => 'Le journal d’audit est illisible.',
  CLOSE_READS_FAILED: () => 'Les vues des preuves n’ont pas toutes pu être lues (les vues lues sont gardées).',
  CLOSE_PROOFS_UNREAD: (d) => {
    const n = countOf(d, 'proof_ids');
    return n === null
      ? 'Des vues de preuve n’ont jamais été lues.'
      : plural(n, { one: '{n} vue de preuve n’a jamais été lue.', other: '{n} vues de preuve n’ont jamais été lues.' });
  },
  CLOSE_EXPORT_BEFORE_CLOSE: (d) =>
    `L’export a été pris le ${at(d, 'taken_at')}, avant la clôture de la piste le ${at(d, 'closes_at')}.`,
  CLOSE_EXPORT_UNSIGNED: () => 'L’export du service de saison n’est pas signé.',
  CLOSE_EXPORT_ALTERED: () => 'L’export du service de saison a changé après sa signature.',
  CLOSE_EXPORT_SIGNATURE_INVALID: () => 'La signature de l’export du service de saison ne se vérifie pas.',
  CLOSE_SUBMISSIONS_INVALID: () => 'Une ligne du fichier des soumissions n’est pas une soumission valide.',
};
