import { openSignedExport } from '../../main/core/season-export/signed-export.ts';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { submissionVersionCount } from '../../main/db/season-service/submissions.ts';
import {
  boundKey,
  CLOSES_AT,
  enroll,
  exportLines,
  freezeBothTracks,
  freezeDocument,
  OPENS_AT,
  postFreeze,
  SEASON_DIR,
  startTestService,
  submit,
  TestClock,
  type RunningService,
} from './support/season-fixture.ts';
import { validSubmission } from './support/submissions.ts';

let dir: string;
let devnet: Devnet;
let service: RunningService;
let token: string;
let did: string;
let participantId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'submit-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  service = await startTestService(devnet.info.trust_layer);
  await freezeBothTracks(service);
  const key = await boundKey(devnet.info.trust_layer, 'submitter');
  const enrolled = await enroll(service.url, key.apiKey);
  token = enrolled.json.season_token;
  participantId = enrolled.json.participant_id;
  did = key.did;
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = (value: unknown) => JSON.stringify(value);

describe('POST /v1/season/{n}/submit (spec §3 step 5, §4, §7.4)', () => {
  it('a valid submission is recorded; the answer is a signed receipt of what was recorded, and nothing about proofs or score', async () => {
    const first = await submit(service.url, token, body(validSubmission('conformite', 'conf-01', did)));
    expect(first.status).toBe(200);
    expect(Object.keys(first.json)).toEqual([
      'recorded',
      'replaces_previous',
      'season',
      'track',
      'task_id',
      'participant_id',
      'version',
      'received_at',
      'submission_sha256',
      'receipt_signature',
    ]);
    expect(first.json).toMatchObject({
      recorded: true,
      replaces_previous: false,
      season: 1,
      track: 'conformite',
      task_id: 'conf-01',
      participant_id: participantId,
      version: 1,
    });
    const second = await submit(service.url, token, body(validSubmission('conformite', 'conf-01', did, 2)));
    expect(second.json).toMatchObject({ recorded: true, replaces_previous: true, version: 2 });
  });

  it('the generic track is open at the same time and takes its own verdict set', async () => {
    const answer = await submit(service.url, token, body(validSubmission('generique', 'gen-01', did)));
    expect([answer.status, answer.json.recorded]).toEqual([200, true]);
  });

  it('no token, or a token the service never issued, is 401 SEASON_TOKEN_REFUSED', async () => {
    const valid = body(validSubmission('conformite', 'conf-02', did));
    expect((await submit(service.url, null, valid)).json.error.code).toBe('SEASON_TOKEN_REFUSED');
    const forged = await submit(service.url, `sst_${'A'.repeat(43)}`, valid);
    expect([forged.status, forged.json.error.code]).toEqual([401, 'SEASON_TOKEN_REFUSED']);
  });

  it('each intake refusal is a 422 with its code and pointer, and the submission in force stays as it was', async () => {
    const inForce = await submit(service.url, token, body(validSubmission('conformite', 'conf-03', did)));
    const versions = submissionVersionCount(service.db);
    const base = () => validSubmission('conformite', 'conf-03', did);
    const cases: [unknown, string, string][] = [
      [{ ...base(), extra: 1 }, 'SUBMISSION_UNKNOWN_KEY', '/extra'],
      [{ ...base(), season: 2 }, 'SUBMISSION_SEASON_MISMATCH', '/season'],
      [{ ...base(), task_id: 'conf-99' }, 'SUBMISSION_UNKNOWN_TASK', '/task_id'],
      [{ ...base(), agent_did: 'did:key:z6MkOther' }, 'SUBMISSION_DID_MISMATCH', '/agent_did'],
      [{ ...base(), verdict: 'probablement' }, 'SUBMISSION_VERDICT_INVALID', '/verdict'],
      [{ ...base(), disclosures: {} }, 'SUBMISSION_DISCLOSURE_MISSING', ''],
    ];
    for (const [value, code, pointer] of cases) {
      const answer = await submit(service.url, token, body(value));
      expect(answer.status).toBe(422);
      expect(answer.json.error.code).toBe(code);
      if (pointer !== '') expect(answer.json.error.pointer).toBe(pointer);
      expect(answer.json.error.message).toMatch(/^rejected at intake: /);
    }
    const duplicate = await submit(service.url, token, '{"season": 1, "season": 1}');
    expect([duplicate.status, duplicate.json.error.code, duplicate.json.error.pointer]).toEqual([
      422,
      'INTAKE_DUPLICATE_KEY',
      '',
    ]);
    // A parser refusal says where in the bytes: the second "season" key starts at byte 14, line 1.
    expect(duplicate.json.error.position).toMatchObject({ offset: 14, line: 1 });
    expect(submissionVersionCount(service.db)).toBe(versions);
    const line = (await exportLines(service)).lines.find((l) => l.submission?.task_id === 'conf-03');
    expect(line?.submission_sha256).toBe(inForce.json.submission_sha256);
  });

  it('a body over 1 MiB is 413 BODY_TOO_LARGE and nothing is recorded', async () => {
    const versions = submissionVersionCount(service.db);
    const huge = { ...validSubmission('conformite', 'conf-04', did), narrative: 'x'.repeat(1_100_000) };
    const answer = await submit(service.url, token, body(huge));
    expect([answer.status, answer.json.error.code]).toEqual([413, 'BODY_TOO_LARGE']);
    expect(submissionVersionCount(service.db)).toBe(versions);
  });

  it('past the per-participant rate a submission is 429 SUBMIT_RATE_LIMITED with Retry-After', async () => {
    const limited = await startTestService(devnet.info.trust_layer, {
      limits: { submitBurst: 2, submitPerMinute: 120 },
    });
    try {
      await freezeBothTracks(limited);
      const key = await boundKey(devnet.info.trust_layer, 'eager');
      const own = (await enroll(limited.url, key.apiKey)).json.season_token;
      const valid = body(validSubmission('conformite', 'conf-01', key.did));
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await submit(limited.url, own, valid));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]!.json.error.code).toBe('SUBMIT_RATE_LIMITED');
      expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.stop();
    }
  });

  it('at the freeze close, to the millisecond, a submission is 409 SEASON_CLOSED; one millisecond before it is recorded', async () => {
    const clock = new TestClock(new Date(Date.parse(CLOSES_AT) - 1));
    const timed = await startTestService(devnet.info.trust_layer, { clock });
    try {
      await freezeBothTracks(timed);
      const key = await boundKey(devnet.info.trust_layer, 'late');
      const own = (await enroll(timed.url, key.apiKey)).json.season_token;
      const valid = body(validSubmission('conformite', 'conf-01', key.did));
      expect((await submit(timed.url, own, valid)).status).toBe(200);
      clock.current = new Date(CLOSES_AT);
      const late = await submit(timed.url, own, valid);
      expect([late.status, late.json.error.code]).toEqual([409, 'SEASON_CLOSED']);
      clock.current = new Date(Date.parse(OPENS_AT) - 1);
      expect((await submit(timed.url, own, valid)).json.error.code).toBe('SEASON_NOT_OPEN');
    } finally {
      await timed.stop();
    }
  });

  it('a freeze posted without the challenge secret is 403; a replacement after the opening is 409 FREEZE_SEASON_OPENED', async () => {
    const direct = await fetch(`${service.url}/v1/season/1/freeze`, {
      method: 'POST',
      body: JSON.stringify(freezeDocument('conformite')),
    });
    expect(direct.status).toBe(403);
    const late = await postFreeze(service, freezeDocument('conformite', OPENS_AT, '2027-01-01T00:00:00.000Z'));
    expect(late.status).toBe(409);
    expect(JSON.parse(late.text).error.code).toBe('FREEZE_SEASON_OPENED');
  });
});

describe('GET /v1/season/{n}/export (what season close scores)', () => {
  it('without the operator token 401, with another token 403', async () => {
    expect((await fetch(`${service.url}/v1/season/1/export`)).status).toBe(401);
    const wrong = await fetch(`${service.url}/v1/season/1/export`, { headers: { Authorization: `Bearer ${token}` } });
    expect(wrong.status).toBe(403);
  });

  it('one NDJSON line per submission in force, the submission as received with the SHA-256 of its bytes', async () => {
    const pretty = `${JSON.stringify(validSubmission('conformite', 'conf-05', did), null, 2)}\r\n`;
    await submit(service.url, token, pretty);
    const exported = await exportLines(service);
    expect(exported.contentType).toBe('application/x-ndjson');
    const line = exported.lines.find((l) => l.submission?.task_id === 'conf-05');
    // Format 2 (issue 39 item 6): no name or stack in a submission line; they are in the enrollment lines.
    expect(Object.keys(line ?? {})).toEqual([
      'participant_id',
      'enrolled_did',
      'version',
      'received_at',
      'submission_sha256',
      'submission',
    ]);
    expect(line?.submission).toEqual(JSON.parse(pretty));
    expect(line?.submission_sha256).toBe(createHash('sha256').update(pretty).digest('hex'));
    expect(line?.enrolled_did).toBe(did);
    // conf-01 was submitted twice: only the last version is in force.
    const conf01 = exported.lines.filter((l) => l.submission?.task_id === 'conf-01' && l.enrolled_did === did);
    expect(conf01.map((l) => [l.version, l.submission.narrative])).toEqual([[2, 'version 2']]);
  });

  it('the export ends with a trailer signed by the receipt key: when it was taken, its line count and SHA-256', async () => {
    const exported = await exportLines(service);
    const state = (await (await fetch(`${service.url}/v1/season/1`)).json()) as { receipt_public_key: string };
    expect(exported.trailer).toMatchObject({
      season: 1,
      takenAt: service.clock.current.toISOString(),
      lines: exported.lines.length,
      publicKeyHex: state.receipt_public_key,
    });
    const lastLine = exported.text.trimEnd().split('\n').at(-1)!;
    expect(Object.keys(JSON.parse(lastLine) as object)).toEqual(['export_signature']);
  });

  it('a participant enrolled with nothing submitted has one line with "submission": null', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'silent');
    const enrolled = await enroll(service.url, key.apiKey);
    const lines = (await exportLines(service)).lines.filter((l) => l.participant_id === enrolled.json.participant_id);
    expect(lines).toEqual([
      {
        participant_id: enrolled.json.participant_id,
        enrolled_did: key.did,
        version: null,
        received_at: null,
        submission_sha256: null,
        submission: null,
      },
    ]);
  });

  it('names and stacks travel in enrollment lines under their own signed digest; the copy without them still verifies and holds no name', async () => {
    const exported = await exportLines(service);
    const nord = exported.enrollments.filter((l) => l.enrollment.agent_name === 'Agent Nord');
    expect(nord.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(nord[0]!.enrollment)).toEqual(['participant_id', 'agent_name', 'declared_stack']);
    expect(exported.trailer?.enrollments?.lines).toBe(exported.enrollments.length);
    const copy = exported.withoutNames!;
    expect(new TextDecoder().decode(copy)).not.toContain('Agent Nord');
    const reopened = openSignedExport(copy, null);
    expect(reopened.ok && reopened.value.enrollments).toBe(null);
    // An enrollment line edited after signing is CLOSE_EXPORT_ALTERED, naming the enrollments' digest.
    const edited = openSignedExport(new TextEncoder().encode(exported.text.replace('Agent Nord', 'Agent Sud')), null);
    expect(edited.ok ? null : [edited.error.code, edited.error.details?.['field']]).toEqual([
      'CLOSE_EXPORT_ALTERED',
      'enrollments_sha256',
    ]);
  });
});
