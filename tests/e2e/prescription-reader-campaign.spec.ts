import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";
import { enterPatient, eyeFieldset, TORIC } from "./purchase";

// The AI prescription reader test (spec 3 §9; decision 67), with JavaScript and without. The e2e content pauses the
// campaign, so every shopper gets the reader (prescription-upload.spec.ts); a page asks for the control path with
// ?experiment=ai-prescription-reader:default: plain submit-and-skip, the upload sent as it is, nothing read, and the
// shopper goes on without values. The upload form takes the page's override with it (its own post without
// JavaScript, the images API with it).

const CONTROL = "experiment=ai-prescription-reader:default";

/** Product page → 'Enter prescription later' → /rx-details. */
async function addToricLater(page: Page) {
  await page.goto(`/lens/${TORIC.vanityUrl}`);
  await waitForHydration(page);
  await eyeFieldset(page, "Right").getByLabel("Quantity").selectOption("1");
  await eyeFieldset(page, "Left").getByLabel("Quantity").selectOption("1");
  await page.getByRole("button", { name: "Enter prescription later" }).click();
  await expect(page).toHaveURL(/\/rx-details$/);
}

/** A printed-looking prescription (the reader's quick look classifies what it sees). */
async function prescriptionPng(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="100%" height="100%" fill="white"/>` +
    `<text x="40" y="80" font-family="DejaVu Sans, sans-serif" font-size="40">Contact Lens Prescription</text>` +
    `<text x="40" y="160" font-family="DejaVu Sans, sans-serif" font-size="30">Patient: Nora Quinn</text>` +
    `<text x="40" y="240" font-family="DejaVu Sans, sans-serif" font-size="30">OD SPH -2.50  OS SPH -2.75</text>` +
    `<text x="40" y="320" font-family="DejaVu Sans, sans-serif" font-size="26">Expires 12/31/2030  Dr. Rita Hale</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe("the AI prescription reader test (spec 3 §9)", () => {
  test("the control path: the upload is sent as it is, nothing is read, and the shopper goes on without values", async ({
    page,
  }) => {
    test.slow();
    await addToricLater(page);
    await page.goto(`/rx-details?${CONTROL}`);
    await expect(page.getByTestId("rx-upload-lead")).toHaveText(
      "Send it as it is: we'll take the values from it and verify it with your eye doctor.",
    );
    await waitForHydration(page);
    await page.getByLabel("Photo or scan of your prescription").setInputFiles({
      name: "my-prescription.png",
      mimeType: "image/png",
      buffer: await prescriptionPng(),
    });
    // With JavaScript the file goes to the images API, the page's override with it; without, the page's own form.
    const sent = page.waitForRequest((request) => {
      const url = new URL(request.url());
      const path = hasJavaScript() ? "/api/images" : "/rx-details";
      return request.method() === "POST" && url.pathname === path && url.searchParams.has("experiment");
    });
    await page.getByRole("button", { name: "Upload prescription" }).click();
    await sent;

    // The upload's quick look (its classification) runs on the request: up to a few seconds on a busy machine.
    await expect(page).toHaveURL(/\/upload-success\?image=[A-Za-z0-9_-]{24}$/, { timeout: 45_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription received");
    await expect(page.getByTestId("uploaded-image").getByRole("img")).toBeVisible();
    // Stored and classified (the reader's quick look), but not read: no waiting, no values to check or enter.
    await expect(page.getByTestId("image-classification")).not.toBeEmpty();
    await expect(page.getByTestId("reading-not-requested")).toHaveText(
      "There's nothing more to enter: our team will take the values from your prescription and check them with your eye doctor.",
    );
    await expect(page.getByTestId("reading-now")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Your lens parameters" })).toHaveCount(0);
    await expect(page.getByLabel("Power/sphere")).toHaveCount(0);
    // Asked again, the page is the same: no reading was queued behind it.
    await page.reload();
    await expect(page.getByTestId("reading-not-requested")).toBeVisible();
    await expect(page.getByTestId("reading-result")).toHaveCount(0);

    // UploadSuccess goes on to the patient (spec 2 §4), then the cart with both eyes' lenses.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await enterPatient(page, "Nora", "Quinn");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
  });

  test("path A keeps the reader: the step says the values will be read", async ({ page }) => {
    await addToricLater(page);
    await page.goto("/rx-details?experiment=ai-prescription-reader:A");
    await expect(page.getByTestId("rx-upload-lead")).toHaveText(
      "We'll read the values from it for you to check, and verify it with your eye doctor.",
    );
  });
});
