import { CATALOGUE_FILE, SEASON_FILE, TASKS_FILE } from './assemble.ts';
import type { LoadedCorpus } from './load-corpus.ts';
import { SYSTEME_STATUSES, systemeFile } from './systeme.ts';

/**
 * The files a track folder publishes (docs/corpus-format.md §1), as its own index files name them: season.json,
 * catalogue.json, tasks.json, the rules text season.json names, the four /_systeme/* bodies and the response file of
 * every catalogue resource. sealed/ is not among them (published only as the reveal), nor anything else: a file no
 * index names is served by nothing, hashed by nothing and so checked by nothing.
 */
export function publishedTrackFiles(corpus: LoadedCorpus): Set<string> {
  const files = new Set<string>([SEASON_FILE, CATALOGUE_FILE, TASKS_FILE]);
  if (corpus.season) files.add(corpus.season.rulesFile);
  for (const status of SYSTEME_STATUSES) files.add(systemeFile(status));
  for (const entry of corpus.catalogue) files.add(entry.response);
  return files;
}
