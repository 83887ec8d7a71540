import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calculating from "~/routes/try-contact-lens-brands.calculating";
import * as ineligible from "~/routes/try-contact-lens-brands.ineligible";
import * as parameters from "~/routes/try-contact-lens-brands.parameters";
import * as results from "~/routes/try-contact-lens-brands.results.$slug";
import * as search from "~/routes/try-contact-lens-brands.search";
import type { DatabaseHandle } from "~/services/db/client.server";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

// The find-my-perfect-brand loaders (issue 17): guards, bad input as a clear message, the real recommender.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

type Loader = (args: never) => unknown;
// The five loaders answer different shapes; the assertions below read them as plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LoaderData = any;

/** Runs a loader on a path and says what came back: a redirect, a status with data, or a thrown status. */
async function visit(loader: Loader, path: string, params: Record<string, string> = {}) {
  const request = new Request(`http://store.test${path}`);
  const context = await createRequestContext(services, request);
  const outcome = await settle(() => loader({ request, params, context } as never));
  if (outcome instanceof Response) {
    return { status: outcome.status, location: outcome.headers.get("Location"), data: null as LoaderData };
  }
  if (outcome && typeof outcome === "object" && "type" in outcome && outcome.type === "DataWithResponseInit") {
    const wrapped = outcome as unknown as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data as LoaderData };
  }
  return { status: 200, location: null, data: outcome as LoaderData };
}

const SEARCH = "/try-contact-lens-brands/search";
const OASYS_1_DAY = seedProducts.find((product) => product.productId === 1001)!;
const SPHERE = "right-power=-2.25&right-baseCurve=8.5&right-diameter=14.3";
const BOTH = `${SPHERE}&left-power=-1.75&left-baseCurve=8.5&left-diameter=14.3`;

describe("the query guards (spec 2.1)", () => {
  it("send a step without its query back to search", async () => {
    expect(await visit(parameters.loader, "/try-contact-lens-brands/parameters")).toMatchObject({
      status: 302,
      location: SEARCH,
    });
    expect(await visit(calculating.loader, "/try-contact-lens-brands/calculating?productId=1001")).toMatchObject({
      status: 302,
      location: SEARCH,
    });
    expect(await visit(calculating.loader, `/try-contact-lens-brands/calculating?${SPHERE}`)).toMatchObject({
      status: 302,
      location: SEARCH,
    });
    expect(await visit(ineligible.loader, "/try-contact-lens-brands/ineligible?productId=")).toMatchObject({
      status: 302,
      location: SEARCH,
    });
  });
});

describe("search", () => {
  it("finds lenses by name, discontinued ones marked, and nothing for an empty query", async () => {
    const found = await visit(search.loader, `${SEARCH}?q=acuvue+advance`);
    expect(found.data.results[0]).toMatchObject({ id: 1017, name: "Acuvue Advance 6 pack", discontinued: true });
    const oasys = await visit(search.loader, `${SEARCH}?q=oasys+1-day`);
    expect(oasys.data.results.map((lens: { id: number }) => lens.id)).toContain(1001);
    expect(oasys.data.results.every((lens: { id: number }) => lens.id < 2000)).toBe(true);
    expect((await visit(search.loader, `${SEARCH}?q=%20`)).data).toEqual({ query: null, results: [] });
  });
});

describe("parameters", () => {
  it("answers an unreadable or unknown lens with a clear message", async () => {
    const path = "/try-contact-lens-brands/parameters?productId=";
    expect(await visit(parameters.loader, `${path}abc`)).toMatchObject({
      status: 400,
      data: { lens: null, error: "We couldn't find that lens. Search for your current lens again." },
    });
    expect(await visit(parameters.loader, `${path}999999`)).toMatchObject({ status: 404, data: { lens: null } });
    // A solution is not a lens; a hidden lens has no page.
    expect(await visit(parameters.loader, `${path}2001`)).toMatchObject({ status: 404 });
    expect(await visit(parameters.loader, `${path}1603`)).toMatchObject({ status: 404 });
  });

  it("shows the lens's parameters until the form is sent", async () => {
    const page = await visit(parameters.loader, "/try-contact-lens-brands/parameters?productId=1001");
    expect(page.status).toBe(200);
    expect(page.data.lens.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      "power",
      "baseCurve",
      "diameter",
    ]);
    expect(page.data.lastResult).toBeUndefined();
  });

  it("keeps the values and says what is wrong", async () => {
    const page = await visit(
      parameters.loader,
      "/try-contact-lens-brands/parameters?productId=1001&eyes=both&right-power=-99.00&right-baseCurve=8.5&left-power=-2.00",
    );
    expect(page.status).toBe(400);
    expect(page.data.lastResult.error).toEqual({
      "right-power": ["That Power/sphere isn't available for this lens."],
      "left-baseCurve": ["Choose BC for the left eye."],
    });
    expect(page.data.lastResult.initialValue).toMatchObject({ "right-power": "-99.00", "left-power": "-2.00" });
  });

  it("moves on to calculating with only the chosen eyes", async () => {
    const page = await visit(
      parameters.loader,
      `/try-contact-lens-brands/parameters?productId=1001&eyes=right&${SPHERE}&left-power=-1.00`,
    );
    expect(page.status).toBe(302);
    expect(page.location).toBe(
      "/try-contact-lens-brands/calculating?productId=1001&right-power=-2.25&right-baseCurve=8.5&right-diameter=14.3",
    );
  });
});

describe("calculating", () => {
  it("leads to the results when lenses fit", async () => {
    const page = await visit(calculating.loader, `/try-contact-lens-brands/calculating?productId=1001&${BOTH}`);
    expect(page.status).toBe(200);
    expect(page.data.step.found).toBeGreaterThan(0);
    expect(page.data.step.next).toBe(
      `/try-contact-lens-brands/results/${OASYS_1_DAY.vanityUrl}?productId=1001&${BOTH}`,
    );
  });

  it("leads to ineligible when none fits", async () => {
    const query = "productId=1016&right-power=-2.00&right-color=Natural+Shimmer";
    const page = await visit(calculating.loader, `/try-contact-lens-brands/calculating?${query}`);
    expect(page.data.step).toMatchObject({ found: 0 });
    expect(page.data.step.next).toBe(
      "/try-contact-lens-brands/ineligible?productId=1016&right-power=-2.00&right-baseCurve=8.5&right-diameter=14.2&right-color=Natural+Shimmer",
    );
  });

  it("sends incomplete or unknown parameters back to the form, and an unknown lens gets a message", async () => {
    const page = await visit(
      calculating.loader,
      "/try-contact-lens-brands/calculating?productId=1001&left-power=-2.00",
    );
    expect(page).toMatchObject({
      status: 302,
      location: "/try-contact-lens-brands/parameters?productId=1001&left-power=-2.00",
    });
    expect(
      await visit(calculating.loader, "/try-contact-lens-brands/calculating?productId=12x&right-power=-2.00"),
    ).toMatchObject({ status: 400, data: { step: null } });
  });
});

describe("results", () => {
  const path = (slug: string, query: string) => `/try-contact-lens-brands/results/${slug}?${query}`;

  it("ranks the lenses of the same schedule made in both eyes' parameters, with reasons and links", async () => {
    const page = await visit(results.loader, path(OASYS_1_DAY.vanityUrl, `productId=1001&${BOTH}`), {
      slug: OASYS_1_DAY.vanityUrl,
    });
    expect(page.status).toBe(200);
    const matches = page.data.matches as Array<{
      id: number;
      name: string;
      href: string;
      reasons: Array<{ kind: string; text: string }>;
      eyes: Array<{ eye: string; values: Array<{ name: string; value: string }> }>;
      otherPacks: Array<{ id: number }>;
    }>;
    const ids = matches.flatMap((match) => [match.id, ...match.otherPacks.map((pack) => pack.id)]);
    const byId = new Map(seedProducts.map((product) => [product.productId, product]));
    // Dailies only, never the current lens line, never discontinued or hidden, and never a toric or a colour.
    for (const id of ids) {
      const product = byId.get(id)!;
      expect(product.wearTimeDays).toBe(1);
      expect(product.displayName).not.toMatch(/^Acuvue Oasys 1-Day/);
      expect(product.isHidden || product.discontinuedInCatalog).toBeFalsy();
      expect(product.categories).not.toContain("toric-astigmatism");
      expect(product.categories).not.toContain("color");
    }
    expect(ids).toContain(1201); // Dailies Total1: 8.5 / 14.1
    expect(ids).toContain(1005); // 1-Day Acuvue Moist: 8.5 / 14.2
    // One tile per lens line: Dailies Total1 30 and 90 packs are one match.
    expect(matches.filter((match) => match.name.startsWith("Dailies Total1 "))).toHaveLength(1);
    for (const match of matches) {
      expect(match.href).toMatch(/^\/lens\//);
      expect(match.reasons.map((reason) => reason.kind)).toEqual(["material", "oxygen", "price", "fit"]);
      expect(match.eyes.map((eye) => eye.eye)).toEqual(["right", "left"]);
      expect(match.eyes[0]!.values.find((value) => value.name === "power")!.value).toBe("-2.25");
    }
    expect(page.data.current).toMatchObject({ name: OASYS_1_DAY.displayName, eyeCount: 2, schedule: "daily" });
  });

  it("is the same from the link alone, and follows the productId when the slug is stale", async () => {
    const first = await visit(results.loader, path(OASYS_1_DAY.vanityUrl, `productId=1001&${BOTH}`), {
      slug: OASYS_1_DAY.vanityUrl,
    });
    const again = await visit(results.loader, path(OASYS_1_DAY.vanityUrl, BOTH), { slug: OASYS_1_DAY.vanityUrl });
    expect(again.data.matches).toEqual(first.data.matches);
    expect(
      await visit(results.loader, path("biofinity-6-pack", `productId=1001&${SPHERE}`), { slug: "biofinity-6-pack" }),
    ).toMatchObject({
      status: 302,
      location: path(OASYS_1_DAY.vanityUrl, `productId=1001&${SPHERE}`),
    });
  });

  it("answers an unknown slug 404, a link without parameters with a message, bad ones with the form", async () => {
    expect(await visit(results.loader, path("no-such-lens", SPHERE), { slug: "no-such-lens" })).toMatchObject({
      status: 404,
    });
    const bare = await visit(results.loader, "/try-contact-lens-brands/results/biofinity-6-pack", {
      slug: "biofinity-6-pack",
    });
    expect(bare).toMatchObject({
      status: 200,
      data: { eyes: null, current: { parametersPath: "/try-contact-lens-brands/parameters?productId=1401" } },
    });
    expect(
      await visit(results.loader, path("biofinity-6-pack", "right-power=banana"), { slug: "biofinity-6-pack" }),
    ).toMatchObject({
      status: 302,
      location: "/try-contact-lens-brands/parameters?right-power=banana&productId=1401",
    });
  });

  it("goes to ineligible when nothing fits", async () => {
    const query = "productId=1016&left-power=-1.00&left-color=Natural+Sparkle";
    const page = await visit(results.loader, path("1-day-acuvue-define-30-pack", query), {
      slug: "1-day-acuvue-define-30-pack",
    });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/try-contact-lens-brands\/ineligible\?productId=1016&left-power=-1.00/);
  });
});

describe("ineligible", () => {
  it("offers the next steps, with the shopper's parameters", async () => {
    const page = await visit(
      ineligible.loader,
      "/try-contact-lens-brands/ineligible?productId=1016&right-power=-2.00&right-color=Natural+Shimmer",
    );
    expect(page.status).toBe(200);
    expect(page.data.page).toMatchObject({
      lensName: "1-Day Acuvue Define 30 pack",
      lensHref: "/lens/1-day-acuvue-define-30-pack",
      listPath: "/lenses/daily-disposables",
      results: null,
    });
    expect(page.data.page.eyes[0].values.map((value: { label: string; value: string }) => value.value)).toEqual([
      "-2.00",
      "8.5",
      "14.2",
      "Natural Shimmer",
    ]);
  });

  it("points to the results when lenses do fit, and has no reorder link for a discontinued lens", async () => {
    const fits = await visit(ineligible.loader, `/try-contact-lens-brands/ineligible?productId=1001&${SPHERE}`);
    expect(fits.data.page.results).toBe(
      `/try-contact-lens-brands/results/${OASYS_1_DAY.vanityUrl}?productId=1001&${SPHERE}`,
    );
    const discontinued = await visit(ineligible.loader, "/try-contact-lens-brands/ineligible?productId=1017");
    expect(discontinued.data.page).toMatchObject({ lensHref: null, eyes: null, results: null });
    expect(await visit(ineligible.loader, "/try-contact-lens-brands/ineligible?productId=0")).toMatchObject({
      status: 404,
      data: { page: null },
    });
  });
});
