import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expiringHeadline, formatPrescriptionDate } from "../../app/models/prescriptions";
import { addDays, businessToday } from "../../app/models/subscription";
import { expect, test, waitForHydration } from "./fixtures";
import { toastMessage, TORIC } from "./purchase";
import { seedCustomer, toricOrder } from "./seed";

// The prescription wallet (decision 23), with JavaScript and without: a signed-in customer orders the toric lens with
// its prescription typed on the product page, expiration date included; the wallet (/account/prescriptions) shows
// the recorded prescription, and 'Order again' puts the lenses in the cart with no prescription or patient step. A
// copy of the prescription (not ordered on lately, expiring within 45 days) brings the shell's reminder under the
// header, with the badge; deleting the copy (confirmed as a second step) takes it away. Every test is a new customer,
// whose order is seeded (tests/e2e/seed.ts); typing a prescription on the product page is prescription-upload's and
// checkout's.

const FIXTURES = path.join(process.cwd(), "tests/fixtures/rx");

/** The wallet's prescription cards. */
function walletCards(page: Page): Locator {
  return page.getByTestId("wallet-prescription");
}

function reminder(page: Page): Locator {
  return page.getByTestId("rx-reminder");
}

/**
 * A new customer (Ann Lee) with an order of the toric lens for both eyes, the prescription typed with its expiration
 * date, from the seeded doctor.
 */
async function buyWithTypedPrescription(page: Page, expiresOn: string) {
  const seeded = await seedCustomer(page, {
    label: "wallet",
    order: toricOrder(5, { prescriptionExpiresOn: expiresOn }),
  });
  return { doctorName: seeded.doctorName! };
}

test.describe("the prescription wallet (decision 23)", () => {
  test("an order's typed prescription is in the wallet; Order again lands in the cart with no prescription step", async ({
    page,
  }) => {
    test.slow();
    const expiresOn = addDays(businessToday(), 30);
    const { doctorName } = await buyWithTypedPrescription(page, expiresOn);

    await page.goto("/account/prescriptions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My prescriptions");
    await expect(page.getByRole("heading", { level: 2, name: "Ann Lee" })).toBeVisible();
    const card = walletCards(page);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("prescription-expiry")).toContainText(`Expires ${formatPrescriptionDate(expiresOn)}`);
    await expect(card.getByTestId("prescription-badge")).toHaveText("You have 30 days left to order.");
    await expect(card.getByTestId("prescription-status")).toHaveText("Being verified with your doctor");
    await expect(card).toContainText(doctorName);
    await expect(card.getByRole("heading", { name: "Right eye (OD)" })).toBeVisible();
    await expect(card.getByRole("heading", { name: "Left eye (OS)" })).toBeVisible();
    await expect(card).toContainText("Power/sphere");
    // Just ordered on: the shell does not remind about it.
    await expect(reminder(page)).toHaveCount(0);

    // Order again: to the cart, the patient and prescription known (no RxDetails, Parameters or Patient step).
    await waitForHydration(page);
    await card.getByRole("button", { name: /^Order again/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(toastMessage(page)).toHaveText("Added to your cart.");
    const group = page.getByTestId("cart-group");
    await expect(group).toHaveCount(1);
    await expect(group.getByRole("heading", { level: 2 })).toHaveText("Contact lenses for Ann Lee");
    await expect(group.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    // The product page now offers the saved prescription instead of typing one.
    await page.goto(`/lens/${TORIC.vanityUrl}`);
    const choice = page.getByTestId("saved-prescription-choice");
    await expect(choice).toContainText("Ann Lee");
    await expect(choice.getByRole("radio")).toHaveCount(1);
  });

  test("a copy expiring within 45 days shows the reminder in the shell; deleting it (confirmed) takes it away", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const expiresOn = addDays(businessToday(), 20);
    await buyWithTypedPrescription(page, expiresOn);

    await page.goto("/account/prescriptions");
    await expect(walletCards(page)).toHaveCount(1);
    await expect(reminder(page)).toHaveCount(0);
    await waitForHydration(page);
    await walletCards(page).getByRole("button", { name: "Copy this prescription" }).click();
    await expect(page).toHaveURL(/\/account\/prescriptions#prescription-\d+$/);
    await expect(toastMessage(page)).toContainText("Prescription copied.");
    await expect(walletCards(page)).toHaveCount(2);

    // The copy was never ordered on: the reminder names it, under the header, in words.
    await expect(reminder(page)).toContainText(`${expiringHeadline("Ann", expiresOn)}.`);
    await expect(reminder(page).getByTestId("rx-reminder-badge")).toHaveText("You have 20 days left to order.");
    await expect(reminder(page).getByRole("link", { name: "Upload a new prescription" })).toHaveAttribute(
      "href",
      "/upload-rx",
    );
    // It shows on other standard pages too.
    await page.goto("/lenses");
    await expect(reminder(page)).toContainText("You have 20 days left to order.");
    // Its link goes to the copy's page, at its Order again form.
    await waitForHydration(page);
    await reminder(page).getByRole("link", { name: "Order again with this prescription" }).click();
    await expect(page).toHaveURL(/\/account\/prescriptions\/\d+#order-again-\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription for Ann Lee");

    // Delete: the link asks first (a second step in the URL); 'Delete prescription' deletes.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Delete the prescription for Ann Lee" }).click();
    await expect(page).toHaveURL(/\?delete=\d+$/);
    const confirm = page
      .getByRole("alert")
      .filter({ has: page.getByRole("heading", { name: "Delete this prescription?" }) });
    await expect(confirm).toBeVisible();
    await waitForHydration(page);
    await confirm.getByRole("button", { name: "Delete prescription" }).click();
    await expect(page).toHaveURL(/\/account\/prescriptions$/);
    await expect(toastMessage(page)).toHaveText("Prescription deleted, with its images.");
    await expect(walletCards(page)).toHaveCount(1);
    await expect(reminder(page)).toHaveCount(0);
  });

  test("a prescription uploaded from the account waits in the wallet under 'Prescription Uploaded'; Delete removes it", async ({
    page,
  }) => {
    await seedCustomer(page, { label: "wallet-upload" });
    await page.goto("/upload-rx");
    await waitForHydration(page);
    await page.getByLabel("Photo or scan of your prescription").setInputFiles({
      name: "my-prescription.png",
      mimeType: "image/png",
      buffer: fs.readFileSync(path.join(FIXTURES, "prescription-clean.png")),
    });
    await page.getByRole("button", { name: "Upload prescription" }).click();
    await expect(page).toHaveURL(/\/upload-success/);

    await page.goto("/account/prescriptions");
    const uploads = page.getByTestId("wallet-uploads");
    await expect(uploads.getByRole("heading", { level: 2 })).toHaveText("Prescription Uploaded");
    await expect(uploads.getByTestId("wallet-upload")).toHaveCount(1);
    await expect(uploads).toContainText("my-prescription.png");
    await expect(uploads).toContainText("Waiting for review");
    await expect(page.getByTestId("wallet-empty")).toHaveCount(0);

    await waitForHydration(page);
    await uploads.getByRole("button", { name: "Delete my-prescription.png" }).click();
    await expect(toastMessage(page)).toHaveText("Uploaded prescription deleted.");
    await expect(page.getByTestId("wallet-uploads")).toHaveCount(0);
    await expect(page.getByTestId("wallet-empty")).toContainText("You have no saved prescriptions yet.");
  });

  test("signed out, the wallet opens the sign-in dialog", async ({ page }) => {
    await page.goto("/rx-wallet");
    await expect(page).toHaveURL(/signin=sign-in/);
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});
