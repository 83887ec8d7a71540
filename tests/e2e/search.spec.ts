import type { Page } from "@playwright/test";
import { expect, hasJavaScript, siteHeader, test, waitForHydration } from "./fixtures";

/** Opens the header search (a <details>) and gives back its input. */
async function openHeaderSearch(page: Page) {
  const header = siteHeader(page);
  await header.locator("details.header-search > summary").click();
  const input = header.getByLabel("Search for lenses");
  await expect(input).toBeVisible();
  return input;
}

const headerSearchButton = (page: Page) =>
  siteHeader(page).locator("form.header-search-form").getByRole("button", { name: "Search" });

const main = (page: Page) => page.locator("main#main");

test.describe("product search", () => {
  test("the header search opens the results page, whose products link to their pages", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await openHeaderSearch(page);
    await input.fill("acuvue oasys");
    await headerSearchButton(page).click();

    await expect(page).toHaveURL(/\/search\?q=acuvue(\+|%20)oasys$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "acuvue oasys"');
    await expect(page.getByTestId("search-count")).toHaveText(/^\d+ products?$/);
    const product = main(page).locator('a[href="/lens/acuvue-oasys-1-day-90-pack"]');
    await expect(product).toContainText("Acuvue Oasys 1-Day 90 pack");
    await expect(product).toContainText(/\$\d+\.\d\d per box/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    await product.click();
    await expect(page).toHaveURL(/\/lens\/acuvue-oasys-1-day-90-pack$/);
  });

  test("search results are private and never cached for everyone", async ({ page }) => {
    const response = await page.goto("/search?q=acuvue");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("private");
    await expect(main(page).locator(".product-tile")).not.toHaveCount(0);
  });

  test("an empty search shows where to start instead of an error", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await openHeaderSearch(page);
    await input.fill("   ");
    await headerSearchButton(page).click();

    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    await expect(main(page).getByRole("searchbox")).toBeVisible();
    await expect(main(page).getByRole("link", { name: "All contact lenses" })).toHaveAttribute("href", "/lenses");
    await expect(main(page).getByRole("link", { name: "Contact lens solution" })).toHaveAttribute(
      "href",
      "/contact-lens-solution",
    );
    await expect(main(page).getByRole("link", { name: "Acuvue", exact: true })).toHaveAttribute(
      "href",
      "/lenses/acuvue",
    );
    await expect(main(page).locator(".product-tile")).toHaveCount(0);
  });

  test("a search that finds nothing says so kindly and suggests where to go", async ({ page }) => {
    const response = await page.goto("/search?q=xyzzy+qwerty");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "xyzzy qwerty"');
    await expect(main(page)).toContainText('We couldn’t find anything for "xyzzy qwerty".');
    await expect(main(page).getByRole("link", { name: "All contact lenses" })).toBeVisible();
    await expect(main(page).locator(".product-tile")).toHaveCount(0);
  });

  test("the results page searches again and narrows to solutions", async ({ page }) => {
    await page.goto("/search?q=acuvue");
    await waitForHydration(page);
    const form = main(page).getByRole("search");
    await form.getByRole("searchbox").fill("biotrue");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "biotrue"');

    await main(page)
      .getByRole("navigation", { name: "Narrow the results" })
      .getByRole("link", { name: "Solution" })
      .click();
    await expect(page).toHaveURL(/\/search\/contact-lens-solution\?q=biotrue$/);
    // With JavaScript the address can change a moment before the narrowed results are drawn: read them until they are.
    const tiles = () =>
      main(page)
        .locator(".product-tile a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    await expect
      .poll(async () => {
        const hrefs = await tiles();
        return hrefs.length > 0 && hrefs.every((href) => href?.startsWith("/contact-lens-solution/"));
      })
      .toBe(true);
  });

  test("an unknown search facet is a 404", async ({ page }) => {
    const response = await page.goto("/search/glasses?q=acuvue");
    expect(response?.status()).toBe(404);
  });
});

test.describe("search suggestions (JavaScript)", () => {
  test.beforeEach(() => {
    test.skip(!hasJavaScript(), "suggestions need JavaScript; without it the header search is the plain form");
  });

  test("typing shows suggestions; arrow keys and Enter open the product; Escape closes", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await openHeaderSearch(page);
    await expect(input).toHaveAttribute("role", "combobox");
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await input.pressSequentially("biofinty");

    const listbox = siteHeader(page).getByRole("listbox", { name: "Suggestions" });
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute("aria-controls", (await listbox.getAttribute("id"))!);
    const options = listbox.getByRole("option");
    await expect(options.first()).toContainText("Biofinity");
    expect(await options.count()).toBeLessThanOrEqual(8);

    await input.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(input).toHaveValue("biofinty");
    await expect(input).toHaveAttribute("aria-expanded", "false");

    await input.press("ArrowDown");
    await expect(listbox).toBeVisible();
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await input.press("Enter");
    await expect(page).toHaveURL(/\/lens\/biofinity-6-pack$/);
  });

  test("clicking a suggestion opens the product", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await openHeaderSearch(page);
    await input.pressSequentially("clear care");
    const option = siteHeader(page).getByRole("option").filter({ hasText: "Clear Care Plus 12 oz" });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/contact-lens-solution\/clear-care-plus-12-oz$/);
  });

  test("Enter without a highlighted suggestion submits the search", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const input = await openHeaderSearch(page);
    await input.pressSequentially("acuvue");
    await expect(siteHeader(page).getByRole("option").first()).toBeVisible();
    await input.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=acuvue$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Results for "acuvue"');
  });
});
