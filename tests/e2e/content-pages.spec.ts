import { expect, promoDismissCookie, promoRibbon, test, waitForHydration } from "./fixtures";

/** Content pages and what content/pages/*.md gives them. */
const PAGES = [
  {
    path: "/accessibility",
    heading: "Accessibility statement",
    title: "Accessibility statement | Lenslane",
    description: /^How Lenslane works to make its store usable for everyone/,
  },
  {
    path: "/terms/terms-and-conditions",
    heading: "Terms and conditions",
    title: "Terms and conditions | Lenslane",
    description: /^The terms for using Lenslane, covering accounts/,
  },
  {
    path: "/how-to-read-rx",
    heading: "How to read your contact lens prescription",
    title: "How to read your contact lens prescription | Lenslane",
    description: /^What PWR, SPH, BC, DIA, CYL, AXIS, ADD, D\/N, OD, OS and OU mean/,
  },
];

test.describe("content pages", () => {
  for (const content of PAGES) {
    test(`${content.path} renders its content with title, description and canonical`, async ({ page, baseURL }) => {
      const response = await page.goto(content.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.heading);
      await expect(page).toHaveTitle(content.title);
      await expect(page.locator('head meta[name="description"]')).toHaveAttribute("content", content.description);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${content.path}`);
    });

    test(`${content.path} is publicly cacheable for anonymous visitors`, async ({ page }) => {
      const response = await page.request.get(content.path);
      expect(response.status()).toBe(200);
      const cacheControl = response.headers()["cache-control"] ?? "";
      expect(cacheControl).toContain("public");
      expect(cacheControl).toContain("s-maxage");
      expect(response.headers()["set-cookie"]).toBeUndefined();
    });
  }

  test("the terms page has the rebates section", async ({ page }) => {
    await page.goto("/terms/terms-and-conditions");
    await expect(page.locator("#rebates")).toHaveCount(1);
    await expect(page.locator("#rebates")).toContainText(/rebates/i);
  });

  test("after dismissing the ribbon the same page is private, no-store", async ({ page }) => {
    const anonymous = await page.goto("/accessibility");
    expect(anonymous?.headers()["cache-control"]).toContain("public");
    await waitForHydration(page);

    await promoRibbon(page).getByRole("button", { name: "Close promotion" }).click();
    await expect(promoRibbon(page)).toHaveCount(0);
    await expect.poll(() => promoDismissCookie(page).then((cookie) => cookie?.value)).toBe("true");

    const personal = await page.goto("/accessibility");
    expect(personal?.status()).toBe(200);
    expect(personal?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility statement");
  });
});
