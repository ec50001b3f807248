import { createHash } from 'node:crypto';
import { collectionOf } from '../../core/corpus/canonical-url.ts';
import { TASKS_FILE } from '../../core/corpus/assemble.ts';
import { loadCorpus, servedFileProblems } from '../../core/corpus/load-corpus.ts';
import { computeManifest } from '../../core/corpus/manifest.ts';
import { Problems } from '../../core/corpus/problems.ts';
import { TRACKS } from '../../core/corpus/tracks.ts';
import type { CorpusTree } from '../../core/corpus/tree.ts';
import type { CorpusView, ServedResource, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { readCorpusTree } from '../../services/corpus/corpus-folder.ts';
import type { ConsoleContext } from '../console-context.ts';
import { trackFolder } from './track-folder.ts';

/** The published part of a track folder: the sealed answer key never leaves main. */
async function publishedTree(ctx: ConsoleContext, ref: TrackRef): Promise<CorpusTree> {
  const tree = await readCorpusTree(await trackFolder(ctx, ref));
  return new Map([...tree].filter(([file]) => !file.startsWith('sealed/')));
}

/** The corpus screen: every canonical resource with its URL and hashes, and what reading the folder found. */
export async function corpusView(ctx: ConsoleContext, ref: TrackRef): Promise<CorpusView> {
  const tree = await publishedTree(ctx, ref);
  const reading = new Problems();
  // What is served and hashed (the sealed key is not in this view: it never leaves main).
  const problems = servedFileProblems(loadCorpus(tree, reading), reading.list, [TASKS_FILE]);
  const manifest = computeManifest(tree);
  if (!manifest.ok) throw new HandlerRefusal(manifest.error.code, manifest.error.message, manifest.error.details);
  const collections = TRACKS[ref.track]?.collections ?? [];
  return {
    ...ref,
    base: manifest.value.base,
    manifest_hash: manifest.value.manifest_hash,
    resources: manifest.value.resources.map((r) => ({
      path: r.path,
      url: r.target,
      collection: collectionOf(r.path, collections) ?? null,
      request_hash: r.request_hash,
      response_hash: r.response_hash,
    })),
    check: {
      ok: problems.length === 0,
      problems: problems.map((p) => ({ code: p.code, message: p.message })),
    },
  };
}

/** A resource's served bytes, exactly as the corpus host serves them (a catalogue path only). */
export async function corpusResource(ctx: ConsoleContext, ref: TrackRef & { path: string }): Promise<ServedResource> {
  const tree = await publishedTree(ctx, ref);
  const corpus = loadCorpus(tree, new Problems());
  const entry = corpus.catalogue.find((e) => e.path === ref.path);
  const bytes = entry ? tree.get(entry.response) : undefined;
  if (!entry || !bytes)
    throw new HandlerRefusal(
      'CORPUS_RESOURCE_NOT_FOUND',
      `${ref.path} is not a resource of the ${ref.track} catalogue: pick one from the corpus list`,
    );
  return {
    path: ref.path,
    content_type: 'application/json',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    text: Buffer.from(bytes).toString('utf8'),
  };
}
