import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as floorLoader } from "~/routes/dev.floor";
import { loader as glassesLoader } from "~/routes/glasses-site-redirect";
import { loader as nonProductionLoader } from "~/routes/non-production";
import { loader as welcomeLoader } from "~/routes/welcome";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle, TEST_SESSION_SECRET } from "../setup/test-context";

let database: DatabaseHandle;
let development: AppServices;
let production: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  development = createTestServices(database);
  production = createTestServices(database, { APP_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET });
});
afterAll(async () => {
  await database.close();
});

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function call<T>(
  services: AppServices,
  loader: (args: never) => T,
  path: string,
  params: Record<string, string | undefined> = {},
  userAgent: string = CHROME,
) {
  const request = new Request(`http://store.test${path}`, { headers: { "User-Agent": userAgent } });
  const context = await createRequestContext(services, request);
  return settle(async () => loader({ request, params, context } as never));
}

const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200);
const location = (result: unknown) => (result as Response).headers.get("Location");

describe("non-production routes", () => {
  it("render outside production", async () => {
    expect(await call(development, nonProductionLoader, "/sandbox")).toMatchObject({ tool: "sandbox" });
    expect(await call(development, nonProductionLoader, "/test-data/customers", { name: "customers" })).toMatchObject({
      tool: "test-data",
      name: "customers",
    });
    // A data set the page doesn't know is not found (internal-pages.test.ts has the pages' own cases).
    expect(status(await call(development, nonProductionLoader, "/test-data/customer", { name: "customer" }))).toBe(404);
  });

  it("are refused in production: settings goes home, the rest are 404", async () => {
    const settings = await call(production, nonProductionLoader, "/settings");
    expect(status(settings)).toBe(302);
    expect(location(settings)).toBe("/");
    for (const path of ["/sandbox", "/style-guide", "/customer-data-platform", "/test-data/x"]) {
      expect(status(await call(production, nonProductionLoader, path)), path).toBe(404);
    }
  });
});

describe("the bench's framework floor (/dev/floor)", () => {
  it("renders outside production and is a 404 in production", async () => {
    expect(await call(development, floorLoader, "/dev/floor")).toEqual({ floor: true });
    expect(status(await call(production, floorLoader, "/dev/floor"))).toBe(404);
  });
});

describe("welcome family", () => {
  it("sends bare /welcome home and top-level sub-paths to their pages, keeping the query", async () => {
    expect(location(await call(development, welcomeLoader, "/welcome?ac=8.1", {}))).toBe("/?ac=8.1");
    expect(location(await call(development, welcomeLoader, "/welcome/insurance", { page: "insurance" }))).toBe(
      "/vision-insurance",
    );
    expect(location(await call(development, welcomeLoader, "/welcome/home", { page: "home" }))).toBe("/");
  });

  it("needs productId and prescriptionId on brand-choice/{slug}, else the shopper's prescriptions", async () => {
    const missing = await call(development, welcomeLoader, "/welcome/brand-choice/spring?productId=1001", {
      page: "brand-choice",
      slug: "spring",
    });
    expect(location(missing)).toBe("/account/prescriptions");
    const complete = await call(
      development,
      welcomeLoader,
      "/welcome/brand-choice/spring?productId=1001&prescriptionId=77",
      { page: "brand-choice", slug: "spring" },
    );
    expect(status(complete)).toBe(200);
  });

  it("has the exam guard on post-exam/{slug} and brand-choice/{slug}: a browser the exam can't use goes to the explanation", async () => {
    const textBrowser = await call(
      development,
      welcomeLoader,
      "/welcome/post-exam/spring",
      { page: "post-exam", slug: "spring" },
      "w3m/0.5.3",
    );
    expect(status(textBrowser)).toBe(302);
    expect(location(textBrowser)).toBe("/exam/unsupported-browser?returnTo=%2Fwelcome%2Fpost-exam%2Fspring");
    const allowed = await call(
      development,
      welcomeLoader,
      "/welcome/post-exam/spring?allowUnsupportedBrowser=true",
      { page: "post-exam", slug: "spring" },
      "w3m/0.5.3",
    );
    expect(status(allowed)).toBe(200);
    expect(
      status(
        await call(development, welcomeLoader, "/welcome/post-exam/spring", { page: "post-exam", slug: "spring" }),
      ),
    ).toBe(200);
    const brandChoice = await call(
      development,
      welcomeLoader,
      "/welcome/brand-choice/spring?productId=1001&prescriptionId=77",
      { page: "brand-choice", slug: "spring" },
      "w3m/0.5.3",
    );
    expect(location(brandChoice)).toMatch(/^\/exam\/unsupported-browser\?returnTo=/);
  });

  it("serves welcome-back with or without a slug, and 404s an unknown welcome page", async () => {
    expect(status(await call(development, welcomeLoader, "/welcome/welcome-back", { page: "welcome-back" }))).toBe(200);
    expect(
      status(await call(development, welcomeLoader, "/welcome/welcome-back/x", { page: "welcome-back", slug: "x" })),
    ).toBe(200);
    expect(status(await call(development, welcomeLoader, "/welcome/no-such", { page: "no-such" }))).toBe(404);
  });
});

describe("glasses site", () => {
  it("redirects start/glasses to the sister site, and logs the outdated glasses/shop form as error code 11", async () => {
    const error = vi.spyOn(development.logger, "error");
    const start = await call(development, glassesLoader, "/start/glasses/frames?x=1", { "*": "frames" });
    expect(location(start)).toBe("https://glasses.lenslane.example/frames?x=1");
    expect(error).not.toHaveBeenCalled();
    const shop = await call(development, glassesLoader, "/glasses/shop/sunglasses", { "*": "sunglasses" });
    expect(location(shop)).toBe("https://glasses.lenslane.example/sunglasses");
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ code: 11 }), "outdated glasses link");
    error.mockRestore();
  });
});
