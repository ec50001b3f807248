import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { noticeSha256, verifyNotice, type NoticeFields } from './season-notice.ts';

/** What a notice says, without when it was signed: two posts of one notice differ only in `issued_at`. */
const sayingOf = (f: Omit<NoticeFields, 'issuedAt'>) =>
  JSON.stringify([
    f.season,
    f.kind,
    f.track,
    f.textFr,
    f.textEn,
    f.tasks,
    f.window && [f.window.from, f.window.to],
    f.reference,
  ]);

/**
 * A notice the season service already serves (GET /v1/season/{n} `notices`) that says what the operator is about to
 * publish, signed by the operator's key, and that this database has not recorded (`recorded`: the SHA-256 of every
 * notice it holds): the service published an earlier post whose answer never came back (a timeout, a dropped
 * connection). Publishing again would show participants the same notice twice; recording this one instead ends the
 * retry where the first post ended (docs/season-service.md "Notices"). Null when there is none, the usual case; a
 * notice the database holds is never one, so an operator who repeats a notice on purpose still can.
 */
export function unrecordedNotice(
  served: readonly PyJson[],
  fields: Omit<NoticeFields, 'issuedAt'>,
  expected: { operatorPublicKey: string },
  recorded: ReadonlySet<string>,
): { document: PyObject; fields: NoticeFields } | null {
  const saying = sayingOf(fields);
  for (const document of served) {
    if (!isPyObject(document) || recorded.has(noticeSha256(document))) continue;
    const verified = verifyNotice(document, { operatorPublicKey: expected.operatorPublicKey, season: fields.season });
    if (verified.ok && sayingOf(verified.value) === saying) return { document, fields: verified.value };
  }
  return null;
}
