import type { Locator, Page } from "@playwright/test";
import { seedProducts } from "../../app/services/db/seed/catalog-data.server";
import { makeUpc, parameterCombinations, stockFor } from "../../app/services/db/seed/catalog-rows";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// Issue 3's journey, with JavaScript and without: browse, choose a toric lens for both eyes, add it to the cart
// (through the funnel's patient step, issue 6), change the quantity, remove it; bad choices get their message next
// to the field.

const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;

function eyeFieldset(page: Page, eye: "Right" | "Left"): Locator {
  return page.locator("fieldset.eye-fieldset", { has: page.locator("legend", { hasText: `${eye} eye` }) });
}

async function chooseLens(page: Page, eye: "Right" | "Left", values: Record<string, string>, quantity: string) {
  const fieldset = eyeFieldset(page, eye);
  for (const parameter of TORIC.parameters) {
    const label = { power: "Power/sphere", baseCurve: "BC", diameter: "DIA", cylinder: "CYL", axis: "Axis" }[
      parameter.name as string
    ]!;
    await fieldset.getByLabel(label, { exact: true }).selectOption(values[parameter.name]!);
  }
  await fieldset.getByLabel("Quantity").selectOption(quantity);
}

test.describe("catalog to cart (issue 3)", () => {
  test("browse a facet, order a toric lens for both eyes, change quantity and remove", async ({ page }) => {
    await page.goto("/lenses/toric-astigmatism");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toric & astigmatism contact lenses");
    await page
      .getByRole("link", { name: new RegExp(TORIC.displayName) })
      .first()
      .click();
    await expect(page).toHaveURL(`/lens/${TORIC.vanityUrl}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TORIC.displayName);
    await expect(page.locator(".product-price")).toContainText("per box");
    await waitForHydration(page);

    const right = { power: "-2.00", baseCurve: "8.6", diameter: "14.5", cylinder: "-0.75", axis: "180" };
    const left = { power: "-1.75", baseCurve: "8.6", diameter: "14.5", cylinder: "-1.25", axis: "90" };
    await chooseLens(page, "Right", right, "2");
    await chooseLens(page, "Left", left, "1");
    if (hasJavaScript()) {
      // With JavaScript each completed eye shows its stock.
      await expect(eyeFieldset(page, "Right").locator(".stock-text")).toHaveText(
        /In Stock|Limited Quantity|Out of Stock/,
      );
    }
    await page.getByRole("button", { name: "Add to cart" }).click();

    // Into the funnel (issue 6): the lens's UPCs are known, so RxDetails and Parameters are skipped.
    await expect(page).toHaveURL(/\/patient$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who are these lenses for?");
    const progress = page.getByRole("list", { name: "Checkout progress" });
    await expect(progress.locator('[aria-current="step"]')).toContainText("Prescription & patient");
    await waitForHydration(page);
    await page.getByLabel("First name").fill("Ann2");
    await page.getByLabel("Last name").fill("Lee");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Use letters only (no numbers or symbols).")).toBeVisible();
    await expect(page).toHaveURL(/\/patient$/);
    await page.getByLabel("First name").fill("Ann");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/cart$/);
    await expect(progress.locator('[aria-current="step"]')).toContainText("Review & checkout");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).locator("th")).toHaveText("OD");
    await expect(lines.nth(1).locator("th")).toHaveText("OS");
    await expect(lines.nth(0)).toContainText("Power/sphere -2.00");
    await expect(lines.nth(0)).toContainText("CYL -0.75");
    await expect(lines.nth(1)).toContainText("Axis 90");
    await expect(lines.nth(0)).toContainText("6 months supply");

    const subtotal = await page.getByTestId("summary-subtotal").locator("dd").textContent();
    await waitForHydration(page);
    await lines
      .nth(1)
      .getByLabel(/Quantity of/)
      .selectOption("4");
    await lines.nth(1).getByRole("button", { name: "Update" }).click();
    await expect(page.getByTestId("cart-line").nth(1)).toContainText("12 months supply");
    await expect(page.getByTestId("summary-subtotal").locator("dd")).not.toHaveText(subtotal!);

    await page.getByRole("button", { name: /Remove .*\(OD\)/ }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await page.getByRole("button", { name: /Remove .*\(OS\)/ }).click();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("a missing parameter gets its message next to the field and nothing is added", async ({ page }) => {
    await page.goto(`/lens/${TORIC.vanityUrl}`);
    await waitForHydration(page);
    await page.getByLabel("Right eye (OD)").check();
    const fieldset = eyeFieldset(page, "Right");
    await fieldset.getByLabel("Power/sphere").selectOption("-2.00");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(fieldset.getByText("Choose CYL for the right eye.")).toBeVisible();
    await expect(fieldset.getByText("Choose Axis for the right eye.")).toBeVisible();
    await expect(page).toHaveURL(`/lens/${TORIC.vanityUrl}`);
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("an out-of-stock combination is refused with its message", async ({ page }) => {
    const combinations = parameterCombinations(TORIC);
    const index = combinations.findIndex((_, i) => stockFor(TORIC.stock, makeUpc(TORIC.productId, i)) === 0);
    test.skip(index < 0, "the demo data has no out-of-stock combination for this lens");
    await page.goto(`/lens/${TORIC.vanityUrl}`);
    await waitForHydration(page);
    await page.getByLabel("Right eye (OD)").check();
    await chooseLens(page, "Right", combinations[index]!, "1");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(eyeFieldset(page, "Right").getByText("This lens is out of stock in these parameters.")).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("0");
  });

  test("solution: choose a quantity and add it to the cart", async ({ page }) => {
    await page.goto("/contact-lens-solution");
    await page.locator(".product-tile a").first().click();
    await expect(page).toHaveURL(/\/contact-lens-solution\/.+/);
    await expect(page.locator(".stock-text")).toHaveText(/In Stock: \d+|Limited Quantity: \d+/);
    await waitForHydration(page);
    await page.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { name: "Lens solution" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });

  test("the rebate dialog opens from the product page without JavaScript too", async ({ page }) => {
    await page.goto(`/lens/${TORIC.vanityUrl}`);
    await page.getByRole("link", { name: "Rebate information" }).click();
    const dialog = page.getByRole("dialog", { name: "One-and-done rebates" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Rebate terms and conditions" })).toHaveAttribute(
      "href",
      "/terms/terms-and-conditions#rebates",
    );
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("product pages carry schema.org Product data", async ({ page }) => {
    await page.goto(`/lens/${TORIC.vanityUrl}`);
    const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(json).toMatchObject({
      "@type": "Product",
      name: TORIC.displayName,
      brand: { name: "Acuvue" },
      offers: { priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(Number(json.offers.price)).toBeCloseTo(TORIC.prices.control / 100, 2);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/lens\/acuvue-oasys-for-astigmatism-6-pack$/,
    );
  });
});
