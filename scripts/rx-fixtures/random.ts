/**
 * A small seeded PRNG (mulberry32) with the helpers the generator needs. Every fixture takes its own stream,
 * derived from the run's seed and the fixture's name, so adding or removing one fixture (or changing --count)
 * never changes the others: a fixture named "letter-007" looks the same in every run with the same seed.
 */

export type Rng = ReturnType<typeof createRng>;

/** FNV-1a over the string: a stable 32-bit seed from a fixture name. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number) {
  let state = seed >>> 0;
  /** mulberry32: one uniform float in [0, 1). */
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    /** Uniform float in [min, max). */
    float: (min: number, max: number): number => min + (max - min) * next(),
    /** Uniform integer in [min, max], both ends included. */
    int: (min: number, max: number): number => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number): boolean => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    /** Picks by weight: [[value, weight], ...]. */
    weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of entries) {
        r -= w;
        if (r < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    /** Approximately normal (sum of uniforms), mean 0, standard deviation 1. */
    gauss: (): number => (next() + next() + next() + next() + next() + next() - 3) * Math.SQRT2,
    /** A child stream, so a helper can draw freely without shifting the caller's later draws. */
    fork: (label: string) => createRng(hashSeed(`${seed}:${label}`)),
  };
  return rng;
}

/** The stream for one fixture: same seed and name, same pictures and values. */
export function rngFor(seed: number, name: string): Rng {
  return createRng(hashSeed(`${seed}:${name}`));
}
