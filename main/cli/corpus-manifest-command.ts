import { computeManifest } from '../core/corpus/manifest.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { readTrackFolderArgument } from './track-folder-argument.ts';

const SYNOPSIS = synopsis([
  positional('DIR', 'the track folder'),
  may('base', { defaultText: "season.json's base" }),
  may('json', { help: 'print the manifest' }),
]);

/**
 * `proveit corpus manifest DIR` (docs/corpus-format.md "6. Manifest"): per resource the canonical URL, method, payload,
 * request and response hashes, the /_systeme/* hashes and the manifest's own hash (docs/corpus-format.md). --json
 * prints the manifest.
 */
export const corpusManifestCommand: Command = {
  path: ['corpus', 'manifest'],
  summary: 'compute the corpus manifest (expected request/response hashes, /_systeme/* hashes, manifest hash)',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, corpusManifestCommand, parsed.message);
    const folder = await readTrackFolderArgument(io, corpusManifestCommand, parsed.positionals);
    if (typeof folder === 'number') return folder;
    const { tree } = folder;
    const manifest = computeManifest(tree, parsed.values.base);
    if (!manifest.ok) {
      if (parsed.values.json) printJson(io, { ok: false, code: manifest.error.code, message: manifest.error.message });
      else io.err(`${manifest.error.code} ${manifest.error.message}\n`);
      return EXIT.failed;
    }
    const m = manifest.value;
    if (parsed.values.json) printJson(io, m);
    else {
      io.out(`base ${m.base}\n${m.resources.length} resources\n`);
      for (const [status, hash] of Object.entries(m.system)) io.out(`/_systeme/${status} ${hash}\n`);
      io.out(`manifest_hash ${m.manifest_hash}\n`);
    }
    return EXIT.ok;
  },
};
