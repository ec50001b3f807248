import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loads } from '../../../main/core/json/loads.ts';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';
import { updateKeyHistory } from '../../../main/core/trust/key-history-update.ts';
import { REPO_ROOT } from '../proof/support/real-artefacts.ts';
import { KEY_4, productionKeyHistory } from '../../support/published-key-history.ts';

/** trust/production's key history (key-1..3, rekor-1..3), as the bundle holds it. */
function productionHistory(): PyObject {
  const parsed = loads(readFileSync(`${REPO_ROOT}trust/production/published_keys.json`));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value as PyObject;
}

/** A v1.12 /v1/pubkey answer listing the production history, with `change` applied to a copy of it. */
function answer(change: (a: Record<string, unknown>) => void = () => undefined): PyJson {
  const history = productionKeyHistory();
  const doc: Record<string, unknown> = {
    pubkey: history.keys[1]!.public,
    algorithm: 'Ed25519',
    kid: 'key-2',
    rekor_kid: 'rekor-2',
    keys: history.keys,
    rekor_keys: history.rekor_keys,
    rekor_pubkey: history.rekor_keys[1]!.public_pem,
  };
  change(doc);
  const parsed = loads(Buffer.from(JSON.stringify(doc)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

const keysOf = (a: Record<string, unknown>) => a.keys as Record<string, unknown>[];

describe('updateKeyHistory: the bundle follows the Trust Layer key history, append-only', () => {
  it('the same history changes nothing: every key unchanged, none added or retired', () => {
    const update = updateKeyHistory(productionHistory(), answer());
    if (!update.ok) throw new Error(update.error.message);
    expect(update.value.added).toEqual([]);
    expect(update.value.retired).toEqual([]);
    expect(update.value.unchanged.map((u) => u.kid)).toEqual([
      'key-1',
      'key-2',
      'key-3',
      'rekor-1',
      'rekor-2',
      'rekor-3',
    ]);
    expect(update.value.current).toEqual({ kid: 'key-2', rekorKid: 'rekor-2' });
  });

  it('a key published after the bundle was written is added after the bundled ones, which keep their entries', () => {
    const update = updateKeyHistory(
      productionHistory(),
      answer((a) => {
        keysOf(a).push(KEY_4);
        a.kid = 'key-4';
        a.pubkey = KEY_4.public;
      }),
    );
    if (!update.ok) throw new Error(update.error.message);
    expect(update.value.added).toEqual([
      { list: 'keys', kid: 'key-4', validFrom: '2026-11-20T10:00:00Z', retiredAt: null },
    ]);
    const keys = update.value.history['keys'] as PyObject[];
    expect(keys.map((k) => k['kid'])).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
    expect(keys.slice(0, 3)).toEqual(productionHistory()['keys']);
    expect(update.value.history['_doc']).toBe(productionHistory()['_doc']);
    expect(update.value.current.kid).toBe('key-4');
  });

  it('a key retired since is marked retired, its other fields as bundled', () => {
    const update = updateKeyHistory(
      productionHistory(),
      answer((a) => (keysOf(a)[0]!.retired_at = '2026-11-01T00:00:00Z')),
    );
    if (!update.ok) throw new Error(update.error.message);
    expect(update.value.retired).toEqual([
      { list: 'keys', kid: 'key-1', validFrom: '2026-02-26T00:00:00Z', retiredAt: '2026-11-01T00:00:00Z' },
    ]);
    const key1 = (update.value.history['keys'] as PyObject[])[0]!;
    expect(key1['retired_at']).toBe('2026-11-01T00:00:00Z');
    expect(key1['public']).toBe('ed25519:ZLlGE0eN0eTNUE9vaK1tStf6AuoFUWqJBvqx7QgxfEY');
  });

  it('a published kid answered with another key is refused, never replaced (TRUST_UPDATE_KEY_CHANGED)', () => {
    const update = updateKeyHistory(
      productionHistory(),
      answer((a) => (keysOf(a)[2]!.public = KEY_4.public)),
    );
    expect(update.ok).toBe(false);
    if (update.ok) return;
    expect(update.error.code).toBe('TRUST_UPDATE_KEY_CHANGED');
    expect(update.error.message).toContain('keys "key-3" (public)');
    expect(update.error.details).toMatchObject({ changed: [{ kid: 'key-3', fields: ['public'] }] });
  });

  it('a Rekor key answered with another PEM, or a retirement moved, is refused (TRUST_UPDATE_KEY_CHANGED)', () => {
    const otherPem = (productionHistory()['rekor_keys'] as PyObject[])[2]!['public_pem'];
    const rekor = updateKeyHistory(
      productionHistory(),
      answer((a) => ((a.rekor_keys as Record<string, unknown>[])[0]!.public_pem = otherPem)),
    );
    expect(!rekor.ok && rekor.error.message).toContain('rekor_keys "rekor-1" (public_pem)');
    const retired = productionHistory();
    (retired['keys'] as PyObject[])[0]!['retired_at'] = '2026-11-01T00:00:00Z';
    const moved = updateKeyHistory(
      retired,
      answer((a) => (keysOf(a)[0]!.retired_at = '2026-12-01T00:00:00Z')),
    );
    expect(!moved.ok && moved.error.code).toBe('TRUST_UPDATE_KEY_CHANGED');
    const undone = updateKeyHistory(retired, answer());
    expect(!undone.ok && undone.error.message).toContain('keys "key-1" (retired_at)');
  });

  it('an answer that no longer lists a bundled key is refused (TRUST_UPDATE_KEY_DROPPED)', () => {
    const update = updateKeyHistory(
      productionHistory(),
      answer((a) => keysOf(a).splice(0, 1)),
    );
    expect(!update.ok && update.error.code).toBe('TRUST_UPDATE_KEY_DROPPED');
    expect(!update.ok && update.error.message).toContain('keys "key-1"');
  });

  it('the pre-v1.12 answer {pubkey, algorithm} has no history to update from (TRUST_UPDATE_NO_KEY_HISTORY)', () => {
    const preV112 = loads(readFileSync(`${REPO_ROOT}artefacts/trust-layer/pubkey.json`));
    if (!preV112.ok) throw new Error(preV112.error.message);
    const update = updateKeyHistory(productionHistory(), preV112.value);
    expect(!update.ok && update.error.code).toBe('TRUST_UPDATE_NO_KEY_HISTORY');
  });

  it('bad answers are refused naming the field (TRUST_UPDATE_ANSWER_INVALID)', () => {
    const cases: [string, (a: Record<string, unknown>) => void][] = [
      ['keys[1] (key-2)', (a) => (keysOf(a)[1]!.public = 'ed25519:short')],
      ['keys[3]', (a) => keysOf(a).push({ ...KEY_4, kid: 'key-1' })],
      ['keys[3] (key-4)', (a) => keysOf(a).push({ ...KEY_4, valid_from: 'yesterday' })],
      // A retirement dated before the key became valid: a key retired before it ever was.
      ['keys[0] (key-1)', (a) => (keysOf(a)[0]!.retired_at = '2026-02-25T23:59:59Z')],
      ['"kid"', (a) => (a.kid = 'key-9')],
      ['"pubkey"', (a) => (a.pubkey = KEY_4.public)],
      ['"rekor_kid"', (a) => (a.rekor_kid = 'rekor-9')],
      ['"rekor_pubkey"', (a) => (a.rekor_pubkey = (a.rekor_keys as Record<string, string>[])[0]!.public_pem)],
      ['"keys"', (a) => (a.keys = 'key-1')],
    ];
    for (const [where, change] of cases) {
      const update = updateKeyHistory(productionHistory(), answer(change));
      expect(!update.ok && update.error.code, where).toBe('TRUST_UPDATE_ANSWER_INVALID');
      expect(!update.ok && update.error.message, where).toContain(`GET /v1/pubkey ${where}`);
    }
    const notObject = updateKeyHistory(productionHistory(), [] as PyJson);
    expect(!notObject.ok && notObject.error.code).toBe('TRUST_UPDATE_ANSWER_INVALID');
  });

  it("a retirement dated before the key's valid_from is refused naming both times, in the answer or the bundle", () => {
    const early = updateKeyHistory(
      productionHistory(),
      answer((a) => (keysOf(a)[0]!.retired_at = '2026-02-25T23:59:59Z')),
    );
    expect(!early.ok && early.error.code).toBe('TRUST_UPDATE_ANSWER_INVALID');
    expect(!early.ok && early.error.message).toContain(
      '"retired_at" 2026-02-25T23:59:59Z is before "valid_from" 2026-02-26T00:00:00Z',
    );
    const bundled = productionHistory();
    (bundled['keys'] as PyObject[])[0]!['retired_at'] = '2026-01-01T00:00:00Z';
    const fromBundle = updateKeyHistory(bundled, answer());
    expect(!fromBundle.ok && fromBundle.error.code).toBe('TRUST_UPDATE_BUNDLE_HISTORY_INVALID');
    // Retired the instant it became valid is a key that never signed, not a contradiction.
    const sameInstant = updateKeyHistory(
      productionHistory(),
      answer((a) => (keysOf(a)[0]!.retired_at = '2026-02-26T00:00:00Z')),
    );
    expect(sameInstant.ok).toBe(true);
  });
});
