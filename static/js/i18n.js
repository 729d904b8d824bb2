// The message catalogue in the browser: the page's language is <html lang>, chosen by the
// server from the `lang` cookie or Accept-Language; the picker sets the cookie and reloads.
// A page loads /i18n/<lang>.json: the shared texts (static/i18n/<lang>.json) and each game's
// blurb, option and choice labels (which the home page and the lobby show), assembled by the
// server from static/i18n/games/<game>.<lang>.json; a room adds its own game's whole file.
// Server error codes are translated by code, falling back to the server's English sentence.

export const lang = document.documentElement.lang || "en";
let catalogue = {};

/** Load this page's catalogue once (every page awaits it before drawing text). */
export async function loadCatalogue() {
  try {
    const response = await fetch(`/i18n/${lang}.json`);
    if (response.ok) catalogue = await response.json();
  } catch {
    catalogue = {};
  }
  for (const picker of document.querySelectorAll("select.lang-picker")) {
    if (!(picker instanceof HTMLSelectElement)) continue;
    picker.value = lang;
    picker.addEventListener("change", () => setLanguage(picker.value));
  }
}

/** Add a game's own texts (static/i18n/games/<game>.<lang>.json) once its room is known. */
export async function loadGameCatalogue(game) {
  try {
    const response = await fetch(`/static/i18n/games/${game}.${lang}.json`);
    if (response.ok) Object.assign(catalogue, await response.json());
  } catch {
    // the game's module falls back to the server's sentences and the keys
  }
}

const plurals = new Intl.PluralRules(lang);
const PLURAL = /\{(\w+), plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g;
const BRANCH = /(=?\w+)\s*\{([^{}]*)\}/g;

/** The text for `key` with {placeholders} filled; `fallback` (or the key) when missing. A
 * count takes ICU's plural form, `{n, plural, one {# pt} other {# pts}}`: the branch for the
 * count's plural category in this language (`=2` for exactly 2; else `other`), # the count. */
export function t(key, params = {}, fallback = undefined) {
  const text = (catalogue[key] ?? fallback ?? key).replace(PLURAL, (whole, name, branches) => {
    const n = Number(params[name]);
    if (!(name in params) || Number.isNaN(n)) return whole;
    const forms = new Map([...branches.matchAll(BRANCH)].map((m) => [m[1], m[2]]));
    const form = forms.get(`=${n}`) ?? forms.get(plurals.select(n)) ?? forms.get("other");
    return form === undefined ? whole : form.replace(/#/g, String(n));
  });
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** Whether the catalogue has `key` (for optional per-game texts). */
export function has(key) {
  return key in catalogue;
}

/** A refusal as a sentence: the game's own text, then the shared one, then the server's. */
export function errorText(code, message, game = "") {
  if (game && has(`${game}.error.${code}`)) return t(`${game}.error.${code}`);
  if (has(`error.${code}`)) return t(`error.${code}`);
  return message || t("error.unknown");
}

export function setLanguage(code) {
  document.cookie = `lang=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}
