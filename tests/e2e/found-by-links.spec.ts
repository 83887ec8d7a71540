import type { Page } from "@playwright/test";
import { expect, siteFooter, siteHeader, test, waitForHydration } from "./fixtures";
import { seedCustomer, toricOrder } from "./seed";

// Rapid reorder and the brand finder are reached by links where shoppers look (issue 25, decision 43), with
// JavaScript and without: the lens list and the footer for everyone; the account menu, the dashboard and order
// history for a customer with an order (seeded, tests/e2e/seed.ts). Stocked-lens slot 41 is this spec's.

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
  test.slow();
  const orderNumber = (await seedCustomer(page, { label: "found", order: toricOrder(41) })).orderNumber!;

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
