import type { Page } from "@playwright/test";
import { EXAM_QUESTIONS } from "../../app/models/exam-simulator";
import { EXAM_SIGN_IN_MESSAGE } from "../../app/models/exams";
import { orderDetailsPath } from "../../app/models/order-status";
import { expect, test, waitForHydration } from "./fixtures";
import {
  PASSWORD,
  placeOrder,
  saveGoodCard,
  stockedLenses,
  submitShippingAddress,
  toastMessage,
  TORIC,
  uniqueEmail,
  type LensChoice,
} from "./purchase";

// The online vision exam (issue 16), with JavaScript and without: a signed-out visitor starts the exam, creates an
// account in the dialog the exam opens, adds the patient, names the lenses they wear, takes the simulated exam, has
// it issued on /dev/exams and orders the lenses from exam-complete (no doctor step: the exam is the prescription);
// and a declined exam leads to ExamDeclined.

const PARAMETER_LABELS: Record<string, string> = {
  power: "Power/sphere",
  baseCurve: "BC",
  diameter: "DIA",
  cylinder: "CYL",
  axis: "Axis",
};

/** From the landing page to the first step of the exam, creating an account on the way. */
async function startSignedOut(page: Page, email: string) {
  await page.goto("/exam/landing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renew your prescription online");
  await expect(page.locator("main").getByText("Only $20 and FSA/HSA eligible")).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start your exam" }).click();

  // The exam needs an account: the dialog opens on 'create account' with the spec's words.
  await expect(page).toHaveURL(/\/exam\/landing\?signin=create-account&redirectTo=%2Fexam%2Fstart/);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(EXAM_SIGN_IN_MESSAGE);
  await waitForHydration(page);
  await dialog.getByLabel("First name").fill("Ann");
  await dialog.getByLabel("Last name").fill("Lee");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/exam\/start$/);
}

/** 'Who would you like to add?' (a new account has no patients yet), then the lenses they wear now. */
async function addPatientAndLenses(page: Page, lenses: { right: LensChoice; left: LensChoice }) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Who would you like to add?");
  await waitForHydration(page);
  // A name with a digit is refused with the store's patient-name message.
  await page.getByLabel("First name").fill("Nora2");
  await page.getByLabel("Last name").fill("Quinn");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Use letters only (no numbers or symbols).")).toBeVisible();
  await page.getByLabel("First name").fill("Nora");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/exam\/start\?patient=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Which lenses does Nora Quinn wear now?");

  await waitForHydration(page);
  await page.getByLabel("Your lenses").selectOption(String(TORIC.productId));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${TORIC.productId}`));
  await waitForHydration(page);
  for (const [eye, values] of [
    ["Right", lenses.right],
    ["Left", lenses.left],
  ] as const) {
    const fieldset = page.locator("fieldset.eye-parameters", {
      has: page.locator("legend", { hasText: `${eye} eye` }),
    });
    for (const parameter of TORIC.parameters) {
      await fieldset
        .getByLabel(PARAMETER_LABELS[parameter.name]!, { exact: true })
        .selectOption(values[parameter.name]!);
    }
  }
  await page.getByRole("button", { name: "Start your exam" }).click();
  await expect(page).toHaveURL(/\/exam-provider\/[A-Za-z0-9_-]+\?/);
}

async function readLine(page: Page, eye: "right" | "left") {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Check your ${eye} eye`);
  const letters = (await page.getByTestId("acuity-line").textContent())!.trim();
  await waitForHydration(page);
  await page.getByLabel(`Letters you read with your ${eye} eye`).fill(letters);
  await page.getByRole("button", { name: "Save what I read" }).click();
}

/** The simulated provider's exam, answered well; back on exam-complete. Returns the voucher's token. */
async function takeExam(page: Page): Promise<string> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Before you start");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start the exam" }).click();
  await waitForHydration(page);
  for (const question of EXAM_QUESTIONS) {
    const answer = question.redFlagWhen === "yes" ? "No" : "Yes";
    await page.getByRole("group", { name: question.text }).getByLabel(answer).check();
  }
  await page.getByRole("button", { name: "Save answers and go on" }).click();
  await readLine(page, "right");
  await readLine(page, "left");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send my exam to the doctor" }).click();
  await expect(page).toHaveURL(/\/exam\/exam-complete\?examvouchertoken=[A-Za-z0-9_-]+$/);
  return new URL(page.url()).searchParams.get("examvouchertoken")!;
}

/** Plays the doctor on /dev/exams. */
async function moveExam(page: Page, token: string, status: "Issued" | "Declined") {
  const prefix = token.slice(0, 8);
  await page.goto("/dev/exams");
  const row = page.locator(`[data-testid="dev-exam-row"][data-token="${prefix}"]`);
  await expect(row.getByTestId("dev-exam-status")).toHaveText("Taken");
  await waitForHydration(page);
  await row.getByLabel(`Status of exam ${prefix}`).selectOption(status);
  await row.getByRole("button", { name: "Move" }).click();
  await expect(row.getByTestId("dev-exam-status")).toHaveText(status);
}

test("a signed-out visitor starts the exam, creates an account, takes it, is issued a prescription and orders from exam-complete", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startSignedOut(page, uniqueEmail("exam"));
  await addPatientAndLenses(page, stockedLenses(6));
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
  await saveGoodCard(page);
  const orderNumber = await placeOrder(page);
  await page.goto(orderDetailsPath(orderNumber));
  await expect(page.getByText("Verified").first()).toBeVisible();
});

test("a declined exam leads to ExamDeclined", async ({ page }) => {
  test.setTimeout(120_000);
  await startSignedOut(page, uniqueEmail("declined"));
  await addPatientAndLenses(page, stockedLenses(7));
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
