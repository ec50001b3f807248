import type { PublishedFreeze } from '../../core/freeze/publication.ts';
import type { PyJson } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { checkTakenAfterClose, openSignedExport } from '../../core/season-export/signed-export.ts';
import { fileMissing, readBytes } from './bundle-files.ts';
import type { IndexedProof } from './bundle-index.ts';
import { BUNDLE, SAFE_PARTICIPANT_ID } from './bundle-layout.ts';
import { citedKey, citedKeysOf, trackSubmissions, type TrackSubmissions } from './export-lines.ts';
import type { CitedWork } from './verify-cited.ts';

/**
 * The bundle keeps the export as the season service signed it, and the replay checks it as the close did
 * (docs/replay-bundle.md "The export, per track"): its signature by the key its trailer names (the replay prints that
 * key for the reader to compare with the one the service publishes), taken at or after the close, every submission
 * received inside the window.
 */
function signedTrackSubmissions(
  bytes: Uint8Array,
  freeze: PublishedFreeze,
): Result<{ exported: TrackSubmissions; serviceKey: string }> {
  const opened = openSignedExport(bytes, null);
  if (!opened.ok) return opened;
  const taken = checkTakenAfterClose(opened.value.trailer, freeze.closes_at);
  if (!taken.ok) return taken;
  const exported = trackSubmissions(opened.value.body, freeze.season, freeze.track, {
    opensAt: freeze.opens_at,
    closesAt: freeze.closes_at,
  });
  return exported.ok ? ok({ exported: exported.value, serviceKey: opened.value.trailer.publicKeyHex }) : exported;
}

/** The bundled export's bytes, the freeze's track in it, and the receipt key its trailer names. */
export interface BundledSubmissions {
  bytes: Uint8Array;
  exported: TrackSubmissions;
  serviceKey: string;
}

/** The bundled submissions file read for the freeze's track, or the refusal that names what is wrong with it. */
export async function readTrackSubmissions(
  bundleDir: string,
  freeze: PublishedFreeze,
): Promise<Result<BundledSubmissions>> {
  const bytes = await readBytes(bundleDir, BUNDLE.submissions);
  if (bytes === null) return { ok: false, error: fileMissing(BUNDLE.submissions) };
  const exported = signedTrackSubmissions(bytes, freeze);
  if (!exported.ok)
    return {
      ok: false,
      error: { ...exported.error, details: { ...exported.error.details, file: BUNDLE.submissions } },
    };
  const unsafe = exported.value.exported.participants.find((p) => !SAFE_PARTICIPANT_ID.test(p.participantId));
  if (unsafe)
    return fail(
      'CLOSE_SUBMISSIONS_INVALID',
      `participant id ${JSON.stringify(unsafe.participantId)} cannot name a report file`,
      { file: BUNDLE.submissions },
    );
  return ok({ bytes, ...exported.value });
}

/**
 * What to verify: each cited proof id the bundle lists, in id order (a batch's proofs meet one memo), with every
 * distinct disclosure cited with it by the participants scored.
 */
export function citedWork(
  exported: TrackSubmissions,
  proofsIndex: Map<string, IndexedProof>,
  only?: ReadonlySet<string>,
) {
  const disclosuresOf = new Map<string, PyJson[]>();
  for (const { proofId, disclosure } of exported.cited) {
    const list = disclosuresOf.get(proofId) ?? [];
    list.push(disclosure);
    disclosuresOf.set(proofId, list);
  }
  const citedIds = [...disclosuresOf.keys()].sort();
  const scoredParticipants =
    only === undefined ? exported.participants : exported.participants.filter((p) => only.has(p.participantId));
  const verifyFor = only === undefined ? null : citedKeysOf(scoredParticipants);
  const work: CitedWork[] = [];
  for (const id of citedIds) {
    const entry = proofsIndex.get(id);
    const disclosures = disclosuresOf.get(id)!.filter((d) => verifyFor === null || verifyFor.has(citedKey(id, d)));
    if (entry) work.push({ proofId: id, status: entry.status, disclosures });
  }
  return { work, citedIds, scoredParticipants };
}
