import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { ACCEPTED_FILES_TEXT } from "../../app/models/file-type";
import { expect, hasJavaScript, newestMailText, test, waitForHydration } from "./fixtures";
import {
  chooseLens,
  continueAsGuest,
  continueToCheckout,
  enterPatient,
  eyeFieldset,
  placeOrder,
  saveGoodCard,
  stockedLenses,
  submitShippingAddress,
  TORIC,
  uniqueEmail,
  type LensChoice,
} from "./purchase";

// Prescription uploads (issue 14), with JavaScript and without: a prescription photographed on Rx details, its values
// checked and confirmed on the upload-success page, and the lenses bought; an order placed with "I'll send it later",
// then its prescription sent from the thank-you page's link, after which the order is being verified.
//
// The upload answers at once; the on-machine reader then reads the image as a queued job (decision 46) while
// /upload-success says 'Reading your prescription…' and asks again (meta refresh without JavaScript, polling with).
// It reads this clean, generated prescription exactly: the page lists the values read, and the form arrives filled
// with those the reader is confident of; a value it is unsure of is marked 'please check' and chosen by hand.

/** The queued reading: the queue's wake-up plus the reader, up to its 30 s limit (spec) on a busy machine. */
const READING = { timeout: 45_000 };

/** Waits for the queued reading to finish on /upload-success (the page stops saying 'Reading your prescription…'). */
async function readingFinished(page: Page) {
  await expect(page.getByTestId("reading-now")).toHaveCount(0, READING);
}

/** A clean, printed prescription for the two eyes' lenses (what a phone photo of a good one looks like, but flat). */
async function prescriptionPng(lenses: { right: LensChoice; left: LensChoice }): Promise<Buffer> {
  const row = (label: string, values: LensChoice, y: number) =>
    `<text x="40" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="30">${label}  SPH ${values.power}  ` +
    `CYL ${values.cylinder}  AXIS ${values.axis}  BC ${values.baseCurve}  DIA ${values.diameter}</text>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="560"><rect width="100%" height="100%" fill="white"/>` +
    `<text x="40" y="80" font-family="DejaVu Sans, sans-serif" font-size="40">Contact Lens Prescription</text>` +
    `<text x="40" y="150" font-family="DejaVu Sans, sans-serif" font-size="30">Patient: Nora Quinn</text>` +
    `<text x="40" y="220" font-family="DejaVu Sans, sans-serif" font-size="30">Lens: ${TORIC.displayName.replace(/[&<>]/g, " ")}</text>` +
    row("OD", lenses.right, 300) +
    row("OS", lenses.left, 360) +
    `<text x="40" y="460" font-family="DejaVu Sans, sans-serif" font-size="26">Expires 12/31/2030  Dr. Rita Hale</text>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function prescriptionPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]).drawText("Contact lens prescription: OD -2.50 OS -2.75", { x: 50, y: 700, size: 14 });
  return Buffer.from(await document.save());
}

/** Chooses the file in the upload form and sends it; with JavaScript an image it can show is previewed first. */
async function uploadFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  { preview = false, refusedInBrowser = false } = {},
) {
  await waitForHydration(page);
  const input = page.getByLabel("Photo or scan of your prescription");
  await expect(page.getByText(ACCEPTED_FILES_TEXT)).toBeVisible();
  await input.setInputFiles(file);
  if (hasJavaScript() && preview) await expect(page.getByTestId("upload-preview")).toBeVisible();
  // With JavaScript the file goes to the images API (with progress); without, the page's own multipart form posts.
  const formPath = new URL(page.url()).pathname;
  const sent = page.waitForRequest(
    (request) =>
      request.method() === "POST" && new URL(request.url()).pathname === (hasJavaScript() ? "/api/images" : formPath),
  );
  await page.getByRole("button", { name: "Upload prescription" }).click();
  // A file the browser already knows it can't take is not sent at all (with JavaScript).
  if (!(refusedInBrowser && hasJavaScript())) await sent;
}

/** The exact address the verifier accepts as it is (no dialog), for a guest: on to the next step. */
async function guestAddress(page: Page, email: string) {
  await continueToCheckout(page);
  await continueAsGuest(page, email);
  await submitShippingAddress(page, {
    firstName: "Nora",
    lastName: "Quinn",
    address1: "500 W Idaho St",
    city: "Boise",
    state: "ID",
    zip: "83702",
  });
}

/** Product page → 'Enter prescription later' → /rx-details. */
async function addToricLater(page: Page) {
  await page.goto(`/lens/${TORIC.vanityUrl}`);
  await waitForHydration(page);
  await eyeFieldset(page, "Right").getByLabel("Quantity").selectOption("1");
  await eyeFieldset(page, "Left").getByLabel("Quantity").selectOption("1");
  await page.getByRole("button", { name: "Enter prescription later" }).click();
  await expect(page).toHaveURL(/\/rx-details$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your prescription");
}

test.describe("prescription upload (issue 14)", () => {
  test("a prescription photographed on Rx details: checked on upload-success, confirmed, and the lenses bought", async ({
    page,
  }) => {
    // A whole purchase plus the upload's processing: longer than test.slow() gives on a busy two-core machine.
    test.setTimeout(180_000);
    const lenses = stockedLenses(8);
    await addToricLater(page);
    await expect(page.getByRole("heading", { name: "Or upload a photo of your prescription" })).toBeVisible();

    // A file that is no prescription format is refused in the page, and the shopper stays on the step.
    await uploadFile(
      page,
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") },
      { refusedInBrowser: true },
    );
    await expect(page.getByTestId("upload-error")).toHaveText(
      "We can't read that kind of file. Please choose a PDF, JPEG, PNG, HEIC or TIFF file.",
    );
    await expect(page).toHaveURL(/\/rx-details$/);

    await uploadFile(page, {
      name: "my-prescription.png",
      mimeType: "image/png",
      buffer: await prescriptionPng(lenses),
    });
    await expect(page).toHaveURL(/\/upload-success\?image=[A-Za-z0-9_-]{24}$/, READING);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prescription received");

    // The image, served to its owner only and never cached.
    const image = page.getByTestId("uploaded-image").getByRole("img");
    await expect(image).toBeVisible();
    const src = await image.getAttribute("src");
    const served = await page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    expect(served.headers()["cache-control"]).toBe("private, no-store");
    const stranger = await page.context().browser()!.newContext();
    expect((await stranger.request.get(new URL(src!, page.url()).toString())).status()).toBe(404);
    await stranger.close();
    await expect(page.getByTestId("image-classification")).not.toBeEmpty();

    // The reading, queued: the page waits for it (refreshing itself, or polling), then lists what was read.
    await readingFinished(page);
    const read = page.getByTestId("reading-result");
    await expect(read).toBeVisible();
    await expect(read.locator('[data-path="OD.sphere"] dd')).toContainText(lenses.right.power!);
    await expect(read.locator('[data-path="OS.sphere"] dd')).toContainText(lenses.left.power!);
    await expect(read.locator('[data-path="OS.axis"] dd')).toContainText(lenses.left.axis!);

    // The values: pre-filled where the reader is confident, each unsure one marked 'please check' and chosen by hand.
    const power = eyeFieldset(page, "Right").getByLabel("Power/sphere", { exact: true });
    const prefilled = (await power.inputValue()) !== "";
    const sure = await read.locator('[data-path="OD.sphere"]').getAttribute("data-confident");
    expect(prefilled).toBe(sure === "true");
    if (!prefilled) {
      await expect(read.locator('[data-path="OD.sphere"] dd')).toContainText("please check");
      await waitForHydration(page);
      await chooseLens(page, "Right", lenses.right, { quantity: false });
      await chooseLens(page, "Left", lenses.left, { quantity: false });
    }
    await expect(power).toHaveValue(lenses.right.power!);
    await expect(eyeFieldset(page, "Left").getByLabel("Power/sphere", { exact: true })).toHaveValue(lenses.left.power!);
    await expect(eyeFieldset(page, "Left").getByLabel("Axis", { exact: true })).toHaveValue(lenses.left.axis!);
    // The expiration date read from the image starts the field when the reader is sure of it; else it is typed.
    const expiry = page.getByLabel(/^Prescription expiration date/);
    const expirySure = await read.locator('[data-path="expirationDate"]').getAttribute("data-confident");
    if (expirySure === "true") await expect(expiry).toHaveValue("2030-12-31");
    else await expiry.fill("2030-12-31");
    await page.getByRole("button", { name: "Confirm and continue" }).click();

    // UploadSuccess goes on to the patient (skipped when the reader stored the name), then the cart.
    await expect(page).toHaveURL(/\/(patient|cart)$/);
    if (page.url().endsWith("/patient")) await enterPatient(page, "Nora", "Quinn");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);

    const email = uniqueEmail("rx-upload");
    await guestAddress(page, email);
    // The uploaded prescription stands in for the doctor: no doctor step.
    await expect(page).toHaveURL(/\/checkout$/);
    await saveGoodCard(page);
    const orderNumber = await placeOrder(page);
    await expect(page.getByText(/Contact lenses for Nora Quinn/)).toBeVisible();
    expect(orderNumber).toMatch(/^LL\d{8}$/);
  });

  test("an order placed with 'I'll send it later', then its prescription sent as a guest from the e-mail's link", async ({
    page,
    browser,
  }) => {
    // A whole purchase plus the upload's processing: longer than test.slow() gives on a busy two-core machine.
    test.setTimeout(180_000);
    await addToricLater(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "I'll send it later" }).click();
    await expect(page).toHaveURL(/\/patient$/);
    await enterPatient(page, "Sam", "Rivers");
    const email = uniqueEmail("rx-later");
    await guestAddress(page, email);
    await expect(page).toHaveURL(/\/checkout$/);
    await saveGoodCard(page);
    const orderNumber = await placeOrder(page);

    // The confirmation e-mail asks for the prescription, with a signed link.
    const mail = await newestMailText(page, email, "order-confirmation");
    const link = mail.match(new RegExp(`/upload-rx\\?oid=${orderNumber}&code=[A-Za-z0-9_.%-]+`))?.[0];
    expect(link).toBeTruthy();

    // The order's page asks for it too, until it arrives; so does the thank-you page.
    await page.goto(`/account/order-history/${orderNumber}`);
    await expect(page.getByTestId("upload-rx-notice")).toContainText("We need your prescription");
    await expect(page.getByText("Waiting for your prescription", { exact: true })).toBeVisible();
    await page.goto(`/thank-you?oid=${orderNumber}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Upload your prescription" }).click();
    await expect(page).toHaveURL(new RegExp(`/upload-rx\\?oid=${orderNumber}$`));
    await expect(page.getByTestId("upload-order-number")).toHaveText(orderNumber);

    // The e-mail's link opened on another browser, as a guest: the code proves the order, then leaves the address.
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: hasJavaScript() });
    try {
      const guest = await other.newPage();
      await guest.goto(link!);
      await expect(guest).toHaveURL(new RegExp(`/upload-rx\\?oid=${orderNumber}$`));
      await expect(guest.getByTestId("upload-order-number")).toHaveText(orderNumber);
      await uploadFile(guest, {
        name: "prescription.pdf",
        mimeType: "application/pdf",
        buffer: await prescriptionPdf(),
      });
      await expect(guest).toHaveURL(new RegExp(`/upload-success\\?oid=${orderNumber}&image=[A-Za-z0-9_-]{24}$`));
      await expect(guest.getByTestId("upload-success-message")).toContainText(
        `We have your prescription for order ${orderNumber}`,
      );
      // What was read shows here too once the queued reading is done (the PDF's two powers, or a plain word).
      await readingFinished(guest);
      await expect(guest.getByTestId("reading-result").or(guest.getByTestId("reading-unread"))).toBeVisible();
      // This browser only proved the order to send its prescription: no way into the order itself.
      await expect(guest.getByRole("link", { name: "See your order" })).toHaveCount(0);
    } finally {
      await other.close();
    }

    await page.goto(`/account/order-history/${orderNumber}`);
    await expect(page.getByText("Being verified with your doctor", { exact: true })).toBeVisible();
    await expect(page.getByTestId("upload-rx-notice")).toHaveCount(0);

    // Sent once, the upload page says so rather than asking again.
    await page.goto(`/upload-rx?oid=${orderNumber}`);
    await expect(page.getByText("We already have the prescription for this order.")).toBeVisible();
    await expect(page.getByLabel("Photo or scan of your prescription")).toHaveCount(0);
  });
});

test.describe("the queued reading on upload-success (decision 46)", () => {
  test("'Reading your prescription…' while it runs; the page then shows what was read and pre-fills it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Slot 13: nothing is bought with it, but the combination must be a stocked one.
    const lenses = stockedLenses(13);
    await addToricLater(page);
    await uploadFile(page, {
      name: "my-prescription.png",
      mimeType: "image/png",
      buffer: await prescriptionPng(lenses),
    });
    await expect(page).toHaveURL(/\/upload-success\?image=[A-Za-z0-9_-]{24}$/, READING);
    const imageId = new URL(page.url()).searchParams.get("image")!;

    // The reading held running (what the reader makes of it is the test's to say, as a fake reader's would be).
    const reading = await page.request.post("/dev/e2e-fixtures/rx-reading", { data: { imageId, state: "reading" } });
    expect(reading.status(), await reading.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("reading-now")).toContainText("Reading your prescription…");
    await expect(page.getByRole("button", { name: "Confirm and continue" })).toHaveCount(0);

    // The reader finishes, sure of every field: the page notices by itself (a meta refresh, or polling).
    const eye = (values: Record<string, string>) => ({
      sphere: values.power,
      cylinder: values.cylinder,
      axis: values.axis,
      baseCurve: values.baseCurve,
      diameter: values.diameter,
    });
    const prescription = { OD: eye(lenses.right), OS: eye(lenses.left) };
    const confidence = Object.fromEntries([
      ...Object.entries(prescription).flatMap(([key, values]) =>
        Object.keys(values).map((name) => [`${key}.${name}`, 0.95]),
      ),
      ["expirationDate", 0.95],
    ]);
    const read = await page.request.post("/dev/e2e-fixtures/rx-reading", {
      data: {
        imageId,
        state: "read",
        analysis: { prescription, patient: {}, expirationDate: "2030-12-31", confidence },
      },
    });
    expect(read.status(), await read.text()).toBe(200);
    const result = page.getByTestId("reading-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.locator('[data-path="OD.sphere"] dd')).toHaveText(lenses.right.power!);
    await expect(page.getByTestId("reading-now")).toHaveCount(0);

    // The form arrives filled with what was read.
    await expect(eyeFieldset(page, "Right").getByLabel("Power/sphere", { exact: true })).toHaveValue(
      lenses.right.power!,
    );
    await expect(eyeFieldset(page, "Left").getByLabel("Axis", { exact: true })).toHaveValue(lenses.left.axis!);
    await expect(page.getByLabel(/^Prescription expiration date/)).toHaveValue("2030-12-31");
    await expect(page.getByTestId("prefill-note")).toContainText("We read these values from your prescription");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(page).toHaveURL(/\/(patient|cart)$/);
  });
});
