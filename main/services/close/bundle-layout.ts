import { join } from 'node:path';

/** The replay bundle's format name (docs/replay-bundle.md); bundle.json says it. */
export const REPLAY_BUNDLE_FORMAT = 'proveit-replay-bundle/2';

/** Where each part of a replay bundle lives, relative to the bundle folder (docs/replay-bundle.md). */
export const BUNDLE = {
  index: 'bundle.json',
  corpus: 'corpus',
  manifest: 'manifest.json',
  publication: 'freeze/publication.json',
  freezeProof: 'freeze/proof.json',
  freezeRekorEntry: 'freeze/rekor-entry.json',
  reveal: 'freeze/reveal.json',
  submissions: 'submissions.ndjson',
  proofs: 'proofs',
  rekor: 'rekor',
  trust: 'trust-bundle',
  expected: 'expected',
} as const;

/** The outputs of a close, relative to --out and to the bundle's expected/ folder. */
export const SCORES_FILE = 'scores.json';
export const reportFile = (participantId: string) => `reports/${participantId}.json`;

/** Proof ids (prf_YYYYMMDD_HHMMSS_hex6) and Rekor uuids (hex) are safe file names; anything else is refused. */
export const SAFE_PROOF_ID = /^prf_\d{8}_\d{6}_[0-9a-f]{6}$/;
export const SAFE_REKOR_UUID = /^[0-9a-f]{16,128}$/;
/** Participant ids become file names under reports/. */
export const SAFE_PARTICIPANT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export const proofFile = (proofId: string) => `${BUNDLE.proofs}/${proofId}.json`;
export const rekorFile = (uuid: string) => `${BUNDLE.rekor}/${uuid}.json`;

export const inBundle = (bundleDir: string, relative: string) => join(bundleDir, ...relative.split('/'));
