import { describe, expect, it } from "vitest";
import { brandFinderRedirect } from "./brand-finder";

const q = (query: string) => new URLSearchParams(query);
const SEARCH = "/try-contact-lens-brands/search";

describe("find-my-perfect-brand guards", () => {
  it("needs productId on parameters and ineligible", () => {
    expect(brandFinderRedirect("parameters", q(""))).toBe(SEARCH);
    expect(brandFinderRedirect("parameters", q("productId=1001"))).toBeNull();
    expect(brandFinderRedirect("ineligible", q("productId="))).toBe(SEARCH);
    expect(brandFinderRedirect("ineligible", q("productId=1001"))).toBeNull();
  });
  it("needs productId and an eye parameter on calculating", () => {
    expect(brandFinderRedirect("calculating", q("productId=1001"))).toBe(SEARCH);
    expect(brandFinderRedirect("calculating", q("right-power=-2.00"))).toBe(SEARCH);
    expect(brandFinderRedirect("calculating", q("productId=1001&left-power=-2.00"))).toBeNull();
  });
  it("lets search and results render", () => {
    expect(brandFinderRedirect("search", q(""))).toBeNull();
    expect(brandFinderRedirect("results", q(""))).toBeNull();
  });
});
