import { describe, expect, it } from "vitest";
import { FEATURE_SWITCHES, isSwitchOn, storedSwitchValue, switchDefault, switchStates } from "./feature-switches";
import { NO_PAGE_FEATURES, pageFeaturesSchema } from "./page-features";

const byKey = (key: string) => FEATURE_SWITCHES.find((item) => item.key === key)!;

const features = pageFeaturesSchema.parse({
  pages: {
    site: { paypal: true, afterpay: true, applePay: true, paypalPayLater: true, preorder: true },
    product: { afterpay: false },
  },
});

describe("feature switches", () => {
  it("take the payment switches' defaults from the content's page features (a page's own value first)", () => {
    expect(switchDefault(byKey("paypal"), features, "checkout")).toBe(true);
    expect(switchDefault(byKey("afterpay"), features, "checkout")).toBe(true);
    expect(switchDefault(byKey("afterpay"), features, "product")).toBe(false);
  });

  it("are all off when the content cannot be read (spec 3 §8: treated as disabled)", () => {
    for (const item of FEATURE_SWITCHES) expect(switchDefault(item, NO_PAGE_FEATURES, "site")).toBe(false);
    expect(Object.values(switchStates(NO_PAGE_FEATURES, "checkout", {})).every((on) => !on)).toBe(true);
  });

  it("keep QA and the exam's browser check session-only: off unless switched on, whatever the content", () => {
    for (const key of ["qa", "allowUnsupportedBrowser", "realTimeIdentityData"]) {
      expect(switchDefault(byKey(key), features, "site")).toBe(false);
    }
    expect(switchStates(features, "site", { qa: true }).qa).toBe(true);
  });

  it("take the cart banner's default from the cart page's feature, wherever it is read or set", () => {
    const cartOnly = pageFeaturesSchema.parse({ pages: { cart: { cartBanner: true } } });
    for (const page of ["site", "cart", "checkout"] as const) {
      expect(switchDefault(byKey("cartBanner"), cartOnly, page)).toBe(true);
      expect(switchStates(cartOnly, page, {}).cartBanner).toBe(true);
    }
    // A site-wide value is the cart's too, unless the cart says otherwise.
    const siteOn = pageFeaturesSchema.parse({ pages: { site: { cartBanner: true }, cart: { cartBanner: false } } });
    expect(switchDefault(byKey("cartBanner"), siteOn, "site")).toBe(false);
    expect(switchStates(cartOnly, "site", { cartBanner: false }).cartBanner).toBe(false);
    expect(switchDefault(byKey("cartBanner"), features, "cart")).toBe(false);
  });

  it("let the session override the content's default, keeping only a difference", () => {
    expect(isSwitchOn(undefined, true)).toBe(true);
    expect(isSwitchOn(false, true)).toBe(false);
    expect(isSwitchOn(true, false)).toBe(true);
    expect(isSwitchOn("yes", false)).toBe(false);
    expect(storedSwitchValue(false, true)).toBe(false);
    expect(storedSwitchValue(true, true)).toBeUndefined();
    expect(storedSwitchValue(true, false)).toBe(true);
    expect(storedSwitchValue(false, false)).toBeUndefined();
  });

  it("read no session override where the caller passes none (production)", () => {
    const stored = { paypal: false, qa: true };
    expect(switchStates(features, "checkout", stored)).toMatchObject({ paypal: false, qa: true });
    expect(switchStates(features, "checkout", null)).toMatchObject({ paypal: true, qa: false });
  });
});
