import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { PyObject } from '../../../main/core/json/value.ts';
import { checkBatchAnchor } from '../../../main/core/proof/batch-anchor.ts';
import { artefactJson, copyJson } from './support/real-artefacts.ts';

const CHAIN = '39384292e666534cd3111304449f40b7ebdf298e86f3c0ce2e9698eb6e6dd8d9';
const ROOT = '01a5b72c92007b3ff0be9696c325dd1828738173d8a76780c81b3e56e35823b6';
const anchor = () => copyJson(artefactJson('proof_proveit_gel.json').batch_anchor as PyObject);
const path = (a: PyObject) => a.audit_path as string[];

describe('batch anchor', () => {
  it('the real batch (leaf 0 of 11, 4 elements) reaches its root; the root is what the witnesses stamp', () => {
    const result = checkBatchAnchor(anchor(), CHAIN);
    expect(result.outcome.status).toBe('OK');
    expect(result.anchoredHex).toBe(ROOT);
  });

  it('every byte of every path element, flipped, fails with MERKLE_ROOT_MISMATCH', () => {
    for (let element = 0; element < 4; element++) {
      for (let byte = 0; byte < 32; byte++) {
        const a = anchor();
        const bytes = hexToBytes(path(a)[element] as string);
        bytes[byte]! ^= 0x01;
        path(a)[element] = bytesToHex(bytes);
        const result = checkBatchAnchor(a, CHAIN);
        expect(result.outcome.code, `element ${element} byte ${byte}`).toBe('MERKLE_ROOT_MISMATCH');
        expect(result.anchoredHex).toBeNull();
      }
    }
  });

  it('a path one element short fails with MERKLE_PATH_LENGTH', () => {
    const a = anchor();
    path(a).pop();
    expect(checkBatchAnchor(a, CHAIN).outcome).toMatchObject({
      code: 'MERKLE_PATH_LENGTH',
      details: { expected: 4, actual: 3 },
    });
  });

  it('a path one element short with a matching tree_size (8: 3 elements) fails with MERKLE_ROOT_MISMATCH', () => {
    const a = anchor();
    path(a).pop();
    a.tree_size = 8n;
    expect(checkBatchAnchor(a, CHAIN).outcome.code).toBe('MERKLE_ROOT_MISMATCH');
  });

  it('a path one element long fails with MERKLE_PATH_LENGTH; with a matching tree_size (17) MERKLE_ROOT_MISMATCH', () => {
    const a = anchor();
    path(a).push(CHAIN);
    expect(checkBatchAnchor(a, CHAIN).outcome.code).toBe('MERKLE_PATH_LENGTH');
    a.tree_size = 17n;
    expect(checkBatchAnchor(a, CHAIN).outcome.code).toBe('MERKLE_ROOT_MISMATCH');
  });

  it('an overstated tree_size with the real path fails with MERKLE_PATH_LENGTH', () => {
    const a = anchor();
    a.tree_size = 40n;
    expect(checkBatchAnchor(a, CHAIN).outcome.code).toBe('MERKLE_PATH_LENGTH');
  });

  it('index and size bounds: index ≥ size, size 0, and a float index each have their code', () => {
    const over = anchor();
    over.leaf_index = 11n;
    expect(checkBatchAnchor(over, CHAIN).outcome.code).toBe('MERKLE_INDEX_RANGE');
    const empty = anchor();
    empty.tree_size = 0n;
    expect(checkBatchAnchor(empty, CHAIN).outcome.code).toBe('MERKLE_TREE_SIZE');
    const float = anchor();
    float.leaf_index = 0;
    expect(checkBatchAnchor(float, CHAIN).outcome).toMatchObject({
      code: 'MERKLE_INDEX_RANGE',
      details: { leaf_index: '0.0' },
    });
  });

  it('another chain hash (a leaf not in the batch) fails with MERKLE_ROOT_MISMATCH', () => {
    expect(checkBatchAnchor(anchor(), 'ab'.repeat(32)).outcome.code).toBe('MERKLE_ROOT_MISMATCH');
  });

  it('a changed root fails with MERKLE_ROOT_MISMATCH and gives both roots', () => {
    const a = anchor();
    a.root = `sha256:${'cd'.repeat(32)}`;
    expect(checkBatchAnchor(a, CHAIN).outcome).toMatchObject({
      code: 'MERKLE_ROOT_MISMATCH',
      details: { expected: 'cd'.repeat(32), actual: ROOT },
    });
  });

  it('a pending batch is PENDING, never invalid, and nothing is anchored', () => {
    const result = checkBatchAnchor({ status: 'pending', batch_id: 'batch_20260923_072145_099' }, CHAIN);
    expect(result.outcome).toMatchObject({ status: 'PENDING', code: 'BATCH_PENDING' });
    expect(result.anchoredHex).toBeNull();
  });

  it('no batch (pre-3.0 proof): SKIP, and the chain hash is what the witnesses stamp', () => {
    expect(checkBatchAnchor(null, CHAIN)).toEqual({
      outcome: expect.objectContaining({ status: 'SKIP', code: 'BATCH_NONE' }),
      anchoredHex: CHAIN,
    });
  });

  it('malformed anchors fail with BATCH_ANCHOR_MALFORMED, never a crash', () => {
    const cases: ((a: PyObject) => void)[] = [
      (a) => (a.audit_path = 'aa84'),
      (a) => (path(a)[1] = 'XYZ'),
      (a) => (a.root = 42n),
    ];
    for (const tamper of cases) {
      const a = anchor();
      tamper(a);
      expect(checkBatchAnchor(a, CHAIN).outcome.code).toBe('BATCH_ANCHOR_MALFORMED');
    }
    expect(checkBatchAnchor('anchored', CHAIN).outcome.code).toBe('BATCH_ANCHOR_MALFORMED');
  });
});
