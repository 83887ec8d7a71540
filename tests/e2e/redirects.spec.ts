import { expect, test } from "./fixtures";

/** [from, to, status] as the server answers them (spec 2.1 "Redirects", welcome family, eye doctors). */
const REDIRECTS: [string, string, number][] = [
  ["/my-account/orders", "/account/order-history", 301],
  ["/welcome", "/", 302],
  ["/welcome/coupon", "/coupon", 302],
  ["/eye-doctors/abc", "/eye-doctor-search", 302],
  ["/lens/1001", "/lens/acuvue-oasys-1-day-90-pack", 301],
];

test.describe("redirects (spec 2.1)", () => {
  for (const [from, to, status] of REDIRECTS) {
    test(`${from} redirects to ${to}`, async ({ page, baseURL }) => {
      const response = await page.request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(status);
      const location = new URL(response.headers()["location"] ?? "", baseURL);
      expect(location.pathname + location.search).toBe(to);

      await page.goto(from);
      const landed = new URL(page.url());
      if (to.startsWith("/account/")) {
        // Account pages are signed-in only: a signed-out shopper gets the sign-in dialog, headed for that page.
        expect(landed.pathname).toBe("/");
        expect(landed.searchParams.get("signin")).toBe("sign-in");
        expect(landed.searchParams.get("redirectTo")).toBe(to);
      } else {
        expect(landed.pathname).toBe(to);
      }
    });
  }

  test("a legacy redirect keeps the query string", async ({ page, baseURL }) => {
    const response = await page.request.get("/my-account/orders?ac=spring", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()["location"] ?? "", baseURL).search).toBe("?ac=spring");
  });

  test("the numeric product URL lands on the product page", async ({ page }) => {
    const response = await page.goto("/lens/1001");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/lens/acuvue-oasys-1-day-90-pack");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acuvue Oasys 1-Day 90 pack");
  });

  test("a numeric id of a hidden product is 404, not a redirect", async ({ page }) => {
    const response = await page.request.get("/lens/1603", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });

  test("/welcome/coupon lands on the coupon page", async ({ page }) => {
    await page.goto("/welcome/coupon");
    expect(new URL(page.url()).pathname).toBe("/coupon");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
