/**
 * FNV-1a, 32 bit, over the UTF-16 code units of the text (GrowthBook's SDK hashes `seed + value` with the same
 * function for its bucketing; decision 0058). Stable across processes and releases: a visitor keeps a variation.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Where a visitor falls for one experiment: a number in [0, 1), the same every time for the same pair. */
export function assignmentBucket(experimentId: string, visitorId: string): number {
  return fnv1a32(`${experimentId}:${visitorId}`) / 0x1_0000_0000;
}

/**
 * The variation whose share of the total ratio holds `bucket`, walking the variations in their listed order; null
 * when every ratio is 0 (nothing to choose).
 */
export function pickWeighted<T extends { ratio: number }>(variations: readonly T[], bucket: number): T | null {
  const total = variations.reduce((sum, variation) => sum + variation.ratio, 0);
  if (!(total > 0)) return null;
  let cumulative = 0;
  for (const variation of variations) {
    if (variation.ratio <= 0) continue;
    cumulative += variation.ratio / total;
    if (bucket < cumulative) return variation;
  }
  // Floating-point sums can end a hair under 1: the last variation with a share takes the rest.
  return variations.findLast((variation) => variation.ratio > 0) ?? null;
}
