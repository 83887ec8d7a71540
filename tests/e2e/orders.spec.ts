import type { Page } from "@playwright/test";
import { formatCents } from "../../app/models/catalog";
import { percentOf } from "../../app/models/promotions";
import { seedPromotions } from "../../app/services/db/seed/promotion-data.server";
import { expect, newestMailText, test, waitForHydration } from "./fixtures";
import {
  addSolution,
  continueToCheckout,
  createAccount,
  placeOrder,
  saveGoodCard,
  SOLUTION,
  submitShippingAddress,
  toastMessage,
  uniqueEmail,
} from "./purchase";

// After the order (issue 13), with JavaScript and without: each placed line shows its discount on a line of its own
// (thank-you and order details), and shipping the order from the development operations page sends the 'order
// shipped' e-mail with the tracking number and link, which the order details then show too.

/** A new customer's first order with WELCOME15: one box of solution, 15% off. */
const WELCOME15 = seedPromotions.find((promotion) => promotion.key === "coupon-welcome15")!;
const BOX = SOLUTION.prices.control;
const DISCOUNT = percentOf(BOX, (WELCOME15.rewards[0] as { percent: number }).percent);
const LINE_MONEY = [
  `1 × ${formatCents(BOX)} = ${formatCents(BOX)}`,
  `Discount −${formatCents(DISCOUNT)}`,
  `Item total ${formatCents(BOX - DISCOUNT)}`,
];

async function applyCoupon(page: Page, code: string) {
  const form = page.locator("form.coupon-form");
  await waitForHydration(page);
  await form.getByRole("textbox").fill(code);
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("applied-coupon")).toContainText(code);
}

test.describe("after the order (issue 13)", () => {
  test("a discounted line reads on its own lines; shipping it sends the tracking e-mail", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("shipped");
    await createAccount(page, email);
    await addSolution(page);
    await applyCoupon(page, WELCOME15.couponCodes![0]!.code);
    await continueToCheckout(page);
    await submitShippingAddress(page, {
      firstName: "Ann",
      lastName: "Lee",
      address1: "500 W Idaho St",
      city: "Boise",
      state: "ID",
      zip: "83702",
    });
    await expect(page).toHaveURL(/\/checkout$/);
    await saveGoodCard(page);
    const orderNumber = await placeOrder(page);

    // Thank-you: the boxes at their price, the discount, the line's total.
    const placed = page.getByTestId("placed-line");
    await expect(placed).toHaveCount(1);
    await expect(placed.getByTestId("order-line-amounts").locator("p")).toHaveText(LINE_MONEY);

    // Order details: the same, and no tracking before the order ships.
    await waitForHydration(page);
    await page.getByRole("link", { name: "View order details" }).click();
    await expect(page).toHaveURL(`/account/order-history/${orderNumber}`);
    const line = page.getByTestId("order-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("order-line-amounts").locator("p")).toHaveText(LINE_MONEY);
    await expect(page.getByText("Tracking", { exact: true })).toHaveCount(0);

    // The warehouse ships it (the development operations page).
    await page.goto("/dev/orders");
    const row = page.locator(`[data-testid="dev-order-row"][data-order="${orderNumber}"]`);
    await waitForHydration(page);
    await row.getByRole("button", { name: "Ship" }).click();
    await expect(toastMessage(page)).toContainText(`Order ${orderNumber} shipped with tracking number`);
    const trackingNumber = /tracking number (\d+)/.exec((await toastMessage(page).textContent()) ?? "")![1]!;

    // The e-mail: the tracking number and the carrier's link, the item, the address, the order's page.
    const mail = await newestMailText(page, email, "order-shipped");
    expect(mail).toContain(`Good news: your order ${orderNumber} is on its way.`);
    expect(mail).toContain(`Tracking number: ${trackingNumber}`);
    expect(mail).toContain(
      `Track your package: https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNumber}`,
    );
    expect(mail).toContain(`1 × ${SOLUTION.displayName}`);
    expect(mail).toContain("500 W Idaho St");
    expect(mail).toMatch(new RegExp(`See your order: http://[^/]+/account/order-history/${orderNumber}\\n`));

    // The order details now show the tracking number, linked to the carrier.
    await page.goto(`/account/order-history/${orderNumber}`);
    await expect(page.getByTestId("order-status")).toHaveText("Shipped");
    await expect(page.getByRole("link", { name: trackingNumber })).toHaveAttribute(
      "href",
      `https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNumber}`,
    );
  });
});
