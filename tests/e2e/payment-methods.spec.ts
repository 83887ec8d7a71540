import { simulateApplePlatform } from "./apple-pay";
import type { Page } from "@playwright/test";
import { expect, hasJavaScript, siteFooter, test, waitForHydration } from "./fixtures";
import { cardForm, EXPIRY, saveCardWithAddress, uniqueEmail } from "./purchase";
import { seedCustomer } from "./seed";

// The saved payment methods in account settings (issue 27), with JavaScript and without: save a card, make one
// preferred, delete one after confirming; and the footer's 'We accept' strip. Apple Pay is offered only on Apple
// platforms with JavaScript, so Chromium never shows it.

const PATH = "/account/settings/payment-methods";

async function addCard(page: Page, number: string) {
  await saveCardWithAddress(page, number);
  await expect(page.getByRole("status").filter({ hasText: "Your card is saved." })).toBeVisible();
}

const methods = (page: Page) => page.getByTestId("payment-method");

test.describe("saved payment methods", () => {
  test("save cards, make one preferred, delete one after confirming", async ({ page }) => {
    test.slow();
    await seedCustomer(page, { email: uniqueEmail("wallet") });
    await page.goto("/account/settings");
    await page.getByRole("link", { name: "Manage your saved payment methods" }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment methods");
    await expect(page.getByText("You have no saved payment methods yet.")).toBeVisible();
    // Apple Pay only on Apple platforms: never in Chromium, with or without JavaScript.
    await expect(page.getByRole("button", { name: "Add Apple Pay" })).toHaveCount(0);

    await addCard(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(new RegExp(`${PATH}\\?saved=card$`));
    await addCard(page, "5555 5555 5555 4444");
    await expect(methods(page)).toHaveCount(2);
    // The first card is the preferred one, listed first and marked.
    await expect(methods(page).first()).toContainText("Visa ending in 4242 (Preferred)");
    await expect(methods(page).nth(1)).toContainText(`Mastercard ending in 4444`);
    await expect(methods(page).nth(1)).toContainText(`Expires ${EXPIRY.month}/${EXPIRY.year}`);

    await page.getByRole("button", { name: "Make Mastercard ending in 4444 preferred" }).click();
    await expect(page.getByRole("status").filter({ hasText: "now your preferred one" })).toBeVisible();
    await expect(methods(page).first()).toContainText("Mastercard ending in 4444 (Preferred)");
    await expect(methods(page).filter({ hasText: "(Preferred)" })).toHaveCount(1);

    // Delete asks first; keeping it changes nothing.
    await page.getByRole("link", { name: "Delete Visa ending in 4242" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this payment method?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Keep it" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(methods(page)).toHaveCount(2);

    await page.getByRole("link", { name: "Delete Visa ending in 4242" }).click();
    await page
      .getByRole("dialog", { name: "Delete this payment method?" })
      .getByRole("button", { name: "Delete Visa ending in 4242" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "The payment method was deleted." })).toBeVisible();
    await expect(methods(page)).toHaveCount(1);
    await expect(methods(page).first()).toContainText("Mastercard ending in 4444 (Preferred)");
  });

  test("a declined card shows the message and only its last four", async ({ page }) => {
    await seedCustomer(page, { email: uniqueEmail("wallet-declined") });
    await page.goto(PATH);
    await saveCardWithAddress(page, "4000 0000 0000 0002");
    const form = cardForm(page);
    await expect(form.getByText("Your card was declined.")).toBeVisible();
    await expect(page.getByTestId("entered-last-four")).toContainText("ending in 0002");
    await expect(form.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByText("You have no saved payment methods yet.")).toBeVisible();
  });
});

test.describe("Apple Pay on an Apple platform", () => {
  test("adds an Apple Pay card through the Payment Request sheet", async ({ page }) => {
    test.skip(!hasJavaScript(), "Apple Pay needs JavaScript (the no-js run checks it is absent)");
    await simulateApplePlatform(page);
    await seedCustomer(page, { email: uniqueEmail("applepay") });
    await page.goto(PATH);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add Apple Pay" }).click();
    await expect(methods(page).first()).toContainText("Apple Pay (Visa ending in 1881) (Preferred)");
    // The strip names ApplePay on an Apple platform.
    await expect(siteFooter(page).getByTestId("payment-options")).toContainText("ApplePay");
  });
});

test.describe("the footer's 'We accept' strip", () => {
  test("names the cards, FSA / HSA, PayPal and AfterPay in order; ApplePay not on this platform", async ({ page }) => {
    await page.goto("/");
    const strip = siteFooter(page).getByTestId("payment-options").locator("li");
    await expect(strip).toHaveText([
      "Visa",
      "Mastercard",
      "Discover",
      "American Express",
      "FSA / HSA",
      "PayPal",
      "AfterPay",
    ]);
    if (hasJavaScript()) await waitForHydration(page);
    await expect(strip).toHaveCount(7);
  });

  test("the product page offers 4 payments with Afterpay", async ({ page }) => {
    await page.goto("/lens/acuvue-oasys-1-day-90-pack");
    await expect(page.getByTestId("instalment-note")).toHaveText(/^or 4 payments of \$\d+\.\d{2} with Afterpay$/);
  });
});
