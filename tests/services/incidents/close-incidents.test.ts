import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditVerifyCommand } from '../../../main/cli/audit-commands.ts';
import { createIncidentCommands } from '../../../main/cli/incident-commands.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import { captureIo } from '../../support/capture-io.ts';
import { createSeasonCloseCommand } from '../../../main/cli/season-close-command.ts';
import { createSeasonPublishCommand } from '../../../main/cli/season-publish-command.ts';
import { closeArgs } from '../close/support/close-commands.ts';
import { AFTER_CLOSE, DURING, type ReadProof } from '../close/support/close-devnet.ts';
import { startSeasonDevnet, type SeasonDevnet, type SeasonParticipant } from '../close/support/season-devnet.ts';

/**
 * Incidents (docs/incidents.md "Opened by a close"): a close that meets an instrument fault (the proxy called the
 * compliance host without the challenge secret, so the corpus answered its /_systeme/403 body on a canonical request)
 * opens one incident for it, linked to the participant, task, assertion and proof; a second close of the same track
 * does not open it again; the fault never counts against the participant; every step is in the audit log, which
 * verifies, and whose tail, once a publication quotes its head, cannot be cut unseen.
 */

let net: SeasonDevnet;
let ada: SeasonParticipant;
let fault: ReadProof;
const CONFORMITE_HOST = 'conformite.corpus.devnet.localhost';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

async function close(out: string, actor: string) {
  const io = captureIo();
  const code = await createSeasonCloseCommand(net.clock).run(
    [
      ...closeArgs({
        season: net.season,
        track: 'conformite',
        corpus: net.corpusDir.conformite,
        source: { seasonUrl: net.devnet.info.season, operatorTokenFile: net.operatorTokenFile },
        db: net.dbFile,
        trustLayer: net.devnet.info.trust_layer,
        trust: net.devnet.info.trust_bundle,
        out,
        json: true,
      }),
      '--actor',
      actor,
    ],
    io,
  );
  return { code, doc: JSON.parse(io.stdout || 'null') as Json, stderr: io.stderr };
}

beforeAll(async () => {
  net = await startSeasonDevnet('close-incidents-');
  net.clock.set(DURING);
  ada = await net.enroll(await net.reader('ada'));
  const b1 = await ada.read('/beneficiaires/759733179/page-1');
  const b2 = await ada.read('/beneficiaires/759733179/page-2');
  await net.fault(CONFORMITE_HOST, 'drop-secret');
  fault = await ada.read('/mesures-restrictives/page-1');
  await net.fault(CONFORMITE_HOST, null);
  await net.devnet.closeBatch();
  const cite = [b1, b2, fault];
  const answer = await ada.submit({
    season: net.season,
    track: 'conformite',
    task_id: 'conf-03',
    agent_did: ada.key.did,
    verdict: 'conforme',
    assertions: [
      ['/beneficiaires/759733179/page-1', '/page_suivante', '/beneficiaires/759733179/page-2'],
      ['/beneficiaires/759733179/page-2', '/entrees/0/date_naissance', '1948-09-16'],
      ['/mesures-restrictives/page-1', '/entrees/0/date_naissance', '1960-05-09'],
    ].map(([resource, field, value], i) => ({
      id: `a${i + 1}`,
      claim: { resource, field, value },
      proof_ids: [cite[i]!.proofId],
    })),
    disclosures: Object.fromEntries(cite.map((p) => [p.proofId, p.disclosure])),
    narrative: 'scripted participant',
  });
  expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
  net.clock.set(AFTER_CLOSE);
}, 120_000);

afterAll(async () => {
  await net?.close();
});

describe('incidents opened by a close', () => {
  it('a close with an instrument fault opens one incident for it, linked to the assertion, counted against no one', async () => {
    const first = await close(join(net.dir, 'close-1'), 'operator-ann');
    expect(first.code, first.stderr).toBe(0);
    expect(first.doc.incidents.opened).toHaveLength(1);

    const [incident, ...others] = incidentsOf(net.db, { season: net.season, track: 'conformite' });
    expect(others).toEqual([]);
    expect(incident).toMatchObject({
      kind: 'instrument_fault',
      cause: '403',
      state: 'open',
      openedBy: 'close',
      openedByActor: 'operator-ann',
      owner: 'operator-ann',
      closeId: first.doc.close_id,
    });
    expect(incident!.summary).toMatch(/counted against no one/);
    expect(incident!.windowStartMs).not.toBeNull();
    expect(incident!.links).toEqual([
      { participant: ada.participantId, task: 'conf-03', assertion: 'a3', proof: fault.proofId },
    ]);

    // The fault is outside overclaim: the participant's report shows it as an instrument fault, not unsupported.
    const parsed = JSON.parse(
      readFileSync(join(net.dir, 'close-1', 'reports', `${ada.participantId}.json`), 'utf8'),
    ) as Json;
    expect(parsed.instrument_faults).toBe(1);
    const tasks = parsed.tasks as Json[];
    expect(tasks.find((t) => t.task_id === 'conf-03')).toMatchObject({ unsupported: 0 });

    const actions = auditRows(net.db).map((r) => [r.action, r.actor]);
    expect(actions).toContainEqual(['season.close', 'operator-ann']);
    expect(actions).toContainEqual(['incident.open', 'operator-ann']);
    expect(actions).toContainEqual(['freeze.reveal', 'operator-ann']);
  });

  it('a second close of the same season and track does not open the same incident again', async () => {
    const second = await close(join(net.dir, 'close-2'), 'operator-ben');
    expect(second.code, second.stderr).toBe(0);
    expect(second.doc.incidents.opened).toEqual([]);
    expect(second.doc.incidents.unchanged).toHaveLength(1);
    expect(incidentsOf(net.db, { season: net.season })).toHaveLength(1);
  });

  it('the incident is resolved through the CLI with a written resolution, and the audit log verifies', async () => {
    const [incident] = incidentsOf(net.db, { season: net.season });
    const [, , , resolve] = createIncidentCommands(net.clock);
    const io = captureIo();
    const code = await resolve!.run(
      [
        String(incident!.id),
        '--resolution',
        'the proxy dropped the challenge secret for one call; faults excluded from overclaim',
        '--db',
        net.dbFile,
        '--actor',
        'operator-cleo',
        '--json',
      ],
      io,
    );
    expect(code, io.stderr).toBe(0);
    expect((JSON.parse(io.stdout) as Json).incident).toMatchObject({
      state: 'resolved',
      resolution: { actor: 'operator-cleo' },
    });

    const verify = captureIo();
    expect(await auditVerifyCommand.run(['--db', net.dbFile, '--json'], verify)).toBe(0);
    const verified = JSON.parse(verify.stdout) as Json;
    expect(verified.ok).toBe(true);
    expect(auditRows(net.db).at(-1)).toMatchObject({ action: 'incident.resolve', actor: 'operator-cleo' });
    // No secret in the log: neither the operator token nor a salt.
    const log = JSON.stringify(auditRows(net.db));
    expect(log).not.toContain(net.devnet.info.internal_secret);
    const salts = net.db.prepare('SELECT salt_hex FROM freeze_seals').pluck().all() as string[];
    expect(salts.length).toBeGreaterThan(0);
    for (const salt of salts) expect(log).not.toContain(salt);
  });

  it('a season publish quotes the audit head; removing the last entries afterwards fails with AUDIT_LOG_TRUNCATED', async () => {
    const publish = captureIo();
    const published = await createSeasonPublishCommand(net.clock).run(
      [
        '--season',
        String(net.season),
        '--track',
        'conformite',
        '--db',
        net.dbFile,
        '--actor',
        'operator-ann',
        '--json',
      ],
      publish,
    );
    expect(published, publish.stderr).toBe(0);
    const verify = async () => {
      const io = captureIo();
      const code = await auditVerifyCommand.run(['--db', net.dbFile, '--json'], io);
      return { code, doc: JSON.parse(io.stdout) as Json };
    };
    const intact = await verify();
    expect(intact).toMatchObject({ code: 0, doc: { ok: true, quoted_heads: 1 } });
    const head = intact.doc.head.seq as number;

    const raw = new Database(net.dbFile);
    try {
      raw.exec('DROP TRIGGER audit_log_append_only_delete');
      raw.prepare('DELETE FROM audit_log WHERE seq >= ?').run(head - 1);
    } finally {
      raw.close();
    }
    const truncated = await verify();
    expect(truncated.code).toBe(1);
    expect(truncated.doc).toMatchObject({ code: 'AUDIT_LOG_TRUNCATED', details: { seq: head - 1, quotedSeq: head } });
  });
});
