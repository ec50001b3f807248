import { CONFUSABLE_ROWS } from './confusables-data.ts';

// Default-ignorable code points print as nothing, so two names differing by one read alike: UTS #39 §4 (since Unicode
// 15.1) removes them before mapping.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

let prototypes: Map<number, string> | null = null;

/** Source code point → its prototype, read once from the vendored rows (confusables-data.ts). */
function prototypeTable(): Map<number, string> {
  if (prototypes) return prototypes;
  const table = new Map<number, string>();
  for (const line of CONFUSABLE_ROWS.split('\n')) {
    if (line === '') continue;
    const [source, ...prototype] = line.split(' ').map((h) => parseInt(h, 16));
    table.set(source!, String.fromCodePoint(...prototype));
  }
  prototypes = table;
  return table;
}

/**
 * The UTS #39 skeleton of a text (§4 "Confusable Detection"): NFD, default-ignorable code points removed, each
 * character replaced by its prototype, NFD again. Two texts whose skeletons are equal are confusable: they can read the
 * same ("Rеference run" with a Cyrillic е and "Reference run"). The table holds the look-alikes of Latin, Greek,
 * Cyrillic and common-script prototypes (confusables-data.ts says which rows and why); any other character stands
 * for itself.
 */
export function skeleton(text: string): string {
  const table = prototypeTable();
  let folded = '';
  for (const ch of text.normalize('NFD')) {
    if (IGNORABLE.test(ch)) continue;
    folded += table.get(ch.codePointAt(0)!) ?? ch;
  }
  return folded.normalize('NFD');
}
