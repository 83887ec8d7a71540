import { describe, expect, it } from "vitest";
import { BRAND_FINDER_PATHS } from "./brand-finder-query";
import type { MenuLink } from "./navigation";
import { RAPID_REORDER_PATH } from "./rapid-reorder";
import {
  BRAND_FINDER_LINK,
  CHECKOUT_ALTERNATIVE_PAYMENTS,
  footerGroups,
  myAccountLinks,
  paymentOptions,
  RAPID_REORDER_LINK,
  reorderTheseText,
} from "./shell-links";

const CARDS = ["Visa", "Mastercard", "Discover", "American Express", "FSA / HSA"];

describe("the footer's 'We accept' strip (spec 2.8): only what checkout takes", () => {
  it("names the cards and nothing else while checkout takes cards only", () => {
    expect(CHECKOUT_ALTERNATIVE_PAYMENTS).toEqual([]);
    expect(paymentOptions(CHECKOUT_ALTERNATIVE_PAYMENTS, false)).toEqual(CARDS);
    expect(paymentOptions(CHECKOUT_ALTERNATIVE_PAYMENTS, true)).toEqual(CARDS);
  });

  it("adds each alternative checkout offers, in the spec's order", () => {
    expect(paymentOptions(["AfterPay", "PayPal"], false)).toEqual([...CARDS, "PayPal", "AfterPay"]);
  });

  it("names ApplePay only on Apple devices, and only when checkout offers it", () => {
    expect(paymentOptions(["PayPal", "ApplePay", "AfterPay"], true)).toEqual([
      ...CARDS,
      "PayPal",
      "ApplePay",
      "AfterPay",
    ]);
    expect(paymentOptions(["PayPal", "ApplePay", "AfterPay"], false)).toEqual([...CARDS, "PayPal", "AfterPay"]);
    expect(paymentOptions([], true)).toEqual(CARDS);
  });
});

describe("rapid reorder and the brand finder are linked where shoppers look (decision 43)", () => {
  it("link to the pages' own paths", () => {
    expect(RAPID_REORDER_LINK.url).toBe(RAPID_REORDER_PATH);
    expect(BRAND_FINDER_LINK.url).toBe(BRAND_FINDER_PATHS.search);
  });

  it("are in the account menu and the footer, beside the spec's links", () => {
    const urls = (links: MenuLink[]) => links.map((link) => link.url);
    expect(urls(myAccountLinks(false))).toEqual([
      "/dashboard",
      "/account/prescriptions",
      "/account/order-history",
      "/rapid-reorder",
      "/account/settings",
    ]);
    expect(urls(myAccountLinks(true))).toContain("/account/subscriptions");
    const footer = Object.fromEntries(footerGroups(false).map((group) => [group.heading, urls(group.links)]));
    expect(footer["My account"]).toContain(RAPID_REORDER_PATH);
    expect(footer.Resources).toContain(BRAND_FINDER_PATHS.search);
  });

  it("say what they reorder", () => {
    expect(reorderTheseText(true)).toBe("Reorder these lenses");
    expect(reorderTheseText(false)).toBe("Reorder these items");
  });
});
