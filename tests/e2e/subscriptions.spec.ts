import { devices, type Browser, type Locator, type Page } from "@playwright/test";
import { formatCents } from "../../app/models/catalog";
import { addDays, businessToday, formatReorderDate, formatShortDate } from "../../app/models/subscription";
import { expect, hasJavaScript, newestMailText, siteFooter, siteHeader, test, waitForHydration } from "./fixtures";
import { buyWithAutoReorder, createAccount, stockedLenses, toastMessage, TORIC, uniqueEmail } from "./purchase";
import { seedCustomer, toricOrder } from "./seed";

// Auto-reorder subscriptions (issue 7), with JavaScript and without: a signed-in customer buys a toric lens with
// auto-reorder, finds the subscription in the account (list and details) and changes its quantities and frequency,
// snoozes it and cancels it; the reminder e-mail from the dev mailbox, whose snooze link works signed out, once
// ('already snoozed' after). Every test is a new customer (its own browser context and e-mail), so they run in any
// order and beside each other.

const PRODUCT = TORIC.displayName;
/** The running auto-reorder promotion (app/services/db/seed/promotion-data.server.ts). */
const AUTO_REORDER_PROMOTION = "Save 5% on every auto-reorder order";

/** What an auto-reorder of `boxes` boxes of the toric lens costs: the control price book, less 5%. */
function autoReorderPrice(boxes: number) {
  const subtotal = boxes * TORIC.prices.control;
  const discount = Math.round(subtotal * 0.05);
  return {
    subtotal: formatCents(subtotal),
    discount: `−${formatCents(discount)}`,
    total: formatCents(subtotal - discount),
  };
}

/** A day counted from today in the business time zone, as the pages write it ('Tuesday, January 19, 2027'). */
function dayFromToday(days: number): { iso: string; text: string } {
  const iso = addDays(businessToday(), days);
  return { iso, text: formatReorderDate(iso) };
}

/** The header's My account menu, opened (a native <details>, so it opens without JavaScript too). */
async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = siteHeader(page).locator("details.account-dropdown");
  await menu.getByText("My account", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Order status & history" })).toBeVisible();
  return menu;
}

/** The footer's My account links. */
function footerAccountLinks(page: Page): Locator {
  return siteFooter(page).getByRole("navigation", { name: "My account" });
}

/** Links to the subscriptions page, visible or not (an absence check must not pass because a menu is closed). */
function subscriptionsLinks(container: Locator): Locator {
  return container.locator('a[href="/account/subscriptions"]');
}

/** A subscription fact (Frequency, Next order, Card, …): its value. */
function fact(container: Locator, term: string): Locator {
  return container
    .locator(".order-facts > div", { has: container.page().locator("dt", { hasText: term }) })
    .locator("dd");
}

/** The subscription's id from its row on /account/subscriptions. */
async function subscriptionId(page: Page): Promise<string> {
  await page.goto("/account/subscriptions");
  const rows = page.getByTestId("subscription-row");
  await expect(rows).toHaveCount(1);
  const id = await rows.first().getAttribute("data-subscription");
  expect(id).toMatch(/^\d+$/);
  return id!;
}

/** A visitor of their own: no cookies (signed out), JavaScript as in this project. */
async function newVisitor(browser: Browser) {
  const context = await browser.newContext({
    ...devices["Desktop Chrome"],
    javaScriptEnabled: hasJavaScript(),
    baseURL: test.info().project.use.baseURL,
  });
  return { context, page: await context.newPage() };
}

test.describe("auto-reorder subscriptions (issue 7)", () => {
  test("buy with auto-reorder; the subscription in the account: change quantities and frequency, snooze, cancel", async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail("subscriber");
    const lenses = stockedLenses(2);

    // No subscription yet: no 'My subscriptions' in the header's menu or the footer.
    await createAccount(page, email);
    await page.goto("/account/order-history");
    await expect(subscriptionsLinks(await openAccountMenu(page))).toHaveCount(0);
    await expect(footerAccountLinks(page).getByRole("link", { name: "My prescriptions" })).toBeVisible();
    await expect(subscriptionsLinks(footerAccountLinks(page))).toHaveCount(0);

    const { doctorName } = await buyWithAutoReorder(page, lenses);

    // Now the header's menu and the footer link to the subscriptions; the menu's link leads there.
    await page.goto("/account/order-history");
    await expect(footerAccountLinks(page).getByRole("link", { name: "My subscriptions" })).toBeVisible();
    const menu = await openAccountMenu(page);
    await waitForHydration(page);
    await menu.getByRole("link", { name: "My subscriptions" }).click();
    await expect(page).toHaveURL(/\/account\/subscriptions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My subscriptions");
    // The menu starts closed on the new page (with JavaScript the header stays, so it must close itself).
    await expect(menu).not.toHaveAttribute("open");

    // The list: the lens per eye, quantities, frequency, next date (two months on), card, price less 5%.
    const firstDate = dayFromToday(60);
    const row = page.getByTestId("subscription-row");
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("heading", { level: 2 })).toHaveText("Contact lenses for Ann Lee");
    const items = row.getByTestId("subscription-item");
    await expect(items).toHaveText([`Right eye: ${PRODUCT}Qty 1`, `Left eye: ${PRODUCT}Qty 1`]);
    await expect(fact(row, "Frequency")).toHaveText("Every 2 months");
    await expect(row.getByTestId("next-order")).toHaveText(firstDate.text);
    await expect(fact(row, "Ships to")).toHaveText("Ann Lee, 42 Capitol Blvd, Boise, ID");
    await expect(fact(row, "Card")).toHaveText("Visa ending in 4242");
    const twoBoxes = autoReorderPrice(2);
    await expect(row.getByTestId("subscription-price")).toHaveText(twoBoxes.total);
    await expect(row.locator(".subscription-promotions li")).toHaveText([
      `Before savings: ${twoBoxes.subtotal}`,
      `${AUTO_REORDER_PROMOTION}: ${twoBoxes.discount}`,
    ]);

    // The details page: the same, with each eye's parameters and the doctor.
    await waitForHydration(page);
    await row.getByRole("link", { name: "Manage subscription: Contact lenses for Ann Lee" }).click();
    await expect(page).toHaveURL(/\/account\/subscriptions\/\d+$/);
    const detailsUrl = page.url();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact lenses for Ann Lee");
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    const details = page.locator("section.subscription-page");
    const [right, left] = [
      details.getByTestId("subscription-item").nth(0),
      details.getByTestId("subscription-item").nth(1),
    ];
    for (const [item, choice] of [
      [right, lenses.right],
      [left, lenses.left],
    ] as const) {
      await expect(item).toContainText(`Power/sphere ${choice.power!}`);
      await expect(item).toContainText(`CYL ${choice.cylinder!}`);
      await expect(item).toHaveText(new RegExp(`Axis ${choice.axis!}(?!\\d)`));
    }
    await expect(fact(details, "Doctor")).toContainText(doctorName);
    await expect(fact(details, "Patient")).toHaveText("Ann Lee");

    // Quantities: 2 boxes for the right eye, 4 for the left; the price follows.
    const quantities = page.getByRole("region", { name: "Quantities" });
    await waitForHydration(page);
    await quantities.getByRole("combobox", { name: /^Right eye/ }).selectOption("2");
    await quantities.getByRole("combobox", { name: /^Left eye/ }).selectOption("4");
    await quantities.getByRole("button", { name: "Change quantities" }).click();
    await expect(toastMessage(page)).toHaveText("Quantities changed: right eye 2, left eye 4.");
    await expect(page).toHaveURL(detailsUrl);
    await expect(details.getByTestId("subscription-item")).toHaveText([/Qty 2$/, /Qty 4$/]);
    await expect(details.getByTestId("subscription-price")).toHaveText(autoReorderPrice(6).total);
    await expect(quantities.getByRole("combobox", { name: /^Right eye/ })).toHaveValue("2");

    // Frequency: every 3 months; the next date stays.
    const schedule = page.getByRole("region", { name: "Schedule" });
    await waitForHydration(page);
    await schedule.getByLabel("How often").selectOption({ label: "Every 3 months" });
    await schedule.getByRole("button", { name: "Change frequency" }).click();
    await expect(toastMessage(page)).toHaveText("Frequency changed to every 3 months.");
    await expect(fact(details, "Frequency")).toHaveText("Every 3 months");
    await expect(details.getByTestId("next-order")).toHaveText(firstDate.text);

    // Snooze by a month: each choice names the date it moves the order to; the page shows the new date.
    const snoozed = dayFromToday(60 + 30);
    await waitForHydration(page);
    await schedule
      .getByLabel("Snooze my next order by")
      .selectOption({ label: `1 month (to ${formatShortDate(snoozed.iso)})` });
    await schedule.getByRole("button", { name: "Snooze", exact: true }).click();
    await expect(toastMessage(page)).toHaveText(`Your next order is now scheduled for ${snoozed.text}.`);
    await expect(details.getByTestId("next-order")).toHaveText(snoozed.text);

    // Cancel: 'Other' needs a few words; with them, the subscription is cancelled and leaves the list.
    const cancel = page.getByRole("region", { name: "Cancel subscription" });
    await waitForHydration(page);
    await cancel.getByRole("radio", { name: "Other", exact: true }).check();
    await cancel.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(cancel.getByRole("alert")).toHaveText("Tell us why you're cancelling.");
    await expect(page.getByTestId("subscription-status")).toHaveText("Active");
    await waitForHydration(page);
    await cancel.getByRole("radio", { name: "Other", exact: true }).check();
    await cancel.getByLabel("Tell us more (needed for Other)").fill("Trying daily lenses for a while.");
    await cancel.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(page).toHaveURL(/\/account\/subscriptions$/);
    await expect(toastMessage(page)).toHaveText(
      "Your subscription (Contact lenses for Ann Lee) is cancelled. No more orders will be placed.",
    );
    await expect(page.getByTestId("subscription-row")).toHaveCount(0);
    await expect(page.getByTestId("subscriptions-empty")).toBeVisible();
    await expect(subscriptionsLinks(await openAccountMenu(page))).toHaveCount(0);
    await expect(subscriptionsLinks(footerAccountLinks(page))).toHaveCount(0);
    // Its page says so, and has nothing left to change.
    await page.goto(detailsUrl);
    await expect(page.getByTestId("subscription-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("subscription-cancelled")).toContainText("Reason: Other.");
    await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  });

  test("the reminder e-mail: manage link, and a snooze link that works signed out, once ('already snoozed' after)", async ({
    page,
    browser,
  }) => {
    test.slow();
    // The subscription is seeded (tests/e2e/seed.ts): buying with auto-reorder is the test above.
    const { email, subscriptionId: seededId } = await seedCustomer(page, {
      label: "reminded",
      order: toricOrder(3, { autoReorderFrequencyDays: 60 }),
    });
    const id = await subscriptionId(page);
    expect(id).toBe(String(seededId));

    // The dev operations page: the next order in 3 days (inside the reminder window), then the reminders job.
    const dueDate = dayFromToday(3);
    await page.goto("/dev/orders");
    const row = page.locator(`[data-testid="dev-subscription-row"][data-subscription="${id}"]`);
    await expect(row).toContainText(email);
    await waitForHydration(page);
    await row.getByRole("button", { name: "Due in 3 days" }).click();
    await expect(toastMessage(page)).toHaveText(
      `Subscription ${id}'s next order is on ${dueDate.iso}: a reminder can go out.`,
    );
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send reminders" }).click();
    // The other project's test may have sent this one's reminder already: the count is not this test's to know.
    await expect(toastMessage(page)).toHaveText(/^Reminders: \d+ sent, \d+ skipped\.$/);
    const cells = row.getByRole("cell");
    await expect(cells.nth(3)).toHaveText(dueDate.iso);
    await expect(cells.nth(7)).toHaveText(dueDate.iso);

    // The e-mail: the order's date, the 'Manage your subscription' link and three snooze links.
    const mail = await newestMailText(page, email, "reorder-reminder");
    expect(mail).toContain(`Your next auto-reorder will be placed on ${dueDate.text}.`);
    expect(mail).toContain(`Right eye: ${PRODUCT}, 1 box`);
    expect(mail).toContain("Paid with: Visa ending in 4242");
    const origin = new URL(page.url()).origin;
    const manage = mail.match(/^Manage your subscription: (\S+)$/m)?.[1] ?? "";
    expect(manage.startsWith(`${origin}/account/subscriptions/${id}?token=`), manage).toBe(true);
    const snoozeLinks = [...mail.matchAll(/^- (2 weeks|1 month|2 months): (\S+)$/gm)];
    expect(snoozeLinks.map((link) => link[1])).toEqual(["2 weeks", "1 month", "2 months"]);
    const monthLink = snoozeLinks.find((link) => link[1] === "1 month")![2]!;
    expect(monthLink.startsWith(`${origin}/auto-reorder/snooze?code=`), monthLink).toBe(true);

    // The snooze link, signed out: the current and the new date, and one button. Opening it changes nothing.
    const newDate = dayFromToday(3 + 30);
    const visitor = await newVisitor(browser);
    try {
      const guest = visitor.page;
      for (let visit = 1; visit <= 2; visit++) {
        await guest.goto(monthLink);
        await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Snooze your next order");
        await expect(guest.getByTestId("snooze-current-date")).toHaveText(dueDate.text);
        await expect(guest.getByTestId("snooze-new-date")).toHaveText(newDate.text);
      }
      await expect(guest.getByText("Snoozed by 1 month")).toBeVisible();
      await waitForHydration(guest);
      await guest.getByRole("button", { name: "Snooze my order" }).click();
      await expect(guest.getByTestId("snooze-message")).toHaveText(
        `Your next order is now scheduled for ${newDate.text}.`,
      );
      await expect(guest.getByRole("button", { name: "Snooze my order" })).toHaveCount(0);

      // The same link again: already snoozed, to the same date, and nothing more to press.
      await guest.goto(monthLink);
      await expect(guest.getByTestId("snooze-message")).toHaveText(
        `This order was already snoozed. It is scheduled for ${newDate.text}.`,
      );
      await expect(guest.getByRole("button", { name: "Snooze my order" })).toHaveCount(0);
      await expect(guest.getByTestId("snooze-current-date")).toHaveCount(0);

      // The e-mail's manage link signs the customer in on the subscription, which shows the new date.
      await guest.goto(manage);
      await expect(guest).toHaveURL(new RegExp(`/account/subscriptions/${id}$`));
      await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Contact lenses for Ann Lee");
      await expect(guest.getByTestId("next-order")).toHaveText(newDate.text);
    } finally {
      await visitor.context.close();
    }
  });
});
