// Translations: every string the page shows comes from GET /api/i18n (English source -> translation).
// t("Undo") looks a string up; fmt("Deal {number}", {number: 7}) also fills named placeholders.

let messages = {};
let cards = {};
let piles = {};
let plurals = {};
let currentLang = "en";
let currentTag = "en";
let languageNames = { en: "English" };

export async function loadMessages(api) {
  try {
    return useMessages(await api.get("/api/i18n"));
  } catch (err) {
    messages = {};
  }
  document.documentElement.lang = currentTag;
  return currentLang;
}

/** Take the words of an answer of GET /api/i18n (or the same, embedded in the page). */
export function useMessages(data) {
  messages = data.messages || {};
  cards = data.cards || {};
  piles = data.piles || {};
  plurals = data.plurals || {};
  currentLang = data.lang || "en";
  currentTag = data.bcp47 || currentLang.replace("_", "-");
  languageNames = data.languages || languageNames;
  document.documentElement.lang = currentTag;
  return currentLang;
}

export function lang() {
  return currentLang;
}

export function languages() {
  return languageNames;
}

/** BCP 47 tag of the language ("pt-BR"), for Intl and toLocaleString. */
export function langTag() {
  return currentTag;
}

/** The translated name of a card by its text ("TH"), or null when the server sent none. */
export function cardText(card) {
  return cards[card] || null;
}

/** The translated name of a pile by its data-pile id, or null when the server sent none. */
export function pileText(pile) {
  return piles[pile] || null;
}

/** A plural message: plural("{count} card", 3) -> "3 cards" (CLDR categories from the server). */
export function plural(singular, count, values = {}) {
  const forms = plurals[singular];
  let text = null;
  if (forms) {
    let category = "other";
    try {
      category = new Intl.PluralRules(currentTag).select(count);
    } catch (err) {
      category = count === 1 ? "one" : "other";
    }
    text = forms[category] || forms.other;
  }
  if (!text) text = count === 1 ? singular : singular.replace(/(\w+)(\W*)$/, "$1s$2");
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name === "count" ? String(count) : name in values ? String(values[name]) : whole);
}

/** The translation the server sent under `key`, else the English `source`. */
function sent(key, source) {
  const text = messages[key];
  return typeof text === "string" && text !== "" ? text : source;
}

export function t(source) {
  return sent(source, source);
}

/** `source` as meant in `context` (the server sends it under context + "\u0004" + source, as gettext). */
export function tc(context, source) {
  return sent(`${context}\u0004${source}`, source);
}

export function fmt(source, values = {}) {
  return t(source).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** Translate the static HTML: data-i18n (text), data-i18n-aria (aria-label), data-i18n-placeholder. */
export function translateDocument(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
  document.title = t("Patience");
}
