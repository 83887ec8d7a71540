import type { Page } from "@playwright/test";
import { EXAM_QUESTIONS } from "../../app/models/exam-simulator";
import { EXAM_SIGN_IN_MESSAGE } from "../../app/models/exams";
import { expect, waitForHydration } from "./fixtures";
import { PASSWORD, saveCardWithAddress, toastMessage, TORIC, type LensChoice } from "./purchase";

// The online exam's steps for the specs that take it (exam, exam-fee): from the landing page through sign-up, the
// patient and the lenses, the pay step, the simulated provider's exam, and the doctor's move on /dev/exams. Each
// helper checks that its step landed where it should.

const PARAMETER_LABELS: Record<string, string> = {
  power: "Power/sphere",
  baseCurve: "BC",
  diameter: "DIA",
  cylinder: "CYL",
  axis: "Axis",
};

/** From the landing page to the first step of the exam, creating an account on the way. */
export async function startSignedOut(page: Page, email: string) {
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
export async function addPatientAndLenses(page: Page, lenses: { right: LensChoice; left: LensChoice }) {
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
  // The exam is paid before it starts (decision 55): the pay step comes next.
  await expect(page).toHaveURL(/\/exam\/payment\?patient=\d+&right=\w+&left=\w+$/);
}

async function readLine(page: Page, eye: "right" | "left") {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Check your ${eye} eye`);
  const letters = (await page.getByTestId("acuity-line").textContent())!.trim();
  await waitForHydration(page);
  await page.getByLabel(`Letters you read with your ${eye} eye`).fill(letters);
  await page.getByRole("button", { name: "Save what I read" }).click();
}

/** The simulated provider's exam, answered well; back on exam-complete. Returns the voucher's token. */
export async function takeExam(page: Page): Promise<string> {
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
export async function moveExam(page: Page, token: string, status: "Issued" | "Declined") {
  const prefix = token.slice(0, 8);
  await page.goto("/dev/exams");
  const row = page.locator(`[data-testid="dev-exam-row"][data-token="${prefix}"]`);
  await expect(row.getByTestId("dev-exam-status")).toHaveText("Taken");
  await waitForHydration(page);
  await row.getByLabel(`Status of exam ${prefix}`).selectOption(status);
  await row.getByRole("button", { name: "Move" }).click();
  await expect(row.getByTestId("dev-exam-status")).toHaveText(status);
}

/** Saves a card on the exam's pay step (a new account has no address, so the billing address is typed too). */
export async function saveExamCard(page: Page, number: string) {
  await saveCardWithAddress(page, number);
  const lastFour = number.replace(/\D/g, "").slice(-4);
  await expect(toastMessage(page)).toContainText(`ending in ${lastFour} saved.`);
  await expect(page).toHaveURL(/\/exam\/payment\?/);
}

/**
 * The pay step: the provider's price and the FSA/HSA note shown, a new card saved, and the fee paid with it; then the
 * provider's exam opens.
 */
export async function payForExam(page: Page, number = "4242 4242 4242 4242") {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your exam");
  await expect(page.getByTestId("exam-fee")).toHaveText("$20.00");
  await expect(page.getByTestId("exam-fsa-hsa")).toContainText("FSA/HSA eligible");
  await saveExamCard(page, number);
  await payWithCard(page, number);
  await expect(page).toHaveURL(/\/exam-provider\/[A-Za-z0-9_-]+\?/);
}

/** Chooses the saved card ending like `number` and presses Pay (the button says the fee: `amount`). */
export async function payWithCard(page: Page, number: string, amount = "$20.00") {
  const lastFour = number.replace(/\D/g, "").slice(-4);
  await waitForHydration(page);
  await page
    .getByTestId("exam-pay-form")
    .getByRole("radio", { name: new RegExp(`ending in ${lastFour}`) })
    .check();
  await page.getByRole("button", { name: `Pay ${amount} and start your exam` }).click();
}
