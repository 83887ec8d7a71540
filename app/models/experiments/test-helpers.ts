import { definitionFromCampaign, type Campaign, type ExperimentDefinition } from "./definitions";
import type { ExperimentFacts } from "./facts";

/** Shared by the engine's tests: a signed-out desktop visitor in development who has never ordered. */
export function facts(change: Partial<ExperimentFacts> = {}): ExperimentFacts {
  return {
    visitorId: "visitor-1",
    environment: "DEVELOPMENT",
    signedIn: false,
    isMobile: false,
    trafficChannel: null,
    affiliateCode: null,
    customerGroups: [],
    referralBrandingCode: null,
    hasPreviousOrder: false,
    hasPreviousShippedOrder: false,
    hasPreviousSignIn: false,
    examPriceCents: null,
    ...change,
  };
}

/** A running random campaign with the given variations (all ratio 1 unless said). */
export function definition(
  id: string,
  change: Partial<Campaign> = {},
  variations: Campaign["variations"] = [
    { id: "default", ratio: 1, actions: [] },
    { id: "A", ratio: 1, actions: [] },
  ],
): ExperimentDefinition {
  return definitionFromCampaign({
    id,
    description: id,
    status: "running",
    conditions: [],
    variations,
    supports_excluded: false,
    options: { assignment: "random", algorithm: "fnv1a32", cache_preferences: "page" },
    ...change,
  });
}

/** 10,000 fixed visitor ids from a seeded generator (mulberry32), shaped like the store's ids. */
export function seededVisitorIds(count = 10_000, seed = 28): string[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0).toString(16).padStart(8, "0");
  };
  return Array.from({ length: count }, () => `${next()}-${next()}-${next()}`);
}
