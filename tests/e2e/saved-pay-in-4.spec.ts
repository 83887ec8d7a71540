import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { guestAtCheckout, thankYouOrderNumber, uniqueEmail } from "./purchase";

// Saved pay-in-4 methods that pay (decision 57), with JavaScript and without: the shopper's app gets a token from the
// store's pay-in-4 calls, the shopper approves it on the simulated provider's page, the app saves it through the
// wallet call (which checks it with the provider), and the checkout then pays with it like a saved card: no redirect.

/** The signed-in page's own cookies call the store's JSON API, as the shopper's app would. */
async function postJson<T>(page: Page, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(path, { data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The simulated provider's page: approve, and it sends the shopper back to the store. */
async function approveAtProvider(page: Page, redirectUrl: string) {
  await page.goto(redirectUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Afterpay (simulated)");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?orderToken=.+&status=SUCCESS$/);
}

async function placeOrderWith(page: Page, label: RegExp) {
  await page.goto("/checkout");
  const choice = page.getByRole("radio", { name: label });
  await expect(choice).toBeEnabled();
  await choice.check();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Place order" }).click();
  await thankYouOrderNumber(page);
  await expect(page.getByText("Paid with Afterpay")).toBeVisible();
}

test.describe("saved pay-in-4 methods (decision 57)", () => {
  test("a saved billing agreement pays at checkout", async ({ page }) => {
    const email = uniqueEmail("agreement");
    await guestAtCheckout(page, email);
    const here = new URL("/checkout", page.url()).toString();
    const approval = await postJson<{ token: string; redirectCheckoutUrl: string }>(
      page,
      "/api/afterpay/billingAgreement",
      {
        consumer: { email },
        agreements: [{ type: "BILLING" }],
        merchantReference: "e2e-wallet",
        merchant: { redirectConfirmUrl: here, redirectCancelUrl: here },
      },
    );
    await approveAtProvider(page, approval.redirectCheckoutUrl);
    await postJson(page, "/api/paymentMethods/afterpayBillingAgreement", {
      billingAgreementApprovalToken: approval.token,
    });
    await placeOrderWith(page, /Afterpay \(billing agreement\)/);
  });

  test("a saved checkout token for the order's total pays at checkout, once", async ({ page }) => {
    const email = uniqueEmail("checkouttoken");
    await guestAtCheckout(page, email);
    const total = (await page.getByTestId("summary-total").textContent())!.match(/\$([\d,]+\.\d\d)/)![1]!;
    const here = new URL("/checkout", page.url()).toString();
    const checkout = await postJson<{ token: string; redirectCheckoutUrl: string }>(page, "/api/afterpay", {
      amount: { amount: total.replace(/,/g, ""), currency: "USD" },
      consumer: { email },
      merchant: { redirectConfirmUrl: here, redirectCancelUrl: here },
      merchantReference: "e2e-cart",
    });
    // Not approved yet: the wallet refuses it.
    expect(
      (await page.request.post("/api/paymentMethods/afterpay", { data: { checkoutToken: checkout.token } })).status(),
    ).toBe(400);
    await approveAtProvider(page, checkout.redirectCheckoutUrl);
    await postJson(page, "/api/paymentMethods/afterpay", { checkoutToken: checkout.token });
    await placeOrderWith(page, /^Afterpay\b(?! \()/);
    // Captured for that order, it left the wallet.
    await expect(
      page.request
        .post("/api/paymentMethods/afterpay", { data: { checkoutToken: checkout.token } })
        .then((r) => r.status()),
    ).resolves.toBe(400);
  });
});
