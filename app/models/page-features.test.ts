import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_PAGES, NO_PAGE_FEATURES, PAGE_FEATURE_KEYS, pageFeatureOn, pageFeaturesSchema } from "./page-features";

describe("page features (spec 3 §9)", () => {
  it("a page's own toggle wins over the site-wide one; neither is off", () => {
    const features = pageFeaturesSchema.parse({ pages: { site: { paypal: true }, cart: { paypal: false } } });
    expect(pageFeatureOn(features, "cart", "paypal")).toBe(false);
    expect(pageFeatureOn(features, "checkout", "paypal")).toBe(true);
    expect(pageFeatureOn(features, "checkout", "afterpay")).toBe(false);
    expect(pageFeatureOn(NO_PAGE_FEATURES, "site", "paypal")).toBe(false);
  });

  it("refuses unknown pages, toggles and non-boolean values", () => {
    expect(pageFeaturesSchema.safeParse({ pages: { basket: {} } }).success).toBe(false);
    expect(pageFeaturesSchema.safeParse({ pages: { cart: { cartBanners: true } } }).success).toBe(false);
    expect(pageFeaturesSchema.safeParse({ pages: { cart: { paypal: "on" } } }).success).toBe(false);
  });

  it("ships content/features.json with every feature on, as the store had it (the cart banner on the cart page)", () => {
    const shipped = pageFeaturesSchema.parse(
      JSON.parse(fs.readFileSync(path.resolve("content/features.json"), "utf8")),
    );
    for (const page of FEATURE_PAGES) {
      for (const key of PAGE_FEATURE_KEYS) {
        // The cart banner is the cart page's feature (spec 3 §9), on there only: no other page has the banner.
        const expected = key === "cartBanner" ? page === "cart" : true;
        expect(pageFeatureOn(shipped, page, key), `${page} ${key}`).toBe(expected);
      }
    }
  });
});
