import { sha256HexOfText } from '../hash/sha256.ts';
import { LANGS, type Lang } from '../index/model.ts';
import { publicKeyOf } from '../index/signature.ts';
import { pyObjectFrom, type PyObject } from '../json/value.ts';
import { OPERATOR_PUBLIC_KEY, OPERATOR_SIGNATURE, operatorSignatureOf } from '../operator/operator-signature.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * Spec §3: "The participant retains control over sharing: it hands its result and its link to its operator, who
 * decides"; §7.5: "Each participant receives, and may publish, the detail of its unsupported assertions with the
 * cause." One participant's report of one publication version (docs/publications.md "Private reports, public by
 * choice"), signed by the operator's Ed25519 key as a freeze or an invalidation is
 * (main/core/operator/operator-signature.ts), so the participant can show it to anyone and anyone can check it came
 * from the operator. The season service stores it as posted and answers it byte for byte to that participant only.
 * Its keys, all required and no other:
 *
 * - `document`: this format; `season` (int), `track`, `participant_id`;
 * - `publication_version` (int): the version whose report this is (the report in force at that version: the one
 *   stored with the latest version up to it that holds one, docs/publications.md); `published_at`: that version's
 *   date, UTC with milliseconds;
 * - `report`: the published report's bytes as text (the scorer's canonical JSON and a newline, or a correction's),
 *   `report_sha256` their SHA-256, the one the Index pages state;
 * - `report_html_fr`, `report_html_en`: the same report as the Index's report page renders it, in each language
 *   (delivered-report-pages.ts), so what the participant reads and may show is signed with the figures;
 * - `operator_public_key`, `operator_signature`.
 */
export const PARTICIPANT_REPORT_FORMAT = 'proveit-participant-report/1';

/** What `POST /v1/season/{n}/reports/{track}` takes: the signed reports of one publication version. */
export const REPORT_DELIVERY_FORMAT = 'proveit-report-delivery/1';

export interface ParticipantReportFields {
  season: number;
  track: string;
  participantId: string;
  publicationVersion: number;
  publishedAt: string;
  report: string;
  reportSha256: string;
  reportHtml: Record<Lang, string>;
}

const KEYS = [
  'document',
  'season',
  'track',
  'participant_id',
  'publication_version',
  'published_at',
  'report',
  'report_sha256',
  'report_html_fr',
  'report_html_en',
  OPERATOR_PUBLIC_KEY,
  OPERATOR_SIGNATURE,
] as const;

const HEX64 = /^[0-9a-f]{64}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A participant id as the season service makes them, and as the operator database keeps them. */
const PARTICIPANT_ID = /^[A-Za-z0-9._~-]{1,128}$/;

/**
 * The signed report document: `operator_public_key` is the private key's, `operator_signature` Ed25519 over the
 * canonical document without it. Deterministic (Ed25519 is, and every field is an argument): delivering the same
 * version again posts the same bytes.
 */
export function signParticipantReport(
  fields: Omit<ParticipantReportFields, 'reportSha256'>,
  privateKey: Uint8Array,
): PyObject {
  const unsigned = pyObjectFrom([
    ['document', PARTICIPANT_REPORT_FORMAT],
    ['season', BigInt(fields.season)],
    ['track', fields.track],
    ['participant_id', fields.participantId],
    ['publication_version', BigInt(fields.publicationVersion)],
    ['published_at', fields.publishedAt],
    ['report', fields.report],
    ['report_sha256', sha256HexOfText(fields.report)],
    ['report_html_fr', fields.reportHtml.fr],
    ['report_html_en', fields.reportHtml.en],
    [OPERATOR_PUBLIC_KEY, Buffer.from(publicKeyOf(privateKey)).toString('hex')],
  ]);
  unsigned[OPERATOR_SIGNATURE] = operatorSignatureOf(unsigned, privateKey);
  return unsigned;
}

/**
 * Reads a report document's fields (whether the operator signed it is the caller's check: operatorRefusal on the
 * season service). `REPORT_DOCUMENT_INVALID` names the first field at fault in `details.field`; a `report` whose
 * SHA-256 is not `report_sha256` is refused too, so what is served is what the Index states.
 */
export function readParticipantReport(doc: PyObject): Result<ParticipantReportFields, 'REPORT_DOCUMENT_INVALID'> {
  const bad = (field: string, message: string) => fail('REPORT_DOCUMENT_INVALID', `${field}: ${message}`, { field });
  const keys = Object.keys(doc);
  const extra = keys.find((k) => !(KEYS as readonly string[]).includes(k));
  if (extra !== undefined) return bad(extra, `a participant report document has no key '${extra}'`);
  const missing = KEYS.find((k) => !keys.includes(k));
  if (missing !== undefined) return bad(missing, 'missing');
  if (doc['document'] !== PARTICIPANT_REPORT_FORMAT) return bad('document', `must be "${PARTICIPANT_REPORT_FORMAT}"`);
  const season = doc['season'];
  if (typeof season !== 'bigint' || season < 0n || season > 999_999n) return bad('season', 'must be an int');
  const track = doc['track'];
  if (typeof track !== 'string' || track === '') return bad('track', 'must be a track name');
  const participantId = doc['participant_id'];
  if (typeof participantId !== 'string' || !PARTICIPANT_ID.test(participantId))
    return bad('participant_id', 'must be a participant id');
  const version = doc['publication_version'];
  if (typeof version !== 'bigint' || version < 1n || version > 999_999n)
    return bad('publication_version', 'must be an int from 1');
  const at = doc['published_at'];
  if (typeof at !== 'string' || !ISO_MS.test(at) || Number.isNaN(Date.parse(at)))
    return bad('published_at', 'must be a UTC instant YYYY-MM-DDTHH:MM:SS.mmmZ');
  const report = doc['report'];
  if (typeof report !== 'string' || report === '') return bad('report', "must be the published report's text");
  const sha = doc['report_sha256'];
  if (typeof sha !== 'string' || !HEX64.test(sha)) return bad('report_sha256', 'must be 64 lowercase hex');
  if (sha256HexOfText(report) !== sha)
    return bad('report_sha256', `is not the SHA-256 of report (${sha256HexOfText(report)})`);
  const reportHtml = { fr: doc['report_html_fr'], en: doc['report_html_en'] };
  for (const lang of LANGS) {
    const html = reportHtml[lang];
    if (typeof html !== 'string' || !html.startsWith(`<!DOCTYPE html>\n<html lang="${lang}">`))
      return bad(
        `report_html_${lang}`,
        `must be the report's page in ${lang === 'fr' ? 'French' : 'English'} (an HTML document)`,
      );
  }
  return ok({
    season: Number(season),
    track,
    participantId,
    publicationVersion: Number(version),
    publishedAt: at,
    report,
    reportSha256: sha,
    reportHtml: reportHtml as Record<Lang, string>,
  });
}
