// canonical() throughput against CPython's json.dumps(sort_keys=True, separators=(",", ":")) on the same values:
// the differential generator's documents and the real Trust Layer fixtures. Python is timed in its own process with
// time.perf_counter around the dumps loop only, so start-up and parsing are not counted on either side.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonical } from '../main/core/json/canonical.ts';
import { loads } from '../main/core/json/loads.ts';
import type { PyJson } from '../main/core/json/value.ts';
import { runOracle, tagValue } from '../tests/core/json/cpython-oracle.ts';
import { DocumentGenerator, encodeDocument } from '../tests/core/json/generate-documents.ts';
import { seededRandom } from '../tests/core/json/seeded-random.ts';

const FIXTURES = fileURLToPath(new URL('../artefacts/trust-layer/', import.meta.url));

function generatedValues(count: number): PyJson[] {
  const rng = seededRandom(20261130);
  const generator = new DocumentGenerator(rng);
  const values: PyJson[] = [];
  while (values.length < count) {
    const result = loads(encodeDocument(rng, generator.document()).bytes);
    if (result.ok) values.push(result.value);
  }
  return values;
}

function fixtureValues(): PyJson[] {
  return readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const result = loads(readFileSync(FIXTURES + name));
      return result.ok ? [result.value] : [];
    });
}

/** Rounds so that each side runs for roughly half a second or more on this set. */
function roundsFor(values: PyJson[]): number {
  const start = performance.now();
  for (const value of values) canonical(value);
  const once = Math.max(performance.now() - start, 0.01);
  return Math.max(3, Math.ceil(500 / once));
}

function bench(label: string, values: PyJson[]): void {
  const bytes = values.reduce<number>((sum, value) => sum + canonical(value).length, 0);
  const rounds = roundsFor(values);
  const start = performance.now();
  for (let round = 0; round < rounds; round++) for (const value of values) canonical(value);
  const ours = (performance.now() - start) / 1000;
  const [pythonText] = runOracle(
    ['bench', String(rounds)],
    values.map((value) => JSON.stringify(tagValue(value))),
  );
  const python = Number(pythonText);
  const megabytes = (bytes * rounds) / 1e6;
  const documents = values.length * rounds;
  const line = (who: string, seconds: number) =>
    `  ${who.padEnd(8)} ${(megabytes / seconds).toFixed(1).padStart(7)} MB/s ${Math.round(documents / seconds)
      .toString()
      .padStart(9)} docs/s`;
  console.log(
    `json canonical, ${label}: ${values.length} documents, ${(bytes / 1e3).toFixed(0)} kB canonical, ${rounds} rounds`,
  );
  console.log(line('ours', ours));
  console.log(line('CPython', python));
  console.log(`  ratio ours/CPython throughput: ${(python / ours).toFixed(2)}`);
}

bench('generated documents', generatedValues(5_000));
bench('Trust Layer fixtures', fixtureValues());
