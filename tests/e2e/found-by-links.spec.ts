import type { Page } from "@playwright/test";
import { expect, siteFooter, siteHeader, test, waitForHydration } from "./fixtures";
import {
  addToricForBothEyes,
  chooseSeedDoctor,
  continueToCheckout,
  createAccount,
  enterPatient,
  placeOrder,
  saveGoodCard,
  stockedLenses,
  submitShippingAddress,
  uniqueEmail,
} from "./purchase";

// Rapid reorder and the brand finder are reached by links where shoppers look (issue 25, decision 43), with
// JavaScript and without: the lens list and the footer for everyone; the account menu, the dashboard and order
// history for a customer with an order. Stocked-lens slot 41 is this spec's.

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test("the brand finder from the lens list and the footer", async ({ page }) => {
  await page.goto("/lenses");
  await waitForHydration(page);
  await page.locator("main").getByRole("link", { name: "Find your perfect brand" }).click();
  await expect(page).toHaveURL(/\/try-contact-lens-brands\/search$/);
  await expect(heading(page)).toHaveText("Find your perfect brand");

  await page.goto("/");
  await waitForHydration(page);
  await siteFooter(page)
    .getByRole("navigation", { name: "Resources" })
    .getByRole("link", { name: "Find your perfect brand" })
    .click();
  await expect(page).toHaveURL(/\/try-contact-lens-brands\/search$/);
  await expect(heading(page)).toHaveText("Find your perfect brand");
});

test("rapid reorder from the account menu, the dashboard and order history; the brand finder from the dashboard", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await createAccount(page, uniqueEmail("found"));
  await addToricForBothEyes(page, stockedLenses(41));
  await enterPatient(page, "Ann", "Lee");
  await continueToCheckout(page);
  await submitShippingAddress(page, {
    firstName: "Ann",
    lastName: "Lee",
    address1: "42 Capitol Blvd",
    city: "Boise",
    state: "ID",
    zip: "83702",
  });
  await chooseSeedDoctor(page);
  await saveGoodCard(page);
  const orderNumber = await placeOrder(page);

  const expectRapidReorder = async () => {
    await expect(page).toHaveURL(/\/rapid-reorder$/);
    await expect(heading(page)).toHaveText("Rapid reorder");
    await expect(page.getByTestId("rapid-reorder-form")).toContainText(orderNumber);
  };

  await test.step("the account menu", async () => {
    await page.goto("/");
    await waitForHydration(page);
    const menu = siteHeader(page).locator("details.account-dropdown");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Rapid reorder" }).click();
    await expectRapidReorder();
  });

  await test.step("the footer", async () => {
    await siteFooter(page)
      .getByRole("navigation", { name: "My account" })
      .getByRole("link", { name: "Rapid reorder" })
      .click();
    await expectRapidReorder();
  });

  await test.step("the dashboard: the last order and the quick links", async () => {
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByTestId("dashboard-last-order").getByRole("link", { name: "Reorder these lenses" }).click();
    await expectRapidReorder();
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.locator("main").getByRole("link", { name: "Find your perfect brand" }).click();
    await expect(page).toHaveURL(/\/try-contact-lens-brands\/search$/);
    await expect(heading(page)).toHaveText("Find your perfect brand");
  });

  await test.step("order history: 'Reorder these lenses' on the newest order", async () => {
    await page.goto("/account/order-history");
    await waitForHydration(page);
    const row = page.locator(`[data-testid="order-row"][data-order="${orderNumber}"]`);
    await row.getByRole("link", { name: "Reorder these lenses" }).click();
    await expectRapidReorder();
  });
});
