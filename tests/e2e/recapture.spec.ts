import type { Page } from "@playwright/test";
import sharp from "sharp";
import { RECAPTURE_MESSAGES } from "../../app/models/recapture-words";
import { expect, test, waitForHydration } from "./fixtures";
import { toastMessage } from "./purchase";
import { seedCustomer, toricOrder } from "./seed";

// Recapture of a held order (issue 16), with JavaScript and without: the doctor's office rejects the prescription of
// a placed order (on /dev/verifications), the order goes on hold, and the shopper sees the attention banner on every
// page; 'Upload Rx' takes them to the order's upload, after which the banner is gone and the toast says the order is
// being worked on. The orders are seeded (tests/e2e/seed.ts); checkout.spec.ts buys through the pages.

const banner = (page: Page) => page.getByTestId("recapture-banner");

/** The doctor's office answers 'not a valid prescription' for this order. */
async function rejectAsDoctor(page: Page, orderNumber: string) {
  await page.goto("/dev/verifications");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Run verification job now" }).click();
  const row = page.locator(`[data-testid="dev-verification-row"][data-order="${orderNumber}"]`);
  await expect(row).toContainText("sent");
  await waitForHydration(page);
  await row.getByRole("button", { name: "Reject as invalid" }).click();
  await expect(row).toContainText("doctor: invalid");
}

async function smallImage(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#f4f4f4" } })
    .png()
    .toBuffer();
}

test("an order the doctor rejects shows the banner; the upload clears it and the toast follows", async ({ page }) => {
  test.slow();
  const orderNumber = (await seedCustomer(page, { label: "recapture", order: toricOrder(9) })).orderNumber!;
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);

  await rejectAsDoctor(page, orderNumber);
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("heading")).toHaveText(RECAPTURE_MESSAGES.title);
  await expect(banner(page)).toContainText(RECAPTURE_MESSAGES.message);
  await expect(banner(page).getByRole("link", { name: RECAPTURE_MESSAGES.renew })).toHaveAttribute(
    "href",
    `/exam/start?order=${orderNumber}`,
  );

  await waitForHydration(page);
  await banner(page).getByRole("link", { name: RECAPTURE_MESSAGES.upload }).click();
  await expect(page).toHaveURL(`/upload-rx?oid=${orderNumber}`);
  await expect(page.getByTestId("upload-order-number")).toHaveText(orderNumber);
  await waitForHydration(page);
  await page
    .getByLabel("Photo or scan of your prescription")
    .setInputFiles({ name: "prescription.png", mimeType: "image/png", buffer: await smallImage() });
  await page.getByRole("button", { name: "Upload prescription" }).click();
  // The result page names the image sent, to show what was read of it (decision 46).
  await expect(page).toHaveURL(new RegExp(`/upload-success\\?oid=${orderNumber}&image=[A-Za-z0-9_-]{24}$`), {
    timeout: 45_000,
  });
  await expect(toastMessage(page)).toHaveText(RECAPTURE_MESSAGES.working);
  await expect(banner(page)).toHaveCount(0);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
});

test("dismissing the banner is remembered for the order", async ({ page }) => {
  test.slow();
  await seedCustomer(page, { label: "recapture", order: toricOrder(9, { held: true }) });
  await page.goto("/lenses");
  await expect(banner(page)).toBeVisible();
  await waitForHydration(page);
  await banner(page).getByRole("button", { name: RECAPTURE_MESSAGES.dismiss }).click();
  await expect(page).toHaveURL(/\/lenses$/);
  await expect(banner(page)).toHaveCount(0);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
});
