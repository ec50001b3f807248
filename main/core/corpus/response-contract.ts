import { isPyObject, type PyJson } from '../json/value.ts';
import { isIsoDay } from './dates.ts';
import type { Problems } from './problems.ts';

/** RFC 6901 escaping of one member name. */
export function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Keys whose string values are days: date_*, *_date_*, nouvelle_date_fin, *_jusqu_au. */
const DAY_KEY = /(^|_)date(_|$)|jusqu_au$/;

function walk(value: PyJson, pointer: string, visit: (value: PyJson, pointer: string, key: string | undefined) => void, key?: string): void {
  visit(value, pointer, key);
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`, visit));
  else if (isPyObject(value)) for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${pointerToken(k)}`, visit, k);
}

/**
 * The response contract of spec §2.5 on one served body: a JSON object (so absence can be a fact of the body), never
 * `{}` (Trust Layer substitutes another body for `{}` and `[]`), no number anywhere (strings, booleans, null only),
 * and days written YYYY-MM-DD. `where` names the body in messages (a catalogue path or a /_systeme/* body).
 */
export function checkResponseContract(where: string, file: string, value: PyJson, problems: Problems): void {
  if (Array.isArray(value) && value.length === 0) {
    problems.add('CORPUS_BODY_EMPTY', `${where} (${file}) is [], which Trust Layer replaces: serve a JSON object`, {
      path: where,
      file,
    });
    return;
  }
  if (!isPyObject(value)) {
    problems.add('CORPUS_BODY_NOT_OBJECT', `${where} (${file}) must be a JSON object`, { path: where, file });
    return;
  }
  if (Object.keys(value).length === 0) {
    problems.add('CORPUS_BODY_EMPTY', `${where} (${file}) is {}, which Trust Layer replaces: write its content`, {
      path: where,
      file,
    });
    return;
  }
  walk(value, '', (v, pointer, key) => {
    if (typeof v === 'number' || typeof v === 'bigint') {
      problems.add(
        'CORPUS_BODY_NUMBER',
        `${where} (${file}) has a number at '${pointer}': the corpus carries strings, booleans and null only; write it as a string`,
        { path: where, file, pointer },
      );
    }
    if (key !== undefined && DAY_KEY.test(key) && typeof v === 'string' && !isIsoDay(v)) {
      problems.add('CORPUS_BODY_DATE_FORMAT', `${where} (${file}) '${pointer}' is '${v}', not a YYYY-MM-DD day`, {
        path: where,
        file,
        pointer,
        value: v,
      });
    }
  });
}
