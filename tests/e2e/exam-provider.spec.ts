import type { Page } from "@playwright/test";
import { EXAM_QUESTIONS } from "../../app/models/exam-simulator";
import { expect, test, waitForHydration } from "./fixtures";
import { toastMessage } from "./purchase";
import { indexOfLines, textBrowserView } from "./text-browser";

// The simulated exam provider (decision 31), with JavaScript and without: a test exam made on /dev/exams, taken on
// the simulator's pages (questions, each eye's line of letters read back, finish), which send the shopper back to
// /dev/exams; there the doctor issues it, and the exam's page then shows the prescription was written.

/** The dev page's row of the exam whose token starts with `prefix`. */
const examRow = (page: Page, prefix: string) => page.locator(`[data-testid="dev-exam-row"][data-token="${prefix}"]`);

async function readLine(page: Page, eye: "right" | "left") {
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Check your ${eye} eye`);
  const letters = (await page.getByTestId("acuity-line").textContent())!.trim();
  expect(letters).toMatch(/^[CDHKNORSVZ]{5}$/);
  await page.getByLabel(`Letters you read with your ${eye} eye`).fill(letters.toLowerCase().split("").join(" "));
  await page.getByRole("button", { name: "Save what I read" }).click();
}

test("a test exam is taken on the simulator's pages and issued on /dev/exams", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/dev/exams");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create a test exam" }).click();
  await expect(toastMessage(page)).toHaveText(/^Test exam [A-Za-z0-9_-]{8} created\.$/);
  const prefix = (await toastMessage(page).textContent())!.split(" ")[2]!;
  const row = examRow(page, prefix);
  await expect(row.getByTestId("dev-exam-status")).toHaveText("Created");
  await row.getByRole("link", { name: prefix }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Before you start");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Start the exam" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Step 1 of 3: Questions about your eyes");
  await expect(page).toHaveURL(/step=questions/);

  // Without CSS, each question reads before its two choices.
  const lines = await textBrowserView(page);
  expect(indexOfLines(lines, [EXAM_QUESTIONS[0].text, "( ) Yes", "( ) No", EXAM_QUESTIONS[1].text])).toBeGreaterThan(
    -1,
  );

  await waitForHydration(page);
  for (const question of EXAM_QUESTIONS) {
    const answer = question.redFlagWhen === "yes" ? "No" : "Yes";
    await page.getByRole("group", { name: question.text }).getByLabel(answer).check();
  }
  await page.getByRole("button", { name: "Save answers and go on" }).click();

  await readLine(page, "right");
  await readLine(page, "left");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Send your exam");
  await expect(page.getByText("Right eye: 5 of 5 letters read.")).toBeVisible();
  await page.getByRole("button", { name: "Send my exam to the doctor" }).click();

  // Back where the exam was opened from: it is with the doctor, with potential evidence.
  await expect(page).toHaveURL(/\/dev\/exams$/);
  await expect(row.getByTestId("dev-exam-status")).toHaveText("Taken");
  await expect(row.getByRole("cell", { name: "yes", exact: true })).toBeVisible();

  await waitForHydration(page);
  await row.getByLabel(`Status of exam ${prefix}`).selectOption("Issued");
  await row.getByRole("button", { name: "Move" }).click();
  await expect(toastMessage(page)).toHaveText(`Exam ${prefix.slice(0, 6)}… is now Issued.`);
  await expect(row.getByTestId("dev-exam-status")).toHaveText("Issued");

  await row.getByRole("link", { name: prefix }).click();
  await expect(page.getByTestId("exam-state")).toHaveText(
    "The doctor reviewed your exam and wrote your new prescription.",
  );
  await expect(page.getByRole("link", { name: "Back to Lenslane" })).toHaveAttribute("href", "/dev/exams");
});
