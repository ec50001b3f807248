import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indentedJson } from '../../../main/core/json/indented.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { REPO_ROOT } from '../proof/support/real-artefacts.ts';

/** What CPython writes for the same JSON text with json.dumps(json.loads(text), indent=2). */
function cpythonIndented(text: string): string {
  const run = spawnSync(
    'python3',
    ['-c', 'import json,sys; sys.stdout.write(json.dumps(json.loads(sys.stdin.read()), indent=2))'],
    {
      input: text,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

describe('indentedJson: json.dumps(value, indent=2) as CPython writes it', () => {
  const texts = [
    readFileSync(`${REPO_ROOT}trust/production/published_keys.json`, 'utf8'),
    '{"a": [], "b": {}, "c": [1, 1.0, -0.0, 1e300, "é\\u2028", null, true, false], "d": {"x": [{"y": []}]}}',
    '[]',
    '"text"',
  ];
  for (const [i, text] of texts.entries()) {
    it(`writes the bytes CPython writes (${i === 0 ? 'the production key history' : text.slice(0, 24)})`, () => {
      const parsed = loads(Buffer.from(text));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(indentedJson(parsed.value)).toBe(cpythonIndented(text));
    });
  }
});
