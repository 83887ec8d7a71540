import { describe, expect, it } from "vitest";
import { isNumericProductParam, legacyRedirectTarget, WELCOME_REDIRECTS } from "./redirects";

describe("legacy redirects", () => {
  it("sends legacy paths to their new homes, ignoring case and trailing slashes", () => {
    expect(legacyRedirectTarget("/my-account/orders")).toBe("/account/order-history");
    expect(legacyRedirectTarget("/My-Account/Orders/")).toBe("/account/order-history");
    expect(legacyRedirectTarget("/privacy-policy")).toBe("/privacy/privacy-policy");
    expect(legacyRedirectTarget("/public-policy")).toBe("/public-policy/home");
    expect(legacyRedirectTarget("/insurance")).toBe("/vision-insurance");
    expect(legacyRedirectTarget("/rebate/acuvue")).toBe("/rebates/acuvue");
    expect(legacyRedirectTarget("/rebate/../../etc")).toBeNull();
    expect(legacyRedirectTarget("/lenses")).toBeNull();
  });

  it("maps welcome sub-paths to top-level pages", () => {
    expect(WELCOME_REDIRECTS).toMatchObject({
      home: "/",
      coupon: "/coupon",
      insurance: "/vision-insurance",
      glasses: "/glasses",
      subscriptions: "/subscriptions",
    });
  });
});

describe("numeric product parameters (spec 2.1)", () => {
  it("accepts 1 to 6 digits only", () => {
    expect(isNumericProductParam("1")).toBe(true);
    expect(isNumericProductParam("999999")).toBe(true);
    expect(isNumericProductParam("1234567")).toBe(false);
    expect(isNumericProductParam("")).toBe(false);
    expect(isNumericProductParam("12a")).toBe(false);
    expect(isNumericProductParam("acuvue-oasys")).toBe(false);
  });
});
