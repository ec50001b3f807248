import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { buildReplayKit, bundleReplayEntry } from '../../../main/services/replay-kit/build-replay-kit.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const root = join(import.meta.dirname, '..', '..', '..');

describe('the replay kit is built from the source, one file that needs nothing but Node', () => {
  it('built twice from the same source: the same bytes, with no folder of this machine in them', () => {
    const kit = buildReplayKit();
    if (!kit.ok) throw new Error(kit.error.message);
    const again = bundleReplayEntry(join(root, 'main', 'cli', 'replay-kit-main.ts'));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.sha256).toBe(kit.value.sha256);
    expect(sha256Hex(kit.value.bytes)).toBe(kit.value.sha256);
    const text = new TextDecoder().decode(kit.value.bytes);
    expect(text).not.toContain(root);
    expect(text).not.toContain('better-sqlite3');
    expect(text.startsWith('// proveit-replay.mjs: the PROVE IT replay kit')).toBe(true);
  });

  it('an entry that imports main/db/ is refused (REPLAY_KIT_NOT_SELF_CONTAINED), naming the module', () => {
    const r = bundleReplayEntry(fixture('entry-importing-database.ts'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('REPLAY_KIT_NOT_SELF_CONTAINED');
    expect(r.error.details?.['input']).toMatch(/^main\/db\//);
    expect(r.error.message).toContain('no database code, no native module');
  });

  it('an entry that imports better-sqlite3 is refused (REPLAY_KIT_NOT_SELF_CONTAINED), naming its module', () => {
    const r = bundleReplayEntry(fixture('entry-importing-package.ts'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('REPLAY_KIT_NOT_SELF_CONTAINED');
    expect(r.error.details?.['input']).toMatch(/^node_modules\/better-sqlite3\//);
  });
});
