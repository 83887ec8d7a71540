/**
 * Lens brands and colours as OCR reads them (rx-text.ts): a small vocabulary of the product lines the store sells
 * (and a few it doesn't, seen on prescriptions), matched with a tolerance of about one wrong letter in five, so
 * "ACUVUE 0ASYS" still reads as "Acuvue Oasys". Longer names win ("Acuvue Oasys for Astigmatism" over "Acuvue Oasys").
 */

export const LENS_BRANDS = [
  "1-Day Acuvue Define",
  "1-Day Acuvue Moist Multifocal",
  "1-Day Acuvue Moist for Astigmatism",
  "1-Day Acuvue Moist",
  "Acuvue 2",
  "Acuvue Advance",
  "Acuvue Oasys 1-Day",
  "Acuvue Oasys MAX 1-Day Multifocal",
  "Acuvue Oasys MAX 1-Day",
  "Acuvue Oasys Multifocal",
  "Acuvue Oasys for Astigmatism",
  "Acuvue Oasys",
  "Acuvue Vita",
  "Air Optix Colors",
  "Air Optix Night & Day Aqua",
  "Air Optix plus HydraGlyde Multifocal",
  "Air Optix plus HydraGlyde for Astigmatism",
  "Air Optix plus HydraGlyde",
  "Air Optix",
  "Avaira Vitality",
  "Bausch + Lomb INFUSE",
  "Bausch + Lomb Ultra for Astigmatism",
  "Bausch + Lomb Ultra for Presbyopia",
  "Bausch + Lomb Ultra",
  "Biofinity Energys",
  "Biofinity Multifocal",
  "Biofinity Toric",
  "Biofinity XR",
  "Biofinity",
  "Biomedics 55 Evolution",
  "Biotrue ONEday for Astigmatism",
  "Biotrue ONEday",
  "Dailies AquaComfort Plus Toric",
  "Dailies AquaComfort Plus",
  "Dailies Total1 Multifocal",
  "Dailies Total1",
  "FreshLook Colorblends",
  "Lenslane Daily",
  "MyDay",
  "Precision1",
  "Proclear 1 Day",
  "Proclear Multifocal",
  "PureVision2",
  "SofLens 38",
  "Total30",
  "clariti 1 day multifocal",
  "clariti 1 day toric",
  "clariti 1 day",
] as const;

export const LENS_COLORS = [
  "Amethyst",
  "Blue",
  "Brilliant Blue",
  "Brown",
  "Gemstone Green",
  "Gray",
  "Green",
  "Hazel",
  "Honey",
  "Natural Shimmer",
  "Natural Shine",
  "Natural Sparkle",
  "Pure Hazel",
  "Sterling Gray",
  "True Sapphire",
  "Turquoise",
  "Grey",
  "Sterling Grey",
] as const;

/** Upper-case letters and digits only, with OCR's usual letter-for-digit swaps undone for comparing. */
function key(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9+&]/g, "")
    .replace(/0/g, "O")
    .replace(/[1|]/g, "I")
    .replace(/5/g, "S")
    .replace(/8/g, "B");
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

interface VocabularyEntry {
  name: string;
  key: string;
  words: number;
}

function vocabulary(names: readonly string[]): VocabularyEntry[] {
  return names
    .map((name) => ({ name, key: key(name), words: name.split(/\s+/).length }))
    .sort((a, b) => b.key.length - a.key.length);
}

const BRANDS = vocabulary(LENS_BRANDS);
const COLORS = vocabulary(LENS_COLORS);

/** How many letters differ, when few enough (about one in five) to be OCR's mistakes; null otherwise. */
function mismatch(candidate: string, entry: VocabularyEntry): number | null {
  if (candidate === entry.key) return 0;
  if (entry.key.length < 5) return null;
  const tolerance = Math.floor(entry.key.length / 5);
  if (Math.abs(candidate.length - entry.key.length) > tolerance) return null;
  const mistakes = distance(candidate, entry.key);
  return mistakes <= tolerance ? mistakes : null;
}

/**
 * The best vocabulary name among `text`'s words (any run of 1–6 words), with where it starts and ends: the longest,
 * less three letters per OCR mistake (so "Biofinity" read cleanly is not "Biofinity XR" with two letters missing).
 */
function findIn(
  text: string,
  entries: readonly VocabularyEntry[],
): { name: string; start: number; end: number } | null {
  const words = [...text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  let best: { name: string; start: number; end: number; score: number } | null = null;
  for (let from = 0; from < words.length; from++) {
    for (let count = 1; count <= 7 && from + count <= words.length; count++) {
      const run = words.slice(from, from + count);
      // The run as read, and without one inner word: OCR's debris from a logo or a ® between two lines of the name.
      const variants = [run.map((word) => word.text)];
      for (let skip = 1; skip < count - 1; skip++) {
        variants.push(run.filter((_, index) => index !== skip).map((word) => word.text));
      }
      for (const variant of variants) {
        const candidate = key(variant.join(""));
        if (!candidate) continue;
        for (const entry of entries) {
          if (Math.abs(entry.words - variant.length) > 1 || (best && entry.key.length <= best.score)) continue;
          const mistakes = mismatch(candidate, entry);
          if (mistakes === null) continue;
          const score = entry.key.length - 3 * mistakes;
          if (!best || score > best.score) {
            best = { name: entry.name, start: run[0]!.start, end: run[run.length - 1]!.end, score };
          }
        }
      }
    }
  }
  return best && { name: best.name, start: best.start, end: best.end };
}

export function findBrand(text: string): { name: string; start: number; end: number } | null {
  return findIn(text, BRANDS);
}

export function findColor(text: string): { name: string; start: number; end: number } | null {
  return findIn(text, COLORS);
}

/** A brand cell's text: the vocabulary name when it is one, otherwise the text itself, tidied. */
export function normalizeBrand(text: string): string | undefined {
  const found = findBrand(text);
  if (found) return found.name;
  const tidy = text
    .replace(/[|[\]{}_~]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return /[A-Za-z]{3}/.test(tidy) ? tidy : undefined;
}

export function normalizeColor(text: string): string | undefined {
  return findColor(text)?.name;
}
