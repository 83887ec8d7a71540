import { PROVIDER_MESSAGES } from "../../app/models/payment-options";
import { simulateApplePlatform } from "./apple-pay";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";
import { guestAtCheckout, thankYouOrderNumber, toastMessage, uniqueEmail } from "./purchase";

// More ways to pay (issue 27, decision 53), with JavaScript and without: PayPal and pay in 4 through the store's
// simulated provider pages, which send the shopper back exactly as the real providers do; a cancel and a decline
// leave the cart as it was. Every test starts from a new guest with lens solution in the cart, at /checkout.

test.describe("paying with PayPal and pay in 4 (issue 27)", () => {
  test("pays with the simulated PayPal: approve, and the thank-you page says PayPal", async ({ page }) => {
    await guestAtCheckout(page, uniqueEmail("paypal"));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(page).toHaveURL(/\/dev\/paypal\/checkout\/[0-9A-Z]{17}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("PayPal (simulated)");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Approve" }).click();
    const orderNumber = await thankYouOrderNumber(page);
    await expect(page.getByText("Paid with PayPal")).toBeVisible();
    // The cart was ordered: it is empty now (the full header, on the cart page, counts it).
    await page.goto("/cart");
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    expect(orderNumber).toMatch(/^LL\d{8}$/);
  });

  test("pays in 4 with the simulated Afterpay: the 4 payments are shown, approve, and the order says Afterpay", async ({
    page,
  }) => {
    await guestAtCheckout(page, uniqueEmail("payin4"));
    await expect(page.getByTestId("instalment-note")).toHaveText(/^or 4 payments of \$\d+\.\d\d with Afterpay$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay in 4 with Afterpay" }).click();
    await expect(page).toHaveURL(/\/dev\/pay-in-4\/checkout\/002\./);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Afterpay (simulated)");
    await expect(page.getByText(/^4 payments of \$/)).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Approve" }).click();
    await thankYouOrderNumber(page);
    await expect(page.getByText("Paid with Afterpay")).toBeVisible();
  });

  test("a cancel at PayPal and a decline at pay in 4 come back to checkout with the cart as it was", async ({
    page,
  }) => {
    await guestAtCheckout(page, uniqueEmail("paycancel"));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(page).toHaveURL(/\/dev\/paypal\/checkout\//);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toastMessage(page)).toHaveText(PROVIDER_MESSAGES.cancelled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");

    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay in 4 with Afterpay" }).click();
    await expect(page).toHaveURL(/\/dev\/pay-in-4\/checkout\//);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(toastMessage(page)).toHaveText(PROVIDER_MESSAGES.declined);
    // Nothing was ordered: the cart still holds the solution.
    await page.goto("/cart");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
  });
});

test.describe("Apple Pay at checkout (issue 27, decision 56)", () => {
  test("on an Apple platform with JavaScript: the sheet shows the order's total and pays for the order", async ({
    page,
  }) => {
    test.skip(!hasJavaScript(), "Apple Pay needs JavaScript (the test below checks it is absent without)");
    await simulateApplePlatform(page);
    await guestAtCheckout(page, uniqueEmail("applepay-checkout"));
    const total = (await page.getByTestId("summary-total").textContent())!.match(/\$([\d,]+\.\d\d)/)![1]!;
    await waitForHydration(page);
    await page.getByRole("button", { name: "Pay with Apple Pay" }).click();
    await thankYouOrderNumber(page);
    await expect(page.getByText("Paid with Apple Pay (Visa ending in 1881)")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __applePayTotal: string }).__applePayTotal)).toBe(
      total.replace(",", ""),
    );
  });

  test("is not offered elsewhere, or without JavaScript", async ({ page }) => {
    await guestAtCheckout(page, uniqueEmail("applepay-absent"));
    if (hasJavaScript()) await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Pay with Apple Pay" })).toHaveCount(0);
  });
});
