import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The layer messages ESLint gives a file at `path` holding `source` (docs/conventions.md "Layers"). */
async function layerErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rule is enforced by npm run lint (docs/conventions.md "Layers")', () => {
  it.each([
    ['main/core/scoring/x.ts', "import type { Db } from '../../db/open-database.ts';\nexport type X = Db;\n"],
    ['main/core/scoring/x.ts', "import type { TrackName } from '../../ipc/contract.ts';\nexport type X = TrackName;\n"],
    [
      'main/db/x.ts',
      "import { closeSeason } from '../services/close/close-season.ts';\nexport const x = closeSeason;\n",
    ],
    [
      'main/services/close/x.ts',
      "import { startDevnet } from '../../../devnet/start-devnet.ts';\nexport const x = startDevnet;\n",
    ],
    ['main/services/close/x.ts', "import { EXIT } from '../../cli/command.ts';\nexport const x = EXIT;\n"],
    ['main/services/close/x.ts', "import { playDemo } from '../../demo/play-demo.ts';\nexport const x = playDemo;\n"],
    [
      'main/services/close/x.ts',
      "import { openConsole } from '../../console/open-console.ts';\nexport const x = openConsole;\n",
    ],
    ['main/db/x.ts', "import { defaultDbFile } from '../console/user-data.ts';\nexport const x = defaultDbFile;\n"],
    ['main/console/x.ts', "import { demoThread } from '../demo/demo-thread.ts';\nexport const x = demoThread;\n"],
    ['main/console/jobs/x.ts', "import { playDemo } from '../../demo/play-demo.ts';\nexport const x = playDemo;\n"],
    [
      'main/console/x.ts',
      "import { startDevnet } from '../../devnet/start-devnet.ts';\nexport const x = startDevnet;\n",
    ],
    ['main/console/x.ts', "import { EXIT } from '../cli/command.ts';\nexport const x = EXIT;\n"],
    ['main/ipc/contract.ts', "import type { Db } from '../db/open-database.ts';\nexport type X = Db;\n"],
    ['main/ipc/views/x.ts', "import type { Db } from '../../db/open-database.ts';\nexport type X = Db;\n"],
    [
      'season-service/routes/x.ts',
      "import { startDevnet } from '../../devnet/start-devnet.ts';\nexport const x = startDevnet;\n",
    ],
    ['season-service/x.ts', "import { EXIT } from '../main/cli/command.ts';\nexport const x = EXIT;\n"],
    ['season-service/x.ts', "import { playDemo } from '../main/demo/play-demo.ts';\nexport const x = playDemo;\n"],
    [
      'devnet/season/x.ts',
      "import { startHeadlessServer } from '../../main/headless/headless-server.ts';\nexport const x = startHeadlessServer;\n",
    ],
    ['devnet/x.ts', "import { openConsole } from '../main/console/open-console.ts';\nexport const x = openConsole;\n"],
    [
      'season-service/x.ts',
      "import { openConsole } from '../main/console/open-console.ts';\nexport const x = openConsole;\n",
    ],
    ['devnet/x.ts', "import { playDemo } from '../main/demo/play-demo.ts';\nexport const x = playDemo;\n"],
    ['devnet/x.ts', "import type { Dispatch } from '../main/ipc/dispatcher.ts';\nexport type X = Dispatch;\n"],
    [
      'renderer/src/x.ts',
      "import { fetchProofs } from '../../main/services/proofs/fetch-proofs.ts';\nexport const x = fetchProofs;\n",
    ],
    [
      'renderer/src/x.ts',
      "import type { FreezeView } from '../../main/ipc/views/freeze.ts';\nexport type X = FreezeView;\n",
    ],
  ])('an upward import in %s fails the lint', async (path, source) => {
    expect(await layerErrors(path, source)).toEqual([expect.stringContaining('docs/conventions.md "Layers"')]);
  });

  it.each([
    ['main/db/x.ts', "import { sha256Hex } from '../core/hash/sha256.ts';\nexport const x = sha256Hex;\n"],
    [
      'main/services/close/x.ts',
      "import { openDatabase } from '../../db/open-database.ts';\nexport const x = openDatabase;\n",
    ],
    [
      'main/services/close/x.ts',
      "import { jobRequest } from '../../core/console/job-args.ts';\nexport const x = jobRequest;\n",
    ],
    ['main/db/x.ts', "import { jobRequest } from '../core/console/job-args.ts';\nexport const x = jobRequest;\n"],
    [
      'main/console/x.ts',
      "import type { DemoProgress } from '../core/demo/demo-progress.ts';\nexport type X = DemoProgress;\n",
    ],
    ['main/console/x.ts', "import type { TrackName } from '../ipc/contract.ts';\nexport type X = TrackName;\n"],
    [
      'main/ipc/views/x.ts',
      "import type { TrackName } from '../../core/corpus/model.ts';\nexport type X = TrackName;\n",
    ],
    ['renderer/src/x.ts', "import type { TrackName } from '../../main/ipc/contract.ts';\nexport type X = TrackName;\n"],
    [
      'devnet/season/x.ts',
      "import { runSeasonService } from '../../season-service/run-season-service.ts';\nexport const x = runSeasonService;\n",
    ],
    [
      'season-service/routes/x.ts',
      "import { openDatabase } from '../../main/db/open-database.ts';\nexport const x = openDatabase;\n",
    ],
    [
      'renderer/src/x.ts',
      "import { canonical } from '../../main/core/json/canonical.ts';\nexport const x = canonical;\n",
    ],
  ])('a downward import in %s passes', async (path, source) => {
    expect(await layerErrors(path, source)).toEqual([]);
  });
});
