// The current UI language and the region dates are written in, shared by every component.
import { errorText } from "./errors";
import { type Lang, MESSAGES, pickLanguage, type Words } from "./i18n";
import { type DateFormat, dateFormat, dateLocale, isCalendarDate } from "./lib/dateFormat";

const system = typeof navigator === "undefined" ? [] : navigator.languages;
const state = $state<{ lang: Lang; chosenDates: string | null }>({
  lang: pickLanguage(system),
  chosenDates: null,
});
const locale = $derived(dateLocale(state.lang, system, state.chosenDates));

export const ui = {
  get lang(): Lang {
    return state.lang;
  },
  /** The words every screen shares, in the current language. */
  get t() {
    return MESSAGES[state.lang];
  },
  /** A feature's own words in the current language (`ui.words(SESSION).signIn`). */
  words<T>(table: Words<T>): T {
    return table[state.lang];
  },
  /** The locale dates are shown and typed in (the computer's, or the one the user chose). */
  get dateLocale(): string {
    return locale;
  },
  /** The locale the user chose for dates, or null for the computer's. */
  get chosenDates(): string | null {
    return state.chosenDates;
  },
  /** The date fields' format, in `dateLocale`. */
  get dates(): DateFormat {
    return dateFormat(locale);
  },
  /** The computer's preferred locales (as the webview reports them). */
  system,
  toggle() {
    this.set(state.lang === "en" ? "ja" : "en");
  },
  set(lang: Lang) {
    state.lang = lang;
    if (typeof document !== "undefined") document.documentElement.lang = lang;
  },
  /** Dates in the locale `tag`, or the computer's (null). */
  setDates(tag: string | null) {
    state.chosenDates = tag;
  },
  /** The sentence to show for a failed call, its dates written as the fields write them. */
  error(e: unknown): string {
    return errorText(state.lang, e, (iso) => (isCalendarDate(iso) ? dateFormat(locale).field(iso) : iso));
  },
};
