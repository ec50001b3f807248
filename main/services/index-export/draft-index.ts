import { TRACK_NAMES } from '../../core/corpus/model.ts';
import { buildIndexDocument, type TrackPublication } from '../../core/index/build-index.ts';
import { indexJsonText, parseIndexJson } from '../../core/index/index-json.ts';
import { DEFAULT_HUMOUR_MARKERS, DEFAULT_MODEL_AND_PROVIDER_NAMES } from '../../core/index/lint/name-lists.ts';
import { lintIndex, type KnownSecret, type LintFinding } from '../../core/index/lint/lint-index.ts';
import type { IndexDocument } from '../../core/index/model.ts';
import { renderIndexFiles } from '../../core/index/render-files.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import {
  declaredStacksOf,
  displayNamesOf,
  indexVersionOf,
  latestIndexVersion,
  referenceRunsOf,
  unrevealedSeals,
} from '../../db/index-exports.ts';
import type { Db } from '../../db/open-database.ts';
import { consentsInForce } from '../../db/report-consents.ts';
import { enrolledNamesOf } from '../../db/close-participant-names.ts';
import { invalidationsOf } from '../../db/season-invalidations.ts';
import { noticesOf, type NoticeRow } from '../../db/season-notices.ts';
import type { IndexNotice } from '../../core/index/model.ts';
import type { Clock } from '../clock.ts';
import { trackPublication } from './gather-publications.ts';
import { bundleFiles } from './replay-files.ts';
import { defaultKeyFile, loadOrCreateSigningKey, type SigningKey } from './signing-key.ts';

export type IndexDraftCode =
  | 'INDEX_NOTHING_PUBLISHED'
  | 'INDEX_VERSION_NOT_FOUND'
  | 'INDEX_SIGNING_KEY_UNREADABLE'
  | 'INDEX_SIGNING_KEY_CHANGED'
  | 'INDEX_JSON_INVALID'
  | 'INDEX_NARRATIVE_MISSING';

export interface IndexDraftOptions {
  season: number;
  /** An Index version already exported: its files are rendered again, byte for byte. Default: the latest publications. */
  version?: number;
  clock: Clock;
  /** The signing key file (default: index-signing-key.pem beside the database). */
  keyFile?: string;
  /** The model and provider names of LINT_MODEL_NAME_NEGATIVE (default: the shipped list). */
  modelNames?: readonly string[];
  humourMarkers?: readonly string[];
  /** Values no file may hold, besides those the database knows (the corpus secret, tokens at hand). */
  extraSecrets?: readonly KnownSecret[];
}

/** What an export would write, before anything is written: the document, every rendered file, the linter's findings. */
export interface IndexDraft {
  doc: IndexDocument;
  files: Map<string, Uint8Array>;
  findings: LintFinding[];
  /**
   * Each track's replay bundle as the export would copy it (replay-files.ts), read once here so that the linter reads
   * them too; a bundle gone or changed is the export's refusal (INDEX_REPLAY_BUNDLE_*), its files unlinted.
   */
  bundles: ReturnType<typeof bundleFiles>;
  /** false when the document is the latest version again (nothing changed since, or `version`). */
  isNew: boolean;
  key: SigningKey;
}

/** The document for the latest publications, numbered as a new version after `latest` unless nothing changed. */
function currentDocument(
  db: Db,
  o: IndexDraftOptions,
  key: { publicKeyHex: string; keyId: string },
): Result<
  { doc: IndexDocument; isNew: boolean; reportBytes: Map<string, Uint8Array> },
  'INDEX_NARRATIVE_MISSING'
> | null {
  const tracks: TrackPublication[] = [];
  const reportBytes = new Map<string, Uint8Array>();
  const exportingAtMs = o.clock.now();
  for (const track of TRACK_NAMES) {
    const p = trackPublication(db, o.season, track, undefined, exportingAtMs);
    if (!p) continue;
    if (!p.ok) return p;
    tracks.push(p.value.publication);
    for (const [k, v] of p.value.reportBytes) reportBytes.set(k, v);
  }
  if (tracks.length === 0) return null;
  const refs = referenceRunsOf(db, o.season);
  // Each participant's choice in force as `season consents` last read it (docs/publications.md "Private reports,
  // public by choice"): recorded in the version's rows, so a later change of mind applies from the next version.
  const reportConsents = new Map<string, boolean>();
  for (const t of tracks)
    for (const [id, c] of consentsInForce(db, o.season, t.track)) reportConsents.set(`${t.track}/${id}`, c.public);
  const input = {
    reportConsents,
    season: o.season,
    signingKey: key,
    tracks,
    displayNames: displayNamesOf(db, o.season),
    declaredStacks: declaredStacksOf(db, o.season),
    enrolledNames: enrolledNamesOf(db, o.season),
    invalidations: invalidationsOf(db, o.season).map((i) => ({
      track: i.track,
      reason: i.reason,
      invalidated_at: i.invalidatedAt,
      proof_id: i.proofId,
      document_sha256: i.documentSha256,
    })),
    notices: noticesOf(db, o.season).map(indexNoticeOf),
    referenceRuns: new Map(
      [...refs].map(([id, r]) => [
        id,
        { model: r.model, modelVersion: r.modelVersion, framework: r.framework, promptSha256: r.promptSha256 },
      ]),
    ),
  };
  const latest = latestIndexVersion(db, o.season);
  if (latest) {
    // Nothing changed since the latest version (same publications, names, marks, key): write it again as it was.
    const same = buildIndexDocument({
      ...input,
      indexVersion: latest.indexVersion,
      correctsVersion: latest.correctsVersion,
      exportedAtMs: latest.exportedAtMs,
    });
    if (indexJsonText(same) === new TextDecoder().decode(latest.indexJson))
      return ok({ doc: same, isNew: false, reportBytes });
  }
  const doc = buildIndexDocument({
    ...input,
    indexVersion: (latest?.indexVersion ?? 0) + 1,
    correctsVersion: latest?.indexVersion ?? null,
    exportedAtMs: exportingAtMs,
  });
  return ok({ doc, isNew: true, reportBytes });
}

/** A stored version's document and the report bytes of the publications it shows. */
function storedDocument(db: Db, season: number, version: number) {
  const row = indexVersionOf(db, season, version);
  if (!row) return null;
  const parsed = parseIndexJson(new TextDecoder().decode(row.indexJson));
  if (!parsed.ok) return parsed;
  const reportBytes = new Map<string, Uint8Array>();
  for (const s of parsed.value.tracks) {
    // A stored version's narratives are in its index.json: only the report bytes are taken here.
    const p = trackPublication(db, season, s.track, s.publication.version);
    for (const [k, v] of p?.ok ? p.value.reportBytes : []) reportBytes.set(k, v);
  }
  return ok({ doc: parsed.value, reportBytes });
}

/**
 * The season's Index as the next export would write it (docs/index-export.md), written nowhere: the
 * document from the publication versions (or a stored version), the files rendered in both languages, and the
 * publication linter's findings (spec §7.3). `exportIndex` writes it when there is no finding; the console's Index
 * screen shows it and its findings before any export (docs/console.md "Screens"). The signing key is read, or created
 * on first use as the export would, since the document names it.
 */
export function draftIndex(db: Db, o: IndexDraftOptions): Result<IndexDraft, IndexDraftCode> {
  const key = loadOrCreateSigningKey(o.keyFile ?? defaultKeyFile(db.name));
  if (!key.ok) return key;
  const k = key.value;
  let doc: IndexDocument;
  let reportBytes: Map<string, Uint8Array>;
  let isNew = false;
  if (o.version !== undefined) {
    const stored = storedDocument(db, o.season, o.version);
    if (stored === null)
      return fail(
        'INDEX_VERSION_NOT_FOUND',
        `season ${o.season} has no Index version ${o.version}: omit --version to export the latest publications`,
        { season: o.season, version: o.version },
      );
    if (!stored.ok) return stored;
    ({ doc, reportBytes } = stored.value);
  } else {
    const current = currentDocument(db, o, k);
    if (current === null)
      return fail(
        'INDEX_NOTHING_PUBLISHED',
        `season ${o.season} has no publication: run proveit season publish first`,
        { season: o.season },
      );
    if (!current.ok) return current;
    ({ doc, reportBytes, isNew } = current.value);
  }
  if (doc.signing_key.public_key !== k.publicKeyHex)
    return fail(
      'INDEX_SIGNING_KEY_CHANGED',
      `Index version ${doc.index_version} was signed with key ${doc.signing_key.key_id}, not with the key in use (${k.keyId}): give that key's file with --key-file`,
      { expected: doc.signing_key.key_id, actual: k.keyId },
    );
  const prompts = new Map([...referenceRunsOf(db, o.season)].map(([id, r]) => [id, r.prompt]));
  const files = renderIndexFiles(doc, { reportJson: reportBytes, prompts });

  const secrets: KnownSecret[] = [
    { kind: 'operator signing key (PEM)', value: k.pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '') },
    { kind: 'operator signing key (hex)', value: Buffer.from(k.privateKey).toString('hex') },
    ...unrevealedSeals(db, o.season).flatMap((s) => [
      { kind: `freeze salt before reveal (${s.proofId})`, value: s.saltHex },
      { kind: `answer key before reveal (${s.proofId})`, value: s.answerKey },
    ]),
    ...(o.extraSecrets ?? []),
  ];
  const bundles = bundleFiles(db, doc);
  const findings = lintIndex({
    doc,
    files,
    ...(bundles.ok ? { bundles: bundles.value } : {}),
    modelNames: [
      ...(o.modelNames ?? DEFAULT_MODEL_AND_PROVIDER_NAMES),
      ...[...referenceRunsOf(db, o.season).values()].map((r) => r.model),
    ],
    humourMarkers: o.humourMarkers ?? DEFAULT_HUMOUR_MARKERS,
    secrets,
  });
  return ok({ doc, files, findings, bundles, isNew, key: k });
}

/**
 * A notice as the Index lists it (docs/season-service.md "Notices"): its texts read from the signed document the
 * operator database keeps (the canonical text it posted), the document itself beside them so a reader checks it.
 */
function indexNoticeOf(row: NoticeRow): IndexNotice {
  const doc = JSON.parse(row.document) as { text: { fr: string; en: string } };
  return {
    kind: row.kind as IndexNotice['kind'],
    track: row.track,
    issued_at: row.issuedAt,
    text: { fr: doc.text.fr, en: doc.text.en },
    document_sha256: row.documentSha256,
    document: row.document,
  };
}
