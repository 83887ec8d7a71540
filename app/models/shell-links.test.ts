import { describe, expect, it } from "vitest";
import { ALL_PAYMENTS_ON } from "./feature-switches";
import { BRAND_FINDER_PATHS } from "./brand-finder-query";
import type { MenuLink } from "./navigation";
import { RAPID_REORDER_PATH } from "./rapid-reorder";
import {
  BRAND_FINDER_LINK,
  alternativePaymentsOn,
  footerGroups,
  myAccountLinks,
  acceptedPaymentsStrip,
  RAPID_REORDER_LINK,
  reorderTheseText,
} from "./shell-links";

const CARDS = ["Visa", "Mastercard", "Discover", "American Express", "FSA / HSA"];

describe("the footer's 'We accept' strip (spec 2.8, spec 3 §5): exactly the methods that are on", () => {
  it("names PayPal and AfterPay unless switched off, in the spec's order; ApplePay only on Apple devices", () => {
    const on = alternativePaymentsOn(ALL_PAYMENTS_ON);
    expect(on).toEqual(["PayPal", "ApplePay", "AfterPay"]);
    expect(acceptedPaymentsStrip(on, false)).toEqual([...CARDS, "PayPal", "AfterPay"]);
    expect(acceptedPaymentsStrip(on, true)).toEqual([...CARDS, "PayPal", "ApplePay", "AfterPay"]);
  });

  it("drops each switched-off method, and always names the cards and FSA / HSA", () => {
    expect(alternativePaymentsOn({ paypal: false, afterpay: true, applePay: true })).toEqual(["ApplePay", "AfterPay"]);
    expect(alternativePaymentsOn({ paypal: true, afterpay: false, applePay: false })).toEqual(["PayPal"]);
    const none = alternativePaymentsOn({ paypal: false, afterpay: false, applePay: false });
    expect(acceptedPaymentsStrip(none, true)).toEqual(CARDS);
  });

  it("adds each alternative in the spec's order, whatever order it is given in", () => {
    expect(acceptedPaymentsStrip(["AfterPay", "PayPal"], false)).toEqual([...CARDS, "PayPal", "AfterPay"]);
    expect(acceptedPaymentsStrip([], true)).toEqual(CARDS);
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
