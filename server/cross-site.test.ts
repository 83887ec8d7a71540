import { describe, expect, it } from "vitest";
import { isCrossSite } from "./cross-site";

const HOST = "store.test";

describe("isCrossSite", () => {
  it("refuses what the browser marks cross-site, foreign origins and opaque origins", () => {
    expect(isCrossSite({ secFetchSite: "cross-site" }, HOST)).toBe(true);
    expect(isCrossSite({ secFetchSite: "cross-site", origin: "http://store.test" }, HOST)).toBe(true);
    expect(isCrossSite({ origin: "https://evil.example" }, HOST)).toBe(true);
    expect(isCrossSite({ origin: "null" }, HOST)).toBe(true);
    expect(isCrossSite({ origin: "not a url" }, HOST)).toBe(true);
    expect(isCrossSite({ secFetchSite: "same-site", origin: "https://other.store.test" }, HOST)).toBe(true);
  });

  it("refuses a request with no Origin whose Referer is another site", () => {
    expect(isCrossSite({ referer: "https://evil.example/page" }, HOST)).toBe(true);
    expect(isCrossSite({ referer: "https://store.test.evil.example/" }, HOST)).toBe(true);
    expect(isCrossSite({ referer: "not a url" }, HOST)).toBe(true);
    // The Origin, when present, is the better witness.
    expect(isCrossSite({ origin: "http://store.test", referer: "https://evil.example/" }, HOST)).toBe(false);
  });

  it("lets same-origin posts and header-less clients through", () => {
    expect(isCrossSite({ secFetchSite: "same-origin", origin: "http://store.test" }, HOST)).toBe(false);
    expect(isCrossSite({ origin: "http://store.test:3000" }, "store.test:3000")).toBe(false);
    expect(isCrossSite({ referer: "http://store.test/cart" }, HOST)).toBe(false);
    expect(isCrossSite({}, HOST)).toBe(false);
    expect(isCrossSite({ referer: "" }, HOST)).toBe(false);
    // A page with a no-referrer policy posts with Origin "null"; the browser still says same-origin.
    expect(isCrossSite({ secFetchSite: "same-origin", origin: "null" }, HOST)).toBe(false);
  });

  it("trusts a same-origin Sec-Fetch-Site over a stale Referer", () => {
    expect(isCrossSite({ secFetchSite: "same-origin", referer: "https://evil.example/" }, HOST)).toBe(false);
  });
});
