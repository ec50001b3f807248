import { fail, ok, type Result } from '../core/result.ts';
import { deliverReports } from '../services/reports/deliver-reports.ts';
import { readConsents } from '../services/reports/read-consents.ts';
import { DEMO_ACTOR, DEMO_TRACKS, type DemoRun, type Participant } from './demo-run.ts';
import { seasonCall } from './demo-season-calls.ts';

/**
 * Private reports, public by choice (docs/publications.md; spec §3, §7.5), played before the Index export: the
 * operator delivers each participant its signed report through the season service (`season deliver`), each scripted
 * agent makes its report public with its season token (`POST /v1/season/{n}/consent/{track}`), and the
 * operator reads the choices (`season consents`), so the demo's Index links every report as it did before consents.
 * A participant that never chose would keep its report private (tests/core/index/report-consent.test.ts).
 */
export async function publishDemoReports(run: DemoRun, participants: readonly Participant[]): Promise<Result<number>> {
  const { db, http, clock, season, devnet } = run;
  const ports = { db, http, clock };
  const operator = { seasonUrl: devnet.info.season, operatorToken: devnet.info.internal_secret, actor: DEMO_ACTOR };
  for (const track of DEMO_TRACKS) {
    const delivered = await deliverReports(
      {
        ...operator,
        season,
        track,
        operatorKey: { privateKey: run.signingKey.privateKey, publicKeyHex: run.signingKey.publicKeyHex },
      },
      ports,
    );
    if (!delivered.ok) return delivered;
  }
  // Every scripted agent consents: a reference run's report is published anyway (spec §7.1).
  for (const p of participants) {
    const answer = await seasonCall(
      devnet,
      season,
      `consent/${p.track}`,
      { authorization: `Bearer ${p.seasonToken}`, 'content-type': 'application/json' },
      JSON.stringify({ public: true }),
    );
    if (answer.status !== 200 && answer.status !== 201)
      return fail('DEMO_CONSENT_REFUSED', `the season service refused ${p.participantId}'s consent`, {
        status: answer.status,
        answer: JSON.stringify(answer.json).slice(0, 200),
      });
  }
  const read = await readConsents({ ...operator, season }, ports);
  if (!read.ok) return read;
  return ok(read.value.new_consents);
}
