import { writeFileSync } from 'node:fs';
import { openDatabase } from '../../../main/db/open-database.ts';
import { insertPublicationVersion } from '../../../main/db/publications.ts';
import type { KeyIdentity } from '../../../season-service/trust-layer-identity.ts';
import {
  enroll,
  freezeBothTracks,
  newDidKey,
  startTestService,
  TEST_OPERATOR,
  type RunningService,
} from './season-fixture.ts';

/**
 * What a delivery of reports needs, for the tests of `season deliver` and `season consents` (CLI and console): a season
 * service with both tracks frozen and participants enrolled under did:key DIDs (no Trust Layer asked), the fixture
 * operator's key as a PEM file, and a publication version of conformite in an operator database.
 */
export interface DeliveryFixture {
  service: RunningService;
  participants: { token: string; id: string }[];
}

/** The fixture operator's key (PKCS#8 of an Ed25519 seed, RFC 8410): the one the test service is started with. */
export function writeOperatorKey(file: string): void {
  const der = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    Buffer.from(TEST_OPERATOR.privateKey),
  ]);
  writeFileSync(file, `-----BEGIN PRIVATE KEY-----\n${der.toString('base64')}\n-----END PRIVATE KEY-----\n`, {
    mode: 0o600,
  });
}

/** A season service in-process, both tracks frozen, one participant enrolled per label. */
export async function serviceWithParticipants(labels: readonly string[]): Promise<DeliveryFixture> {
  const didOfKey = new Map<string, string>();
  // Each API key stands for the DID the fixture gave it: the service asks this instead of a Trust Layer.
  const identity = async (apiKey: string): Promise<KeyIdentity> => {
    const did = didOfKey.get(apiKey);
    return did === undefined ? { kind: 'not_bound', history: [] } : { kind: 'bound', did, history: [] };
  };
  const service = await startTestService('http://127.0.0.1:1', { identity });
  await freezeBothTracks(service);
  const participants: { token: string; id: string }[] = [];
  for (const label of labels) {
    const apiKey = `api-key-${label}`;
    didOfKey.set(apiKey, newDidKey().did);
    const answer = await enroll(service.url, apiKey, { agent_name: `Agent ${label}`, declared_stack: 'a stack' });
    if (answer.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(answer.json)}`);
    participants.push({ token: answer.json.season_token, id: answer.json.participant_id });
  }
  return { service, participants };
}

const HASH = 'a'.repeat(64);

/** Version 1 of conformite's scores published in the operator database, one report per participant. */
export function publishedVersionOne(dbFile: string, participantIds: readonly string[]): void {
  const db = openDatabase(dbFile);
  db.pragma('foreign_keys = OFF');
  db.prepare(
    `INSERT INTO season_closes (id, season, track, closed_at_ms, freeze_proof_id, scorer_version, rules_sha256,
       manifest_hash, submissions_sha256, key_commitment, trust_bundle_digest, proofs_sha256, scores_sha256,
       participants, scored, pending, out_dir)
     VALUES (1, 1, 'conformite', 0, 'prf_x', 's', 'r', 'm', 'u', 'k', 't', 'p', ?, ?, ?, 0, '/tmp/x')`,
  ).run(HASH, participantIds.length, participantIds.length);
  const bytes = (text: string) => new TextEncoder().encode(text);
  insertPublicationVersion(
    db,
    {
      season: 1,
      track: 'conformite',
      version: 1,
      correctsVersion: null,
      publishedAtMs: Date.parse('2026-11-02T10:00:00.000Z'),
      actor: 'ana',
      closeId: 1,
      scoresJson: bytes('{}\n'),
      scoresSha256: HASH,
      bundleDigestsJson: bytes('{}\n'),
      correctionJson: null,
      auditSeq: 1,
      auditHash: HASH,
    },
    participantIds.map((id) => ({
      participantId: id,
      reportJson: bytes(`{"participant_id":"${id}","unsupported":[]}\n`),
      reportSha256: HASH,
    })),
  );
  db.close();
}
