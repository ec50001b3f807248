import { readFileSync } from 'node:fs';
import { canonical } from '../../../../main/core/json/canonical.ts';
import { parseJsonPointer } from '../../../../main/core/json/json-pointer.ts';
import { loads } from '../../../../main/core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../../../main/core/json/value.ts';

/**
 * How a vector turns a base submission into the document under test:
 * - `patch`: RFC 6902 operations (add, remove, replace, copy, move) on the base value, then its canonical JSON; an
 *   operation may give `value_repeat: {text, times}` instead of `value`, for long strings;
 * - `text`: find/replace on the base file's text (for what a value cannot carry: a repeated key, NaN, layout);
 * - `raw` or `hex`: the whole document; `append` / `prepend_hex`: bytes around the base file.
 * Vector files are read with `loads`, so `1.0` stays a float and big integers stay exact.
 */
export interface Mutation {
  base?: 'conformite' | 'generique';
  patch?: PatchOp[];
  text?: { find: string; replace: string }[];
  raw?: string;
  hex?: string;
  append?: string;
  prepend_hex?: string;
}

export interface PatchOp {
  op: 'add' | 'remove' | 'replace' | 'copy' | 'move';
  path: string;
  from?: string;
  value?: PyJson;
  value_repeat?: { text: string; times: number };
}

const VECTORS = new URL('../../../vectors/intake/', import.meta.url);

export function vectorBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, VECTORS)));
}

/** A vector file read as CPython would (ints bigint, floats number); test data, so a refusal is a thrown error. */
export function readVector(name: string): PyJson {
  const read = loads(vectorBytes(name));
  if (!read.ok) throw new Error(`${name}: ${read.error.message}`);
  return read.value;
}

/** Plain-JS view of a vector's bookkeeping (names, codes, pointers): strings, numbers, booleans, arrays, objects. */
export function plain(value: PyJson): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (isPyObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const enc = new TextEncoder();

export function baseFileName(base: 'conformite' | 'generique'): string {
  return `base-${base}.json`;
}

/** The bytes a mutation describes. Patch values are taken from the raw vector (PyJson), not from `plain`. */
export function mutatedBytes(mutation: PyObject): Uint8Array {
  if (typeof mutation['raw'] === 'string') return enc.encode(mutation['raw']);
  if (typeof mutation['hex'] === 'string') return new Uint8Array(Buffer.from(mutation['hex'], 'hex'));
  const base = (mutation['base'] ?? 'conformite') as 'conformite' | 'generique';
  const file = baseFileName(base);
  if (Array.isArray(mutation['patch'])) {
    let value = readVector(file);
    for (const op of mutation['patch']) value = applyOp(value, op as PyObject);
    return enc.encode(canonical(value));
  }
  let text = new TextDecoder().decode(vectorBytes(file));
  for (const edit of (mutation['text'] ?? []) as PyObject[]) {
    const find = edit['find'] as string;
    if (!text.includes(find)) throw new Error(`text edit: ${JSON.stringify(find)} is not in ${file}`);
    text = text.replace(find, edit['replace'] as string);
  }
  if (typeof mutation['append'] === 'string') text += mutation['append'];
  const bytes = enc.encode(text);
  if (typeof mutation['prepend_hex'] === 'string') {
    return new Uint8Array([...Buffer.from(mutation['prepend_hex'], 'hex'), ...bytes]);
  }
  return bytes;
}

/** A deep copy that keeps objects null-prototype ("__proto__" stays an ordinary key). */
function clone(value: PyJson): PyJson {
  if (Array.isArray(value)) return value.map(clone);
  if (isPyObject(value)) return pyObjectFrom(Object.entries(value).map(([k, v]) => [k, clone(v)] as const));
  return value;
}

function opValue(op: PyObject): PyJson {
  const repeat = op['value_repeat'];
  if (isPyObject(repeat)) return (repeat['text'] as string).repeat(Number(repeat['times'] as bigint));
  if (!Object.hasOwn(op, 'value')) throw new Error(`patch ${String(op['op'])} ${String(op['path'])}: no value`);
  return clone(op['value'] as PyJson);
}

function tokens(pointer: string): string[] {
  const parsed = parseJsonPointer(pointer);
  if (!parsed.ok || parsed.value.length === 0) throw new Error(`patch path ${pointer}: not a member pointer`);
  return parsed.value;
}

/** The parent container of `pointer` and the last token. */
function parentOf(document: PyJson, pointer: string): { parent: PyJson; last: string } {
  const path = tokens(pointer);
  let parent: PyJson = document;
  for (const token of path.slice(0, -1)) {
    parent = Array.isArray(parent) ? (parent[Number(token)] as PyJson) : (parent as PyObject)[token]!;
    if (parent === undefined) throw new Error(`patch path ${pointer}: no parent`);
  }
  return { parent, last: path[path.length - 1]! };
}

function read(document: PyJson, pointer: string): PyJson {
  const { parent, last } = parentOf(document, pointer);
  const value = Array.isArray(parent) ? parent[Number(last)] : (parent as PyObject)[last];
  if (value === undefined) throw new Error(`patch path ${pointer}: nothing there`);
  return clone(value);
}

function remove(document: PyJson, pointer: string): void {
  const { parent, last } = parentOf(document, pointer);
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (isPyObject(parent) && Object.hasOwn(parent, last)) delete parent[last];
  else throw new Error(`patch remove ${pointer}: nothing there`);
}

function add(document: PyJson, pointer: string, value: PyJson): void {
  const { parent, last } = parentOf(document, pointer);
  if (Array.isArray(parent)) parent.splice(last === '-' ? parent.length : Number(last), 0, value);
  else if (isPyObject(parent)) parent[last] = value;
  else throw new Error(`patch add ${pointer}: parent is not a container`);
}

function applyOp(document: PyJson, op: PyObject): PyJson {
  const path = op['path'] as string;
  switch (op['op']) {
    case 'add':
      add(document, path, opValue(op));
      return document;
    case 'remove':
      remove(document, path);
      return document;
    case 'replace':
      if (path === '') return opValue(op);
      read(document, path);
      remove(document, path);
      add(document, path, opValue(op));
      return document;
    case 'copy':
      add(document, path, read(document, op['from'] as string));
      return document;
    case 'move': {
      const value = read(document, op['from'] as string);
      remove(document, op['from'] as string);
      add(document, path, value);
      return document;
    }
    default:
      throw new Error(`patch op ${String(op['op'])} is not supported`);
  }
}
