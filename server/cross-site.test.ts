import { describe, expect, it } from "vitest";
import { isCrossSite } from "./cross-site";

describe("isCrossSite", () => {
  it("refuses what the browser marks cross-site, foreign origins and opaque origins", () => {
    expect(isCrossSite("cross-site", undefined, "store.test")).toBe(true);
    expect(isCrossSite(undefined, "https://evil.example", "store.test")).toBe(true);
    expect(isCrossSite(undefined, "null", "store.test")).toBe(true);
    expect(isCrossSite(undefined, "not a url", "store.test")).toBe(true);
  });
  it("lets same-origin posts and header-less clients through", () => {
    expect(isCrossSite("same-origin", "http://store.test", "store.test")).toBe(false);
    expect(isCrossSite(undefined, "http://store.test:3000", "store.test:3000")).toBe(false);
    expect(isCrossSite(undefined, undefined, "store.test")).toBe(false);
    // A page with a no-referrer policy posts with Origin "null"; the browser still says same-origin.
    expect(isCrossSite("same-origin", "null", "store.test")).toBe(false);
    expect(isCrossSite("same-site", "https://other.store.test", "store.test")).toBe(true);
  });
});
