import { cpSync, mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { operatorKey } from '../../devnet/scripted/participant-key.ts';
import { fail, ok, type Result } from '../core/result.ts';
import { freezeInForceOf } from '../db/freezes.ts';
import { createFreeze } from '../services/freeze/create-freeze.ts';
import { checkFreezeAnchoring } from '../services/freeze/freeze-anchoring.ts';
import { publishFreeze } from '../services/freeze/publish-freeze.ts';
import { loadTrustBundle } from '../services/trust/load-bundle.ts';
import { DEMO_ACTOR, DEMO_TRACKS, type DemoRun } from './demo-run.ts';

/**
 * Both tracks frozen through the proxy (spec §8): each track's folder is copied beside the database and committed,
 * signed with the operator's key and anchored; once the batch holding the freeze proofs closes, the freezes are
 * checked as a third party would and published (spec §8.3, §8.5), so the Freeze screen shows every step done.
 */
export async function freezeDemoTracks(run: DemoRun): Promise<Result<void>> {
  const { db, http, clock, devnet, calendar, season } = run;
  const trustLayer = devnet.info.trust_layer;
  const opKey = await operatorKey(trustLayer, 'operator@demo.example.org', run.signingKey);
  for (const [i, track] of DEMO_TRACKS.entries()) {
    run.emit(
      'freeze',
      `freezing the ${track} track: rules, manifest, key commitment, anchored through the proxy`,
      i,
      2,
    );
    cpSync(join(run.seasonDir, track), run.corpusDir[track], { recursive: true });
    const frozen = await createFreeze(
      {
        corpusDir: run.corpusDir[track],
        trustLayer,
        apiKey: opKey,
        operatorKey: run.signingKey,
        seasonBase: devnet.info.virtual_hosts.season,
        opensAt: calendar.opensAt,
        closesAt: calendar.closesAt,
        replace: false,
        reason: null,
        actor: DEMO_ACTOR,
      },
      { db, http, clock, randomBytes: (n) => new Uint8Array(randomBytes(n)) },
    );
    if (!frozen.ok) return frozen;
  }
  await devnet.closeBatch();
  const trust = await loadTrustBundle(devnet.info.trust_bundle);
  if (!trust.ok) return trust;
  for (const track of DEMO_TRACKS) {
    const freeze = freezeInForceOf(db, season, track);
    if (!freeze) return fail('DEMO_FREEZE_MISSING', `the ${track} freeze just made is not in ${run.dbFile}`);
    const anchored = await checkFreezeAnchoring(freeze, trust.value, { db, http, clock });
    if (!anchored.ok) return anchored;
    const out = join(run.outDir, 'freezes', `season-${season}-${track}-publication.json`);
    mkdirSync(dirname(out), { recursive: true });
    const published = await publishFreeze(db, clock, { season, track, actor: DEMO_ACTOR, out });
    if (!published.ok) return published;
  }
  run.emit('freeze', 'both tracks frozen, anchored and published', 2, 2);
  return ok(undefined);
}
