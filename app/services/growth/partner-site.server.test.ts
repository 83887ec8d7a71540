import pino from "pino";
import { describe, expect, it } from "vitest";
import type { ContentAction } from "~/models/experiments/definitions";
import type { PartnerSite } from "~/models/partner-sites";
import type { ContentSource } from "../adapters/content/content-source";
import { partnerSiteFor } from "./partner-site.server";

function recordingLogger() {
  const lines: Array<{ msg: string; level: number; partnerSite?: string }> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const DIGEST: PartnerSite = { site: "lens-digest", name: "Lens Digest", landing: "/landing/partner-savings" };

function servicesWith(getPartnerSites: () => Promise<PartnerSite[]>) {
  const { logger, lines } = recordingLogger();
  let reads = 0;
  const content = {
    getPartnerSites: () => {
      reads++;
      return getPartnerSites();
    },
  } as unknown as ContentSource;
  return { services: { content, logger }, lines, reads: () => reads };
}

const visitorWith = (...campaignActions: ContentAction[]) => ({ campaignActions });

describe("partnerSiteFor", () => {
  it("is the content's site the visitor's first partner_site action names", async () => {
    const { services } = servicesWith(async () => [DIGEST]);
    const visitor = visitorWith(
      { type: "price_book", price_book: "high" },
      { type: "partner_site", site: "lens-digest" },
      { type: "partner_site", site: "another" },
    );
    expect(await partnerSiteFor(services, visitor)).toEqual(DIGEST);
  });

  it("is none, without asking the content system, for a visitor whose variations name no partner site", async () => {
    const { services, reads } = servicesWith(async () => [DIGEST]);
    expect(await partnerSiteFor(services, visitorWith())).toBeNull();
    expect(await partnerSiteFor(services, visitorWith({ type: "price_book", price_book: "low" }))).toBeNull();
    expect(reads()).toBe(0);
  });

  it("falls back to none for a site the content does not name, and logs it once", async () => {
    const { services, lines } = servicesWith(async () => [DIGEST]);
    const visitor = visitorWith({ type: "partner_site", site: "lens-digst-typo" });
    expect(await partnerSiteFor(services, visitor)).toBeNull();
    expect(await partnerSiteFor(services, visitor)).toBeNull();
    const warnings = lines.filter((line) => line.partnerSite === "lens-digst-typo");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, msg: "partner site not in the content: no co-branding" });
  });

  it("goes on without co-branding when the content system fails (logged)", async () => {
    const { services, lines } = servicesWith(async () => {
      throw new Error("cms down");
    });
    expect(await partnerSiteFor(services, visitorWith({ type: "partner_site", site: "lens-digest" }))).toBeNull();
    expect(lines.some((line) => line.level === 40 && line.partnerSite === "lens-digest")).toBe(true);
  });
});
