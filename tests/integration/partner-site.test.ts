import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import type { DatabaseHandle } from "~/services/db/client.server";
import { visitorContext, type AppServices } from "~/services/platform/context.server";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { withRunningExperiments } from "../setup/test-content";
import { createTestDatabase } from "../setup/test-database";

// The partner_site action (spec 3 §4; decision 67) in the shell, through the root middleware and loader: the
// affiliate partners' campaign runs as the content ships it (an 8. link puts the visit in the affiliate group, which
// takes path A, whose action names the partner site), and a copy of the content whose action names a site the
// content does not have.

let database: DatabaseHandle;
let services: AppServices;
let misnamed: AppServices;
const warnings: Array<Record<string, unknown>> = [];

/** A content copy where affiliate-partners runs, its partner_site action naming `site`. */
function contentNaming(site: string): string {
  const dir = withRunningExperiments(["affiliate-partners"]);
  const file = path.join(dir, "experiments.json");
  const content = JSON.parse(fs.readFileSync(file, "utf8")) as {
    experiments: Array<{
      id: string;
      variations: Array<{ id: string; actions?: Array<{ type: string; site?: string }> }>;
    }>;
  };
  const variation = content.experiments
    .find((campaign) => campaign.id === "affiliate-partners")!
    .variations.find((candidate) => candidate.id === "A")!;
  variation.actions = [{ type: "partner_site", site }];
  fs.writeFileSync(file, JSON.stringify(content));
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database, { CONTENT_DIR: withRunningExperiments(["affiliate-partners"]) });
  misnamed = createTestServices(database, { CONTENT_DIR: contentNaming("no-such-partner") });
  services.logger.level = "silent";
  misnamed.logger.level = "warn";
  const warn = misnamed.logger.warn.bind(misnamed.logger);
  misnamed.logger.warn = ((fields: Record<string, unknown>, message?: string) => {
    warnings.push({ ...fields, msg: message });
    return warn(fields, message);
  }) as typeof misnamed.logger.warn;
});
afterAll(async () => {
  await database.close();
});

type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** A page read through the root middleware and loader: the shell as the page renders it, and the visitor. */
async function shell(on: AppServices, pathname: string, cookie?: string) {
  const request = new Request(`http://store.test${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
  let data: RootData | null = null;
  let campaignKey = "";
  let variation: string | undefined;
  const response = await runThroughMiddleware(on, request, async (context) => {
    data = await rootLoader({ request, params: {}, context } as never);
    const visitor = context.get(visitorContext);
    campaignKey = visitor.campaignKey;
    variation = visitor.campaignVariations["affiliate-partners"];
    return new Response("page", { status: 200 });
  });
  const session = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${on.sessions.cookieName}=`))
    ?.split(";")[0];
  return { data: data as unknown as RootData, session, campaignKey, variation };
}

describe("a partner site's co-branding", () => {
  it("is the partner's ribbon, linking to its landing, for the affiliate group's path A; nobody else's", async () => {
    const stranger = await shell(services, "/lenses");
    expect(stranger.variation).toBe("excluded");
    expect(stranger.data.partnerRibbon).toBeNull();

    const arrival = await shell(services, "/?ac=8.4411");
    expect(arrival.variation).toBe("A");
    expect(arrival.session).toBeDefined();
    const later = await shell(services, "/lenses", arrival.session);
    expect(later.variation).toBe("A");
    expect(later.data.partnerRibbon).toEqual({
      site: "partner-readers",
      welcome: "Welcome, readers of our partner sites.",
      landing: "/landing/partner-savings",
      linkLabel: "See your partner savings",
    });
    // The menu's partner link is the same path's (required_campaign).
    expect(later.data.mainLinks.map((link) => link.url)).toContain("/landing/partner-savings");
    // Pages are cached by the variations' key: the co-branded page's key is not the stranger's.
    expect(later.campaignKey).not.toBe(stranger.campaignKey);
  });

  it("follows the variation an override asks for (outside production), and none for the control path", async () => {
    const forced = await shell(services, "/lenses?experiment=affiliate-partners:A");
    expect(forced.data.partnerRibbon?.site).toBe("partner-readers");
    const control = await shell(services, "/lenses?experiment=affiliate-partners:default");
    expect(control.data.partnerRibbon).toBeNull();
  });

  it("falls back to none for a site the content does not name, logged once", async () => {
    const arrival = await shell(misnamed, "/?ac=8.4411");
    expect(arrival.variation).toBe("A");
    expect(arrival.data.partnerRibbon).toBeNull();
    const later = await shell(misnamed, "/lenses", arrival.session);
    expect(later.data.partnerRibbon).toBeNull();
    // The path's menu link is unaffected: only the co-branding falls back.
    expect(later.data.mainLinks.map((link) => link.url)).toContain("/landing/partner-savings");
    expect(warnings.filter((line) => line.partnerSite === "no-such-partner")).toEqual([
      { partnerSite: "no-such-partner", msg: "partner site not in the content: no co-branding" },
    ]);
  });
});
