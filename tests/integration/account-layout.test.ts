import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import * as accountLayout from "~/routes/account";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { requireCustomerMiddleware, signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle, underLayouts } from "../setup/test-context";

/**
 * Every /account/* page is guarded once, by the account layout's middleware (spec 6: signed in only), which runs
 * before any loader or action under it. A page added to the route table beside the layout would have no guard.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

function patterns(entries: readonly RouteEntry[], parent = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ pattern, file: entry.file }, ...patterns(entry.children ?? [], pattern)];
  });
}

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

describe("the account layout", () => {
  it("holds every /account/* route of the route table", () => {
    const table = routes as RouteEntry[];
    const layouts = table.filter((entry) => entry.file === "routes/account.tsx");
    expect(layouts).toHaveLength(1);
    expect(layouts[0]!.path).toBe("account");
    const underLayout = patterns(layouts[0]!.children ?? [], "account");
    expect(underLayout.length).toBeGreaterThanOrEqual(11);
    const elsewhere = patterns(table.filter((entry) => entry !== layouts[0]));
    expect(elsewhere.filter(({ pattern }) => pattern === "account" || pattern.startsWith("account/"))).toEqual([]);
  });

  it("runs the sign-in guard as its middleware", () => {
    expect(accountLayout.middleware).toEqual([requireCustomerMiddleware]);
  });

  it("sends a signed-out shopper to sign in (and back) before the page's loader runs", async () => {
    let ran = false;
    const page = underLayouts([accountLayout], () => {
      ran = true;
      return "page";
    });
    const request = new Request("http://store.test/account/settings?tab=1");
    const context = await createRequestContext(services, request);
    const result = await settle(() => page({ request, params: {}, context } as never));
    expect(ran).toBe(false);
    expect((result as Response).status).toBe(303);
    const location = new URL((result as Response).headers.get("Location")!, "http://store.test");
    expect(location.searchParams.get("signin")).toBe("sign-in");
    expect(location.searchParams.get("redirectTo")).toBe("/account/settings?tab=1");
  });

  it("lets a signed-in customer through, and the page reads them with signedInCustomer", async () => {
    const customer = await createCustomer(database.db, {
      email: "layout@example.com",
      firstName: "Ann",
      lastName: "Lee",
    });
    const token = await createAuthSession(database.db, customer.id, "password", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const request = new Request("http://store.test/account/settings", { headers: { Cookie: cookie } });
    const context = await createRequestContext(services, request);
    const page = underLayouts([accountLayout], ({ context: routeContext }: { context: typeof context }) =>
      signedInCustomer(routeContext),
    );
    expect(await page({ request, params: {}, context } as never)).toMatchObject({ id: customer.id });
  });

  it("signedInCustomer outside a guarded layout is a programming error, not a page for nobody", async () => {
    const request = new Request("http://store.test/account/settings");
    const context = await createRequestContext(services, request);
    expect(() => signedInCustomer(context)).toThrow(/requireCustomerMiddleware/);
  });
});
