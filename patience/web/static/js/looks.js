// Looks chosen in the menu and remembered in this browser: the table's felt, the card back and the
// theme (light, dark, or the system's `prefers-color-scheme` until the player chooses). Each is an
// attribute on the root element (data-felt, data-back, data-theme) that looks.css styles.
//
//   installLooks(document.querySelector(".toolbar .group:last-child"));  // adds the three menus
//   setLook("felt", "charcoal");                                          // and remembers it

import { t } from "./i18n.js";

/** Each setting: its remembered key, its label, and its choices (value → English name). */
export const LOOKS = {
  felt: {
    key: "patience.felt",
    label: "Table felt",
    choices: { green: "Green felt", blue: "Blue felt", burgundy: "Burgundy felt", charcoal: "Charcoal felt" },
  },
  back: {
    key: "patience.back",
    label: "Card back",
    choices: { blue: "Blue back", red: "Red back", green: "Green back" },
  },
  theme: {
    key: "patience.theme",
    label: "Theme",
    choices: { system: "Follow the system", light: "Light", dark: "Dark" },
  },
};

const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

/** The remembered choice of a setting, or its first choice. */
export function chosen(name) {
  const look = LOOKS[name];
  const value = localStorage.getItem(look.key);
  return value && value in look.choices ? value : Object.keys(look.choices)[0];
}

/** Put the remembered looks on the root element; the theme follows the system unless chosen. */
export function applyLooks() {
  const root = document.documentElement;
  root.dataset.felt = chosen("felt");
  root.dataset.back = chosen("back");
  const theme = chosen("theme");
  root.dataset.theme = theme === "system" ? (darkQuery.matches ? "dark" : "light") : theme;
  const meta = document.querySelector('meta[name="color-scheme"]');
  if (meta) meta.content = root.dataset.theme;
}

/** Choose and remember a look: setLook("back", "red"). An unknown name or value changes nothing. */
export function setLook(name, value) {
  const look = LOOKS[name];
  if (!look || !(value in look.choices)) return false;
  localStorage.setItem(look.key, value);
  applyLooks();
  return true;
}

/** One labelled menu in the toolbar (it always goes into ☰, data-menu). */
function lookSelect(name) {
  const look = LOOKS[name];
  const label = document.createElement("label");
  label.className = "look-setting";
  label.dataset.menu = "";
  const text = document.createElement("span");
  text.dataset.i18n = look.label;
  text.textContent = t(look.label);
  const select = document.createElement("select");
  select.id = `look-${name}`;
  select.dataset.look = name;
  label.append(text, select);
  select.addEventListener("change", () => setLook(name, select.value));
  return label;
}

/** Fill the menus' choices in the page's language (again after the language changes). */
export function translateLooks() {
  for (const select of document.querySelectorAll("select[data-look]")) {
    const name = select.dataset.look;
    const options = Object.entries(LOOKS[name].choices).map(([value, english]) => new Option(t(english), value));
    select.replaceChildren(...options);
    select.value = chosen(name);
  }
}

/** Apply the remembered looks, add the three menus to `group`, and follow the system's theme. */
export function installLooks(group) {
  applyLooks();
  group.append(...Object.keys(LOOKS).map(lookSelect));
  translateLooks();
  darkQuery.addEventListener("change", applyLooks);
}
