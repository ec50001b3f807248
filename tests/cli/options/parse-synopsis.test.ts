import { describe, expect, it } from 'vitest';
import { parseSynopsis } from '../../../main/cli/options/parse-synopsis.ts';
import { either, group, may, need, synopsis, unlisted, word } from '../../../main/cli/options/synopsis.ts';

const message = (result: { ok: true } | { ok: false; message: string }) => (result.ok ? null : result.message);

const CLOSE_LIKE = synopsis([
  need('season'),
  need('corpus', { help: 'the track folder the season ran on' }),
  either(
    [need('submissions'), need('service-key')],
    [need('season-url'), need('operator-token-file'), may('service-key')],
  ),
  need('trust-layer'),
  may('rekor'),
]);
const COMPLETE = ['--season', '1', '--corpus', 'c', '--trust-layer', 'https://trust.example'];

describe('parseSynopsis: the rules the usage line draws are the usage errors (docs/conventions.md, CLI)', () => {
  it('a missing need(--x) is a usage error naming --x, its value and its help', () => {
    expect(message(parseSynopsis(CLOSE_LIKE, ['--season', '1', '--submissions', 's', '--service-key', 'k']))).toBe(
      '--corpus DIR is required: the track folder the season ran on',
    );
  });

  it('a need given only blanks is missing, as an absent one', () => {
    expect(message(parseSynopsis(CLOSE_LIKE, ['--season', ' ', '--corpus', 'c']))).toBe(
      '--season N is required: the season number',
    );
  });

  it("a missing URL need shows the pool's example", () => {
    expect(
      message(
        parseSynopsis(CLOSE_LIKE, ['--season', '1', '--corpus', 'c', '--submissions', 's', '--service-key', 'k']),
      ),
    ).toBe('--trust-layer URL is required: the Trust Layer, e.g. --trust-layer https://trust.arkforge.tech');
  });

  it('either with neither alternative given is a usage error listing both', () => {
    expect(message(parseSynopsis(CLOSE_LIKE, COMPLETE))).toBe(
      'give exactly one of --submissions FILE --service-key HEX or --season-url URL --operator-token-file FILE',
    );
  });

  it('either with both alternatives given is a usage error', () => {
    const both = [...COMPLETE, '--submissions', 's', '--service-key', 'k', '--season-url', 'https://s.example'];
    expect(message(parseSynopsis(CLOSE_LIKE, [...both, '--operator-token-file', 't']))).toBe(
      'give exactly one of --submissions FILE --service-key HEX or --season-url URL --operator-token-file FILE, not both',
    );
  });

  it('an option two alternatives share chooses neither: --service-key with --season-url is the second alone', () => {
    const args = [...COMPLETE, '--season-url', 'https://s.example', '--operator-token-file', 't', '--service-key', 'k'];
    const parsed = parseSynopsis(CLOSE_LIKE, args);
    expect(parsed.ok).toBe(true);
  });

  it("the chosen alternative's needs go together", () => {
    expect(message(parseSynopsis(CLOSE_LIKE, [...COMPLETE, '--submissions', 's']))).toBe(
      '--submissions FILE and --service-key HEX go together',
    );
  });

  it('an alternative that is a word (`both`) lets the others be given together, and still one is needed', () => {
    const rename = synopsis([either([need('display-name')], [need('declared-stack')], [word('both')])]);
    expect(parseSynopsis(rename, ['--display-name', 'A', '--declared-stack', 'B']).ok).toBe(true);
    expect(parseSynopsis(rename, ['--declared-stack', 'B']).ok).toBe(true);
    expect(message(parseSynopsis(rename, []))).toBe('give --display-name NAME or --declared-stack TEXT, or both');
  });

  it('a URL option given ftp://… is a usage error naming it with an example', () => {
    expect(
      message(
        parseSynopsis(CLOSE_LIKE, [
          ...COMPLETE,
          '--submissions',
          's',
          '--service-key',
          'k',
          '--rekor',
          'ftp://r.example',
        ]),
      ),
    ).toBe("--rekor 'ftp://r.example' is not a URL, e.g. --rekor https://rekor.sigstore.dev");
  });

  it('a URL option without a host is a usage error; http:// and https:// with a host pass', () => {
    const withRekor = (rekor: string) => [...COMPLETE, '--submissions', 's', '--service-key', 'k', '--rekor', rekor];
    expect(message(parseSynopsis(CLOSE_LIKE, withRekor('https://')))).toContain("--rekor 'https://' is not a URL");
    expect(parseSynopsis(CLOSE_LIKE, withRekor('http://127.0.0.1:9')).ok).toBe(true);
    expect(parseSynopsis(CLOSE_LIKE, withRekor('https://rekor.example/api')).ok).toBe(true);
  });

  it("a group's needs go together once one with a value is given; none given is fine", () => {
    const notice = synopsis([group(need('from'), need('to'))]);
    expect(parseSynopsis(notice, []).ok).toBe(true);
    expect(message(parseSynopsis(notice, ['--to', '2026-11-01T00:00:00Z']))).toBe(
      '--from ISO and --to ISO go together',
    );
  });

  it('a flag alone in a group is left to the command (freeze create: --replace without --reason is the policy refusal)', () => {
    const create = synopsis([group(need('replace'), need('reason'))]);
    expect(parseSynopsis(create, ['--replace']).ok).toBe(true);
    expect(message(parseSynopsis(create, ['--reason', 'r']))).toBe('--replace and --reason TEXT go together');
  });

  it('an unlisted option given is the usage error its help words, before any missing need', () => {
    const resolve = synopsis([
      need('resolution'),
      unlisted('text', 'not an option of incident resolve: write --resolution'),
    ]);
    expect(message(parseSynopsis(resolve, ['--text', 'done']))).toBe(
      '--text is not an option of incident resolve: write --resolution',
    );
  });

  it('a need with a default is left to its default (corpus serve --secret from $PROVEIT_CORPUS_SECRET); null is none', () => {
    expect(parseSynopsis(synopsis([need('secret')]), []).ok).toBe(true);
    expect(message(parseSynopsis(synopsis([need('db', { defaultText: null })]), []))).toBe(
      '--db FILE is required: the operator database',
    );
  });

  it("parseArgs' own errors come first and are kept", () => {
    expect(message(parseSynopsis(CLOSE_LIKE, ['--now', 'x']))).toContain("Unknown option '--now'");
  });

  it('everything given: the values, each need typed as given', () => {
    const parsed = parseSynopsis(CLOSE_LIKE, [...COMPLETE, '--submissions', 's', '--service-key', 'k']);
    expect(parsed.ok && parsed.values.corpus.length).toBe(1);
  });
});
