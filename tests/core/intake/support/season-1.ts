import { readFileSync } from 'node:fs';
import {
  buildIntakeContext,
  buildIntakeTrack,
  type IntakeContext,
  type IntakeTrack,
} from '../../../../main/core/intake/context.ts';
import { loads } from '../../../../main/core/json/loads.ts';
import type { PyJson } from '../../../../main/core/json/value.ts';

/** The DID the base submissions carry (tests/vectors/intake/base-*.json), enrolled in the test context. */
export const ENROLLED_DID = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';

const CORPUS = new URL('../../../../corpus/season-1/', import.meta.url);

/** A file of the real demo season (corpus/season-1/), read as CPython would. */
export function demoSeasonJson(path: string): PyJson {
  const read = loads(new Uint8Array(readFileSync(new URL(path, CORPUS))));
  if (!read.ok) throw new Error(`${path}: ${read.error.message}`);
  return read.value;
}

export function demoTrack(track: 'conformite' | 'generique'): IntakeTrack {
  const built = buildIntakeTrack({ season: 1, track, tasks: demoSeasonJson(`${track}/tasks.json`) });
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

/** Season 1 with both tracks as published in corpus/season-1/, for the participant enrolled as ENROLLED_DID. */
export function demoContext(): IntakeContext {
  return buildIntakeContext(1, ENROLLED_DID, [demoTrack('conformite'), demoTrack('generique')]);
}
