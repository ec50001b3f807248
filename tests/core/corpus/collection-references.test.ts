import { describe, expect, it } from 'vitest';
import { absentReferenceBody } from '../../../main/core/corpus/collection-references.ts';
import { REFERENTIEL_PATH } from '../../../main/core/corpus/canonical-url.ts';
import { TRACKS } from '../../../main/core/corpus/tracks.ts';
import { jsonFileBytes, type CorpusTree } from '../../../main/core/corpus/tree.ts';
import { DEMO_DIRS, readJson, readTree, type Json } from './demo-trees.ts';
import { generate } from './generate-season.ts';

type Track = 'conformite' | 'generique';
const NAMES: Track[] = ['conformite', 'generique'];
const decoder = new TextDecoder();

/** The catalogue paths of a tree, and the bytes of each one's response file. */
function catalogue(tree: CorpusTree): { path: string; bytes: Uint8Array }[] {
  const resources = (readJson(tree, 'catalogue.json') as { resources: { path: string; response: string }[] }).resources;
  return resources.map((r) => ({ path: r.path, bytes: tree.get(r.response) as Uint8Array }));
}

const trees = Object.fromEntries(
  NAMES.map((track) => [track, [readTree(DEMO_DIRS[track]), generate(track, 'references-a'), generate(track, 'references-b')]]),
) as Record<Track, CorpusTree[]>;

describe('the shape of each collection’s references', () => {
  it.each(NAMES)('%s: one reference shape per collection of the track, and no other', (track) => {
    const definition = TRACKS[track];
    expect(definition?.references.map((r) => r.collection).sort()).toEqual([...(definition?.collections ?? [])].sort());
  });

  it.each(NAMES)('%s: every catalogue path the generator writes (demo seed and two others) has its collection’s shape', (track) => {
    const references = TRACKS[track]?.references ?? [];
    for (const tree of trees[track]) {
      const outside = catalogue(tree)
        .map((r) => r.path)
        .filter((path) => path !== REFERENTIEL_PATH && absentReferenceBody(references, path) === undefined);
      expect(outside).toEqual([]);
    }
  });

  it.each(NAMES)('%s: every absent reference of the catalogue is byte for byte the body built from its path alone', (track) => {
    const references = TRACKS[track]?.references ?? [];
    let absent = 0;
    for (const tree of trees[track]) {
      for (const { path, bytes } of catalogue(tree)) {
        if (!decoder.decode(bytes).includes('"exists": false')) continue;
        absent += 1;
        expect(Buffer.from(jsonFileBytes(absentReferenceBody(references, path) ?? {})).equals(Buffer.from(bytes)), path).toBe(true);
      }
    }
    expect(absent).toBeGreaterThan(0);
  });
});

describe('an absent reference built from its path (spec §2.5)', () => {
  const conformite = TRACKS['conformite']?.references ?? [];
  const generique = TRACKS['generique']?.references ?? [];

  it('/agrements/AGR-0001: resource, exists and existe false, and the registry’s message', () => {
    expect(absentReferenceBody(conformite, '/agrements/AGR-0001')).toEqual({
      resource: '/agrements/AGR-0001',
      exists: false,
      existe: false,
      message: 'Aucun agrément AGR-0001 au registre des agréments.',
    });
  });

  it('every collection’s absence body holds strings and booleans only, and names its own path', () => {
    const paths: [readonly typeof conformite[number][], string][] = [
      [conformite, '/entites/000000001'],
      [conformite, '/attestations/ATT-00001'],
      [conformite, '/avenants/AVN-0001'],
      [conformite, '/listes/agrees/transport-fonds/page-9'],
      [conformite, '/beneficiaires/000000001/page-2'],
      [conformite, '/mesures-restrictives/page-40'],
      [generique, '/catalogues/papier-a4/page-3'],
      [generique, '/produits/SIE-0000'],
      [generique, '/fournisseurs/F-000'],
      [generique, '/disponibilites/PAP-0001'],
      [generique, '/annexes-livraison/ANX-0001'],
    ];
    for (const [references, path] of paths) {
      const body = absentReferenceBody(references, path) as Record<string, Json>;
      expect(body, path).toMatchObject({ resource: path, exists: false, existe: false });
      expect(Object.values(body).every((v) => typeof v === 'string' || typeof v === 'boolean'), path).toBe(true);
    }
  });

  it('a path not in its collection’s shape is no reference: trailing slash, deeper path, dot segments, percent-encoding, the bare collection', () => {
    for (const path of [
      '/agrements/AGR-0001/',
      '/agrements/AGR-0001/page-1',
      '/agrements/../agrements/AGR-0001',
      '/agrements/./AGR-0001',
      '/agrements/%41GR-0001',
      '/agrements/AGR%2D0001',
      '/agrements%2FAGR-0001',
      '/agrements//AGR-0001',
      '//agrements/AGR-0001',
      '/agrements/',
      '/agrements',
      '/agrements/agr-0001',
      '/agrements/AGR-00001',
      '/agrements/AGR-0001#x',
      '/mesures-restrictives/page-0',
      '/mesures-restrictives/page-01',
      '/beneficiaires/000000001',
      '/listes/agrees/boulangerie/page-1',
      '/referentiel/AGR-0001',
      '/_systeme/404',
      '/_systeme/AGR-0001',
      'http://conformite.corpus.devnet.localhost/agrements/AGR-0001',
    ]) {
      expect(absentReferenceBody(conformite, path), path).toBeUndefined();
    }
  });

  it('an identifier of another collection’s shape is no reference of this one', () => {
    expect(absentReferenceBody(conformite, '/agrements/ATT-00001')).toBeUndefined();
    expect(absentReferenceBody(conformite, '/attestations/AGR-0001')).toBeUndefined();
    expect(absentReferenceBody(conformite, '/entites/AGR-0001')).toBeUndefined();
    expect(absentReferenceBody(generique, '/produits/ANX-0001')).toBeUndefined();
    expect(absentReferenceBody(generique, '/fournisseurs/SIE-0001')).toBeUndefined();
    // A collection of the other track is outside every collection of this one.
    expect(absentReferenceBody(generique, '/agrements/AGR-0001')).toBeUndefined();
    expect(absentReferenceBody(conformite, '/produits/SIE-0000')).toBeUndefined();
  });
});
