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
    state.lang = state.lang === "en" ? "ja" : "en";
    document.documentElement.lang = state.lang;
  },
};
