import { describe, expect, it } from "vitest";
import { firstAction, redirectTarget } from "./actions";
import type { ContentAction } from "./definitions";

type Redirect = Extract<ContentAction, { type: "redirect" }>;
const homeSplit: Redirect = {
  type: "redirect",
  from: "/",
  url: "/order-contacts/all-in-one-vision-care",
  keep_query: ["ac"],
};

describe("content actions", () => {
  it("redirects keeping only the named query parameters", () => {
    const url = new URL("https://lenslane.test/?ac=PS.lenslane-search&utm_source=x&ac=second");
    expect(redirectTarget(homeSplit, url)).toBe(
      "/order-contacts/all-in-one-vision-care?ac=PS.lenslane-search&ac=second",
    );
    expect(redirectTarget(homeSplit, new URL("https://lenslane.test/?utm=1"))).toBe(
      "/order-contacts/all-in-one-vision-care",
    );
  });

  it("redirects only from its page, and never to the page the visitor is on", () => {
    expect(redirectTarget(homeSplit, new URL("https://lenslane.test/lenses?ac=x"))).toBeNull();
    const anywhere: Redirect = { type: "redirect", url: "/order-contacts/how-to-order", keep_query: [] };
    expect(redirectTarget(anywhere, new URL("https://lenslane.test/order-contacts/how-to-order"))).toBeNull();
    expect(redirectTarget(anywhere, new URL("https://lenslane.test/cart"))).toBe("/order-contacts/how-to-order");
  });

  it("finds the first action of a type", () => {
    const actions: ContentAction[] = [
      { type: "insurance_provider", provider: "storefront-platform" },
      { type: "price_book", price_book: "high" },
      { type: "price_book", price_book: "low" },
      { type: "partner_site", site: "glasses" },
    ];
    expect(firstAction(actions, "price_book")).toEqual({ type: "price_book", price_book: "high" });
    expect(firstAction(actions, "partner_site")?.site).toBe("glasses");
    expect(firstAction(actions, "redirect")).toBeNull();
  });
});
