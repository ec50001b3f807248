import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { parseIntake } from '../../../main/core/json/intake.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { PYTHON_EXCEPTION_OF, runOracle, tagValue } from './cpython-oracle.ts';
import { DocumentGenerator, encodeDocument, randomByteDocument } from './generate-documents.ts';
import { generateValue } from './generate-values.ts';
import { seededRandom } from './seeded-random.ts';

// A fresh seed each run widens coverage over time; PROVEIT_JSON_SEED replays a failing run exactly.
const SEED = Number(process.env.PROVEIT_JSON_SEED ?? Math.floor(Math.random() * 0x1_0000_0000));
const DOCUMENTS = 12_000;
const VALUES = 5_000;
const replay = `reproduce with PROVEIT_JSON_SEED=${SEED}`;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Intake may refuse a document CPython accepts only for one of its own stricter rules, never for syntax. */
const INTAKE_POLICY_CODES = new Set([
  'INTAKE_BOM',
  'INTAKE_NOT_UTF8',
  'INTAKE_LONE_SURROGATE',
  'INTAKE_DUPLICATE_KEY',
  'INTAKE_NON_FINITE_NUMBER',
  'INTAKE_TOO_DEEP',
]);

describe(`loads, canonical and intake against CPython (python3, seed ${SEED})`, () => {
  const rng = seededRandom(SEED);
  const generator = new DocumentGenerator(rng);
  const documents = Array.from({ length: DOCUMENTS }, () => encodeDocument(rng, generator.document()));
  const python = runOracle(
    ['loads'],
    documents.map((d) => Buffer.from(d.bytes).toString('base64')),
  );

  it('every generated document (UTF-8, BOM, UTF-16, UTF-32) loads and re-encodes byte for byte as CPython does', () => {
    expect(python).toHaveLength(DOCUMENTS);
    let accepted = 0;
    documents.forEach(({ bytes, encoding }, index) => {
      const ours = loads(bytes);
      const mine = ours.ok ? `ok ${canonical(ours.value)}` : `err ${PYTHON_EXCEPTION_OF[ours.error.code]}`;
      if (mine !== python[index])
        expect.fail(
          `document ${index} (${encoding}, bytes ${hex(bytes).slice(0, 400)}): CPython says ${python[index]?.slice(0, 300)}, we say ${mine.slice(0, 300)} (${ours.ok ? '' : ours.error.message}); ${replay}`,
        );
      if (ours.ok) accepted++;
    });
    // The generator must exercise both sides: most documents load, a fair share are refused.
    expect(accepted).toBeGreaterThan(DOCUMENTS * 0.4);
    expect(accepted).toBeLessThan(DOCUMENTS * 0.95);
  });

  it('intake accepts exactly what an independent Python statement of the intake rules accepts, as the same value', () => {
    const reference = runOracle(
      ['intake'],
      documents.map((d) => Buffer.from(d.bytes).toString('base64')),
    );
    let accepted = 0;
    documents.forEach(({ bytes, encoding }, index) => {
      const intake = parseIntake(bytes);
      const mine = intake.ok ? `ok ${canonical(intake.value)}` : 'err';
      const theirs = reference[index]?.startsWith('ok ') ? reference[index] : 'err';
      if (mine !== theirs)
        expect.fail(
          `document ${index} (${encoding}, ${hex(bytes).slice(0, 400)}): the Python intake rules say ${reference[index]?.slice(0, 300)}, parseIntake says ${intake.ok ? mine.slice(0, 300) : `${intake.error.code}: ${intake.error.message}`}; ${replay}`,
        );
      if (intake.ok) accepted++;
      // Refusing what CPython itself accepts is only ever one of intake's own rules, never a syntax verdict.
      else if (python[index]?.startsWith('ok ') && !INTAKE_POLICY_CODES.has(intake.error.code))
        expect.fail(`document ${index}: CPython accepts it, intake refused it with ${intake.error.code}; ${replay}`);
    });
    expect(accepted).toBeGreaterThan(DOCUMENTS * 0.1);
  });

  it('random bytes inside quotes (UTF-8, UTF-16, UTF-32) decode or fail as CPython surrogatepass codecs do', () => {
    const samples = Array.from({ length: 4_000 }, () => randomByteDocument(rng));
    const answers = runOracle(
      ['loads'],
      samples.map((bytes) => Buffer.from(bytes).toString('base64')),
    );
    samples.forEach((bytes, index) => {
      const ours = loads(bytes);
      const mine = ours.ok ? `ok ${canonical(ours.value)}` : `err ${PYTHON_EXCEPTION_OF[ours.error.code]}`;
      if (mine !== answers[index])
        expect.fail(`bytes ${hex(bytes)}: CPython says ${answers[index]}, we say ${mine}; ${replay}`);
      const intake = parseIntake(bytes);
      if (intake.ok && `ok ${canonical(intake.value)}` !== answers[index])
        expect.fail(`bytes ${hex(bytes)}: intake accepted what CPython reads as ${answers[index]}; ${replay}`);
    });
  });

  it('canonical() of directly built values (lone surrogates, huge ints, every double) equals json.dumps', () => {
    const values = Array.from({ length: VALUES }, () => generateValue(rng));
    const dumped = runOracle(
      ['dumps'],
      values.map((v) => JSON.stringify(tagValue(v))),
    );
    values.forEach((value, index) => {
      const mine = `ok ${canonical(value)}`;
      if (mine !== dumped[index])
        expect.fail(
          `value ${index} ${JSON.stringify(tagValue(value)).slice(0, 400)}: CPython ${dumped[index]?.slice(0, 300)}, ours ${mine.slice(0, 300)}; ${replay}`,
        );
    });
  });
});
