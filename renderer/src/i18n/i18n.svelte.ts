import type { ConsoleError } from '../api/operations.ts';
import { en, type Messages } from './en.ts';
import { fr } from './fr.ts';

export type Locale = 'en' | 'fr';
const CATALOGUES: Record<Locale, Messages> = { en, fr };
const LOCALE_KEY = 'proveit-console-locale';

function initialLocale(): Locale {
  const saved = localStorage.getItem(LOCALE_KEY);
  return saved === 'fr' ? 'fr' : 'en';
}

/** The UI language: English by default, French on the switch; remembered on this machine, set on <html lang>. */
class I18n {
  locale = $state<Locale>(initialLocale());
  m = $derived<Messages>(CATALOGUES[this.locale]);

  constructor() {
    document.documentElement.lang = this.locale;
  }

  set(locale: Locale): void {
    this.locale = locale;
    localStorage.setItem(LOCALE_KEY, locale);
    document.documentElement.lang = locale;
  }

  /**
   * What happened, in the screen's language: for an error main sent, the catalogue's sentence for its code written
   * from its details, else main's own sentence; an error the screen composed is already in its words.
   */
  happened(error: ConsoleError): string {
    const sentence = error.origin === 'main' ? this.m.happened[error.code] : undefined;
    return sentence ? sentence(error.details) : error.message;
  }

  /** What to do about an error code: the catalogue's advice for known codes, else a pointer to the docs. */
  advice(code: string): string {
    const m = this.m;
    return m.advice[code] ?? m.adviceByPrefix(code);
  }
}

export const i18n = new I18n();
