import { sha256HexOfText } from '../core/hash/sha256.ts';
import { canonical } from '../core/json/canonical.ts';
import { loads } from '../core/json/loads.ts';
import { EXIT, type Command } from './command.ts';
import { printJson } from './io.ts';
import { readJsonCommandInput } from './json-input.ts';
import { may, positional, synopsis } from './options/synopsis.ts';

const SYNOPSIS = synopsis([
  may('lines'),
  may('sha256'),
  may('json', { help: 'print one document: {ok, documents: [{canonical, sha256}]} or {ok: false, refused}' }),
  positional('[FILE]', 'the JSON to read (stdin when absent or -)'),
]);
/** Enough refused lines to fix a batch; the rest are counted, not listed. */
const MAX_REPORTED_LINES = 20;

/** Splits at LF bytes, each line keeps its own bytes (and encoding detection); a final LF ends the last line. */
function splitLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, at));
    start = at + 1;
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}

/**
 * `proveit json canonical`: what CPython's `json.dumps(json.loads(bytes), sort_keys=True, separators=(",", ":"))`
 * prints for the input (spec §2.4), or, with --sha256, the SHA-256 of that text (the hash every PROVE IT formula uses).
 * Input CPython would refuse exits 2 and prints nothing on stdout, so a pipeline never hashes a partial batch.
 * --json prints one document: {ok: true, documents: [{canonical, sha256}]} or {ok: false, refused: [{line, code, message}]}.
 */
export const jsonCanonicalCommand: Command = {
  path: ['json', 'canonical'],
  summary: "print the canonical JSON (CPython's sorted, compact json.dumps) of FILE or stdin; --lines: one per line",
  synopsis: SYNOPSIS,
  async run(args, io) {
    const input = await readJsonCommandInput(io, jsonCanonicalCommand, args);
    if (typeof input === 'number') return input;
    const { lines, sha256, json } = input.flags;
    const documents = lines ? splitLines(input.bytes) : [input.bytes];
    const accepted: { canonical: string; sha256: string }[] = [];
    const refused: { line: number; code: string; message: string }[] = [];
    documents.forEach((bytes, index) => {
      const result = loads(bytes);
      if (result.ok) {
        const text = canonical(result.value);
        accepted.push({ canonical: text, sha256: sha256HexOfText(text) });
      } else refused.push({ line: index + 1, code: result.error.code, message: result.error.message });
    });
    if (refused.length > 0) {
      if (json) printJson(io, { ok: false, file: input.name, refused });
      else {
        const shown = refused.slice(0, MAX_REPORTED_LINES).map((r) => {
          const where = lines ? `${input.name} line ${r.line}` : input.name;
          return `proveit json canonical: ${where}: CPython's json.loads refuses it (${r.code}): ${r.message}\n`;
        });
        const more = refused.length - MAX_REPORTED_LINES;
        io.err(shown.join('') + (more > 0 ? `proveit json canonical: and ${more} more refused lines\n` : ''));
      }
      return EXIT.usage;
    }
    if (json) printJson(io, { ok: true, file: input.name, documents: accepted });
    else io.out(accepted.map((d) => `${sha256 ? d.sha256 : d.canonical}\n`).join(''));
    return EXIT.ok;
  },
};
