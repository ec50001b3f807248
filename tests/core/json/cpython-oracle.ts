import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isPyObject, type PyJson } from '../../../main/core/json/value.ts';

const ORACLE = fileURLToPath(new URL('./cpython_json_oracle.py', import.meta.url));

/** Runs one python3 process over a whole batch (one input per line) and returns its output lines. */
export function runOracle(args: string[], lines: readonly string[]): string[] {
  const run = spawnSync('python3', [ORACLE, ...args], {
    input: lines.join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (run.status !== 0) throw new Error(`python3 oracle failed (${run.status}): ${run.stderr}`);
  return run.stdout.split('\n').slice(0, -1);
}

const units = (text: string): number[] => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

/**
 * A PyJson value in a form JSON.stringify carries without loss and without our own encoder: ints as decimal strings,
 * floats as their 64-bit pattern, strings as UTF-16 units (lone surrogates included).
 */
export function tagValue(value: PyJson): unknown {
  if (value === null) return ['n'];
  if (value === true) return ['t'];
  if (value === false) return ['f'];
  if (typeof value === 'bigint') return ['i', value.toString()];
  if (typeof value === 'number') {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value);
    return ['d', view.getBigUint64(0).toString(16).padStart(16, '0')];
  }
  if (typeof value === 'string') return ['s', units(value)];
  if (Array.isArray(value)) return ['a', value.map(tagValue)];
  if (!isPyObject(value)) throw new Error('not a PyJson value');
  return ['o', Object.keys(value).map((key) => [units(key), tagValue(value[key] as PyJson)])];
}

/** What CPython raises, by our loads code. */
export const PYTHON_EXCEPTION_OF: Record<string, string> = {
  JSON_SYNTAX: 'JSONDecodeError',
  JSON_INVALID_ENCODING: 'UnicodeDecodeError',
  JSON_INT_TOO_LONG: 'ValueError',
  JSON_TOO_DEEP: 'RecursionError',
};
