import type { Page } from "@playwright/test";
import { formatCents } from "../../app/models/catalog";
import { percentOf } from "../../app/models/promotions";
import { SHIPPING_METHODS } from "../../app/models/shipping";
import { seedPromotions } from "../../app/services/db/seed/promotion-data.server";
import { expect, test, waitForHydration } from "./fixtures";
import { addSolution, guestAtCheckout, placeOrder, saveGoodCard, SOLUTION, uniqueEmail } from "./purchase";

// Campaigns the cart carries out (decision 66), with JavaScript and without. The e2e content pauses the random
// campaigns, so each test asks for its variation with ?experiment=<id>:<variant> (outside production).

const STANDARD = SHIPPING_METHODS[0]!;
const EXPEDITED = SHIPPING_METHODS[1]!;
const BOX = SOLUTION.prices.control;
const DISCOUNT = seedPromotions.find((promotion) => promotion.key === "paid-search-new-customer-discount")!;

/** The date a shipping choice on the page shows ("Thu, Mar 12"). */
async function choiceDate(page: Page, label: string): Promise<string> {
  const estimate = page.locator(".shipping-choice", { hasText: label }).locator(".shipping-choice-estimate");
  const text = (await estimate.textContent()) ?? "";
  const date = /^Estimated delivery (.+)$/.exec(text.trim())?.[1];
  expect(date, text).toBeTruthy();
  return date!;
}

test("the upgraded delivery date variant offers Expedited's earlier date, and its button switches the cart to it", async ({
  page,
}) => {
  // The product page: the upsell at list prices, with no button (there is no cart to change there).
  await page.goto(`/contact-lens-solution/${SOLUTION.vanityUrl}?experiment=estimated-delivery-date:B`);
  const onProduct = page.getByTestId("delivery-date-notice");
  await expect(onProduct).toContainText(
    `with Expedited shipping for ${formatCents(EXPEDITED.priceCents - STANDARD.priceCents)} more`,
  );
  await expect(onProduct.getByRole("button")).toHaveCount(0);

  await addSolution(page);
  // The control (no variation): the shipping choices alone, as before.
  await expect(page.getByTestId("delivery-date-notice")).toHaveCount(0);

  await page.goto("/cart?experiment=estimated-delivery-date:B");
  const notice = page.getByTestId("delivery-date-notice");
  const expedited = await choiceDate(page, EXPEDITED.label);
  const standard = await choiceDate(page, STANDARD.label);
  await expect(notice.locator("p")).toHaveText(
    `Want it sooner? Get it by ${expedited} with Expedited shipping for ` +
      `${formatCents(EXPEDITED.priceCents - STANDARD.priceCents)} more (standard shipping: ${standard}).`,
  );
  await expect(page.getByTestId("summary-shipping").locator("dd")).toHaveText(formatCents(STANDARD.priceCents));

  await waitForHydration(page);
  await notice.getByRole("button", { name: "Upgrade to Expedited shipping" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("radio", { name: new RegExp(`^${EXPEDITED.label}`) })).toBeChecked();
  await expect(page.getByTestId("summary-shipping").locator("dd")).toHaveText(formatCents(EXPEDITED.priceCents));

  // The standard variant on a cart set to Expedited: that method's date.
  await page.goto("/cart?experiment=estimated-delivery-date:A");
  await expect(page.getByTestId("delivery-date-notice")).toHaveText(
    `Estimated delivery: ${expedited} with Expedited shipping`,
  );
});

test("the paid-search new-customer discount (path A by the override) is shown on cart and checkout and charged on the order", async ({
  page,
}) => {
  const amount = formatCents(percentOf(BOX, 10));
  await guestAtCheckout(page, uniqueEmail("paid-search"));
  await saveGoodCard(page);
  // The control: no discount.
  await expect(page.getByTestId("summary-discount")).toHaveCount(0);

  await page.goto("/cart?experiment=paid-search-new-customer-discount:A");
  await expect(page.getByTestId("cart-promotions")).toContainText(`${DISCOUNT.description}: −${amount}`);
  await expect(page.getByTestId("summary-discount").locator("dd")).toHaveText(`−${amount}`);
  const cartTotal = await page.getByTestId("summary-total").locator("dd").textContent();

  await page.goto("/checkout?experiment=paid-search-new-customer-discount:A");
  await expect(page.getByTestId("summary-discount").locator("dd")).toHaveText(`−${amount}`);
  await expect(page.getByTestId("summary-total").locator("dd")).toHaveText(cartTotal!);

  // The order form posts to its page's URL, override and all: the order is priced as the page shows it.
  await placeOrder(page);
  const totals = page.getByRole("region", { name: "Order total" });
  await expect(totals.locator(".summary-row", { hasText: "Discounts" }).locator("dd")).toHaveText(`−${amount}`);
  await expect(page.getByTestId("placed-total").locator("dd")).toHaveText(cartTotal!);
});
