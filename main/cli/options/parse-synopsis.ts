import { parseOptions } from '../parse-options.ts';
import { OPTION_POOL, type OptionDefinition, type OptionName } from './option-pool.ts';
import {
  flagText,
  optionItems,
  type EitherItem,
  type Item,
  type Leaf,
  type NeedsIn,
  type OptionItem,
  type Synopsis,
} from './synopsis.ts';

type Use = OptionItem<OptionName, boolean>;
type Values = Readonly<Record<string, string | boolean | string[] | undefined>>;

/**
 * parseOptions with the options and positionals the synopsis declares, then the rules its usage line draws
 * (docs/conventions.md, CLI): no `unlisted` option (its help says what to write instead), a `need` given, a group's needs given together, exactly one `either` alternative, an
 * http(s) URL where the pool's placeholder is URL. The first rule not met is the usage error, as a value.
 */
export function parseSynopsis<I extends readonly Item[]>(syn: Synopsis<I>, args: string[]) {
  const parsed = parseOptions({ args, options: syn.options, allowPositionals: syn.positionals, strict: true });
  if (!parsed.ok) return parsed;
  const problem = synopsisProblem(syn.items, parsed.values as Values);
  if (problem !== null) return { ok: false as const, message: problem };
  // The rules met, each option the command needs outright is a string.
  return parsed as typeof parsed & { values: { [N in NeedsIn<I>]: string } };
}

/** The usage error of the first rule of `items` the values do not meet, or null. */
export function synopsisProblem(items: readonly Item[], values: Values): string | null {
  const elsewhere = optionItems(items).find((item) => item.shown === 'unlisted' && given(values, item));
  if (elsewhere !== undefined) return `--${elsewhere.name} is ${elsewhere.help ?? definitionOf(elsewhere).help}`;
  for (const item of items) {
    const problem =
      item.kind === 'option'
        ? item.shown === 'required' && !defaulted(item) && !given(values, item)
          ? requiredProblem(item)
          : null
        : item.kind === 'group'
          ? togetherProblem(item.items, values)
          : item.kind === 'either'
            ? eitherProblem(item, values)
            : null;
    if (problem !== null) return problem;
  }
  return urlProblem(optionItems(items), values);
}

/** Given: a flag set, or a value with more than blanks (an empty --out says no more than a missing one). */
function given(values: Values, item: Use): boolean {
  const value = values[item.name];
  if (Array.isArray(value)) return value.length > 0;
  return typeof value === 'string' ? value.trim() !== '' : value === true;
}

const definitionOf = (item: Use): OptionDefinition => OPTION_POOL[item.name];

/**
 * A need with a default is filled by it, not by the rule: corpus serve's --secret from $PROVEIT_CORPUS_SECRET, corpus
 * generate's --seed from $PROVEIT_CORPUS_SEED (the command reads them). `defaultText: null` says there is none.
 */
function defaulted(item: Use): boolean {
  const text = item.defaultText === undefined ? definitionOf(item).defaultText : item.defaultText;
  return text !== undefined && text !== null;
}

function requiredProblem(item: Use): string {
  const { help, example } = definitionOf(item);
  return `${flagText(item)} is required: ${item.help ?? help}${example === undefined ? '' : `, e.g. --${item.name} ${example}`}`;
}

const needsIn = (leaves: readonly Leaf[]) =>
  leaves.filter((leaf): leaf is Use => leaf.kind === 'option' && leaf.shown === 'required');

/** `A, B and C`. */
const listed = (texts: readonly string[]) =>
  texts.length < 2 ? texts.join('') : `${texts.slice(0, -1).join(', ')} and ${texts[texts.length - 1]}`;

/**
 * The needs of a group or an alternative go together: once one that takes a value is given, each is. A flag given
 * alone is the command's to answer: freeze create's --replace without --reason is the freeze policy's refusal
 * (FREEZE_REASON_REQUIRED, main/core/freeze/replacement-policy.ts), as it is from the console.
 */
function togetherProblem(leaves: readonly Leaf[], values: Values): string | null {
  const needs = needsIn(leaves);
  const started = needs.some((item) => definitionOf(item).type === 'string' && given(values, item));
  if (!started || needs.every((item) => given(values, item))) return null;
  return `${listed(needs.map(flagText))} go together`;
}

/**
 * Exactly one alternative: one is chosen by an option that is its own (an option two alternatives share, such as
 * season close's --service-key, chooses neither). An alternative without options (the word `both`) lets the others
 * be given together.
 */
function eitherProblem(item: EitherItem<readonly (readonly Leaf[])[]>, values: Values): string | null {
  const withOptions = item.alternatives.filter((alternative) => alternative.some((leaf) => leaf.kind === 'option'));
  const combined = item.alternatives.find((alternative) => alternative.every((leaf) => leaf.kind === 'word'));
  const owners = (name: string) =>
    withOptions.filter((alternative) => alternative.some((leaf) => leaf.kind === 'option' && leaf.name === name));
  const chosen = withOptions.filter((alternative) =>
    alternative.some((leaf) => leaf.kind === 'option' && owners(leaf.name).length === 1 && given(values, leaf)),
  );
  const texts = withOptions.map((alternative) => needsIn(alternative).map(flagText).join(' '));
  if (chosen.length === 0)
    return combined === undefined
      ? `give exactly one of ${texts.join(' or ')}`
      : `give ${texts.join(' or ')}, or ${combined.map((leaf) => (leaf.kind === 'word' ? leaf.text : '')).join(' ')}`;
  if (chosen.length > 1 && combined === undefined)
    return `give exactly one of ${texts.join(' or ')}, not ${chosen.length === 2 ? 'both' : 'several'}`;
  for (const alternative of chosen) {
    const problem = togetherProblem(alternative, values);
    if (problem !== null) return problem;
  }
  return null;
}

/** A URL option (the pool's placeholder URL) takes an http(s) URL with a host. */
function urlProblem(items: readonly Use[], values: Values): string | null {
  for (const item of items) {
    const definition = definitionOf(item);
    const value = values[item.name];
    if (definition.value !== 'URL' || typeof value !== 'string' || /^https?:\/\/[^\s/]/.test(value)) continue;
    return `--${item.name} '${value}' is not a URL, e.g. --${item.name} ${definition.example ?? 'https://...'}`;
  }
  return null;
}
