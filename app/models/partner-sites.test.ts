import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { experimentsContentSchema } from "./experiments/definitions";
import {
  choosePartnerSite,
  PARTNER_WORDS,
  partnerRibbonView,
  partnerSitesContentSchema,
  type PartnerSite,
} from "./partner-sites";

const DIGEST: PartnerSite = { site: "lens-digest", name: "Lens Digest", landing: "/landing/partner-savings" };
const OTHERS: PartnerSite = { site: "partner-readers", name: "our partner sites", landing: "/landing/partner-savings" };

describe("a visitor's partner site (partner_site action)", () => {
  it("is the content's site the action names", () => {
    expect(choosePartnerSite({ site: "lens-digest" }, [OTHERS, DIGEST])).toEqual({ site: DIGEST, unknownSite: null });
  });

  it("is none without an action, and none (reported) for a site the content does not name", () => {
    expect(choosePartnerSite(null, [DIGEST])).toEqual({ site: null, unknownSite: null });
    expect(choosePartnerSite({ site: "lens-digst" }, [DIGEST])).toEqual({ site: null, unknownSite: "lens-digst" });
    expect(choosePartnerSite({ site: "lens-digest" }, [])).toEqual({ site: null, unknownSite: "lens-digest" });
  });

  it("words the ribbon with the partner's name, linking to its landing", () => {
    expect(PARTNER_WORDS.welcome("Lens Digest")).toBe("Welcome, readers of Lens Digest.");
    expect(partnerRibbonView(DIGEST)).toEqual({
      site: "lens-digest",
      welcome: "Welcome, readers of Lens Digest.",
      landing: "/landing/partner-savings",
      linkLabel: "See your partner savings",
    });
  });
});

describe("the partner sites' content", () => {
  it("takes a site id of plain words, a name, and a landing on this store; each site once", () => {
    expect(partnerSitesContentSchema.safeParse({ sites: [DIGEST, OTHERS] }).success).toBe(true);
    for (const bad of [
      { ...DIGEST, site: "Lens Digest" },
      { ...DIGEST, name: " " },
      { ...DIGEST, landing: "https://lens-digest.example/savings" },
      { ...DIGEST, landing: "//lens-digest.example" },
    ])
      expect(partnerSitesContentSchema.safeParse({ sites: [bad] }).success).toBe(false);
    expect(partnerSitesContentSchema.safeParse({ sites: [DIGEST, { ...OTHERS, site: DIGEST.site }] }).success).toBe(
      false,
    );
  });

  it("names every site the shipped campaigns' partner_site actions ask for, each landing a content page", () => {
    const sites = partnerSitesContentSchema.parse(JSON.parse(fs.readFileSync("content/partner-sites.json", "utf8")));
    const campaigns = experimentsContentSchema.parse(JSON.parse(fs.readFileSync("content/experiments.json", "utf8")));
    const asked = campaigns.experiments.flatMap((campaign) =>
      campaign.variations.flatMap((variation) =>
        (variation.actions ?? []).flatMap((action) => (action.type === "partner_site" ? [action.site] : [])),
      ),
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const site of asked) expect(choosePartnerSite({ site }, sites.sites).site).not.toBeNull();
    for (const site of sites.sites) expect(fs.existsSync(`content/pages${site.landing}.md`)).toBe(true);
  });
});
