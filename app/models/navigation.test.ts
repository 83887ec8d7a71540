import { describe, expect, it } from "vitest";
import { filterNavigationLinks, navigationLinkSchema, type NavigationLink } from "./navigation";

const FALLBACK = [{ text: "Fallback", url: "/fallback" }];
const anonymous = { signedIn: false, hasSubscriptions: false };
const customer = { signedIn: true, hasSubscriptions: false };
const subscriber = { signedIn: true, hasSubscriptions: true };

function link(overrides: Partial<NavigationLink> & { link_text: string }): NavigationLink {
  return navigationLinkSchema.parse({ link_url: `/${overrides.link_text.toLowerCase()}`, ...overrides });
}

const texts = (links: Array<{ text: string }>) => links.map((l) => l.text);

describe("filterNavigationLinks (spec section 5)", () => {
  it("excludes links with a slot name", () => {
    const links = [link({ link_text: "A" }), link({ link_text: "Slotted", slot_name: "hero" })];
    expect(texts(filterNavigationLinks(links, anonymous, FALLBACK))).toEqual(["A"]);
  });

  it("excludes links that need a campaign but list no variations, and keeps those matching the visitor's path", () => {
    const links = [
      link({ link_text: "NoVariations", campaign_id: "c1" }),
      link({ link_text: "EmptyVariations", campaign_id: "c1", campaign_variations: [] }),
      link({ link_text: "PathB", campaign_id: "c1", campaign_variations: [{ path_id: "B" }] }),
      link({ link_text: "PathA", campaign_id: "c1", campaign_variations: [{ path_id: "A" }] }),
    ];
    expect(texts(filterNavigationLinks(links, { ...anonymous, campaignPaths: { c1: "A" } }, FALLBACK))).toEqual([
      "PathA",
    ]);
  });

  it("matches the sign-in state", () => {
    const links = [
      link({ link_text: "In", signed_in_signed_out: "signed-in" }),
      link({ link_text: "Out", signed_in_signed_out: "signed-out" }),
      link({ link_text: "Both", signed_in_signed_out: "both" }),
    ];
    expect(texts(filterNavigationLinks(links, anonymous, FALLBACK))).toEqual(["Out", "Both"]);
    expect(texts(filterNavigationLinks(links, customer, FALLBACK))).toEqual(["In", "Both"]);
  });

  it("matches the subscription status", () => {
    const links = [
      link({ link_text: "Either", subscription_status: "either" }),
      link({ link_text: "Empty", subscription_status: "" }),
      link({ link_text: "Has", subscription_status: "has-subscription" }),
      link({ link_text: "HasNot", subscription_status: "does-not-have-subscription" }),
    ];
    expect(texts(filterNavigationLinks(links, customer, FALLBACK))).toEqual(["Either", "Empty", "HasNot"]);
    expect(texts(filterNavigationLinks(links, subscriber, FALLBACK))).toEqual(["Either", "Empty", "Has"]);
  });

  it("keeps links requiring an experiment only when it evaluates true", () => {
    const links = [link({ link_text: "Gated", required_campaign: "exp" }), link({ link_text: "Open" })];
    expect(texts(filterNavigationLinks(links, anonymous, FALLBACK))).toEqual(["Open"]);
    expect(
      texts(filterNavigationLinks(links, { ...anonymous, evaluateCampaign: (id) => id === "exp" }, FALLBACK)),
    ).toEqual(["Gated", "Open"]);
  });

  it("sorts by the order for the sign-in state, missing or non-numeric orders last, keeping their order", () => {
    const links = [
      link({ link_text: "NoOrder" }),
      link({ link_text: "Third", signed_out_order: 3, signed_in_order: 1 }),
      link({ link_text: "Junk", signed_out_order: "soon" }),
      link({ link_text: "First", signed_out_order: "1", signed_in_order: 3 }),
      link({ link_text: "Second", signed_out_order: 2, signed_in_order: 2 }),
    ];
    expect(texts(filterNavigationLinks(links, anonymous, FALLBACK))).toEqual([
      "First",
      "Second",
      "Third",
      "NoOrder",
      "Junk",
    ]);
    expect(texts(filterNavigationLinks(links, customer, FALLBACK)).slice(0, 3)).toEqual(["Third", "Second", "First"]);
  });

  it("uses the fallback when nothing is left or there are no links", () => {
    expect(filterNavigationLinks([link({ link_text: "X", slot_name: "s" })], anonymous, FALLBACK)).toEqual(FALLBACK);
    expect(filterNavigationLinks([], anonymous, FALLBACK)).toEqual(FALLBACK);
    expect(filterNavigationLinks(undefined, anonymous, FALLBACK)).toEqual(FALLBACK);
  });

  it("uses the fallback when evaluating the rules fails", () => {
    const links = [link({ link_text: "Gated", required_campaign: "exp" })];
    const visitor = {
      ...anonymous,
      evaluateCampaign: () => {
        throw new Error("experiment service down");
      },
    };
    expect(filterNavigationLinks(links, visitor, FALLBACK)).toEqual(FALLBACK);
  });
});
