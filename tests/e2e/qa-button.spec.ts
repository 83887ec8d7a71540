import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

// The QA helper button (spec 1 §2.12): outside production, on a phone, turned on by `?qa` and remembered for the
// session. It exists only with JavaScript (JS_ONLY_SPECS in playwright.config.ts): a short press opens the QA panel,
// a 1 s press shows the close control, a drag moves it within the window; closing clears the flag and the parameter.

test.use({ viewport: { width: 390, height: 700 }, hasTouch: false });

function qaButton(page: Page) {
  return page.getByRole("button", { name: "QA tools (hold to close)" });
}

async function box(page: Page) {
  const found = await qaButton(page).boundingBox();
  if (!found) throw new Error("the QA button is not on the page");
  return found;
}

test("?qa turns the button on for the session: press, drag, hold and close", async ({ page }) => {
  await page.goto("/?qa");
  await waitForHydration(page);
  expect(await box(page)).toMatchObject({ x: 20, y: 700 - 48 - 20 });

  // Remembered for the session: another page without the parameter still has it.
  await page.goto("/lenses");
  await waitForHydration(page);
  await expect(qaButton(page)).toBeVisible();

  // A short press opens the panel.
  await qaButton(page).click();
  const panel = page.getByRole("dialog", { name: "QA" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText("Build version")).toBeVisible();
  await expect(panel.getByText("Signed out")).toBeVisible();
  await panel.getByRole("button", { name: "Close panel" }).click();

  // A drag of more than 5 px moves it, never out of the window.
  const start = await box(page);
  await page.mouse.move(start.x + 10, start.y + 10);
  await page.mouse.down();
  await page.mouse.move(start.x + 110, start.y + 60, { steps: 5 });
  await page.mouse.move(-200, -200, { steps: 5 });
  await page.mouse.up();
  expect(await box(page)).toMatchObject({ x: 0, y: 0 });
  await expect(panel).toHaveCount(0);

  // Held for a second: the close control; closing removes the button and the flag.
  const held = await box(page);
  await page.mouse.move(held.x + 10, held.y + 10);
  await page.mouse.down();
  await page.waitForTimeout(1_100);
  await page.mouse.up();
  // The flag is cleared by a POST; the next page is asked for once the server has answered it.
  const closed = page.waitForResponse((response) =>
    /^\/resources\/qa(\.data)?$/.test(new URL(response.url()).pathname),
  );
  await page.getByRole("button", { name: "Close the QA button" }).click();
  await closed;
  await expect(qaButton(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/lenses$/);
  await page.goto("/");
  await waitForHydration(page);
  await expect(qaButton(page)).toHaveCount(0);
});

test("the parameter in the address bar goes away when the button is closed", async ({ page }) => {
  await page.goto("/contact-us?qa=true&utm_source=mail");
  await waitForHydration(page);
  const held = await box(page);
  await page.mouse.move(held.x + 10, held.y + 10);
  await page.mouse.down();
  await page.waitForTimeout(1_100);
  await page.mouse.up();
  await page.getByRole("button", { name: "Close the QA button" }).click();
  await expect(page).toHaveURL(/\/contact-us\?utm_source=mail$/);
  await expect(qaButton(page)).toHaveCount(0);
});
