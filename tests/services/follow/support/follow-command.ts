import { createProofsFollowCommand } from '../../../../main/cli/proofs-follow.ts';
import type { FollowCycleLine } from '../../../../main/core/follow/model.ts';
import { captureIo } from '../../../support/capture-io.ts';
import type { CloseDevnet } from '../../close/support/close-devnet.ts';

/**
 * One `proveit proofs follow` run of one cycle at the test clock's instant (its --until), in-process on the close
 * devnet's season, its --json lines parsed. One attempt per request: a log that refuses connections is not retried
 * with the production backoff, which would sleep for real.
 */
export async function followOnce(net: CloseDevnet, extra: string[] = []) {
  const command = createProofsFollowCommand(net.clock, { backoff: { attempts: 1, firstDelayMs: 0, maxDelayMs: 0 } });
  const io = captureIo();
  const code = await command.run(
    [
      ...['--season-url', net.devnet.info.season, '--operator-token-file', net.operatorTokenFile],
      ...['--trust-layer', net.devnet.info.trust_layer, '--db', net.dbFile, '--trust', net.devnet.info.trust_bundle],
      ...['--corpus', net.corpusDir, '--season', '1', '--until', new Date(net.clock.now()).toISOString(), '--json'],
      ...extra,
    ],
    io,
  );
  const lines = io.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as FollowCycleLine);
  return { code, io, lines, line: lines.at(-1)! };
}
