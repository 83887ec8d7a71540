import type { Page } from "@playwright/test";
import { seedProducts } from "../../app/services/db/seed/catalog-data.server";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// The lens list's facet links and sort (issue 13), with JavaScript and without: links and a GET form.

type SeedProduct = (typeof seedProducts)[number];

/** The lenses on sale, in catalog order (the seed's), optionally only some. */
const onSale = (keep: (product: SeedProduct) => boolean = () => true) =>
  seedProducts.filter(
    (product) => product.productType === "lens" && !product.isHidden && !product.discontinuedInCatalog && keep(product),
  );
const byPrice = (products: SeedProduct[]) => [...products].sort((a, b) => a.prices.control - b.prices.control);
const byNameDescending = (products: SeedProduct[]) =>
  [...products].sort((a, b) =>
    b.displayName.localeCompare(a.displayName, "en", { sensitivity: "base", numeric: true }),
  );
const names = (products: SeedProduct[]) => products.map((product) => product.displayName);

const main = (page: Page) => page.locator("main#main");
const tileNames = (page: Page) => main(page).locator(".product-tile-name");
const count = (page: Page) => page.getByTestId("product-count");
const facetLink = (page: Page, group: "Lens type" | "Brand", text: string) =>
  main(page).getByRole("navigation", { name: group }).getByRole("link", { name: text, exact: true });

async function sortBy(page: Page, label: string) {
  await main(page).getByLabel("Sort by").selectOption({ label });
  await main(page).getByRole("button", { name: "Sort" }).click();
}

test.describe("the lens list's facets and sort", () => {
  test("follow a facet, change the sort, follow another facet: the count and the order follow", async ({ page }) => {
    const response = await page.goto("/lenses");
    expect(response?.headers()["cache-control"]).toContain("public");
    await expect(count(page)).toHaveText(`${onSale().length} products`);
    await expect(facetLink(page, "Lens type", "View all")).toHaveAttribute("aria-current", "page");
    await waitForHydration(page);

    // A lens type: its lenses, in catalog order.
    const toric = onSale((product) => product.categories.includes("toric-astigmatism"));
    await facetLink(page, "Lens type", "Toric & astigmatism").click();
    await expect(page).toHaveURL(/\/lenses\/toric-astigmatism$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toric & astigmatism contact lenses");
    await expect(count(page)).toHaveText(`${toric.length} products`);
    await expect(tileNames(page)).toHaveText(names(toric));
    await expect(facetLink(page, "Lens type", "Toric & astigmatism")).toHaveAttribute("aria-current", "page");

    // Cheapest first.
    await sortBy(page, "Price: low to high");
    await expect(page).toHaveURL(/\/lenses\/toric-astigmatism\?sort=price-asc$/);
    await expect(tileNames(page)).toHaveText(names(byPrice(toric)));
    await expect(count(page)).toHaveText(`${toric.length} products`);
    await expect(main(page).getByLabel("Sort by")).toHaveValue("price-asc");

    // A brand keeps the sort.
    const biofinity = onSale((product) => product.brandSlug === "biofinity");
    await expect(facetLink(page, "Brand", "Biofinity")).toHaveAttribute("href", "/lenses/biofinity?sort=price-asc");
    await facetLink(page, "Brand", "Biofinity").click();
    await expect(page).toHaveURL(/\/lenses\/biofinity\?sort=price-asc$/);
    await expect(count(page)).toHaveText(`${biofinity.length} products`);
    await expect(tileNames(page)).toHaveText(names(byPrice(biofinity)));

    // By name, Z to A; then the whole list in that sort.
    await sortBy(page, "Name: Z to A");
    await expect(page).toHaveURL(/\/lenses\/biofinity\?sort=name-desc$/);
    await expect(tileNames(page)).toHaveText(names(byNameDescending(biofinity)));
    await facetLink(page, "Lens type", "View all").click();
    await expect(page).toHaveURL(/\/lenses\?sort=name-desc$/);
    await expect(count(page)).toHaveText(`${onSale().length} products`);
    await expect(tileNames(page)).toHaveText(names(byNameDescending(onSale())));
  });

  test("an unknown sort shows the list in its default order", async ({ page }) => {
    test.skip(!hasJavaScript(), "Nothing to click: the same HTML either way");
    const response = await page.goto("/lenses/daily-disposables?sort=cheapest");
    expect(response?.status()).toBe(200);
    const daily = onSale((product) => product.categories.includes("daily-disposables"));
    await expect(count(page)).toHaveText(`${daily.length} products`);
    await expect(tileNames(page)).toHaveText(names(daily));
    await expect(main(page).getByLabel("Sort by")).toHaveValue("featured");
    await expect(facetLink(page, "Brand", "Acuvue")).toHaveAttribute("href", "/lenses/acuvue");
  });
});
