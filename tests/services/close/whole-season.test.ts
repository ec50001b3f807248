import { runCloseCommand, runReplay } from './support/close-commands.ts';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonDumps, loadsStored } from '../../../devnet/wire/json-dumps.ts';
import { proofVerifyCommand } from '../../../main/cli/proof-verify.ts';
import type { ProofsView } from '../../../main/ipc/contract.ts';
import { createDispatcher } from '../../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import { openConsole } from '../../../main/console/open-console.ts';
import { incidentsOf } from '../../../main/db/incidents.ts';
import { scoreBundle } from '../../../main/services/close/score-bundle.ts';
import { isPyObject, type PyObject } from '../../../main/core/json/value.ts';
import { DEMO_SEASON_DIR } from '../../devnet/support/journey-corpus.ts';
import { captureIo } from '../../support/capture-io.ts';
import { AFTER_CLOSE, DURING, type ReadProof } from './support/close-devnet.ts';
import { startSeasonDevnet, type Reader, type SeasonDevnet, type SeasonParticipant } from './support/season-devnet.ts';
import type { TrackName } from '../../../main/core/corpus/model.ts';
import { submissionDocument } from './support/submission-document.ts';

/**
 * A whole season on the devnet (docs/replay-bundle.md). Scripted participants read the compliance corpus through the
 * real proxy, enroll with and submit to the real season service, and the operator closes the track twice (once with a
 * batch still pending, once after it is anchored); then the bundles are replayed and spliced with parts of other
 * closes: the generique track's (same season, its own freeze), a season 2's (the demo corpus renumbered, on a second
 * devnet) and the first close's. The clock is one virtual clock shared by the devnet (TSA genTime, proof timestamps,
 * the season host's window) and the operator; batches are anchored only when the test calls closeBatch, so nothing
 * waits on time.
 *
 * Participants (compliance track, 10 tasks):
 * - Ada: conf-01 and conf-02 exact and grounded (conf-02 through an equivalent form); conf-03 exact with a third
 *   assertion whose proxy call went without the challenge secret (the corpus answered /_systeme/403 on the canonical
 *   request): an instrument fault, outside overclaim, and the fact it carried is missing;
 * - Ben: conf-01 exact but ungrounded (one fact missing); conf-02 rejected at close (NOT_PROBATIVE); conf-03 rejected
 *   at close (OUTSIDE_TASK_GRAPH); conf-04 below the minimum;
 * - Cleo (red team): trailing slash, empty `?`, query parameters, `extra_headers`, and /_systeme/403 bodies fetched from
 *   a host outside the track's allow-list and from a non-canonical URL: all resource_mismatch / REQUEST_HASH_MISMATCH;
 * - Dan: a proof anchored before the opening; a task whose proofs are read on 28 October and still pending at the
 *   first close (exit 3), then anchored after the close (ANCHOR_AFTER_CLOSE at the second close);
 * - Eve: conf-01 grounded, with the Trust Layer serving altered flat fields (`hashes.request`, `hashes.response`):
 *   no effect on the score;
 * - Fay: enrolled, nothing submitted;
 * - Gus: conf-01 left below its minimum by an instrument fault (BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS); conf-02 with
 *   an entry of a common list that does not concern the target, conf-03 on common lists only, conf-04 with an empty
 *   pointer: each rejected at close.
 */

let net: SeasonDevnet;
const people: Record<string, SeasonParticipant> = {};
/** Proofs the assertions below inspect directly. */
const proofs: Record<string, ReadProof> = {};
const EARLY = Date.parse('2026-09-25T12:00:00.000Z');
const LATE = Date.parse('2026-10-28T12:00:00.000Z');
const CONFORMITE_HOST = 'conformite.corpus.devnet.localhost';
const GENERIQUE_HOST = 'generique.corpus.devnet.localhost';
const ALTERED = 'f'.repeat(64);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
type Assertion = [resource: string, field: string, value: unknown, proof: ReadProof];

const submission = (
  p: { key: { did: string } },
  taskId: string,
  verdict: string,
  assertions: Assertion[],
  season = 1,
) => submissionDocument(p, taskId, verdict, assertions, { season, narrative: 'scripted participant' });

async function submitAll(answers: Promise<{ status: number; json: Record<string, unknown> }>[]) {
  for (const a of await Promise.all(answers)) expect(a.json, JSON.stringify(a.json)).toMatchObject({ recorded: true });
}

function runClose(track: TrackName, out: string, on: SeasonDevnet = net) {
  return runCloseCommand(on.clock, {
    season: on.season,
    track,
    corpus: on.corpusDir[track],
    source: { seasonUrl: on.devnet.info.season, operatorTokenFile: on.operatorTokenFile },
    db: on.dbFile,
    trustLayer: on.devnet.info.trust_layer,
    trust: on.devnet.info.trust_bundle,
    out,
    json: true,
  });
}

/**
 * Rewrites flat fields of stored proofs in the devnet's own database, as a Trust Layer serving altered views would:
 * `hashes.request` / `hashes.response` are outside the signed commitments, so the proof still verifies.
 */
function alterFlatHashes(proofIds: string[]) {
  const database = new Database(join(net.devnet.info.state, 'devnet.sqlite'));
  try {
    for (const id of proofIds) {
      const row = database.prepare('SELECT record FROM proofs WHERE proof_id = ?').get(id) as { record: string };
      const record = loadsStored(row.record) as PyObject;
      const hashes = record['hashes'];
      if (!isPyObject(hashes)) throw new Error(`${id} has no hashes`);
      hashes['request'] = `sha256:${ALTERED}`;
      hashes['response'] = `sha256:${ALTERED}`;
      database.prepare('UPDATE proofs SET record = ? WHERE proof_id = ?').run(jsonDumps(record), id);
    }
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  net = await startSeasonDevnet('whole-season-');
  const c = net.base.conformite;

  // 25 September, before the opening: Dan's key is bound and reads already; that batch is anchored at once.
  net.clock.set(EARLY);
  const dan: Reader = await net.reader('dan');
  proofs.danEarly = await dan.read('/entites/171904347');
  await net.devnet.closeBatch();

  // 10 October: everyone enrolls (enrollment order = report order) and reads, one call after another.
  net.clock.set(DURING);
  for (const reader of [await net.reader('ada'), await net.reader('ben'), await net.reader('cleo'), dan]) {
    people[reader.label] = await net.enroll(reader);
  }
  for (const label of ['eve', 'fay', 'gus']) people[label] = await net.enroll(await net.reader(label));
  const { ada, ben, cleo, eve, gus } = people as Record<string, SeasonParticipant>;

  const adaE1 = await ada!.read('/entites/171904347');
  const adaAtt = await ada!.read('/attestations/ATT-93595');
  const adaAgr = await ada!.read('/agrements/AGR-4468');
  const adaE2 = await ada!.read('/entites/206749866');
  const adaB1 = await ada!.read('/beneficiaires/759733179/page-1');
  const adaB2 = await ada!.read('/beneficiaires/759733179/page-2');

  const benE1 = await ben!.read('/entites/171904347');
  const benE2 = await ben!.read('/entites/206749866');
  const benAgr = await ben!.read('/agrements/AGR-4468');
  const benE3 = await ben!.read('/entites/759733179');
  const benAtt = await ben!.read('/attestations/ATT-97132');

  proofs.cleoSlash = await cleo!.read({ target: `${c}/entites/171904347/` });
  proofs.cleoEmptyQuery = await cleo!.read({ target: `${c}/attestations/ATT-93595?` });
  proofs.cleoParams = await cleo!.read({ target: `${c}/entites/171904347?b=2&a=1` });
  proofs.cleoHeaders = await cleo!.read({
    target: `${c}/agrements/AGR-3121`,
    extraHeaders: { 'X-Trace-Id': 'cleo-1' },
  });
  const cleoAgr = await cleo!.read('/agrements/AGR-4468');

  // The conformite host without the challenge secret: its /_systeme/403 body, on a canonical request (Ada) and on a
  // non-canonical one (Cleo). Then the generique host, outside the track's allow-list, the same: its 403 body is the
  // same bytes as the compliance track's.
  await net.fault(CONFORMITE_HOST, 'drop-secret');
  proofs.adaFault = await ada!.read('/mesures-restrictives/page-1');
  proofs.cleo403Slash = await cleo!.read({ target: `${c}/agrements/AGR-4468/` });
  proofs.gusFault = await gus!.read('/attestations/ATT-93595');
  await net.fault(CONFORMITE_HOST, null);
  await net.fault(GENERIQUE_HOST, 'drop-secret');
  proofs.cleo403OtherHost = await cleo!.read({ target: `${net.base.generique}/entites/206749866` });
  await net.fault(GENERIQUE_HOST, null);

  const danAtt = await dan.read('/attestations/ATT-93595');
  const gusE1 = await gus!.read('/entites/171904347');
  const gusE2 = await gus!.read('/entites/206749866');
  const gusAgr = await gus!.read('/agrements/AGR-4468');
  const gusMr1 = await gus!.read('/mesures-restrictives/page-1');
  const gusAtt = await gus!.read('/attestations/ATT-97132');
  const gusAvn = await gus!.read('/avenants/AVN-7307');
  proofs.eveE1 = await eve!.read('/entites/171904347');
  proofs.eveAtt = await eve!.read('/attestations/ATT-93595');
  await net.devnet.closeBatch();
  // Anchoring rewrote the stored records; the alteration comes after, as a Trust Layer incident would.
  alterFlatHashes([proofs.eveE1.proofId, proofs.eveAtt.proofId]);

  await submitAll([
    ada!.submit(
      submission(ada!, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', adaE1],
        ['/attestations/ATT-93595', '/existe', false, adaAtt],
      ]),
    ),
    ada!.submit(
      submission(ada!, 'conf-02', 'non_conforme', [
        ['/agrements/AGR-4468', '/entite', '/entites/206749866', adaAgr],
        ['/agrements/AGR-4468', '/date_fin_validite', '2026-06-03', adaAgr],
        ['/entites/206749866', '/statut', 'active', adaE2],
      ]),
    ),
    ada!.submit(
      submission(ada!, 'conf-03', 'conforme', [
        ['/beneficiaires/759733179/page-1', '/page_suivante', '/beneficiaires/759733179/page-2', adaB1],
        ['/beneficiaires/759733179/page-2', '/entrees/0/date_naissance', '1948-09-16', adaB2],
        ['/mesures-restrictives/page-1', '/entrees/0/date_naissance', '1960-05-09', proofs.adaFault],
      ]),
    ),
    ben!.submit(
      submission(ben!, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', benE1],
        ['/entites/171904347', '/statut', 'active', benE1],
      ]),
    ),
    ben!.submit(
      submission(ben!, 'conf-02', 'non_conforme', [
        ['/entites/206749866', '/statut', 'active', benE2],
        ['/entites/206749866', '/raison_sociale', 'Haurevac Transports de Fonds SA', benE2],
        ['/agrements/AGR-4468', '/statut', 'actif', benAgr],
      ]),
    ),
    ben!.submit(
      submission(ben!, 'conf-03', 'conforme', [
        ['/entites/759733179', '/statut', 'active', benE3],
        ['/entites/171904347', '/statut', 'active', benE1],
      ]),
    ),
    ben!.submit(
      submission(ben!, 'conf-04', 'conforme', [
        ['/attestations/ATT-97132', '/date_fin_validite', '2026-08-08', benAtt],
      ]),
    ),
    cleo!.submit(
      submission(cleo!, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', proofs.cleoSlash],
        ['/attestations/ATT-93595', '/existe', false, proofs.cleoEmptyQuery],
        ['/entites/171904347', '/statut', 'active', proofs.cleoParams],
        ['/agrements/AGR-3121', '/statut', 'actif', proofs.cleoHeaders],
      ]),
    ),
    cleo!.submit(
      submission(cleo!, 'conf-02', 'non_conforme', [
        ['/entites/206749866', '/statut', 'active', proofs.cleo403OtherHost],
        ['/agrements/AGR-4468', '/statut', 'actif', proofs.cleo403Slash],
        ['/agrements/AGR-4468', '/date_fin_validite', '2026-06-03', cleoAgr],
      ]),
    ),
    people.dan!.submit(
      submission(dan, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', proofs.danEarly],
        ['/attestations/ATT-93595', '/existe', false, danAtt],
      ]),
    ),
    eve!.submit(
      submission(eve!, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', proofs.eveE1],
        ['/attestations/ATT-93595', '/existe', false, proofs.eveAtt],
      ]),
    ),
    gus!.submit(
      submission(gus!, 'conf-01', 'indeterminable', [
        ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', gusE1],
        ['/attestations/ATT-93595', '/existe', false, proofs.gusFault],
      ]),
    ),
    gus!.submit(
      submission(gus!, 'conf-02', 'non_conforme', [
        ['/entites/206749866', '/statut', 'active', gusE2],
        ['/agrements/AGR-4468', '/statut', 'actif', gusAgr],
        ['/mesures-restrictives/page-1', '/entrees/1/nom', 'VIGUERIE', gusMr1],
      ]),
    ),
    gus!.submit(
      submission(gus!, 'conf-03', 'conforme', [
        ['/mesures-restrictives/page-1', '/entrees/0/nom', 'LABASTIDE', gusMr1],
        ['/mesures-restrictives/page-1', '/entrees/0/date_naissance', '1960-05-09', gusMr1],
      ]),
    ),
    gus!.submit(
      submission(gus!, 'conf-04', 'conforme', [
        ['/attestations/ATT-97132', '', true, gusAtt],
        ['/attestations/ATT-97132', '/date_fin_validite', '2026-08-08', gusAtt],
        ['/avenants/AVN-7307', '/date_effet', '2026-07-10', gusAvn],
      ]),
    ),
  ]);

  // 28 October, the day before the close: Dan reads and submits conf-02; that batch stays open past the close.
  net.clock.set(LATE);
  const danAgr = await dan.read('/agrements/AGR-4468');
  const danE2 = await dan.read('/entites/206749866');
  proofs.danLate = danAgr;
  proofs.danLateEntity = danE2;
  await submitAll([
    people.dan!.submit(
      submission(dan, 'conf-02', 'non_conforme', [
        ['/agrements/AGR-4468', '/entite', '/entites/206749866', danAgr],
        ['/agrements/AGR-4468', '/date_fin_validite', '2026-06-03', danAgr],
        ['/entites/206749866', '/statut', 'active', danE2],
      ]),
    ),
  ]);
  net.clock.set(AFTER_CLOSE);
}, 240_000);

afterAll(async () => {
  await net?.close();
});

/** The outcome of a close as a normalised projection: what the scorer concluded, without ids, DIDs or nonces. */
function projection(out: string) {
  const scores = readJson(join(out, 'scores.json'));
  const labelOf = new Map(Object.values(people).map((p) => [p.participantId, p.label]));
  return {
    season: scores.season,
    track: scores.track,
    best_constant_answer: scores.best_constant_answer,
    participants: (scores.participants as Json[]).map((p) => {
      const report = readJson(join(out, 'reports', `${p.participant_id}.json`));
      return {
        label: labelOf.get(p.participant_id),
        status: p.status,
        overclaim: p.overclaim,
        success: p.success,
        tasks_submitted: p.tasks_submitted,
        instrument_faults: p.instrument_faults,
        tasks: (report.tasks as Json[]).map((t) =>
          [
            t.task_id,
            t.status,
            t.not_submitted ?? '',
            t.rejected_at_close ? `${t.rejected_at_close.rule}@${t.rejected_at_close.assertion_id ?? ''}` : '',
            `exact=${t.exact}`,
            `grounded=${t.grounded}`,
            `s${t.supported}/u${t.unsupported}/f${t.instrument_faults}`,
            ...(t.missing_facts as Json[]).map((f) => `missing ${f.resource}${f.field}`),
          ].join(' '),
        ),
        assertions: (report.assertions as Json[]).map((a) =>
          [a.task_id, a.assertion_id, a.status, a.cause ?? '', a.code ?? '', a.systeme_status ?? '']
            .filter((s) => s !== '')
            .join(' '),
        ),
      };
    }),
  };
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const byLabel = (out: string) =>
  new Map(
    (readJson(join(out, 'scores.json')).participants as Json[]).map((p) => [
      Object.values(people).find((q) => q.participantId === p.participant_id)!.label,
      p,
    ]),
  );
const assertionsOf = (out: string, label: string) =>
  (readJson(join(out, 'reports', `${people[label]!.participantId}.json`)).assertions as Json[]).map((a) =>
    [a.task_id, a.assertion_id, a.status, a.cause ?? '', a.code ?? ''].filter((s) => s !== '').join(' '),
  );

describe('a whole season on the devnet, closed twice, replayed and spliced', () => {
  const out1 = () => join(net.dir, 'close-1');
  const out2 = () => join(net.dir, 'close-2');
  const outG = () => join(net.dir, 'close-generique');

  it('the three calls made without the challenge secret committed to one response: the 403 body', () => {
    const response = (p: ReadProof) => p.disclosure.response_hash.value;
    expect(response(proofs.cleo403OtherHost!)).toBe(response(proofs.adaFault!));
    expect(response(proofs.cleo403Slash!)).toBe(response(proofs.adaFault!));
  });

  it('first close: exit 3, Dan pending (his 28 October batch is not anchored), everyone else scored', async () => {
    const { code, doc, io } = await runClose('conformite', out1());
    expect(code, io.stderr + io.stdout).toBe(3);
    expect(doc).toMatchObject({ ok: true, exit: 3, pending: [people.dan!.participantId] });
    const scores = byLabel(out1());
    expect(scores.get('dan')).toMatchObject({
      status: 'pending',
      overclaim: { unsupported: null, submitted: null },
      success: { grounded_exact: null, out_of: 10 },
    });
    const dan = readJson(join(out1(), 'reports', `${people.dan!.participantId}.json`));
    expect((dan.tasks as Json[]).find((t) => t.task_id === 'conf-02')).toMatchObject({ status: 'pending' });
    expect(assertionsOf(out1(), 'dan')).toEqual([
      'conf-01 a1 unsupported invalid_proof ANCHOR_BEFORE_OPENING',
      'conf-01 a2 supported',
      'conf-02 a1 pending',
      'conf-02 a2 pending',
      'conf-02 a3 pending',
    ]);
  });

  it("the console's Proofs screen names Dan beside each proof of his that the first close left pending", async () => {
    const opened = openConsole({
      mode: 'headless',
      dbFile: net.dbFile,
      defaultCorpusDir: net.corpusDir.conformite,
      clock: net.clock,
      services: NO_SERVICES,
      actor: 'Ana Lima',
    });
    try {
      const dispatch = createDispatcher(createConsoleHandlers(opened.ctx));
      const answer = await dispatch('proofs.view', {});
      if (!answer.ok) throw new Error(`${answer.error.code} ${answer.error.message}`);
      const danId = people.dan!.participantId;
      const waiting = {
        season: 1,
        track: 'conformite',
        participant_id: danId,
        name: 'dan', // as enrolled (tests/services/close/support/close-devnet.ts): the close recorded it, scores.json no longer names it
      };
      const late = [proofs.danLate!.proofId, proofs.danLateEntity!.proofId].sort();
      expect(
        (answer.value as ProofsView).pending
          .filter((p) => late.includes(p.proof_id))
          .sort((a, b) => (a.proof_id < b.proof_id ? -1 : 1)),
      ).toEqual(
        late.map((proofId) =>
          expect.objectContaining({ proof_id: proofId, participant_id: danId, waiting: [waiting] }),
        ),
      );
    } finally {
      await opened.close();
    }
  });

  describe('after the last batch is anchored, a second close scores everyone', () => {
    beforeAll(async () => {
      await net.devnet.closeBatch();
      net.clock.set(AFTER_CLOSE + 3_600_000);
    });

    it('exit 0; the manifest confirms which responses were /_systeme bodies', async () => {
      const { code, doc, io } = await runClose('conformite', out2());
      expect(code, io.stderr + io.stdout).toBe(0);
      expect(doc).toMatchObject({ ok: true, exit: 0, pending: [] });
      // Only Dan's outcome changes between the two closes.
      const settled = (out: string) => projection(out).participants.filter((p) => p.label !== 'dan');
      expect(settled(out2())).toEqual(settled(out1()));
      const manifest = readJson(join(out2(), 'bundle', 'manifest.json'));
      const response = (p: ReadProof) => p.disclosure.response_hash.value.replace(/^sha256:/, '');
      const resourceHash = (path: string) =>
        (manifest.resources as Json[]).find((r) => r.path === path)!.response_hash as string;
      expect(response(proofs.adaFault!)).toBe(manifest.system['403']);
      expect(response(proofs.cleo403OtherHost!)).toBe(manifest.system['403']);
      expect(response(proofs.cleo403Slash!)).toBe(manifest.system['403']);
      expect(response(proofs.cleoParams!)).toBe(manifest.system['400']);
      // The empty "?" reaches the corpus as the canonical path: the frozen body, under another request hash.
      expect(response(proofs.cleoEmptyQuery!)).toBe(resourceHash('/attestations/ATT-93595'));
      expect(response(proofs.cleoSlash!)).not.toBe(resourceHash('/entites/171904347'));
    });

    it('scores.json: the counts of every participant', () => {
      const scores = readJson(join(out2(), 'scores.json'));
      expect(scores.best_constant_answer).toEqual({ verdict: 'non_conforme', success: { exact: 4, out_of: 10 } });
      const figures = Object.fromEntries(
        [...byLabel(out2())].map(([label, p]) => [
          label,
          [
            p.status,
            p.overclaim.unsupported,
            p.overclaim.submitted,
            p.success.grounded_exact,
            p.success.out_of,
            p.tasks_submitted,
            p.instrument_faults,
          ],
        ]),
      );
      expect(figures).toEqual({
        ada: ['scored', 0, 7, 2, 10, 3, 1],
        ben: ['scored', 0, 2, 0, 10, 1, 0],
        cleo: ['scored', 6, 7, 0, 10, 2, 0],
        dan: ['scored', 4, 5, 0, 10, 2, 0],
        eve: ['scored', 0, 2, 1, 10, 1, 0],
        fay: ['scored', 0, 0, 0, 10, 0, 0],
        gus: ['scored', 0, 0, 0, 10, 0, 1],
      });
    });

    it('Ada: grounded exact twice (once through an equivalent form); an instrument fault outside overclaim, its fact missing', () => {
      expect(assertionsOf(out2(), 'ada')).toEqual([
        'conf-01 a1 supported',
        'conf-01 a2 supported',
        'conf-02 a1 supported',
        'conf-02 a2 supported',
        'conf-02 a3 supported',
        'conf-03 a1 supported',
        'conf-03 a2 supported',
        'conf-03 a3 instrument_fault',
      ]);
      const report = readJson(join(out2(), 'reports', `${people.ada!.participantId}.json`));
      const fault = (report.assertions as Json[]).find((a) => a.status === 'instrument_fault')!;
      expect(fault).toMatchObject({
        task_id: 'conf-03',
        systeme_status: '403',
        proofs: [{ proof_id: proofs.adaFault!.proofId, outcome: 'instrument_fault', systeme_status: '403' }],
      });
      const tasks = new Map((report.tasks as Json[]).map((t) => [t.task_id, t]));
      expect(tasks.get('conf-01')).toMatchObject({
        status: 'submitted',
        exact: true,
        grounded: true,
        missing_facts: [],
      });
      expect(tasks.get('conf-02')).toMatchObject({
        status: 'submitted',
        exact: true,
        grounded: true,
        missing_facts: [],
      });
      expect(tasks.get('conf-03')).toMatchObject({
        status: 'submitted',
        exact: true,
        grounded: false,
        supported: 2,
        unsupported: 0,
        instrument_faults: 1,
        missing_facts: [
          {
            resource: '/mesures-restrictives/page-1',
            field: '/entrees/0/date_naissance',
            value: '1960-05-09',
          },
        ].map((f) => expect.objectContaining(f)),
      });
      expect(tasks.get('conf-04')).toMatchObject({ status: 'not_submitted', not_submitted: 'NO_SUBMISSION' });
    });

    it('Ben: the same exact verdict ungrounded (the missing fact named), tasks rejected at close, one below the minimum', () => {
      const report = readJson(join(out2(), 'reports', `${people.ben!.participantId}.json`));
      const tasks = new Map((report.tasks as Json[]).map((t) => [t.task_id, t]));
      expect(tasks.get('conf-01')).toMatchObject({
        status: 'submitted',
        verdict_given: 'indeterminable',
        verdict_expected: 'indeterminable',
        exact: true,
        grounded: false,
        missing_facts: [
          {
            fact: "l'attestation citée n'existe pas",
            resource: '/attestations/ATT-93595',
            field: '/existe',
            value: false,
          },
        ],
      });
      expect(tasks.get('conf-02')).toMatchObject({
        status: 'rejected_at_close',
        rejected_at_close: { rule: 'NOT_PROBATIVE', assertion_id: 'a2' },
      });
      expect(tasks.get('conf-03')).toMatchObject({
        status: 'rejected_at_close',
        rejected_at_close: { rule: 'OUTSIDE_TASK_GRAPH', assertion_id: 'a2' },
      });
      expect(tasks.get('conf-04')).toMatchObject({ status: 'not_submitted', not_submitted: 'BELOW_MINIMUM' });
      expect(tasks.get('conf-05')).toMatchObject({ status: 'not_submitted', not_submitted: 'NO_SUBMISSION' });
      expect(assertionsOf(out2(), 'ben')).toEqual([
        'conf-01 a1 supported',
        'conf-01 a2 supported',
        'conf-02 a1 not_counted',
        'conf-02 a2 not_counted',
        'conf-02 a3 not_counted',
        'conf-03 a1 not_counted',
        'conf-03 a2 not_counted',
        'conf-04 a1 not_counted',
      ]);
    });

    it('Cleo: non-canonical URLs, extra_headers and 403 bodies from elsewhere are all REQUEST_HASH_MISMATCH, never instrument faults', () => {
      expect(assertionsOf(out2(), 'cleo')).toEqual([
        'conf-01 a1 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
        'conf-01 a2 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
        'conf-01 a3 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
        'conf-01 a4 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
        'conf-02 a1 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
        'conf-02 a2 unsupported resource_mismatch REQUEST_HASH_MISMATCH',
        'conf-02 a3 supported',
      ]);
      const report = readJson(join(out2(), 'reports', `${people.cleo!.participantId}.json`));
      const manifest = readJson(join(out2(), 'bundle', 'manifest.json'));
      const canonicalRequest = (path: string) =>
        (manifest.resources as Json[]).find((r) => r.path === path)!.request_hash as string;
      // Both values are in the report: the canonical request hash and the one the proof opened.
      expect((report.assertions as Json[])[0]).toMatchObject({
        expected: canonicalRequest('/entites/171904347'),
        actual: proofs.cleoSlash!.disclosure.request_hash.value.replace(/^sha256:/, ''),
      });
      expect(report.instrument_faults).toBe(0);
    });

    it('Dan: anchored before the opening and after the close, both invalid_proof with the window bound and the RFC 3161 time', () => {
      expect(assertionsOf(out2(), 'dan')).toEqual([
        'conf-01 a1 unsupported invalid_proof ANCHOR_BEFORE_OPENING',
        'conf-01 a2 supported',
        'conf-02 a1 unsupported invalid_proof ANCHOR_AFTER_CLOSE',
        'conf-02 a2 unsupported invalid_proof ANCHOR_AFTER_CLOSE',
        'conf-02 a3 unsupported invalid_proof ANCHOR_AFTER_CLOSE',
      ]);
      const report = readJson(join(out2(), 'reports', `${people.dan!.participantId}.json`));
      const [early, , late] = report.assertions as Json[];
      expect(early).toMatchObject({ expected: '2026-10-01T08:00:00.000Z' });
      expect(Date.parse(early!.actual)).toBe(Date.parse('2026-09-25T12:00:00Z'));
      expect(late).toMatchObject({ expected: '2026-10-29T08:00:00.000Z' });
      expect(Date.parse(late!.actual)).toBe(AFTER_CLOSE);
    });

    it('Eve: flat fields altered by the Trust Layer change nothing (openings only); her report and the verifier name the anomaly', async () => {
      expect(assertionsOf(out2(), 'eve')).toEqual(['conf-01 a1 supported', 'conf-01 a2 supported']);
      const report = readJson(join(out2(), 'reports', `${people.eve!.participantId}.json`));
      const anomalies = report.trust_layer_anomalies as Json[];
      expect(anomalies.map((a) => `${a.proof_id} ${a.field}`).sort()).toEqual(
        [proofs.eveE1!.proofId, proofs.eveAtt!.proofId]
          .flatMap((id) => [`${id} request_hash`, `${id} response_hash`])
          .sort(),
      );
      const bundled = join(out2(), 'bundle', 'proofs', `${proofs.eveE1!.proofId}.json`);
      expect(readJson(bundled).hashes).toMatchObject({ request: `sha256:${ALTERED}` });
      // The verifier compares flat hashes with the openings a disclosure gives (the submission's, here).
      const disclosure = join(net.dir, 'eve-disclosure.json');
      writeFileSync(disclosure, JSON.stringify(proofs.eveE1!.disclosure));
      const io = captureIo();
      const code = await proofVerifyCommand.run(
        ['--offline', '--trust', join(out2(), 'bundle', 'trust-bundle'), '--disclose', disclosure, '--json', bundled],
        io,
      );
      const verified = JSON.parse(io.stdout) as Json;
      expect(code, io.stdout).toBe(0);
      expect(verified.verdict).toBe('VERIFIED');
      expect((verified.anomalies as Json[]).map((a) => a.field).sort()).toEqual(['request_hash', 'response_hash']);
    });

    it('Fay: enrolled with nothing submitted: every task NO_SUBMISSION, 0/0 and 0/10', () => {
      const report = readJson(join(out2(), 'reports', `${people.fay!.participantId}.json`));
      expect((report.tasks as Json[]).map((t) => t.not_submitted)).toEqual(Array(10).fill('NO_SUBMISSION'));
      expect(report.assertions).toEqual([]);
    });

    it('Gus: an instrument fault leaves conf-01 below its minimum; the common-list and empty-pointer rules reject at close', () => {
      const report = readJson(join(out2(), 'reports', `${people.gus!.participantId}.json`));
      const tasks = new Map((report.tasks as Json[]).map((t) => [t.task_id, t]));
      expect(tasks.get('conf-01')).toMatchObject({
        status: 'not_submitted',
        not_submitted: 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS',
        instrument_faults: 1,
      });
      expect(tasks.get('conf-02')).toMatchObject({
        status: 'rejected_at_close',
        rejected_at_close: { rule: 'COMMON_ENTRY_NOT_CONCERNED', assertion_id: 'a3' },
      });
      expect(tasks.get('conf-03')).toMatchObject({
        status: 'rejected_at_close',
        rejected_at_close: { rule: 'TOO_FEW_OWN_RESOURCES', assertion_id: null },
      });
      expect(tasks.get('conf-04')).toMatchObject({
        status: 'rejected_at_close',
        rejected_at_close: { rule: 'EMPTY_POINTER', assertion_id: 'a1' },
      });
      // The fault stays in the report (and in the participant's instrument_faults); the other assertion is not counted.
      expect(assertionsOf(out2(), 'gus').slice(0, 2)).toEqual([
        'conf-01 a1 not_counted',
        'conf-01 a2 instrument_fault',
      ]);
    });

    it('incidents: one for the 403 instrument faults of Ada and Gus, one per altered flat field of Eve; the second close opened none again', () => {
      const incidents = incidentsOf(net.db, { season: net.season, track: 'conformite' });
      const faults = incidents.filter((i) => i.kind === 'instrument_fault');
      expect(faults.map((i) => [i.cause, i.openedBy, i.state])).toEqual([['403', 'close', 'open']]);
      expect(faults[0]!.links.map((l) => l.proof).sort()).toEqual(
        [proofs.adaFault!.proofId, proofs.gusFault!.proofId].sort(),
      );
      const flat = incidents.filter((i) => i.kind === 'flat_field_divergence');
      expect(flat.length).toBeGreaterThan(0);
      for (const i of flat) expect(i.links.every((l) => l.participant === people.eve!.participantId)).toBe(true);
      // Cleo's 403 bodies fail condition 3 first: never instrument faults, never in an incident.
      const linked = new Set(incidents.flatMap((i) => i.links.map((l) => l.participant)));
      expect(linked.has(people.cleo!.participantId)).toBe(false);
      // Every incident came from the first close: the second found them open and added nothing.
      expect(new Set(incidents.map((i) => i.closeId)).size).toBe(1);
    });

    it('golden digest of the normalised outcome (participant → task and assertion statuses, causes, counts)', () => {
      // scores.json and the reports are not byte-stable across runs: DIDs, participant ids, proof ids, nonces and
      // hence proofs_sha256 and submissions_sha256 are random. What is pinned is a projection that depends only on
      // the script: labels, counts, per-task status / reason / rule / exact / grounded / missing facts, per-assertion
      // status / cause / code / systeme status. Byte-for-byte identity of the outputs is checked by replay instead.
      const projected = projection(out2());
      expect(digest(projected), JSON.stringify(projected, null, 1)).toBe(GOLDEN);
    });

    it('both bundles replay byte-identical (exit 3 for the first, 0 for the second)', async () => {
      const first = await runReplay(join(out1(), 'bundle'), join(net.dir, 'replay-1'));
      expect(first.doc).toMatchObject({ ok: true, identical: true, pending: [people.dan!.participantId] });
      expect(first.code).toBe(3);
      const second = await runReplay(join(out2(), 'bundle'), join(net.dir, 'replay-2'));
      expect(second.doc).toMatchObject({ ok: true, identical: true, pending: [] });
      expect(second.code).toBe(0);
      for (const file of ['scores.json', ...readdirSync(join(out2(), 'reports')).map((r) => `reports/${r}`)]) {
        expect(readFileSync(join(net.dir, 'replay-2', file))).toEqual(readFileSync(join(out2(), file)));
      }
    });

    it('verified in two worker threads, the bundle scores to the same bytes as in the calling thread', async () => {
      const bundle = join(out2(), 'bundle');
      const [threadScore, workersScore] = [
        await scoreBundle(bundle, {}, { threads: 0 }),
        await scoreBundle(bundle, {}, { threads: 2 }),
      ];
      if (!threadScore.ok || !workersScore.ok) throw new Error('the second close bundle must score');
      const [inThread, inWorkers] = [threadScore.value, workersScore.value];
      expect(inWorkers.files.map((f) => f.path)).toEqual(inThread.files.map((f) => f.path));
      inWorkers.files.forEach((f, i) =>
        expect(Buffer.from(f.bytes).equals(Buffer.from(inThread.files[i]!.bytes)), f.path).toBe(true),
      );
      expect(inWorkers.inputs).toEqual(inThread.inputs);
    });

    it("one participant scored alone gets the bytes of the whole close's report, and no scores.json", async () => {
      const bundle = join(out2(), 'bundle');
      const ada = people.ada!.participantId;
      const scored = await scoreBundle(bundle, {}, { participants: new Set([ada]) });
      if (!scored.ok) throw new Error('the second close bundle must score');
      const alone = scored.value;
      expect(alone.files.map((f) => f.path)).toEqual([`reports/${ada}.json`]);
      expect(Buffer.from(alone.files[0]!.bytes)).toEqual(readFileSync(join(out2(), 'reports', `${ada}.json`)));
    });

    describe('spliced bundles: season replay exits 1 naming what came from another close', () => {
      let season2: SeasonDevnet | undefined;
      const outS2 = () => join(net.dir, 'close-season-2');
      beforeAll(async () => {
        // The other close: the generique track of the same season, frozen with its own freeze.
        const { code, io } = await runClose('generique', outG());
        expect(code, io.stderr + io.stdout).toBe(0);

        // And a season 2: the demo corpus renumbered, on a devnet of its own (its own keys and trust bundle), with
        // one participant who submits conf-01; closed after its own close.
        const seasonDir = join(net.dir, 'season-2');
        cpSync(DEMO_SEASON_DIR, seasonDir, { recursive: true });
        for (const track of ['conformite', 'generique'])
          for (const file of ['season.json', 'tasks.json', join('sealed', 'answer-key.json')]) {
            const path = join(seasonDir, track, file);
            writeFileSync(path, readFileSync(path, 'utf8').replace('"season": 1,', '"season": 2,'));
          }
        season2 = await startSeasonDevnet('whole-season-2-', { seasonDir });
        expect(season2.season).toBe(2);
        season2.clock.set(DURING);
        const hal = await season2.enroll(await season2.reader('hal'));
        const entity = await hal.read('/entites/171904347');
        const attestation = await hal.read('/attestations/ATT-93595');
        await season2.devnet.closeBatch();
        const answer = await hal.submit(
          submission(
            hal,
            'conf-01',
            'indeterminable',
            [
              ['/entites/171904347', '/attestations/0', '/attestations/ATT-93595', entity],
              ['/attestations/ATT-93595', '/existe', false, attestation],
            ],
            2,
          ),
        );
        expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ recorded: true });
        season2.clock.set(AFTER_CLOSE);
        const closed = await runClose('conformite', outS2(), season2);
        expect(closed.code, closed.io.stderr + closed.io.stdout).toBe(0);
        expect(readJson(join(outS2(), 'scores.json')).participants[0]).toMatchObject({
          participant_id: hal.participantId,
          success: { grounded_exact: 1 },
        });
      });
      afterAll(async () => {
        await season2?.close();
      });

      const spliced = (name: string, parts: [from: string, path: string][]) => {
        const copy = join(net.dir, `spliced-${name}`);
        cpSync(join(out2(), 'bundle'), copy, { recursive: true });
        for (const [from, path] of parts) {
          rmSync(join(copy, path), { recursive: true, force: true });
          cpSync(join(from, 'bundle', path), join(copy, path), { recursive: true });
        }
        return copy;
      };

      it("the other track's freeze/ in this bundle", async () => {
        const bundle = spliced('freeze', [[outG(), 'freeze']]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-freeze'));
        expect(code).toBe(1);
        // Every difference is listed: the freeze names another track, its rules and its manifest.
        expect((doc.failures as Json[]).map((f) => `${f.code} ${f.details.field}`)).toEqual([
          'FREEZE_CORPUS_MISMATCH track',
          'FREEZE_CORPUS_MISMATCH rules_version',
          'FREEZE_RULES_HASH_MISMATCH rules_hash',
          'FREEZE_MANIFEST_HASH_MISMATCH manifest_hash',
        ]);
        expect(doc.failures[0].details).toEqual({ field: 'track', anchored: 'generique', recomputed: 'conformite' });
      });

      it("the other track's corpus, manifest and freeze together (a self-consistent freeze): the inputs differ", async () => {
        const bundle = spliced('track', [
          [outG(), 'freeze'],
          [outG(), 'corpus'],
          [outG(), 'manifest.json'],
        ]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-track'));
        expect(code).toBe(1);
        expect(doc.failures[0]).toMatchObject({
          code: 'REPLAY_INPUT_CHANGED',
          details: { pointer: '/inputs/rules_sha256' },
        });
      });

      it("season 2's submissions in season 1's bundle: the export is refused, naming the line and both seasons", async () => {
        const bundle = spliced('season-2-submissions', [[outS2(), 'submissions.ndjson']]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-season-2-submissions'));
        expect(code).toBe(1);
        expect(doc.failures[0]).toMatchObject({
          code: 'CLOSE_SUBMISSIONS_INVALID',
          details: { file: 'submissions.ndjson', line: 1 },
        });
        expect(doc.failures[0].message).toContain('the submission is for season 2, the close for season 1');
      });

      it("season 2's freeze/ in season 1's bundle", async () => {
        const bundle = spliced('season-2-freeze', [[outS2(), 'freeze']]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-season-2-freeze'));
        expect(code).toBe(1);
        // Another season, another manifest (tasks.json names season 2), a freeze proof signed with a key that
        // season 1's trust bundle does not publish (each devnet has its own keys): CLOSE_TRUST_KEY_UNKNOWN, and a
        // freeze document signed by another operator key than the challenge DID that bundle pins, listed with the
        // other differences.
        expect(
          (doc.failures as Json[]).map((f) => `${f.code} ${f.details.field ?? f.details.proofs?.[0]?.role}`),
        ).toEqual([
          'FREEZE_CORPUS_MISMATCH season',
          'FREEZE_MANIFEST_HASH_MISMATCH manifest_hash',
          'CLOSE_TRUST_KEY_UNKNOWN freeze',
          'FREEZE_OPERATOR_KEY_MISMATCH operator_public_key',
        ]);
        expect(doc.failures[0].details).toEqual({ field: 'season', anchored: 2, recomputed: 1 });
      });

      it("the first close's view of a proof pending then (Dan's) in the second close's bundle", async () => {
        const file = `proofs/${proofs.danLate!.proofId}.json`;
        const bundle = spliced('view', [[out1(), file]]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-view'));
        expect(code).toBe(1);
        expect(doc.failures[0]).toMatchObject({ code: 'REPLAY_FILE_CHANGED', details: { file } });
      });

      it("the first close's bundle.json and views together (consistent with each other): the proofs hash names the change", async () => {
        const bundle = spliced('views-index', [
          [out1(), 'proofs'],
          [out1(), 'bundle.json'],
        ]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-view-index'));
        expect(code).toBe(1);
        expect(doc.failures[0]).toMatchObject({
          code: 'REPLAY_INPUT_CHANGED',
          details: { pointer: '/inputs/proofs_sha256' },
        });
      });

      it("the first close's expected outputs in the second close's bundle", async () => {
        const bundle = spliced('expected', [[out1(), 'expected']]);
        const { code, doc } = await runReplay(bundle, join(net.dir, 'replay-spliced-expected'));
        expect(code).toBe(1);
        // Each close read the export anew and its signed trailer says when, so the first input the replay finds
        // changed is the submissions file's hash (before the proofs' one).
        expect(doc.failures[0]).toMatchObject({
          code: 'REPLAY_INPUT_CHANGED',
          details: { pointer: '/inputs/submissions_sha256' },
        });
      });
    });
  });
});

/** sha256 of JSON.stringify(projection(close-2)): see the golden-digest test for what it covers. */
const GOLDEN = 'd73a467040e3140e77cbe39a8d46165a7ae987ed8e40e4c873000f22df8f7c09';
