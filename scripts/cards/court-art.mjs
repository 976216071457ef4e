// Vendor the court figures of the CC0 deck @letele/playing-cards (React components converted from
// Adrian Kennard's SVG cards, https://www.me.uk/cards/) as plain SVG files the page can <img>.
//
//   cd /tmp && npm pack @letele/playing-cards@0.1.0 && tar xzf letele-playing-cards-0.1.0.tgz
//   node scripts/cards/court-art.mjs /tmp/package patience/web/static/cards
//
// For each Jack, Queen and King it keeps the framed figure only: the card outline and the corner
// indices are dropped (the page draws its own, larger indices), the view is cropped to the frame,
// and numbers keep one decimal. Development only: nothing here runs with the app.
import fs from "node:fs";
import path from "node:path";

const [pkg, outDir] = process.argv.slice(2);
const src = fs.readFileSync(path.join(pkg, "dist/index.esm.js"), "utf8")
  .replace(/^import .*$/gm, "")
  .replace(/^export .*$/gm, "");
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
const CAMEL = new Set(["viewBox", "preserveAspectRatio", "patternUnits", "gradientUnits", "gradientTransform"]);
const attr = (k) => CAMEL.has(k) ? k : k === "className" ? "class" : k === "xlinkHref" ? "href"
  : k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
const React = {
  createElement(tag, props, ...kids) {
    const attrs = Object.entries(props || {})
      .filter(([k, v]) => v != null && !["title", "titleId", "aria-labelledby", "className", "xmlnsXlink"].includes(k))
      .map(([k, v]) => ` ${attr(k)}="${esc(v)}"`).join("");
    const inner = kids.flat().filter((k) => k != null && k !== false).join("");
    return inner ? `<${tag}${attrs}>${inner}</${tag}>` : `<${tag}${attrs}/>`;
  },
};
const names = [...src.matchAll(/^const (Svg[CDHS][JQK])\b/gm)].map((m) => m[1]);
const comps = new Function("React", "_extends", `${src}\nreturn {${names.join(",")}};`)(React, Object.assign);
fs.mkdirSync(outDir, { recursive: true });
for (const name of names) {
  const [suit, rank] = name.slice(3);
  let svg = comps[name]({});
  svg = svg
    .replace(/<rect width="239"[^>]*\/>/, "") // the card outline
    .replace(/<use href="#[^"]*" height="(32|26\.769)"[^>]*\/>/g, "") // corner rank and suit
    .replace(/<g transform="rotate\(180\)"><\/g>/g, "")
    .replace(/ (height|width)="33[0-9]"| width="240"/g, "")
    .replace(/viewBox="-120 -168 240 336"/, 'viewBox="-93 -133 186 266"')
    .replace(/ preserveAspectRatio="none"/, "")
    // shorter numbers: digits past the first decimal dropped (never rounded: a carry could merge an
    // arc's flags with the next number, "01.96" being flag 0, flag 1, .96)
    .replace(/(\.\d)\d+/g, "$1");
  fs.writeFileSync(path.join(outDir, `${rank}${suit}.svg`), svg + "\n");
}
console.log(`${names.length} court figures written to ${outDir}`);
