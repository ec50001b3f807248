/**
 * A track folder as data: relative POSIX path → file bytes. The pure core reads and writes corpora only in this form;
 * main/services/corpus reads a folder into a tree and writes a generated tree to disk.
 */
export type CorpusTree = Map<string, Uint8Array>;

/** A JSON value as the generator writes it: the corpus contract admits no numbers in served bodies. */
export type PlainJson = string | boolean | null | number | PlainJson[] | { [key: string]: PlainJson };

const encoder = new TextEncoder();

/**
 * The file text the generator writes: two-space indentation, UTF-8, one final newline. Served bodies are read back
 * as is and hashed over canonical(loads(bytes)), so the layout is free; this one is readable in review.
 */
export function jsonFileBytes(value: PlainJson): Uint8Array {
  return encoder.encode(`${JSON.stringify(value, null, 2)}\n`);
}

export function textFileBytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The response file of a catalogue path: responses/<path without its leading slash>.json. */
export function responseFileOf(path: string): string {
  return `responses${path}.json`;
}
