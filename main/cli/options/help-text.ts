import { OPTION_POOL, type OptionDefinition } from './option-pool.ts';
import { flagText, optionItems, positionalItems, type AnySynopsis, type Item, type OptionItem } from './synopsis.ts';

/** What usage and help are made of: a command's words, summary and synopsis (`Command` has them). */
export interface Described {
  path: readonly string[];
  summary: string;
  synopsis: AnySynopsis;
}

/** Where --help wraps its lines. */
const WIDTH = 110;
/** The widest label that keeps its help on the same line. */
const LABEL_COLUMN = 28;
/** How the lines after a usage line's break are indented (under the command's first option). */
const CONTINUATION = '\n        ';

function render(items: readonly Item[]): string[] {
  const tokens: string[] = [];
  for (const item of items) {
    if (item.kind === 'option') {
      if (item.shown === 'required') tokens.push(flagText(item));
      else if (item.shown === 'optional') tokens.push(`[${flagText(item)}]${item.multiple ? '...' : ''}`);
    } else if (item.kind === 'word') tokens.push(item.text);
    else if (item.kind === 'group') tokens.push(`[${render(item.items).join(' ')}]`);
    else if (item.kind === 'either')
      tokens.push(`(${item.alternatives.map((alternative) => render(alternative).join(' ')).join(' | ')})`);
    else tokens.push(CONTINUATION);
  }
  return tokens;
}

/** The usage line of a command without `proveit ` (what usageError prints after `usage: proveit `). */
export function usageOf(command: Described): string {
  return [...command.path, ...render(command.synopsis.items)].join(' ').replaceAll(` ${CONTINUATION} `, CONTINUATION);
}

/** Words of `text` in lines of at most `width` characters (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A table of labels and their help, the help wrapped in its column. */
function table(rows: { label: string; help: string }[]): string[] {
  const column = Math.min(LABEL_COLUMN, Math.max(...rows.map((r) => r.label.length)));
  const indent = ' '.repeat(2 + column + 2);
  return rows.flatMap(({ label, help }) => {
    const lines = wrap(help, WIDTH - indent.length);
    if (label.length > column) return [`  ${label}`, ...lines.map((l) => indent + l)];
    return lines.map((l, i) => (i === 0 ? `  ${label.padEnd(column)}  ${l}` : indent + l));
  });
}

/** The help line of an option as this command uses it: its own words or the pool's, and its default. */
function optionHelp(item: OptionItem<keyof typeof OPTION_POOL, boolean>): string {
  const definition: OptionDefinition = OPTION_POOL[item.name];
  const defaultText = item.defaultText === null ? undefined : (item.defaultText ?? definition.defaultText);
  return (
    (item.help ?? definition.help) +
    (item.multiple ? ' (repeatable)' : '') +
    (defaultText === undefined ? '' : ` (default: ${defaultText})`)
  );
}

/**
 * `proveit <command> --help`: the usage line, the summary, then every positional and every option the command
 * accepts with its line of help, generated from its synopsis (docs/conventions.md, CLI).
 */
export function helpOf(command: Described, program = 'proveit'): string {
  const { items, notes } = command.synopsis;
  const seen = new Set<string>();
  const options = optionItems(items).filter((item) => !seen.has(item.name) && seen.add(item.name));
  const positionals = positionalItems(items).filter((w) => w.help !== undefined);
  const sections = [`usage: ${program} ${usageOf(command)}`, wrap(command.summary, WIDTH).join('\n')];
  if (positionals.length > 0)
    sections.push(['arguments:', ...table(positionals.map((w) => ({ label: w.text, help: w.help! })))].join('\n'));
  if (options.length > 0)
    sections.push(
      ['options:', ...table(options.map((item) => ({ label: flagText(item), help: optionHelp(item) })))].join('\n'),
    );
  if (notes !== null)
    sections.push(
      notes
        .split('\n')
        .flatMap((line) => (line === '' ? [''] : wrap(line, WIDTH)))
        .join('\n'),
    );
  return `${sections.join('\n\n')}\n`;
}
