// Counted words in the catalogues. The form is chosen by the CLDR plural rules of the catalogue's language
// (`Intl.PluralRules`), never by comparing the count with 1 by hand: French puts 0 and 1 in "one" ("0 tâche",
// "1 tâche", "2 tâches"), English only 1 ("0 tasks", "1 task", "2 tasks").

/** The two forms of a counted message; `{n}` stands for the count. */
export interface PluralForms {
  /** The "one" category: 1 in English; 0, 1 and any count below 2 in French. */
  one: string;
  /** Every other count, French "many" (a million and up) included: no count here comes near it. */
  other: string;
}

/** The form of `forms` that `n` takes, with `{n}` replaced by the count. */
export type Plural = (n: number, forms: PluralForms) => string;

/** The plural of a catalogue's language, given as its BCP 47 tag ('en', 'fr'). */
export function pluralOf(locale: string): Plural {
  const rules = new Intl.PluralRules(locale);
  return (n, forms) => (rules.select(n) === 'one' ? forms.one : forms.other).replaceAll('{n}', String(n));
}
