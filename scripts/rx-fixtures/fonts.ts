/**
 * The font families the documents print in, loaded from the @fontsource packages as data: URLs so the page
 * needs no file:// or network access. Only the latin subsets: they include U+2212 (the true minus sign).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const FONTS = {
  Roboto: { pkg: "roboto", file: "roboto", kind: "sans" },
  Inter: { pkg: "inter", file: "inter", kind: "sans" },
  "Source Serif 4": { pkg: "source-serif-4", file: "source-serif-4", kind: "serif" },
  Merriweather: { pkg: "merriweather", file: "merriweather", kind: "serif" },
  "Courier Prime": { pkg: "courier-prime", file: "courier-prime", kind: "mono" },
} as const;

export type FontFamily = keyof typeof FONTS;
export const FONT_FAMILIES = Object.keys(FONTS) as FontFamily[];

/** A CSS font-family value with a fallback of the same kind. */
export function cssFamily(family: FontFamily): string {
  const fallback = { sans: "sans-serif", serif: "serif", mono: "monospace" }[FONTS[family].kind];
  return `'${family}', ${fallback}`;
}

/** @font-face rules for every family in weights 400 and 700 (and 400 italic for the serif letters). */
export function fontFaceCss(): string {
  const rules: string[] = [];
  for (const family of FONT_FAMILIES) {
    const { pkg, file } = FONTS[family];
    for (const [weight, style] of [
      [400, "normal"],
      [700, "normal"],
      [400, "italic"],
    ] as const) {
      const fontPath = path.join(
        ROOT,
        "node_modules/@fontsource",
        pkg,
        "files",
        `${file}-latin-${weight}-${style}.woff2`,
      );
      if (!fs.existsSync(fontPath)) continue;
      const data = fs.readFileSync(fontPath).toString("base64");
      rules.push(
        `@font-face{font-family:'${family}';font-style:${style};font-weight:${weight};` +
          `src:url(data:font/woff2;base64,${data}) format('woff2');}`,
      );
    }
  }
  return rules.join("\n");
}
