import { describe, expect, it } from "vitest";
import {
  compareSearchResults,
  containsQueryWords,
  dropDistantResults,
  isSearchFacet,
  normalizeSearchQuery,
  productSearchWords,
  SEARCH_FACETS,
  SEARCH_INDEX_MAX_AGE_MS,
  SEARCH_KEY_WEIGHTS,
  SEARCH_MIN_MATCH_CHAR_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SCORE_DROP_DISTANCE,
  SEARCH_SUGGESTION_LIMIT,
  SEARCH_THRESHOLD,
  searchPasses,
  searchWords,
} from "./search";
import { suggestionQuerySchema } from "./search-suggestions";

describe("search constants (spec 3)", () => {
  it("uses threshold 0.5 standard and 0.6 simple", () => {
    expect(SEARCH_THRESHOLD).toEqual({ standard: 0.5, simple: 0.6 });
  });

  it("needs 2 matching characters standard and 3 restrictive", () => {
    expect(SEARCH_MIN_MATCH_CHAR_LENGTH).toEqual({ standard: 2, restrictive: 3 });
  });

  it("weighs the six keys between 0.7 and 0.9, the display name most", () => {
    expect(SEARCH_KEY_WEIGHTS).toEqual({
      displayName: 0.9,
      brand: 0.85,
      searchTerms: 0.8,
      manufacturerName: 0.75,
      categories: 0.7,
      descriptorPackSize: 0.7,
    });
    for (const weight of Object.values(SEARCH_KEY_WEIGHTS)) {
      expect(weight).toBeGreaterThanOrEqual(0.7);
      expect(weight).toBeLessThanOrEqual(0.9);
    }
  });

  it("drops at 0.035 above the best, suggests at most 8, caps queries at 100 and rebuilds after 5 minutes", () => {
    expect(SEARCH_SCORE_DROP_DISTANCE).toBe(0.035);
    expect(SEARCH_SUGGESTION_LIMIT).toBe(8);
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(100);
    expect(SEARCH_INDEX_MAX_AGE_MS).toBe(300_000);
  });
});

describe("searchPasses", () => {
  it("runs standard then simple; the page needs 2 characters, suggestions 3", () => {
    expect(searchPasses("page")).toEqual([
      { threshold: 0.5, minMatchCharLength: 2 },
      { threshold: 0.6, minMatchCharLength: 2 },
    ]);
    expect(searchPasses("suggest")).toEqual([
      { threshold: 0.5, minMatchCharLength: 3 },
      { threshold: 0.6, minMatchCharLength: 3 },
    ]);
  });
});

describe("normalizeSearchQuery", () => {
  it("trims and collapses whitespace", () => {
    expect(normalizeSearchQuery("  acuvue \t\n  oasys  ")).toBe("acuvue oasys");
  });

  it("turns missing, empty and whitespace-only queries into null", () => {
    expect(normalizeSearchQuery(null)).toBeNull();
    expect(normalizeSearchQuery(undefined)).toBeNull();
    expect(normalizeSearchQuery("")).toBeNull();
    expect(normalizeSearchQuery("   \t ")).toBeNull();
  });

  it("caps the length at 100 characters, without a trailing space", () => {
    expect(normalizeSearchQuery("a".repeat(150))).toBe("a".repeat(100));
    expect(normalizeSearchQuery(`${"a".repeat(99)} b`)).toBe("a".repeat(99));
    expect(normalizeSearchQuery(`  ${"b".repeat(100)}`)).toBe("b".repeat(100));
  });

  it("drops control characters", () => {
    expect(normalizeSearchQuery("acu\u0000vue\u007f")).toBe("acuvue");
    expect(normalizeSearchQuery("\u0001\u0002")).toBeNull();
  });
});

describe("dropDistantResults (spec: drop results 0.035 or more above the best score)", () => {
  it("keeps results closer than 0.035 to the best and drops exactly 0.035 above it", () => {
    const best = 0.2;
    const results = [
      { id: "a", score: best },
      { id: "b", score: best + 0.034 },
      { id: "c", score: best + 0.035 },
      { id: "d", score: best + 0.2 },
    ];
    expect(dropDistantResults(results).map((result) => result.id)).toEqual(["a", "b"]);
  });

  it("measures from the lowest score wherever it sits, and keeps the given order", () => {
    const results = [
      { id: "x", score: 0.03 },
      { id: "y", score: 0.5 },
      { id: "z", score: 0 },
      { id: "w", score: 0.0349 },
    ];
    expect(dropDistantResults(results).map((result) => result.id)).toEqual(["x", "z", "w"]);
    expect(dropDistantResults([{ score: 0 }, { score: 0.035 }])).toEqual([{ score: 0 }]);
  });

  it("keeps equal scores and answers nothing for nothing", () => {
    expect(dropDistantResults([{ score: 0.4 }, { score: 0.4 }])).toHaveLength(2);
    expect(dropDistantResults([])).toEqual([]);
  });
});

describe("dropDistantResults keeps a result that contains the query's words (issue 13)", () => {
  it("keeps a word match however far from the best, and still drops a far fuzzy match", () => {
    const results = [
      { id: "best", score: 0.1, wordMatch: true },
      { id: "far-word", score: 0.6, wordMatch: true },
      { id: "far-fuzzy", score: 0.6, wordMatch: false },
      { id: "near-fuzzy", score: 0.12 },
    ];
    expect(dropDistantResults(results).map((result) => result.id)).toEqual(["best", "far-word", "near-fuzzy"]);
  });
});

describe("the word rule", () => {
  it("splits text into lower-case words of letters and digits", () => {
    expect(searchWords("1-Day Acuvue Moist for Astigmatism")).toEqual([
      "1",
      "day",
      "acuvue",
      "moist",
      "for",
      "astigmatism",
    ]);
    expect(searchWords("toric-astigmatism")).toEqual(["toric", "astigmatism"]);
    expect(searchWords("Bausch + Lomb")).toEqual(["bausch", "lomb"]);
    expect(searchWords(" - ")).toEqual([]);
  });

  it("knows a product by its name, categories, their menu names and its search terms, not brand or pack size", () => {
    const words = productSearchWords({
      displayName: "Air Optix Colors 2 pack",
      categories: ["monthly-disposables", "color"],
      searchTerms: ["colored contacts"],
    });
    expect(words).toEqual(
      expect.arrayContaining(["air", "optix", "colors", "monthly", "disposables", "color", "colored", "contacts"]),
    );
    // "Monthly" and "Colors" are the menu names of the two categories (spec 2.6).
    expect(productSearchWords({ displayName: "X", categories: ["color"], searchTerms: [] })).toEqual([
      "x",
      "color",
      "colors",
    ]);
    expect(productSearchWords({ displayName: "X", categories: ["toric-astigmatism"], searchTerms: [] })).toEqual([
      "x",
      "toric",
      "astigmatism",
    ]);
  });

  it("matches each query word as a whole word or the start of one, in any case", () => {
    const words = ["1", "day", "acuvue", "moist", "multifocal", "bifocal", "daily", "disposables"];
    expect(containsQueryWords(words, "multifocal", 2)).toBe(true);
    expect(containsQueryWords(words, "MultiFocal", 2)).toBe(true);
    expect(containsQueryWords(words, "multi", 2)).toBe(true);
    expect(containsQueryWords(words, "bifocal", 2)).toBe(true);
    expect(containsQueryWords(words, "1 day acuvue", 2)).toBe(true);
    expect(containsQueryWords(words, "acuvue oasys", 2)).toBe(false);
    // Inside a word is not a match: "focal" is neither a word nor the start of one.
    expect(containsQueryWords(words, "focal", 2)).toBe(false);
    expect(containsQueryWords(words, "dailies", 2)).toBe(false);
  });

  it("needs one query word of the pass's minimum match length", () => {
    const words = ["acuvue", "oasys"];
    expect(containsQueryWords(words, "a", 2)).toBe(false);
    expect(containsQueryWords(words, "ac", 2)).toBe(true);
    expect(containsQueryWords(words, "ac", 3)).toBe(false);
    expect(containsQueryWords(words, "acu", 3)).toBe(true);
    expect(containsQueryWords(words, "   ", 2)).toBe(false);
  });
});

describe("compareSearchResults", () => {
  it("puts the best (lowest) score first and breaks ties by ordinal", () => {
    const results = [
      { id: "late-tie", score: 0.1, ordinal: 9 },
      { id: "worse", score: 0.12, ordinal: 0 },
      { id: "early-tie", score: 0.1004, ordinal: 2 },
      { id: "best", score: 0.01, ordinal: 5 },
    ];
    expect([...results].sort(compareSearchResults).map((result) => result.id)).toEqual([
      "best",
      "early-tie",
      "late-tie",
      "worse",
    ]);
  });
});

describe("search facets", () => {
  it("narrows /search/lenses to lenses and /search/contact-lens-solution to solutions, nothing else", () => {
    expect(SEARCH_FACETS).toEqual({ lenses: "lens", "contact-lens-solution": "solution" });
    expect(isSearchFacet("lenses")).toBe(true);
    expect(isSearchFacet("contact-lens-solution")).toBe(true);
    expect(isSearchFacet("glasses")).toBe(false);
    expect(isSearchFacet("toString")).toBe(false);
  });
});

describe("suggestionQuerySchema", () => {
  it("accepts short and ordinary queries up to 100 characters", () => {
    expect(suggestionQuerySchema.safeParse("").success).toBe(true);
    expect(suggestionQuerySchema.safeParse("ac").success).toBe(true);
    expect(suggestionQuerySchema.safeParse("acuvue oasys").success).toBe(true);
    expect(suggestionQuerySchema.safeParse("a".repeat(100)).success).toBe(true);
  });

  it("refuses a missing, too long or unreadable query", () => {
    expect(suggestionQuerySchema.safeParse(undefined).success).toBe(false);
    expect(suggestionQuerySchema.safeParse("a".repeat(101)).success).toBe(false);
    expect(suggestionQuerySchema.safeParse("acu\u0000vue").success).toBe(false);
  });
});
