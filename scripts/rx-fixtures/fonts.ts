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
/** The print faces the original layouts draw from (kept as it was: adding a face here would change their draws). */
export const FONT_FAMILIES = Object.keys(FONTS) as FontFamily[];

/**
 * Handwriting and thermal-printer faces for the newer families. Training and held-out families write with
 * different hands, so a reader tuned on the training pages has never seen the held-out handwriting.
 */
export const EXTRA_FONTS = {
  Caveat: { pkg: "caveat", file: "caveat", kind: "hand" },
  Kalam: { pkg: "kalam", file: "kalam", kind: "hand" },
  "Patrick Hand": { pkg: "patrick-hand", file: "patrick-hand", kind: "hand" },
  "Indie Flower": { pkg: "indie-flower", file: "indie-flower", kind: "hand" },
  "Homemade Apple": { pkg: "homemade-apple", file: "homemade-apple", kind: "hand" },
  "Reenie Beanie": { pkg: "reenie-beanie", file: "reenie-beanie", kind: "hand" },
  "Shadows Into Light": { pkg: "shadows-into-light", file: "shadows-into-light", kind: "hand" },
  "Nanum Pen Script": { pkg: "nanum-pen-script", file: "nanum-pen-script", kind: "hand" },
  "Share Tech Mono": { pkg: "share-tech-mono", file: "share-tech-mono", kind: "mono" },
} as const;

export type ExtraFont = keyof typeof EXTRA_FONTS;
export const TRAINING_HANDS: readonly ExtraFont[] = ["Caveat", "Kalam", "Patrick Hand", "Indie Flower"];
export const HELD_OUT_HANDS: readonly ExtraFont[] = [
  "Homemade Apple",
  "Reenie Beanie",
  "Shadows Into Light",
  "Nanum Pen Script",
];
/** Every face the renderer loads before the first page. */
export const ALL_FAMILIES: readonly string[] = [...FONT_FAMILIES, ...(Object.keys(EXTRA_FONTS) as ExtraFont[])];

/** A CSS font-family value for a handwriting or thermal face. */
export function cssExtra(family: ExtraFont): string {
  return `'${family}', ${EXTRA_FONTS[family].kind === "hand" ? "cursive" : "monospace"}`;
}

/** A CSS font-family value with a fallback of the same kind. */
export function cssFamily(family: FontFamily): string {
  const fallback = { sans: "sans-serif", serif: "serif", mono: "monospace" }[FONTS[family].kind];
  return `'${family}', ${fallback}`;
}

/** @font-face rules for every family in weights 400 and 700 (and 400 italic for the serif letters). */
export function fontFaceCss(): string {
  const rules: string[] = [];
  const all: Array<[string, { pkg: string; file: string }]> = [
    ...Object.entries(FONTS),
    ...Object.entries(EXTRA_FONTS),
  ];
  for (const [family, { pkg, file }] of all) {
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
