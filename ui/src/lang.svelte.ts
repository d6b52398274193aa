// The current UI language, shared by every component.
import { type Lang, MESSAGES, pickLanguage } from "./i18n";

const state = $state({ lang: pickLanguage(typeof navigator === "undefined" ? [] : navigator.languages) });

export const ui = {
  get lang(): Lang {
    return state.lang;
  },
  get t() {
    return MESSAGES[state.lang];
  },
  toggle() {
    this.set(state.lang === "en" ? "ja" : "en");
  },
  set(lang: Lang) {
    state.lang = lang;
    if (typeof document !== "undefined") document.documentElement.lang = lang;
  },
};
