import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as catchAllLoader } from "~/routes/catch-all";
import { loader as contentLoader } from "~/routes/content-page";
import { loader as healthcheckLoader } from "~/routes/healthcheck";
import { loader as lensesLoader } from "~/routes/lenses";
import { loader as productLoader } from "~/routes/product";
import { action as adChoicesAction } from "~/routes/resources.ad-choices";
import { action as ribbonAction } from "~/routes/resources.promo-ribbon";
import { loader as sitemapLoader } from "~/routes/sitemap.xml";
import { loader as rootLoader } from "~/root";
import { visitorContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const url = (path: string) => `http://store.test${path}`;
/** Loader/action arguments as React Router passes them (typed loosely: one helper serves every route). */
async function args(path: string, params: Record<string, string> = {}, init?: RequestInit): Promise<never> {
  const request = new Request(url(path), init);
  return { request, params, context: await createRequestContext(services, request) } as never;
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) {
    return ((result as { init: ResponseInit | null }).init?.status ?? 200) as number;
  }
  return 200;
}

describe("product routes", () => {
  it("redirects a numeric product id (1 to 6 digits) to the vanity URL with 301, keeping the query", async () => {
    const result = await settle(async () => productLoader(await args("/lens/1001?mid=8.1", { name: "1001" })));
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/lens/acuvue-oasys-1-day-90-pack?mid=8.1");
  });

  it("answers 404 for unknown ids, unknown vanity URLs, hidden products, and a lens under the solution path", async () => {
    const hidden = (await import("~/services/db/seed/catalog-data.server")).seedProducts.find((p) => p.isHidden)!;
    for (const [path, name] of [
      ["/lens/999998", "999998"],
      ["/lens/no-such-lens", "no-such-lens"],
      [`/lens/${hidden.vanityUrl}`, hidden.vanityUrl],
      ["/contact-lens-solution/acuvue-oasys-1-day-90-pack", "acuvue-oasys-1-day-90-pack"],
    ] as const) {
      const result = await settle(async () => productLoader(await args(path, { name })));
      expect(statusOf(result), path).toBe(404);
    }
  });

  it("renders a product with its control price and a public Cache-Control", async () => {
    const result = await productLoader(
      await args("/lens/acuvue-oasys-1-day-90-pack", { name: "acuvue-oasys-1-day-90-pack" }),
    );
    const { data, init } = result as unknown as {
      data: { product: { displayName: string; unitPriceCents: number }; instalmentNote: string | null };
      init: ResponseInit;
    };
    expect(data.product.displayName).toMatch(/Acuvue Oasys/i);
    expect(data.product.unitPriceCents).toBeGreaterThan(0);
    // Pay in 4 is on as the shipped content says (issue 27, content/features.json): a quarter of the box price, rounded up to the cent.
    const quarter = Math.ceil(data.product.unitPriceCents / 4);
    expect(data.instalmentNote).toBe(`or 4 payments of $${(quarter / 100).toFixed(2)} with Afterpay`);
    expect(new Headers(init.headers).get("Cache-Control")).toMatch(/public.*s-maxage/);
  });

  it("without a pay-in-4 provider (production without credentials): no instalment note, and still public", async () => {
    const bare = createTestServices(database, { PAYMENT_SIMULATOR: "false" });
    const request = new Request(url("/lens/acuvue-oasys-1-day-90-pack"));
    const result = (await productLoader({
      request,
      params: { name: "acuvue-oasys-1-day-90-pack" },
      context: await createRequestContext(bare, request),
    } as never)) as unknown as { data: { instalmentNote: string | null }; init: ResponseInit };
    expect(result.data.instalmentNote).toBeNull();
    expect(new Headers(result.init.headers).get("Cache-Control")).toMatch(/public.*s-maxage/);
  });

  it("lists lenses by type and brand facets, and 404s an unknown facet", async () => {
    const toric = (await lensesLoader(
      await args("/lenses/toric-astigmatism", { facet: "toric-astigmatism" }),
    )) as unknown as {
      data: { lenses: Array<{ name: string }> };
    };
    expect(toric.data.lenses.length).toBeGreaterThan(3);
    expect(toric.data.lenses.every((lens) => /astigmatism|toric/i.test(lens.name))).toBe(true);
    const unknown = await settle(async () => lensesLoader(await args("/lenses/not-a-facet", { facet: "not-a-facet" })));
    expect(statusOf(unknown)).toBe(404);
  });
});

describe("content routes", () => {
  it("serves a content page with its meta and a public Cache-Control", async () => {
    const result = (await contentLoader(await args("/how-to-read-rx"))) as unknown as {
      data: { page: { heading: string; canonical: string } };
      init: ResponseInit;
    };
    expect(result.data.page.canonical).toBe("/how-to-read-rx");
    expect(new Headers(result.init.headers).get("Cache-Control")).toContain("public");
  });

  it("follows legacy redirects (301, keeping the query) and serves deeper content pages from the catch-all", async () => {
    const redirect = (await settle(async () => catchAllLoader(await args("/my-account/orders?x=1")))) as Response;
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("Location")).toBe("/account/order-history?x=1");
    const page = await catchAllLoader(await args("/eyesociety/category/community"));
    expect(statusOf(page)).toBe(200);
  });

  it("answers 404 for an unknown path", async () => {
    expect(statusOf(await settle(async () => catchAllLoader(await args("/no/such/page"))))).toBe(404);
  });
});

describe("root loader", () => {
  it("gives the shell its menus and the ribbon, and drops the ribbon once dismissed", async () => {
    const data = await rootLoader((await args("/")) as never);
    expect(data.headerLinks.map((link) => link.url).slice(0, 4)).toEqual([
      "/lenses",
      "/exam/landing",
      "/contact-lens-solution",
      "/vision-insurance",
    ]);
    // Signed-in-only links never reach a signed-out visitor.
    expect(data.mainLinks.map((link) => link.url)).not.toContain("/account/subscriptions");
    const dismissed = await rootLoader(
      (await args("/", {}, { headers: { Cookie: "disabledPromoBanner=true" } })) as never,
    );
    expect(dismissed.ribbon).toBeNull();
  });
});

describe("promo ribbon action", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    args(
      "/resources/promo-ribbon",
      {},
      {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      },
    );

  it("sets disabledPromoBanner=true for 10 minutes and redirects back with 303", async () => {
    const response = (await ribbonAction(
      (await post("intent=dismiss&redirectTo=%2Flenses%3Fx%3D1")) as never,
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/lenses?x=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^disabledPromoBanner=true;/);
    expect(cookie).toContain("Max-Age=600");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("answers 400 to bad input, never a 500", async () => {
    const cases: Array<[string, Record<string, string>?]> = [
      ["intent=nope"],
      ["intent=dismiss&redirectTo=%2F%2Fevil.example"],
      ["intent=dismiss&redirectTo=https%3A%2F%2Fevil.example"],
      ["intent=dismiss&redirectTo=%E0%A4%A"],
      [`intent=dismiss&redirectTo=/${"a".repeat(5000)}`],
      ['{"intent":"dismiss"}', { "Content-Type": "application/json" }],
    ];
    for (const [body, headers] of cases) {
      const result = await settle(async () => ribbonAction((await post(body, headers)) as never));
      expect(statusOf(result), body.slice(0, 40)).toBe(400);
    }
  });
});

describe("ad choices action", () => {
  const post = (body: string) =>
    args(
      "/resources/ad-choices",
      {},
      {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      },
    );

  it("records the choice for a year and returns to the page without the dialog", async () => {
    const response = (await adChoicesAction(await post("choice=opt-out&redirectTo=%2Flenses"))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/lenses");
    expect(response.headers.get("Set-Cookie")).toMatch(
      /^adChoices=opt-out; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it("answers 400 with a message to a missing or unknown choice", async () => {
    for (const body of ["", "choice=maybe", "choice=opt-in&redirectTo=%2F%2Fevil.example"]) {
      const result = await settle(async () => adChoicesAction(await post(body)));
      expect(statusOf(result), body).toBe(400);
    }
  });

  it("shows the recorded choice to the shell, and ignores a tampered value", async () => {
    const optedOut = await rootLoader(await args("/", {}, { headers: { Cookie: "adChoices=opt-out" } }));
    expect(optedOut.adChoice).toBe("opt-out");
    const tampered = await rootLoader(await args("/", {}, { headers: { Cookie: "adChoices=<script>" } }));
    expect(tampered.adChoice).toBeNull();
  });
});

describe("root middleware", () => {
  const publicPage = async () =>
    new Response("<html></html>", { headers: { "Cache-Control": "public, max-age=0, s-maxage=300" } });

  it("keeps the public Cache-Control only for anonymous requests without our cookies", async () => {
    const anonymous = await runThroughMiddleware(services, new Request(url("/")), publicPage);
    expect(anonymous.headers.get("Cache-Control")).toContain("public");
    expect(anonymous.headers.get("Set-Cookie")).toBeNull();
    const dismissed = await runThroughMiddleware(
      services,
      new Request(url("/"), { headers: { Cookie: "disabledPromoBanner=true" } }),
      publicPage,
    );
    expect(dismissed.headers.get("Cache-Control")).toBe("private, no-store");
    const withAdChoice = await runThroughMiddleware(
      services,
      new Request(url("/"), { headers: { Cookie: "adChoices=opt-in" } }),
      publicPage,
    );
    expect(withAdChoice.headers.get("Cache-Control")).toBe("private, no-store");
    const unmarked = await runThroughMiddleware(services, new Request(url("/cart")), async () => new Response("x"));
    expect(unmarked.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("sends a visitor id only once something keeps it, never to a bot, and reuses the one the browser has", async () => {
    const keeping = async (context: Parameters<Parameters<typeof runThroughMiddleware>[2]>[0]) => {
      const visitor = context.get(visitorContext);
      visitor.keepVisitorId();
      return new Response(visitor.visitorId);
    };
    const untouched = await runThroughMiddleware(services, new Request(url("/")), publicPage);
    expect(untouched.headers.get("Set-Cookie")).toBeNull();

    const first = await runThroughMiddleware(services, new Request(url("/")), keeping);
    const id = await first.text();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.headers.get("Set-Cookie")).toBe(`visitor=${id}; Max-Age=34560000; Path=/; HttpOnly; SameSite=Lax`);

    const again = await runThroughMiddleware(
      services,
      new Request(url("/"), { headers: { Cookie: `visitor=${id}` } }),
      keeping,
    );
    expect(await again.text()).toBe(id);
    expect(again.headers.get("Set-Cookie")).toBeNull();

    const forged = await runThroughMiddleware(
      services,
      new Request(url("/"), { headers: { Cookie: "visitor=<script>" } }),
      keeping,
    );
    expect(await forged.text()).not.toBe("<script>");

    const bot = await runThroughMiddleware(
      services,
      new Request(url("/"), { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } }),
      keeping,
    );
    expect(bot.headers.get("Set-Cookie")).toBeNull();
  });

  it("attributes the visit, keeps it a day, and adds the affiliate group and referral branding from the link", async () => {
    const seen = async (context: Parameters<Parameters<typeof runThroughMiddleware>[2]>[0]) => {
      const { traffic, customerGroups, referralBrandingCode } = context.get(visitorContext);
      return Response.json({ channel: traffic.channel, customerGroups, referralBrandingCode });
    };
    const plain = await runThroughMiddleware(services, new Request(url("/")), seen);
    expect(await plain.json()).toEqual({
      channel: "Direct",
      customerGroups: ["NewCustomer"],
      referralBrandingCode: null,
    });
    expect(plain.headers.get("Set-Cookie")).toBeNull();

    const fromSearch = await runThroughMiddleware(
      services,
      new Request(url("/lenses"), { headers: { Referer: "https://www.google.com/" } }),
      seen,
    );
    expect((await fromSearch.json()).channel).toBe("Seo");
    const trafficCookie = fromSearch.headers.get("Set-Cookie")!;
    expect(trafficCookie).toMatch(/^traffic=.*Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);

    const affiliate = await runThroughMiddleware(services, new Request(url("/?mid=8.4411&rb=partner-co")), seen);
    expect(await affiliate.json()).toMatchObject({
      customerGroups: ["NewCustomer", "Affiliate"],
      referralBrandingCode: "partner-co",
    });
    const cookies = affiliate.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith("session="))!.split(";")[0]!;
    const traffic = trafficCookie.split(";")[0]!;
    const later = await runThroughMiddleware(
      services,
      new Request(url("/cart"), { headers: { Cookie: `${session}; ${traffic}` } }),
      seen,
    );
    expect(await later.json()).toEqual({
      channel: "Seo",
      customerGroups: ["NewCustomer", "Affiliate"],
      referralBrandingCode: "partner-co",
    });
  });

  it("drops a malformed session cookie instead of failing", async () => {
    for (const cookie of ["session=garbage", "session=%E0%A4%A", "session=eyJhIjoxfQ%3D%3D.forged-signature"]) {
      const response = await runThroughMiddleware(
        services,
        new Request(url("/"), { headers: { Cookie: cookie } }),
        publicPage,
      );
      expect(response.status, cookie).toBe(200);
      expect(response.headers.get("Set-Cookie"), cookie).toMatch(/^session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("clears a malformed query string with a redirect to the bare path", async () => {
    const response = await runThroughMiddleware(services, new Request(url("/lenses?q=%E0%A4%A")), publicPage);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/lenses");
  });
});

describe("resources", () => {
  it("healthcheck answers 200 while the database answers", async () => {
    const response = await healthcheckLoader((await args("/healthcheck")) as never);
    expect(response.status).toBe(200);
  });

  it("sitemap.xml lists public pages and products, not hidden or discontinued ones", async () => {
    const response = await sitemapLoader((await args("/sitemap.xml")) as never);
    const xml = await response.text();
    const { seedProducts } = await import("~/services/db/seed/catalog-data.server");
    expect(xml).toContain("<loc>http://store.test/</loc>");
    expect(xml).toContain("<loc>http://store.test/lenses/toric-astigmatism</loc>");
    expect(xml).toContain("<loc>http://store.test/accessibility</loc>");
    for (const product of seedProducts) {
      const base = product.productType === "lens" ? "/lens/" : "/contact-lens-solution/";
      const listed = xml.includes(`<loc>http://store.test${base}${product.vanityUrl}</loc>`);
      expect(listed, product.vanityUrl).toBe(!product.isHidden && !product.discontinuedInCatalog);
    }
    expect(xml).not.toContain("/block<");
  });
});

describe("healthcheck without a database", () => {
  it("answers 503 when the database does not answer", async () => {
    const broken = await createTestDatabase();
    const brokenServices = createTestServices(broken);
    await broken.close();
    const request = new Request(url("/healthcheck"));
    const context = await createRequestContext(brokenServices, request);
    const response = await healthcheckLoader({ request, params: {}, context } as never);
    expect(response.status).toBe(503);
  });
});
