import { describe, expect, it } from "vitest";
import {
  attributeVisit,
  channelOfCampaignCode,
  readTrafficData,
  TRAFFIC_DATA_MAX_AGE_MS,
  type TrafficData,
} from "./traffic";

const NOW = Date.UTC(2026, 10, 28, 12);
const visit = (query: string, referrerHost: string | null = null, stored: TrafficData | null = null) =>
  attributeVisit({ query: new URLSearchParams(query), referrerHost, ownHost: "lenslane.test", stored, now: NOW });

describe("the ac prefix table (spec 3 §4)", () => {
  it.each([
    ["8.1234", "Affiliate"],
    ["34.podcast", "Audio"],
    ["glasses.frames", "ContactsToGlasses"],
    ["35.tv", "Ctv"],
    ["31.banner", "Display"],
    ["7.newsletter", "Email"],
    ["14.winback", "Email"],
    ["32.feed", "PaidSocial"],
    ["10.app", "Push"],
    ["11.sms", "Text"],
    ["33.preroll", "Video"],
    ["YT.channel", "Video"],
    ["PS.search.brand.1", "SearchBrand"],
    ["PS.search.nonbrand.1", "SearchNonBrand"],
    ["PS.shopping.brand.2", "ShoppingBrand"],
    ["PS.SHOP-NB-9", "ShoppingNonBrand"],
    ["72.old", "Miscellaneous"],
    ["calibration", "Miscellaneous"],
  ])("%s → %s", (code, channel) => {
    expect(channelOfCampaignCode(code)).toBe(channel);
  });
});

describe("attributeVisit", () => {
  it("lets the override parameter win over ac and the referrer", () => {
    const { data, store } = visit("channel=email&ac=8.1", "www.google.com");
    expect(data.channel).toBe("Email");
    expect(data.campaign).toBe("8.1");
    expect(store).toBe(true);
  });

  it("maps ac, then a search engine to Seo, then no referrer to Direct (never stored)", () => {
    expect(visit("ac=31.x").data.channel).toBe("Display");
    expect(visit("", "www.bing.com")).toMatchObject({
      data: { channel: "Seo", referrer: "www.bing.com" },
      store: true,
    });
    expect(visit("")).toMatchObject({ data: { channel: "Direct" }, store: false });
    expect(visit("", "lenslane.test")).toMatchObject({ data: { channel: "Direct" }, store: false });
    expect(visit("", "blog.example.org").data.channel).toBe("Miscellaneous");
  });

  it("keeps unexpired data for 1 day, and a Direct visit followed by a search engine becomes Seo", () => {
    const email: TrafficData = { channel: "Email", referrer: null, campaign: "7.a", expires: NOW + 1000 };
    expect(visit("", "www.google.com", email)).toEqual({ data: email, store: false });
    const expired = { ...email, expires: NOW - 1 };
    expect(visit("", null, expired).data.channel).toBe("Direct");
    const direct: TrafficData = { channel: "Direct", referrer: null, campaign: null, expires: NOW + 1000 };
    expect(visit("", "duckduckgo.com", direct)).toMatchObject({ data: { channel: "Seo" }, store: true });
    expect(visit("ac=8.2").data.expires).toBe(NOW + TRAFFIC_DATA_MAX_AGE_MS);
  });

  it("reads only well-formed stored data", () => {
    expect(readTrafficData('{"channel":"Seo","referrer":null,"campaign":null,"expires":1}')?.channel).toBe("Seo");
    for (const raw of [undefined, "", "{", '{"channel":"Nope","referrer":null,"campaign":null,"expires":1}']) {
      expect(readTrafficData(raw)).toBeNull();
    }
  });
});
