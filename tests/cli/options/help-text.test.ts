import { describe, expect, it } from 'vitest';
import { helpOf, usageOf } from '../../../main/cli/options/help-text.ts';
import {
  either,
  group,
  many,
  may,
  need,
  positional,
  synopsis,
  unlisted,
  word,
} from '../../../main/cli/options/synopsis.ts';

const example = {
  path: ['example', 'run'],
  summary: 'a command made of every kind of item',
  synopsis: synopsis(
    [
      positional('DIR', 'the folder read'),
      need('season'),
      either([need('key')], [need('season-url')], [word('both')]),
      group(need('replace'), need('reason', { help: 'why it is replaced' })),
      many('participant'),
      may('out', { value: 'DIR', help: 'the folder written', defaultText: 'beside DIR' }),
      may('db', { defaultText: null }),
      may('json'),
      unlisted('text', 'not an option here: write --reason'),
    ],
    'A note after the options.',
  ),
};

describe('a command synopsis from the option pool', () => {
  it('generates the usage line: required bare, optional in brackets, groups, alternatives, repeats; unlisted absent', () => {
    expect(usageOf(example)).toBe(
      'example run DIR --season N (--key HEX | --season-url URL | both) [--replace --reason TEXT] ' +
        '[--participant ID]... [--out DIR] [--db FILE] [--json]',
    );
  });

  it('generates the --help: usage, summary, each positional and option with its line of help and default, notes', () => {
    expect(helpOf(example)).toBe(
      [
        'usage: proveit ' + usageOf(example),
        '',
        'a command made of every kind of item',
        '',
        'arguments:',
        '  DIR  the folder read',
        '',
        'options:',
        '  --season N        the season number',
        "  --key HEX         the season service's receipt public key (64 hex digits)",
        '  --season-url URL  the season service',
        '  --replace         replace the freeze in force (before the season opens only)',
        '  --reason TEXT     why it is replaced',
        '  --participant ID  the participant_id (repeatable)',
        '  --out DIR         the folder written (default: beside DIR)',
        '  --db FILE         the operator database',
        '  --json            print one JSON document on stdout',
        '  --text TEXT       not an option here: write --reason',
        '',
        'A note after the options.',
        '',
      ].join('\n'),
    );
  });

  it('generates the parseArgs options: flags default to false, repeated options are multiple, unlisted ones accepted', () => {
    expect(example.synopsis.options).toEqual({
      season: { type: 'string' },
      key: { type: 'string' },
      'season-url': { type: 'string' },
      replace: { type: 'boolean', default: false },
      reason: { type: 'string' },
      participant: { type: 'string', multiple: true },
      out: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
      text: { type: 'string' },
    });
    expect(example.synopsis.positionals).toBe(true);
    expect(synopsis([may('json')]).positionals).toBe(false);
  });

  it('an option named twice (in two alternatives) is explained once', () => {
    const twice = { ...example, synopsis: synopsis([either([need('key')], [need('key'), may('json')])]) };
    expect(helpOf(twice).match(/--key HEX/g)).toHaveLength(3);
    expect(
      helpOf(twice)
        .split('\n')
        .filter((l) => l.startsWith('  --key')),
    ).toHaveLength(1);
  });

  it('a long help wraps under its column, and a label wider than the column puts its help on the next line', () => {
    const long = {
      path: ['x'],
      summary: 's',
      synopsis: synopsis([may('backup-passphrase-file', { help: 'word '.repeat(40).trim() })]),
    };
    const lines = helpOf(long).split('\n');
    const at = lines.indexOf('  --backup-passphrase-file FILE');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^ {32}word word/);
    expect(lines.every((l) => l.length <= 110)).toBe(true);
  });
});
