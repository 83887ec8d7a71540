import { describe, expect, it } from "vitest";
import { assignmentBucket, fnv1a32, pickWeighted } from "./hash";
import { seededVisitorIds } from "./test-helpers";

/** Pearson's chi-square of observed counts against the ratios' expected shares. */
function chiSquare(observed: number[], ratios: number[]): number {
  const total = observed.reduce((a, b) => a + b, 0);
  const weight = ratios.reduce((a, b) => a + b, 0);
  return observed.reduce((sum, count, index) => {
    const expected = (total * ratios[index]!) / weight;
    return sum + (count - expected) ** 2 / expected;
  }, 0);
}

// Critical values at p = 0.001 (df = categories − 1): a fair split fails this once in a thousand seeds; the ids
// are fixed, so the test answers the same every run.
const CRITICAL_0_001 = { 1: 10.828, 2: 13.816, 3: 16.266 } as const;

function split(experimentId: string, ratios: number[]): number[] {
  const variations = ratios.map((ratio, index) => ({ index, ratio }));
  const counts = ratios.map(() => 0);
  for (const id of seededVisitorIds()) {
    const chosen = pickWeighted(variations, assignmentBucket(experimentId, id))!;
    counts[chosen.index]!++;
  }
  return counts;
}

describe("FNV-1a hashing", () => {
  it("matches the published FNV-1a 32-bit test vectors", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });

  it("puts a visitor in the same bucket every time, and in different buckets per experiment", () => {
    expect(assignmentBucket("price-books", "v-1")).toBe(assignmentBucket("price-books", "v-1"));
    expect(assignmentBucket("price-books", "v-1")).not.toBe(assignmentBucket("home-split", "v-1"));
    const bucket = assignmentBucket("price-books", "v-1");
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(1);
  });
});

describe("weighted assignment", () => {
  it("splits 10,000 visitors evenly over three equal variations (chi-square, p = 0.001)", () => {
    const counts = split("price-books", [1, 1, 1]);
    expect(chiSquare(counts, [1, 1, 1])).toBeLessThan(CRITICAL_0_001[2]);
  });

  it("splits 90/10 and 99/1 as the ratios say (chi-square, p = 0.001)", () => {
    expect(chiSquare(split("live-chat-provider", [90, 10]), [90, 10])).toBeLessThan(CRITICAL_0_001[1]);
    expect(chiSquare(split("storefront-platform-insurance", [99, 1]), [99, 1])).toBeLessThan(CRITICAL_0_001[1]);
  });

  it("would notice a biased split", () => {
    // The same visitors counted against the wrong ratios: the test above is able to fail.
    expect(chiSquare(split("live-chat-provider", [90, 10]), [80, 20])).toBeGreaterThan(CRITICAL_0_001[1]);
  });

  it("never picks a variation of ratio 0, and picks nothing when every ratio is 0", () => {
    const counts = split("cart-insurance-switch", [0, 1, 0]);
    expect(counts).toEqual([0, 10_000, 0]);
    expect(pickWeighted([{ ratio: 0 }, { ratio: 0 }], 0.5)).toBeNull();
  });

  it("lays buckets out in the listed order", () => {
    const variations = [
      { id: "default", ratio: 1 },
      { id: "A", ratio: 3 },
    ];
    expect(pickWeighted(variations, 0)?.id).toBe("default");
    expect(pickWeighted(variations, 0.2499)?.id).toBe("default");
    expect(pickWeighted(variations, 0.25)?.id).toBe("A");
    expect(pickWeighted(variations, 0.999999)?.id).toBe("A");
  });

  it("uses fixed, distinct visitor ids", () => {
    const ids = seededVisitorIds();
    expect(new Set(ids).size).toBe(10_000);
    expect(seededVisitorIds(3)).toEqual(seededVisitorIds(3));
  });
});
