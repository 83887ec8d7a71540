import type { Page } from "@playwright/test";
import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// The proactive chat window on phones (decision 63; spec 3 §4, §9): on a phone-sized page with a mobile User-Agent it
// invites the shopper 40 s after the page loads. With JavaScript the page's clock is driven (no waiting); without
// it the server-rendered window waits for a CSS animation delay, which the test speeds up through Chromium's
// animation domain. Dismissed (without JavaScript: the plain form), it stays gone on the next page.

const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const DESKTOP_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Without JavaScript: CSS animations (and their delays) run a thousand times faster. */
async function speedUpAnimations(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Animation.enable");
  await cdp.send("Animation.setPlaybackRate", { playbackRate: 1000 });
}

test("on a phone the chat invitation appears after 40 s, and once dismissed stays gone", async ({ page }) => {
  const invite = page.getByTestId("proactive-chat");
  if (hasJavaScript()) {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(39_000);
    await expect(invite).toHaveCount(0);
    const remembered = page.waitForResponse((response) => response.url().includes("/resources/proactive-chat"));
    // Its timer may be set a moment after hydration is seen (a busy machine): the clock runs on a second at a time
    // until the invitation is there.
    await page.clock.runFor(1_500);
    await expect
      .poll(async () => {
        if ((await invite.count()) === 0) await page.clock.runFor(1_000);
        return invite.count();
      })
      .toBe(1);
    await expect(invite).toBeVisible();
    expect((await remembered).ok()).toBe(true);
    await invite.getByRole("button", { name: "Close the chat invitation" }).click();
    await expect(invite).toHaveCount(0);
    await expect(page.getByTestId("chat-launcher")).toBeFocused();
    // The next page: 40 s later there is still no invitation.
    await page.goto("/contact-us");
    await waitForHydration(page);
    await page.clock.runFor(41_000);
    await expect(invite).toHaveCount(0);
  } else {
    await page.goto("/");
    // Served in place after the launcher, hidden until its delay has passed.
    await expect(invite).toBeAttached();
    await expect(invite).toBeHidden();
    await speedUpAnimations(page);
    await page.reload();
    await expect(invite).toBeVisible();
    await invite.getByRole("button", { name: "Close the chat invitation" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(invite).toHaveCount(0);
    await page.goto("/contact-us");
    await expect(page.getByTestId("chat-launcher")).toBeVisible();
    await expect(invite).toHaveCount(0);
  }
});

test("the invitation's 'Chat with us' opens the chat", async ({ page }) => {
  const invite = page.getByTestId("proactive-chat");
  if (hasJavaScript()) {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    // The 40 s are the first test's; here the timer may be set a moment after hydration is seen, so the clock runs on
    // until the invitation is there.
    await page.clock.runFor(40_500);
    await expect
      .poll(async () => {
        if ((await invite.count()) === 0) await page.clock.runFor(1_000);
        return invite.count();
      })
      .toBe(1);
    await invite.getByRole("button", { name: "Chat with us" }).click();
    await expect(page.getByTestId("chat-panel")).toBeVisible();
    await expect(invite).toHaveCount(0);
  } else {
    // The playback rate holds for the page it is set on: set it, then load the page again (as above).
    await page.goto("/");
    await speedUpAnimations(page);
    await page.reload();
    await expect(invite).toBeVisible();
    await invite.getByRole("button", { name: "Chat with us" }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat with us");
    await page.goto("/");
    await expect(invite).toHaveCount(0);
  }
});

test.describe("on a desktop", () => {
  test.use({ userAgent: DESKTOP_UA, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("there is no invitation", async ({ page }) => {
    if (hasJavaScript()) await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    if (hasJavaScript()) await page.clock.runFor(41_000);
    await expect(page.getByTestId("chat-launcher")).toBeVisible();
    await expect(page.getByTestId("proactive-chat")).toHaveCount(0);
  });
});
