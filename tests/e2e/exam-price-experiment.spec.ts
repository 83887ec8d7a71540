import type { Page } from "@playwright/test";
import { addPatientAndLenses, payWithCard, saveExamCard, startSignedOut, takeExam } from "./exam-journey";
import { expect, test } from "./fixtures";
import { stockedLenses, TORIC, uniqueEmail } from "./purchase";

// The exam price experiment (spec 3 §9, decision 64), with JavaScript and without. The e2e content pauses every
// campaign, so a test asks for its variation with ?experiment=exam-price:<variant> (outside production): A offers the
// exam at $15, B at $25 with the brand-choice experience after it. The server works the price out from the variation
// on every request, and the pay form posts back to the page's own address, override and all.

const CARD = "4242 4242 4242 4242";

/** On the pay step (a card saved first: saving it comes back to the plain pay step), then the same step on `variant`. */
async function payStepOn(page: Page, email: string, slot: number, variant: string) {
  await startSignedOut(page, uniqueEmail(email));
  await addPatientAndLenses(page, stockedLenses(slot));
  await saveExamCard(page, CARD);
  await page.goto(`${page.url()}&experiment=exam-price:${variant}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your exam");
}

test("variation A: the landing and the pay step show $15, the exam is paid $15, and the receipt says $15", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto("/exam/landing?experiment=exam-price:A");
  await expect(page.locator("main").getByText("Only $15 and FSA/HSA eligible")).toBeVisible();

  await payStepOn(page, "exam-price-a", 38, "A");
  await expect(page.getByTestId("exam-fee")).toHaveText("$15.00");
  await payWithCard(page, CARD, "$15.00");
  await expect(page).toHaveURL(/\/exam-provider\/[A-Za-z0-9_-]+\?/);
  await takeExam(page);

  // The receipt is what was charged, whatever page the shopper reads it on later.
  await expect(page.getByTestId("exam-receipt-amount")).toHaveText("$15.00");
  await expect(page.getByTestId("exam-receipt")).toContainText("Visa ending in 4242");
  await expect(page.locator("[data-experience]")).toHaveAttribute("data-experience", "standard");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
});

test("variation B: the exam is paid $25, and after it the brand-choice experience orders the lenses past the cart", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await payStepOn(page, "exam-price-b", 39, "B");
  await expect(page.getByTestId("exam-fee")).toHaveText("$25.00");
  await payWithCard(page, CARD, "$25.00");
  await expect(page).toHaveURL(/\/exam-provider\/[A-Za-z0-9_-]+\?/);
  const token = await takeExam(page);
  await expect(page.getByTestId("exam-receipt-amount")).toHaveText("$25.00");

  await page.goto(`/exam/exam-complete?examvouchertoken=${token}&experiment=exam-price:B`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your lenses");
  const order = page.getByTestId("exam-order-lenses");
  await expect(order.getByRole("link", { name: TORIC.displayName, exact: true }).first()).toBeVisible();
  await order.getByRole("button", { name: "Order these lenses" }).click();
  // Past the cart: a new account has no address yet, so the order's next step is the shipping address.
  await expect(page).toHaveURL(/\/address$/);
});
