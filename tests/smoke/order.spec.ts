import { expect, test } from "../e2e/fixtures";
import { guestAtCheckout, placeOrder, saveGoodCard, uniqueEmail } from "../e2e/purchase";

// The server's smoke pass on a second runtime (CI's Node 24 stage, playwright.smoke.config.ts): it starts, serves a
// page, and takes one order, the whole way as plain HTML forms.

test("the server starts, serves the home page, and takes an order", async ({ page }) => {
  test.info().annotations.push({ type: "node", description: process.version });
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await guestAtCheckout(page, uniqueEmail("smoke"));
  await saveGoodCard(page);
  const orderNumber = await placeOrder(page);
  expect(orderNumber).toMatch(/^LL\d{8}$/);
});
