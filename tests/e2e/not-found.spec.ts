import { expect, siteFooter, siteHeader, test } from "./fixtures";

test.describe("404 page (spec 2.11)", () => {
  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page-xyz");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/no-such-page-xyz$/);
    await expect(page).toHaveTitle("Page not found | Lenslane");

    const main = page.locator("main#main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(main.getByText("Something doesn't look quite right.", { exact: true })).toBeVisible();
    await expect(main).toContainText("20/20");
    await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(main.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
      "href",
      `/?signin=sign-in&redirectTo=${encodeURIComponent("/reorder?signin=true")}`,
    );
    // It is still inside the shell.
    await expect(siteHeader(page)).toHaveAttribute("data-header-type", "standard");
    await expect(siteFooter(page)).toBeVisible();
  });

  test("the Home link leads home", async ({ page }) => {
    await page.goto("/no-such-page-xyz");
    await page.locator("main#main").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your lenses, delivered without the fuss");
  });

  for (const path of ["/404", "/lens/no-such-lens", "/lenses/not-a-facet", "/no/such/deep/page"]) {
    test(`${path} answers 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("main#main").getByRole("heading", { level: 1 })).toHaveText("404");
      await expect(page.getByText("Something doesn't look quite right.")).toBeVisible();
    });
  }
});
