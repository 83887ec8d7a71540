import { HELD_ORDER_WORDS } from "../../app/models/held-order";
import { RECAPTURE_MESSAGES } from "../../app/models/recapture-words";
import { expect, newestMailText, test } from "./fixtures";
import { seedCustomer, toricOrder } from "./seed";
import { expectReadBeforePage } from "./reading-order";
import { indexOfLines, textBrowserView } from "./text-browser";

// A held order says one thing everywhere (issue 25), with JavaScript and without: the doctor's office rejects the
// prescription of a placed order (seeded, tests/e2e/seed.ts: the verification job and the simulated doctor's
// rejection; recapture.spec.ts rejects on /dev/verifications), and the dashboard, the order's
// page, order history and the on-hold e-mail all say what the order needs, in the recapture banner's words, with no
// delivery date. The banner itself comes first in the document and sits at the bottom of the window on screen.
// Stocked-lens slot 40 is this spec's.

const HELD_MESSAGE = RECAPTURE_MESSAGES.message;

test("a held order reads the same on the dashboard, its page, order history and the e-mail", async ({ page }) => {
  test.slow();
  const seeded = await seedCustomer(page, { label: "held", order: toricOrder(40, { held: true }) });
  const { email } = seeded;
  const orderNumber = seeded.orderNumber!;

  await test.step("the dashboard: 'On hold', what it needs, the banner's two ways, no delivery date", async () => {
    await page.goto("/dashboard");
    const lastOrder = page.getByTestId("dashboard-last-order");
    await expect(lastOrder.getByTestId("last-order-status")).toHaveText(HELD_ORDER_WORDS.label);
    await expect(lastOrder.getByTestId("last-order-message")).toHaveText(HELD_MESSAGE);
    await expect(lastOrder.getByTestId("last-order-delivery")).toHaveCount(0);
    await expect(lastOrder).not.toContainText(/Expected delivery|verifying/i);
    await expect(lastOrder.getByRole("link", { name: RECAPTURE_MESSAGES.renew })).toHaveAttribute(
      "href",
      `/exam/start?order=${orderNumber}`,
    );
    await expect(lastOrder.getByRole("link", { name: RECAPTURE_MESSAGES.upload })).toHaveAttribute(
      "href",
      `/upload-rx?oid=${orderNumber}`,
    );
    // The banner says the same thing.
    await expect(page.getByTestId("recapture-banner")).toContainText(HELD_MESSAGE);
  });

  await test.step("the order's page: the same words, no 'verifying', no delivery date", async () => {
    await page.goto(`/account/order-history/${orderNumber}`);
    await expect(page.getByTestId("order-status")).toHaveText(HELD_ORDER_WORDS.label);
    await expect(page.getByTestId("order-message")).toHaveText(HELD_MESSAGE);
    const main = page.locator("main");
    await expect(main).not.toContainText(/Expected delivery|verifying|Being verified/i);
    await expect(main).toContainText(HELD_ORDER_WORDS.groupPrescription);
    const actions = page.getByTestId("held-order-actions");
    await expect(actions.getByRole("link", { name: RECAPTURE_MESSAGES.renew })).toBeVisible();
    await expect(actions.getByRole("link", { name: RECAPTURE_MESSAGES.upload })).toBeVisible();
  });

  await test.step("order history: the same words", async () => {
    await page.goto("/account/order-history");
    const row = page.locator(`[data-testid="order-row"][data-order="${orderNumber}"]`);
    await expect(row.getByTestId("order-row-status")).toHaveText(HELD_ORDER_WORDS.label);
    await expect(row.getByTestId("order-row-message")).toHaveText(HELD_MESSAGE);
    await expect(row).not.toContainText(/Expected|verifying/i);
    // Not offered again while it is held.
    await expect(row.getByRole("link", { name: "Reorder these lenses" })).toHaveCount(0);
  });

  await test.step("the e-mail: on hold, why, what it needs, the two ways, no date", async () => {
    const text = await newestMailText(page, email, "order-on-hold");
    expect(text).toContain(`Your order ${orderNumber} is on hold.`);
    expect(text).toContain(HELD_MESSAGE);
    expect(text).toContain(`/exam/start?order=${orderNumber}`);
    expect(text).toContain(`/upload-rx?oid=${orderNumber}`);
    expect(text).not.toMatch(/deliver|arrive|verifying/i);
  });

  await test.step("a text browser reads the banner first, and the status and its message apart", async () => {
    await page.goto("/dashboard");
    await expectReadBeforePage(page.getByTestId("recapture-banner"));
    const lines = await textBrowserView(page);
    const banner = lines.indexOf(RECAPTURE_MESSAGES.title);
    const heading = lines.indexOf("Hi, Ann");
    expect(banner).toBeGreaterThan(-1);
    expect(heading).toBeGreaterThan(banner);
    expect(indexOfLines(lines, [HELD_ORDER_WORDS.label, HELD_MESSAGE])).toBeGreaterThan(heading);
    expect(lines.filter((line) => /Processing|verifying/.test(line))).toEqual([]);
  });

  await test.step("on screen the banner is the bottom full-width attention banner", async () => {
    // A page taller than the window: the banner stays at the window's bottom edge, the full width.
    await page.goto(`/account/order-history/${orderNumber}`);
    const viewport = page.viewportSize()!;
    const box = await page.getByTestId("recapture-banner").boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBe(0);
    expect(box!.width).toBe(viewport.width);
    expect(Math.round(box!.y + box!.height)).toBe(viewport.height);
    // At the end of the page it rests above the footer, covering none of it.
    await page.locator("footer.site-footer").scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = await page.locator("footer.site-footer").boundingBox();
    const rested = await page.getByTestId("recapture-banner").boundingBox();
    expect(rested!.y + rested!.height).toBeLessThanOrEqual(footer!.y + 1);
  });
});
