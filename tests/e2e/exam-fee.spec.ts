import {
  addPatientAndLenses,
  moveExam,
  payForExam,
  payWithCard,
  saveExamCard,
  startSignedOut,
  takeExam,
} from "./exam-journey";
import { expect, test, waitForHydration } from "./fixtures";
import { stockedLenses, uniqueEmail } from "./purchase";

// The online exam's fee (issue 27, decision 55), with JavaScript and without: the provider's price is paid with a card
// before the exam starts, the receipt says it is FSA/HSA eligible, and the fee goes back when the doctor declines
// the exam; a declined card starts no exam and says so in the page.

/** The test vault saves this card, and declines every charge on it (CHARGE_DECLINED). */
const CHARGE_DECLINED = "4000 0000 0000 0341";

test("pay for the exam, start and take it; the receipt is FSA/HSA eligible, and a declined exam is refunded", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startSignedOut(page, uniqueEmail("examfee"));
  await addPatientAndLenses(page, stockedLenses(20));
  await payForExam(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Before you start");
  const token = await takeExam(page);

  const receipt = page.getByTestId("exam-receipt");
  await expect(receipt).toContainText("Your exam receipt");
  await expect(page.getByTestId("exam-receipt-amount")).toHaveText("$20.00");
  await expect(receipt).toContainText("Visa ending in 4242");
  await expect(receipt).toContainText("FSA/HSA eligible");
  await expect(page.getByTestId("exam-refund")).toHaveCount(0);

  await moveExam(page, token, "Declined");
  // The store learns of the decline at once, and gives the fee back (the dev page shows the store's side too).
  const row = page.locator(`[data-testid="dev-exam-row"][data-token="${token.slice(0, 8)}"]`);
  await expect(row.getByTestId("dev-exam-fee")).toHaveText("$20.00 refunded");
  await page.goto(`/exam/exam-complete?examvouchertoken=${token}`);
  await expect(page).toHaveURL(/\/exam\/exam-declined\?examvouchertoken=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exam Declined");
  await expect(page.getByTestId("exam-refund")).toHaveText("We refunded your $20.00 to your Visa ending in 4242.");
});

test("a declined card: the page says so and no exam starts; another card then pays", async ({ page }) => {
  test.setTimeout(180_000);
  await startSignedOut(page, uniqueEmail("examdecline"));
  await addPatientAndLenses(page, stockedLenses(21));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your exam");
  await saveExamCard(page, CHARGE_DECLINED);
  await payWithCard(page, CHARGE_DECLINED);
  await expect(page.getByTestId("exam-pay-form").getByText("Your card was declined.")).toBeVisible();
  await expect(page).toHaveURL(/\/exam\/payment\?/);

  // No exam was created: the start offers none to continue.
  const payStep = page.url();
  await page.goto("/exam/start");
  await expect(page.getByText("Continue your exam")).toHaveCount(0);
  await page.goto(payStep);

  await waitForHydration(page);
  await page.getByRole("link", { name: "Use a new card" }).click();
  await expect(page).toHaveURL(/card=new/);
  await saveExamCard(page, "4242 4242 4242 4242");
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/exam-provider\/[A-Za-z0-9_-]+\?/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Before you start");
});
