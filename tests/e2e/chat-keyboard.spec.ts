import type { Locator, Page } from "@playwright/test";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// The chat panel by keyboard (issue 25): the launcher's panel is a disclosure that follows its button in the page.
// Opening it moves focus in, Tab from the button goes into it, Escape and Close put focus back on the button, and
// after Send focus goes on to the new message field instead of the page. The panel exists only with JavaScript
// (without it the launcher is a link to /chat, chat.spec.ts).

test.beforeEach(() => {
  test.skip(!hasJavaScript(), "the panel exists only with JavaScript; without it the launcher is a link to /chat");
});

const launcher = (page: Page) => page.getByTestId("chat-launcher");
const panel = (page: Page) => page.getByTestId("chat-panel");

/** Whether the focused element is inside `container`. */
async function holdsFocus(container: Locator): Promise<boolean> {
  return container.evaluate((node) => node.contains(document.activeElement));
}

async function openByKeyboard(page: Page) {
  await launcher(page).focus();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
  // Focus moves into the panel (the panel itself, named by its heading).
  await expect.poll(() => holdsFocus(panel(page))).toBe(true);
}

test("open, Tab into the panel, Escape back to the launcher", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await openByKeyboard(page);
  await expect(panel(page)).toBeFocused();
  await expect(panel(page)).toHaveAccessibleName("Chat with us");

  // The panel follows its button: from the button, Tab goes into the panel, not off the page.
  await launcher(page).focus();
  await page.keyboard.press("Tab");
  expect(await holdsFocus(panel(page))).toBe(true);
  await expect(panel(page).getByRole("button", { name: "Close chat" })).toBeFocused();

  // Escape closes it from inside, and focus is back on the launcher.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(panel(page)).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
});

test("Close puts focus back on the launcher", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await openByKeyboard(page);
  await page.keyboard.press("Tab");
  await expect(panel(page).getByRole("button", { name: "Close chat" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toHaveCount(0);
  await expect(launcher(page)).toBeFocused();
});

test("after Send, focus goes on to the new message field, not the page", async ({ page }) => {
  const message = `Keyboard only, ${Date.now()}`;
  await page.goto("/");
  await waitForHydration(page);
  await openByKeyboard(page);
  const form = panel(page).locator("form.chat-form");
  await expect(form).toBeVisible();
  await form.getByLabel("Your name").fill("Kim Keys");
  await form.getByLabel(/Your e-mail/).fill("kim.keys.e2e@example.com");
  await form.getByLabel("Your message").fill(message);
  await form.getByRole("button", { name: "Send" }).focus();
  await page.keyboard.press("Enter");

  await expect(panel(page).getByTestId("chat-messages")).toContainText(message);
  const field = panel(page).getByLabel("Your message");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("");
  // Still in the panel, which Escape closes back to the launcher.
  await page.keyboard.press("Escape");
  await expect(launcher(page)).toBeFocused();
});
