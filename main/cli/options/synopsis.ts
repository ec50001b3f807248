import { OPTION_POOL, type OptionDefinition, type OptionName } from './option-pool.ts';

/**
 * What a command takes, in the order its usage line shows it (docs/conventions.md, CLI): options named from the one
 * pool (option-pool.ts), positionals, and the brackets between them. The usage line, the --help text and the
 * parseArgs options are all generated from it, so a flag cannot be accepted without being shown and explained.
 */
export type Item = Leaf | GroupItem<readonly Leaf[]> | EitherItem<readonly (readonly Leaf[])[]>;

/** What a group or an alternative holds: options and words, one level deep (no usage line needs more). */
export type Leaf = OptionItem<OptionName, boolean> | WordItem | BreakItem;

/** How a command uses an option of the pool; `value` and `help` override the pool's where this command's differ. */
export interface OptionUse {
  value?: string;
  help?: string;
  /** null: this command has no default for it (a --db it requires). */
  defaultText?: string | null;
}

/** `required` shows `--name VALUE`, `optional` `[--name VALUE]`; `unlisted` is accepted and explained, not shown. */
export type Shown = 'required' | 'optional' | 'unlisted';

export interface OptionItem<N extends OptionName, M extends boolean, S extends Shown = Shown> extends OptionUse {
  kind: 'option';
  name: N;
  shown: S;
  multiple: M;
}

/** A positional (DIR, FILE, ...) or a literal word of the usage line. */
export interface WordItem {
  kind: 'word';
  text: string;
  positional: boolean;
  help?: string;
}

/** `[ ... ]`: options that go together, all optional as a whole. */
export interface GroupItem<I extends readonly Leaf[]> {
  kind: 'group';
  items: I;
}

/** `( a | b )`: exactly one of the alternatives. */
export interface EitherItem<A extends readonly (readonly Leaf[])[]> {
  kind: 'either';
  alternatives: A;
}

/** Where a long usage line goes on to the next line. */
export interface BreakItem {
  kind: 'break';
}

type LeafName<X> = X extends OptionItem<infer N, boolean> ? N : never;
type NameOf<X> =
  X extends GroupItem<infer J>
    ? LeafName<J[number]>
    : X extends EitherItem<infer A>
      ? LeafName<A[number][number]>
      : LeafName<X>;
/** Every option name among the items, groups and alternatives included. */
export type NamesIn<I extends readonly Item[]> = NameOf<I[number]>;

type LeafRepeated<X> = X extends OptionItem<infer N, true> ? N : never;
type RepeatedOf<X> =
  X extends GroupItem<infer J>
    ? LeafRepeated<J[number]>
    : X extends EitherItem<infer A>
      ? LeafRepeated<A[number][number]>
      : LeafRepeated<X>;
type RepeatedIn<I extends readonly Item[]> = RepeatedOf<I[number]>;

type Pool = typeof OPTION_POOL;

/**
 * The string options a command needs outright (not inside a group or an alternative) and without a default in the
 * pool: given once parsed.
 */
type TopNeed<X> =
  X extends OptionItem<infer N, false, 'required'>
    ? Pool[N] extends { defaultText: string }
      ? never
      : Pool[N]['type'] extends 'string'
        ? N
        : never
    : never;
export type NeedsIn<I extends readonly Item[]> = TopNeed<I[number]>;

/** A flag is false unless given; a string option is undefined unless given (its default is the command's to apply). */
type ConfigOf<N extends OptionName, Repeated extends boolean> = Pool[N]['type'] extends 'boolean'
  ? { type: 'boolean'; default: false }
  : Repeated extends true
    ? { type: 'string'; multiple: true }
    : { type: 'string' };

export type OptionsOf<I extends readonly Item[]> = {
  [N in NamesIn<I>]: ConfigOf<N, N extends RepeatedIn<I> ? true : false>;
};

/** One parseArgs option as a synopsis generates it. */
export interface OptionConfig {
  type: 'string' | 'boolean';
  multiple?: true;
  default?: false;
}

/** A synopsis whatever its items: what a `Command` holds. */
export interface AnySynopsis {
  items: readonly Item[];
  options: Readonly<Record<string, OptionConfig>>;
  positionals: boolean;
  notes: string | null;
}

export interface Synopsis<I extends readonly Item[]> extends AnySynopsis {
  items: I;
  /** The parseArgs options, generated from the items. */
  options: OptionsOf<I>;
}

const use = <N extends OptionName, M extends boolean, S extends Shown>(
  name: N,
  shown: S,
  multiple: M,
  how: OptionUse,
): OptionItem<N, M, S> => ({ kind: 'option', name, shown, multiple, ...how });

/** `--name VALUE`, shown without brackets (inside a group: required with the group). */
export const need = <const N extends OptionName>(name: N, how: OptionUse = {}) => use(name, 'required', false, how);
/** `[--name VALUE]`. */
export const may = <const N extends OptionName>(name: N, how: OptionUse = {}) => use(name, 'optional', false, how);
/** `[--name VALUE]...`: given any number of times. */
export const many = <const N extends OptionName>(name: N, how: OptionUse = {}) => use(name, 'optional', true, how);
/**
 * Accepted only to answer with the flag to write instead; explained by --help, never shown in the usage line. Its
 * help is the usage error when it is given, after `--name is ` ("not an option of incident resolve: write ...").
 */
export const unlisted = <const N extends OptionName>(name: N, help: string) => use(name, 'unlisted', false, { help });
/** A positional such as DIR or [FILE], with what it is. */
export const positional = (text: string, help?: string): WordItem => ({
  kind: 'word',
  text,
  positional: true,
  ...(help === undefined ? {} : { help }),
});
/** A word of the usage line that is neither an option nor a positional (`both`). */
export const word = (text: string): WordItem => ({ kind: 'word', text, positional: false });
export const group = <const I extends readonly Leaf[]>(...items: I): GroupItem<I> => ({ kind: 'group', items });
export const either = <const A extends readonly (readonly Leaf[])[]>(...alternatives: A): EitherItem<A> => ({
  kind: 'either',
  alternatives,
});
export const BREAK: BreakItem = { kind: 'break' };

/** Every option use among the items, in order, groups and alternatives included. */
export function optionItems(items: readonly Item[]): OptionItem<OptionName, boolean>[] {
  return items.flatMap((item) => {
    if (item.kind === 'option') return [item];
    if (item.kind === 'group') return optionItems(item.items);
    if (item.kind === 'either') return item.alternatives.flatMap(optionItems);
    return [];
  });
}

function wordItems(items: readonly Item[]): WordItem[] {
  return items.flatMap((item) => {
    if (item.kind === 'word') return [item];
    if (item.kind === 'group') return wordItems(item.items);
    if (item.kind === 'either') return item.alternatives.flatMap(wordItems);
    return [];
  });
}

/** The positionals among the items, in order. */
export const positionalItems = (items: readonly Item[]): WordItem[] => wordItems(items).filter((w) => w.positional);

/** A command's synopsis from its items (and the notes its --help ends with). */
export function synopsis<const I extends readonly Item[]>(items: I, notes: string | null = null): Synopsis<I> {
  const options: Record<string, OptionConfig> = {};
  for (const item of optionItems(items)) {
    options[item.name] =
      OPTION_POOL[item.name].type === 'boolean'
        ? { type: 'boolean', default: false }
        : item.multiple
          ? { type: 'string', multiple: true }
          : { type: 'string' };
  }
  return { items, options: options as OptionsOf<I>, positionals: positionalItems(items).length > 0, notes };
}

/** The synopsis with more items after its own (the backup flags a season-changing command also takes). */
export function extended(base: AnySynopsis, more: readonly Item[]): AnySynopsis {
  return synopsis([...base.items, ...more], base.notes);
}

/** `--name VALUE`, or `--name` for a flag: how the usage line and the usage errors write an option. */
export function flagText(item: OptionItem<OptionName, boolean>): string {
  const definition: OptionDefinition = OPTION_POOL[item.name];
  const value = item.value ?? definition.value;
  return definition.type === 'boolean' || value === undefined ? `--${item.name}` : `--${item.name} ${value}`;
}
