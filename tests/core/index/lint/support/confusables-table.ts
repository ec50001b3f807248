import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The generator of main/core/index/lint/confusables-data.ts, the reduced table of Unicode's confusables that the
 * publication linter folds names with (docs/index-export.md "Names that look alike"). Run it on a confusables.txt:
 *
 *   npx tsx tests/core/index/lint/support/confusables-table.ts PATH/confusables.txt "where the file came from"
 *
 * The vendored table was made from the copy in ICU 72.1's sources as Debian ships them (see the table's header); the
 * machines that build this project reach no Unicode site, so the table is committed and this script is how it was made
 * (tests/core/index/lint/confusables-table.test.ts runs it on real rows of that file).
 */

/**
 * The prototypes kept: those written only in Latin, Greek, Cyrillic, Common (digits, punctuation, symbols) or Inherited
 * (combining marks) script. The rule is on the prototype, so every character the file says looks like a kept prototype
 * (a Cherokee Ꭺ, a mathematical 𝐀, a fullwidth Ａ) is kept with it: each kept class is whole, and two names fold alike
 * exactly when they would with the whole file, for every look-alike of a Latin, Greek or Cyrillic text. Classes of other
 * prototypes (a Han character like another) are left out: the Index's names are Latin text in practice.
 */
const KEPT_PROTOTYPE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]+$/u;

export interface ConfusableRow {
  source: number;
  prototype: number[];
}

export interface ConfusablesFile {
  version: string;
  date: string;
  rows: ConfusableRow[];
}

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');

/** The rows of confusables.txt (`SOURCE ; PROTOTYPE ; MA # comment`) and its header's version and date. */
export function parseConfusables(text: string): ConfusablesFile {
  const version = /^# Version: (\S+)/m.exec(text)?.[1];
  const date = /^# Date: (.+?)\s*$/m.exec(text)?.[1];
  if (version === undefined || date === undefined)
    throw new Error('no "# Version:" or "# Date:" line: not confusables.txt');
  const rows: ConfusableRow[] = [];
  for (const line of text.replace(/^\ufeff/, '').split('\n')) {
    const m = /^([0-9A-F]{4,6})\s*;\s*([0-9A-F]{4,6}(?: [0-9A-F]{4,6})*)\s*;\s*MA\b/.exec(line);
    if (m) rows.push({ source: parseInt(m[1]!, 16), prototype: m[2]!.split(' ').map((h) => parseInt(h, 16)) });
    else if (line.trim() !== '' && !line.startsWith('#')) throw new Error(`a line that is no row: ${line}`);
  }
  return { version, date, rows };
}

/** The rows whose prototype is kept (KEPT_PROTOTYPE), by source code point. */
export function keptRows(rows: readonly ConfusableRow[]): ConfusableRow[] {
  return rows
    .filter((r) => KEPT_PROTOTYPE.test(String.fromCodePoint(...r.prototype)))
    .sort((a, b) => a.source - b.source);
}

/** Unicode's copyright and permission notice (ICU 72.1's LICENSE), which every copy of its data files carries. */
const UNICODE_NOTICE =
  'Copyright © 1991-2022 Unicode, Inc. All rights reserved. Distributed under the Terms of Use in ' +
  'https://www.unicode.org/copyright.html. Unicode and the Unicode Logo are registered trademarks of Unicode, Inc. ' +
  'in the U.S. and other countries. Permission is hereby granted, free of charge, to any person obtaining a copy of ' +
  'the Unicode data files and any associated documentation (the "Data Files") or Unicode software and any associated ' +
  'documentation (the "Software") to deal in the Data Files or Software without restriction, including without ' +
  'limitation the rights to use, copy, modify, merge, publish, distribute, and/or sell copies of the Data Files or ' +
  'Software, and to permit persons to whom the Data Files or Software are furnished to do so, provided that either ' +
  '(a) this copyright and permission notice appear with all copies of the Data Files or Software, or (b) this ' +
  'copyright and permission notice appear in associated Documentation. THE DATA FILES AND SOFTWARE ARE PROVIDED ' +
  '"AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF ' +
  'MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF THIRD PARTY RIGHTS. IN NO EVENT SHALL THE ' +
  'COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR ' +
  'CONSEQUENTIAL DAMAGES, OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION ' +
  'OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF ' +
  'THE DATA FILES OR SOFTWARE. Except as contained in this notice, the name of a copyright holder shall not be used ' +
  'in advertising or otherwise to promote the sale, use or other dealings in these Data Files or Software without ' +
  'prior written authorization of the copyright holder.';

/** A paragraph as the lines of a doc comment, at most 120 characters each. */
function wrap(paragraph: string): string[] {
  const lines: string[] = [];
  let line = ' *';
  for (const word of paragraph.split(' ')) {
    if (line.length + 1 + word.length > 120 && line !== ' *') {
      lines.push(line);
      line = ' *';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The TypeScript module main/core/index/lint/confusables-data.ts, from confusables.txt's text. */
export function confusablesModule(text: string, origin: string): string {
  const file = parseConfusables(text);
  const kept = keptRows(file.rows);
  const sha256 = createHash('sha256').update(text).digest('hex');
  const lines = kept.map((r) => `${hex(r.source)} ${r.prototype.map(hex).join(' ')}`);
  const header = [
    'GENERATED by tests/core/index/lint/support/confusables-table.ts: do not edit; run it again on a newer file.',
    `Unicode's confusable prototypes (UTS #39 "Unicode Security Mechanisms", confusables.txt Version ${file.version}, ` +
      `Date ${file.date}), reduced and reformatted, for the publication linter's name folding (docs/index-export.md ` +
      `"Names that look alike"). Source: ${origin}. SHA-256 of that file: ${sha256}.`,
    `Kept: the ${kept.length} rows of ${file.rows.length} whose prototype is written only in Latin, Greek, Cyrillic, ` +
      'Common or Inherited script, with every source the file maps to such a prototype (so each kept class of ' +
      "look-alikes is whole); left out, the classes of other scripts' prototypes. One row a line: the source code " +
      "point, then its prototype's code points, hexadecimal, by source.",
    UNICODE_NOTICE,
  ]
    .map((paragraph) => wrap(paragraph).join('\n'))
    .join('\n *\n');
  return `/**
${header}
 */

/** The version of confusables.txt the rows come from. */
export const CONFUSABLES_VERSION = '${file.version}';

/** \`SOURCE PROTOTYPE...\`, hexadecimal code points, one row a line. */
export const CONFUSABLE_ROWS = \`
${lines.join('\n')}
\`;
`;
}

const TABLE = fileURLToPath(new URL('../../../../../main/core/index/lint/confusables-data.ts', import.meta.url));

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [path, origin] = process.argv.slice(2);
  if (path === undefined || origin === undefined) {
    process.stderr.write('usage: confusables-table.ts CONFUSABLES_TXT "where the file came from"\n');
    process.exit(2);
  }
  writeFileSync(TABLE, confusablesModule(readFileSync(path, 'utf8'), origin));
  process.stdout.write(`wrote ${TABLE}\n`);
}
