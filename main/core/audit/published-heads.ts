import { MANIFEST_FORMAT } from '../index/manifest.ts';
import { loads } from '../json/loads.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * Why the audit log is behind a head an Index already published (docs/audit-log.md "Against the published Index").
 * Codes are API: never rename one.
 * - AUDIT_BEHIND_PUBLISHED_HEAD: the chain ends before an entry the Index published (restored from a backup older than
 *   the Index, or its last entries removed): the entries after the chain's last are missing;
 * - AUDIT_FORKED_FROM_PUBLISHED_HEAD: the chain holds the entry the Index published, with another hash (a backup
 *   restored and written to since, or the log rewritten): it is not the chain the Index was published from;
 * - AUDIT_INDEX_UNREADABLE: the Index folder's manifest.json is missing, not JSON, or not an Index manifest.
 */
export type PublishedHeadCode = 'AUDIT_BEHIND_PUBLISHED_HEAD' | 'AUDIT_FORKED_FROM_PUBLISHED_HEAD';
export type PublishedIndexCode = 'AUDIT_INDEX_UNREADABLE';

/** One head an Index published: a publication's (seq, hash), as its signed manifest lists it. */
export interface PublishedHead {
  /** Who published it, in words: "Index version 2 of season 1 (publication conformite version 1)". */
  source: string;
  season: number;
  indexVersion: number;
  seq: number;
  hash: string;
}

/** The heads one exported Index publishes (docs/index-export.md: manifest.json `publications[]`). */
export interface PublishedIndex {
  season: number;
  indexVersion: number;
  manifestPath: string;
  heads: PublishedHead[];
}

const isInt = (v: PyJson | undefined): v is bigint => typeof v === 'bigint';
const HASH = /^[0-9a-f]{64}$/;

function unreadable(path: string, why: string) {
  return fail(
    'AUDIT_INDEX_UNREADABLE',
    `${path} is not an Index manifest (${why}): give --index the folder \`proveit index export\` wrote`,
    { manifest: path },
  );
}

/**
 * The heads an exported Index's manifest.json publishes: each publication shown, with the audit head its version
 * quotes (the head after its own `season.publish` entry). Pure: the bytes are read by the caller; `path` names them.
 * The manifest's signature is not checked here: a forged Index can only make this check fail, never pass
 * (`proveit index verify` establishes who signed it).
 */
export function publishedHeadsOfManifest(bytes: Uint8Array, path: string): Result<PublishedIndex, PublishedIndexCode> {
  const parsed = loads(bytes);
  if (!parsed.ok) return unreadable(path, `${parsed.error.code}: ${parsed.error.message}`);
  const m = parsed.value;
  if (!isPyObject(m) || m.format !== MANIFEST_FORMAT) return unreadable(path, `its format is not ${MANIFEST_FORMAT}`);
  if (!isInt(m.season) || !isInt(m.index_version)) return unreadable(path, 'season or index_version is not an integer');
  if (!Array.isArray(m.publications)) return unreadable(path, 'publications is not a list');
  const season = Number(m.season);
  const indexVersion = Number(m.index_version);
  const heads: PublishedHead[] = [];
  for (const p of m.publications as PyJson[]) {
    const publication = p as PyObject;
    if (
      !isPyObject(p) ||
      typeof publication.track !== 'string' ||
      !isInt(publication.version) ||
      !isInt(publication.audit_seq) ||
      publication.audit_seq < 1n ||
      typeof publication.audit_hash !== 'string' ||
      !HASH.test(publication.audit_hash)
    )
      return unreadable(path, 'a publication lacks its track, version, audit_seq (>= 1) or audit_hash (64 hex)');
    heads.push({
      source: `Index version ${indexVersion} of season ${season} (publication ${publication.track} version ${publication.version})`,
      season,
      indexVersion,
      seq: Number(publication.audit_seq),
      hash: publication.audit_hash,
    });
  }
  return ok({ season, indexVersion, manifestPath: path, heads });
}

/**
 * Checks that every published head is an entry of this chain (`hashes[i]` is entry i + 1's hash, the chain already
 * verified): docs/audit-log.md "Against the published Index". A head whose entry is there with another hash is a fork
 * (reported first, lowest seq first: it says more than a short chain); then the highest head past the chain's end
 * names the entries missing. Returns how many heads were checked.
 */
export function checkPublishedHeads(
  hashes: readonly string[],
  indexes: readonly PublishedIndex[],
): Result<{ publishedHeads: number }, PublishedHeadCode> {
  const heads = indexes.flatMap((i) => i.heads).sort((a, b) => a.seq - b.seq);
  const entries = hashes.length;
  const held = heads.filter((h) => h.seq <= entries);
  const agreesUpTo = (below: number) =>
    held.filter((h) => h.seq < below && hashes[h.seq - 1] === h.hash).reduce((n, h) => Math.max(n, h.seq), 0);
  const forked = held.find((h) => hashes[h.seq - 1] !== h.hash);
  if (forked)
    return fail(
      'AUDIT_FORKED_FROM_PUBLISHED_HEAD',
      `entry ${forked.seq} of this audit log is not the one ${forked.source} published (hash ${forked.hash}): ` +
        `this chain forked from the published one at or before entry ${forked.seq}, e.g. a backup restored and ` +
        'written to since; the published Index stands for the chain this database no longer holds',
      {
        seq: forked.seq,
        publishedHash: forked.hash,
        stored: hashes[forked.seq - 1],
        agreesUpTo: agreesUpTo(forked.seq),
        entries,
        season: forked.season,
        indexVersion: forked.indexVersion,
        source: forked.source,
      },
    );
  const ahead = heads.at(-1);
  if (ahead !== undefined && ahead.seq > entries)
    return fail(
      'AUDIT_BEHIND_PUBLISHED_HEAD',
      `the audit log ends at entry ${entries} but ${ahead.source} published entry ${ahead.seq} (hash ${ahead.hash}): ` +
        `entries after entry ${entries} are missing (${entries + 1}..${ahead.seq} at least); this database was ` +
        'restored from a backup older than that Index, or its last entries were removed',
      {
        seq: entries + 1,
        entries,
        missingFrom: entries + 1,
        missingTo: ahead.seq,
        publishedSeq: ahead.seq,
        publishedHash: ahead.hash,
        agreesUpTo: agreesUpTo(Infinity),
        season: ahead.season,
        indexVersion: ahead.indexVersion,
        source: ahead.source,
      },
    );
  return ok({ publishedHeads: heads.length });
}
