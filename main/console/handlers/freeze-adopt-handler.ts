import { adoptionChain } from '../../core/freeze/adopt-chain.ts';
import { parseIntake } from '../../core/json/intake.ts';
import type { PyJson } from '../../core/json/value.ts';
import type { ArgsOf, FreezeView, TrackRef } from '../../ipc/contract.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { FILE_LIMITS } from '../../services/files/read-bounded.ts';
import { adoptFreeze } from '../../services/freeze/adopt-freeze.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { loadTrustBundle } from '../../services/trust/load-bundle.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { NO_SERVICES } from '../console-services.ts';
import { actingAs } from '../session-actor.ts';
import { freezeView } from './season-handlers.ts';
import { trackFolder } from './track-folder.ts';
import { trustLayerOf } from './required-services.ts';

/**
 * `freeze_chain`: the published chain as `freeze publish` wrote it (or one published freeze); `seals`: the sealed
 * salt and key of every freeze of it (`{"freezes": [{proof_id, salt, key}]}`); both as pasted.
 */
type FreezeAdoptArgs = ArgsOf<'freeze.adopt'>;

const bytesOf = (text: string) => new TextEncoder().encode(text);

/**
 * The published chain read by the intake parser (a key named twice, a lone surrogate, NaN are refused with their
 * INTAKE_* code, as `freeze adopt --freeze FILE` refuses them): it is public, so the parser's message is kept.
 */
function chainOf(text: string): PyJson {
  const parsed = parseIntake(bytesOf(text), { maxBytes: FILE_LIMITS.document });
  if (parsed.ok) return parsed.value;
  throw new HandlerRefusal(parsed.error.code, `the published freeze chain is refused: ${parsed.error.message}`, {
    ...parsed.error.details,
    field: 'freeze_chain',
  });
}

/**
 * The seals read by the same parser; they are secret, so a refusal says where, never what: the parser's message may
 * quote the text at fault (a literal, a key, an escape), which here would be the salt or the key.
 */
function sealsOf(text: string): PyJson {
  const parsed = parseIntake(bytesOf(text), { maxBytes: FILE_LIMITS.document });
  if (parsed.ok) return parsed.value;
  const d = parsed.error.details ?? {};
  const line = typeof d['line'] === 'number' ? d['line'] : null;
  const column = typeof d['column'] === 'number' ? d['column'] : null;
  throw new HandlerRefusal(
    parsed.error.code,
    `the sealed salt and key are not JSON the console reads (${parsed.error.code}${line === null ? '' : ` at line ${line} column ${column}`}): paste the file as it was written, whole`,
    { field: 'seals', line, column },
  );
}

/**
 * `freeze.adopt` (docs/freeze.md "Adopting a freeze made elsewhere"), as `proveit freeze adopt` does it: the chain
 * and the seals staff pasted, the Trust Layer and the trust bundle the console was started with, the track's folder
 * under the corpus root. Every check runs before anything is recorded (each anchoring proof with both witnesses under
 * the challenge's DID, the freeze in force against the track folder, each `sha256(salt ‖ key)` against its
 * commitment); a refusal names the first difference (FREEZE_ADOPT_*) and records nothing. Audited `freeze.adopt`
 * under the person acting. The answer is the freeze view (public fields only): the seals are never in an answer, an
 * event, a log line or a refusal.
 */
export async function freezeAdopt(ctx: ConsoleContext, args: FreezeAdoptArgs): Promise<FreezeView> {
  const db = dbOf(ctx);
  const services = ctx.services ?? NO_SERVICES;
  const service = trustLayerOf(
    ctx,
    'a freeze made elsewhere is verified against its proofs on the Trust Layer it was anchored through: start the console with --trust-layer URL --api-key-file FILE --season-base URL',
  );
  const ref: TrackRef = { season: args.season, track: args.track };
  const chain = chainOf(args.freeze_chain);
  // The chain names its own track; the screen acts on one: adopting another would record a track nobody looked at.
  const read = adoptionChain([chain]);
  const inForce = read.ok ? read.value.at(-1) : undefined;
  if (inForce !== undefined && (inForce.season !== ref.season || inForce.track !== ref.track))
    throw new HandlerRefusal(
      'FREEZE_ADOPT_OTHER_TRACK',
      `the chain pasted is of season ${inForce.season}, track ${inForce.track}, not of season ${ref.season}, track ${ref.track}: choose that track, or paste this track's chain`,
      { season: ref.season, track: ref.track, chain_season: inForce.season, chain_track: inForce.track },
    );
  const seals = sealsOf(args.seals);
  const corpusDir = await trackFolder(ctx, ref);
  const bundle = valueOrRefuse(await loadTrustBundle(services.trustDir));
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    valueOrRefuse(
      await adoptFreeze(
        {
          corpusDir,
          publications: [chain],
          seals,
          trustLayer: service.trustLayer,
          offline: false,
          bundle,
          actor: actingAs(ctx),
        },
        { db, http, clock: ctx.clock },
      ),
    );
  } finally {
    await http.close();
  }
  return freezeView(ctx, ref);
}
