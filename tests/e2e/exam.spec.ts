import { orderDetailsPath } from "../../app/models/order-status";
import { addPatientAndLenses, moveExam, payForExam, startSignedOut, takeExam } from "./exam-journey";
import { expect, test, waitForHydration } from "./fixtures";
import { placeOrder, stockedLenses, submitShippingAddress, toastMessage, uniqueEmail } from "./purchase";

// The online vision exam (issue 16), with JavaScript and without: a signed-out visitor starts the exam, creates an
// account in the dialog the exam opens, adds the patient, names the lenses they wear, pays the exam's fee (decision
// 55), takes the simulated exam, has it issued on /dev/exams and orders the lenses from exam-complete (no doctor step:
// the exam is the prescription); and a declined exam leads to ExamDeclined.

test("a signed-out visitor starts the exam, creates an account, takes it, is issued a prescription and orders from exam-complete", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startSignedOut(page, uniqueEmail("exam"));
  await addPatientAndLenses(page, stockedLenses(6));
  await payForExam(page);
  const token = await takeExam(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, your exam is with the doctor");

  await moveExam(page, token, "Issued");
  await page.goto(`/exam/exam-complete?examvouchertoken=${token}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nora Quinn's prescription is ready");
  await page.getByRole("link", { name: "View your prescription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nora Quinn's new prescription");
  await expect(page.getByText(/^Issued by Dr\. /)).toBeVisible();
  await page.getByRole("link", { name: "Back to your exam" }).click();

  // Both eyes' lenses, two boxes each, into the cart.
  await waitForHydration(page);
  await page.getByLabel(/^Right eye \(OD\):/).selectOption("2");
  await page.getByLabel(/^Left eye \(OS\):/).selectOption("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(toastMessage(page)).toHaveText("Your exam's lenses are in your cart.");
  await expect(page.getByText("Contact lenses for Nora Quinn")).toBeVisible();

  // Checkout asks for the address, never for a doctor: the exam's doctor wrote the prescription.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(page).toHaveURL(/\/address$/);
  await submitShippingAddress(page, {
    firstName: "Ann",
    lastName: "Lee",
    address1: "500 W Idaho St",
    city: "Boise",
    state: "ID",
    zip: "83702",
  });
  await expect(page).toHaveURL(/\/checkout$/);
  // The card saved when the exam was paid is in the wallet, chosen for the order.
  const card = page.getByTestId("saved-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("4242");
  await expect(card.getByRole("radio")).toBeChecked();
  const orderNumber = await placeOrder(page);
  await page.goto(orderDetailsPath(orderNumber));
  await expect(page.getByText("Verified").first()).toBeVisible();
});

test("a declined exam leads to ExamDeclined", async ({ page }) => {
  test.setTimeout(120_000);
  await startSignedOut(page, uniqueEmail("declined"));
  await addPatientAndLenses(page, stockedLenses(7));
  await payForExam(page);
  const token = await takeExam(page);
  await moveExam(page, token, "Declined");
  await page.goto(`/exam/exam-complete?examvouchertoken=${token}`);
  await expect(page).toHaveURL(/\/exam\/exam-declined\?examvouchertoken=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exam Declined");
  await expect(page.getByRole("link", { name: "Find an eye doctor near you" })).toHaveAttribute(
    "href",
    "/eye-doctor-search",
  );
});
