import { devices, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { formatCents } from "../../app/models/catalog";
import { expiryLabel } from "../../app/models/promotions";
import { SHIPPING_METHODS } from "../../app/models/shipping";
import { seedProducts } from "../../app/services/db/seed/catalog-data.server";
import { seedPromotions } from "../../app/services/db/seed/promotion-data.server";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// The cart's money (spec 2), with JavaScript and without: coupons and their messages, the one-time toast, shipping
// methods and free shipping, and coupon links (?uecode=). Every test builds its own cart in its own browser context,
// so the tests run in any order and in parallel. Money is figured from the seeded prices, not copied from the page.

const SOLUTION = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;
/** An anonymous shopper is in no price-book group: the control price. */
const BOX = SOLUTION.prices.control;

const STANDARD = SHIPPING_METHODS[0]!;
const EXPEDITED = SHIPPING_METHODS[1]!;
const SAME_DAY = SHIPPING_METHODS[4]!;
const FREE_SHIPPING_MINIMUM = seedPromotions.find((promotion) => promotion.key === "free-standard-shipping")!.conditions
  .minimumSubtotalCents!;

function couponPromotion(key: string) {
  const promotion = seedPromotions.find((candidate) => candidate.key === key)!;
  const reward = promotion.rewards[0] as { amountCents?: number };
  return {
    description: promotion.description,
    amountCents: reward.amountCents ?? 0,
    minimumCents: promotion.conditions.minimumSubtotalCents ?? 0,
    expiry: promotion.expiresAt ? expiryLabel("coupon", new Date(promotion.expiresAt)) : null,
  };
}
const SAVE10 = couponPromotion("coupon-save10");
const SAVE5 = couponPromotion("coupon-save5");
const THANKS15 = couponPromotion("coupon-thanks15");

const INVALID = "The coupon code is not valid.";
const BETTER_APPLIED = "A better promotion is already applied.";
const NOT_QUALIFIED = "Your cart does not qualify for this promotion.";

/** The fewest boxes of the solution whose subtotal reaches (at least) a minimum. */
function boxesFor(minimumCents: number): number {
  return Math.ceil(minimumCents / BOX);
}

/** Adds boxes of the solution through its product page form; the shopper lands on the cart. */
async function addSolution(page: Page, boxes: number) {
  await page.goto(`/contact-lens-solution/${SOLUTION.vanityUrl}`);
  await waitForHydration(page);
  await page.getByLabel("Quantity").selectOption(String(boxes));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(summaryValue(page, "summary-subtotal")).toHaveText(formatCents(boxes * BOX));
  await waitForHydration(page);
}

function summaryValue(page: Page, testId: string): Locator {
  return page.getByTestId(testId).locator("dd");
}

/** The order summary's rows as shown, to compare before and after a change that must change nothing. */
/** The summary's rows as read now; assert with expect.poll, since without JavaScript the page may still be arriving. */
async function summaryRows(page: Page): Promise<string[]> {
  return page
    .getByTestId("order-summary")
    .locator(".summary-row")
    .evaluateAll((rows) => rows.map((row) => (row.textContent ?? "").replace(/\s+/g, " ").trim()));
}

/** The toast's message (with JavaScript the toast also has a close button). */
function toastMessage(page: Page): Locator {
  return page.getByTestId("toast").locator("p");
}

function couponForm(page: Page): Locator {
  return page.locator("form.coupon-form");
}

function couponError(page: Page): Locator {
  return couponForm(page).getByRole("alert");
}

function appliedCoupon(page: Page): Locator {
  return page.getByTestId("applied-coupon");
}

async function applyCoupon(page: Page, code: string) {
  await couponForm(page).getByRole("textbox").fill(code);
  await couponForm(page).getByRole("button", { name: "Apply" }).click();
}

function shippingRadio(page: Page, label: string): Locator {
  return page.locator("label.shipping-choice", { has: page.getByText(label, { exact: true }) }).getByRole("radio");
}

function shippingPrice(page: Page, label: string): Locator {
  return page
    .locator("label.shipping-choice", { has: page.getByText(label, { exact: true }) })
    .locator(".shipping-choice-price");
}

/** Chooses a shipping method: with JavaScript the change submits at once; without, the Update button posts it. */
async function chooseShipping(page: Page, label: string) {
  await shippingRadio(page, label).check();
  if (!hasJavaScript()) await page.getByRole("button", { name: "Update shipping" }).click();
}

/** A second shopper: a browser context of its own (its own cookies), JavaScript as in this project. */
async function newShopper(browser: Browser, userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices["Desktop Chrome"],
    ...(userAgent ? { userAgent } : {}),
    javaScriptEnabled: hasJavaScript(),
    baseURL: test.info().project.use.baseURL,
  });
  return { context, page: await context.newPage() };
}

test.describe("cart money (spec 2)", () => {
  test("apply a coupon: a toast, the coupon on the cart and its discount; remove it and the totals come back", async ({
    page,
  }) => {
    const boxes = boxesFor(SAVE10.minimumCents);
    const subtotal = boxes * BOX;
    await addSolution(page, boxes);
    await expect(page.getByTestId("summary-discount")).toHaveCount(0);
    await expect(summaryValue(page, "summary-tax")).toHaveText("Calculated at checkout");
    const total = subtotal + (subtotal >= FREE_SHIPPING_MINIMUM ? 0 : STANDARD.priceCents);
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(total));

    await applyCoupon(page, "save10");
    await expect(toastMessage(page)).toHaveText(`Coupon SAVE10 applied: ${formatCents(SAVE10.amountCents)} off.`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(appliedCoupon(page)).toContainText("SAVE10");
    await expect(appliedCoupon(page)).toContainText(SAVE10.description);
    await expect(appliedCoupon(page)).toContainText(`(−${formatCents(SAVE10.amountCents)})`);
    await expect(appliedCoupon(page)).toContainText(SAVE10.expiry!);
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(SAVE10.amountCents)}`);
    await expect(summaryValue(page, "summary-subtotal")).toHaveText(formatCents(subtotal));
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(total - SAVE10.amountCents));
    // With JavaScript the toast can be closed; without, it has no button (it is gone on the next page).
    const closeToast = page.getByTestId("toast").getByRole("button", { name: "Close notification" });
    if (hasJavaScript()) {
      await closeToast.click();
      await expect(page.getByTestId("toast")).toHaveCount(0);
    } else {
      await expect(closeToast).toHaveCount(0);
    }

    // The coupon stays on the cart on the next visit.
    await page.reload();
    await waitForHydration(page);
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(SAVE10.amountCents)}`);

    await page.getByRole("button", { name: "Remove coupon SAVE10" }).click();
    await expect(toastMessage(page)).toHaveText("Coupon removed.");
    await expect(appliedCoupon(page)).toHaveCount(0);
    await expect(page.getByTestId("summary-discount")).toHaveCount(0);
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(total));
    await expect(couponForm(page).getByLabel("Coupon code")).toBeVisible();
  });

  test("each refused coupon gets its message next to the field, and the summary does not change", async ({ page }) => {
    // Under SAVE10's minimum: SAVE10 does not qualify.
    const boxes = boxesFor(SAVE10.minimumCents) - 1;
    expect(boxes * BOX).toBeLessThan(SAVE10.minimumCents);
    await addSolution(page, boxes);
    const before = await summaryRows(page);

    const refusals: Array<[code: string, message: string]> = [
      ["", INVALID],
      ["NOSUCHCODE", INVALID],
      ["SUMMER20", INVALID],
      ["SAVE10", NOT_QUALIFIED],
      ["   ", INVALID],
    ];
    for (const [code, message] of refusals) {
      // A fresh page each time, so each message is this code's (several share one text).
      await page.goto("/cart");
      await waitForHydration(page);
      await expect(couponError(page)).toHaveCount(0);
      await applyCoupon(page, code);
      await expect(couponError(page), `the message for ${JSON.stringify(code)}`).toHaveText(message);
      await expect(appliedCoupon(page)).toHaveCount(0);
      await expect.poll(() => summaryRows(page)).toEqual(before);
      await expect(page.getByTestId("toast")).toHaveCount(0);
      await expect(page).toHaveURL(/\/cart$/);
    }
  });

  test("a better coupon already applied refuses a smaller one", async ({ page }) => {
    await addSolution(page, boxesFor(SAVE10.minimumCents));
    await applyCoupon(page, "SAVE10");
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(SAVE10.amountCents)}`);
    const before = await summaryRows(page);

    await applyCoupon(page, "SAVE5");
    await expect(couponError(page)).toHaveText(BETTER_APPLIED);
    await expect.poll(() => summaryRows(page)).toEqual(before);
    await expect(appliedCoupon(page)).toContainText("SAVE10");
    await expect(appliedCoupon(page)).not.toContainText("SAVE5");
  });

  test("changing the shipping method changes the shipping and the total", async ({ page }) => {
    const boxes = 1;
    const subtotal = boxes * BOX;
    expect(subtotal).toBeLessThan(FREE_SHIPPING_MINIMUM);
    await addSolution(page, boxes);
    await expect(shippingRadio(page, STANDARD.label)).toBeChecked();
    await expect(summaryValue(page, "summary-shipping")).toHaveText(formatCents(STANDARD.priceCents));
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(subtotal + STANDARD.priceCents));
    for (const method of SHIPPING_METHODS) {
      await expect(shippingPrice(page, method.label)).toHaveText(formatCents(method.priceCents));
    }
    await expect(page.locator(".shipping-choice-estimate")).toHaveCount(SHIPPING_METHODS.length);
    for (const estimate of await page.locator(".shipping-choice-estimate").allTextContents()) {
      expect(estimate).toMatch(/^Estimated delivery \w{3}, \w{3} \d{1,2}$/);
    }

    await chooseShipping(page, EXPEDITED.label);
    await expect(summaryValue(page, "summary-shipping")).toHaveText(formatCents(EXPEDITED.priceCents));
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(subtotal + EXPEDITED.priceCents));
    await expect(shippingRadio(page, EXPEDITED.label)).toBeChecked();

    await chooseShipping(page, SAME_DAY.label);
    await expect(summaryValue(page, "summary-shipping")).toHaveText(formatCents(SAME_DAY.priceCents));
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(subtotal + SAME_DAY.priceCents));

    // The choice is the cart's: it is still there on the next visit.
    await page.reload();
    await expect(shippingRadio(page, SAME_DAY.label)).toBeChecked();
    await expect(summaryValue(page, "summary-shipping")).toHaveText(formatCents(SAME_DAY.priceCents));
  });

  test("standard shipping is free from the minimum on; the faster methods still cost", async ({ page }) => {
    const under = boxesFor(FREE_SHIPPING_MINIMUM) - 1;
    expect(under * BOX).toBeLessThan(FREE_SHIPPING_MINIMUM);
    await addSolution(page, under);
    await expect(shippingPrice(page, STANDARD.label)).toHaveText(formatCents(STANDARD.priceCents));
    await expect(summaryValue(page, "summary-shipping")).toHaveText(formatCents(STANDARD.priceCents));

    const over = boxesFor(FREE_SHIPPING_MINIMUM);
    const line = page.getByTestId("cart-line");
    await line.getByLabel(/Quantity of/).selectOption(String(over));
    await line.getByRole("button", { name: "Update" }).click();
    await expect(summaryValue(page, "summary-subtotal")).toHaveText(formatCents(over * BOX));
    await expect(shippingPrice(page, STANDARD.label)).toHaveText("FREE");
    await expect(summaryValue(page, "summary-shipping")).toHaveText("FREE");
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(over * BOX));
    await expect(shippingPrice(page, EXPEDITED.label)).toHaveText(formatCents(EXPEDITED.priceCents));

    await waitForHydration(page);
    await chooseShipping(page, EXPEDITED.label);
    await expect(summaryValue(page, "summary-shipping")).toHaveText(formatCents(EXPEDITED.priceCents));
    await expect(summaryValue(page, "summary-total")).toHaveText(formatCents(over * BOX + EXPEDITED.priceCents));
  });

  test("the coupon toast shows once: with JavaScript it closes itself, without it is gone on the next page", async ({
    page,
  }) => {
    await addSolution(page, 1);
    await applyCoupon(page, "SAVE5");
    const toast = page.getByTestId("toast");
    await expect(toastMessage(page)).toHaveText(`Coupon SAVE5 applied: ${formatCents(SAVE5.amountCents)} off.`);
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(SAVE5.amountCents)}`);
    if (hasJavaScript()) {
      // TOAST_AUTO_DISMISS_MS (7 s) in app/components/ui/Toast.tsx; the wait is generous, the timing is not tested.
      await expect(toast).toHaveCount(0, { timeout: 12_000 });
    } else {
      await expect(toast).toBeVisible();
    }
    await page.reload();
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(SAVE5.amountCents)}`);
    await expect(toast).toHaveCount(0);
  });

  test("a coupon link (?uecode=) applies a unique code once, and not for a bot or a second shopper", async ({
    page,
    request,
    browser,
  }) => {
    const issued = await request.get("/api/coupon/unique?couponName=THANKS15");
    expect(issued.status(), "GET /api/coupon/unique issues a code").toBe(200);
    const body = (await issued.json()) as Record<string, unknown>;
    const code = String(body.couponCode ?? (body.data as Record<string, unknown> | undefined)?.couponCode ?? "");
    expect(code).toMatch(/^THANKS15-/);

    const boxes = boxesFor(THANKS15.minimumCents);
    await addSolution(page, boxes);
    const subtotal = boxes * BOX;
    const shipping = subtotal >= FREE_SHIPPING_MINIMUM ? 0 : STANDARD.priceCents;

    // A link scanner is sent on without the code being used up.
    const bot = await newShopper(browser, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    await bot.page.goto(`/lenses?uecode=${code}`);
    await expect(bot.page).toHaveURL(/\/lenses$/);
    await expect(bot.page.getByTestId("toast")).toHaveCount(0);
    await bot.context.close();

    await page.goto(`/lenses?uecode=${code}&sort=price`);
    await expect(page).toHaveURL(/\/lenses\?sort=price$/);
    await expect(toastMessage(page)).toHaveText(`Coupon ${code} applied: ${formatCents(THANKS15.amountCents)} off.`);
    await page.goto("/cart");
    await expect(appliedCoupon(page)).toContainText(code);
    await expect(appliedCoupon(page)).toContainText(THANKS15.description);
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(THANKS15.amountCents)}`);
    await expect(summaryValue(page, "summary-total")).toHaveText(
      formatCents(subtotal + shipping - THANKS15.amountCents),
    );

    // The code is this cart's now: another shopper following the same link is told it is not valid.
    const second = await newShopper(browser);
    try {
      await second.page.goto(`/?uecode=${code}`);
      await expect(second.page).toHaveURL(/\/$/);
      await expect(toastMessage(second.page)).toHaveText(INVALID);
      await second.page.goto("/cart");
      await expect(appliedCoupon(second.page)).toHaveCount(0);
    } finally {
      await second.context.close();
    }
  });

  test("a coupon link on an empty cart saves the code until items are added", async ({ page, request }) => {
    const issued = await request.get("/api/coupon/unique?couponName=THANKS15");
    expect(issued.status(), "GET /api/coupon/unique issues a code").toBe(200);
    const body = (await issued.json()) as Record<string, unknown>;
    const code = String(body.couponCode ?? (body.data as Record<string, unknown> | undefined)?.couponCode ?? "");
    expect(code).toMatch(/^THANKS15-/);

    await page.goto(`/?uecode=${code}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(toastMessage(page)).toHaveText(`Coupon ${code} is saved to your cart. Add items to use it.`);
    await page.goto("/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(appliedCoupon(page)).toHaveText(`Coupon ${code} is saved to your cart. Add items to use it.`);

    const boxes = boxesFor(THANKS15.minimumCents);
    await addSolution(page, boxes);
    await expect(appliedCoupon(page)).toContainText(code);
    await expect(summaryValue(page, "summary-discount")).toHaveText(`−${formatCents(THANKS15.amountCents)}`);
  });
});
