import { expect, hasJavaScript, siteFooter, test, waitForHydration } from "./fixtures";

// Spec 2.8: the legal row's "Ad choices" opens a consent dialog. Here it is driven by the URL, so it opens and
// saves without JavaScript too.
test.describe("ad choices dialog (spec 2.8)", () => {
  test("opens from the footer over the current page, records a choice, and closes", async ({ page }) => {
    await page.goto("/accessibility?offering=general");
    await waitForHydration(page);
    const adChoices = siteFooter(page).locator(".footer-legal").getByRole("link", { name: "Ad choices" });
    await expect(adChoices).toHaveAttribute("href", "/accessibility?offering=general&consent=ad-choices");
    await adChoices.click();

    const dialog = page.getByRole("dialog", { name: "Your ad choices" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/accessibility\?offering=general&consent=ad-choices$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility statement");
    await expect(dialog.getByLabel("Allow advertising cookies", { exact: true })).toBeChecked();

    await dialog.getByLabel("Don't allow advertising cookies").check();
    await dialog.getByRole("button", { name: "Save my choice" }).click();

    await expect(page).toHaveURL(/\/accessibility\?offering=general$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === "adChoices");
    expect(cookie?.value).toBe("opt-out");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 360 * 24 * 3600 * 1000);

    // Opening it again shows the recorded choice.
    await page.goto("/?consent=ad-choices");
    await expect(
      page.getByRole("dialog", { name: "Your ad choices" }).getByLabel("Don't allow advertising cookies"),
    ).toBeChecked();
  });

  test("closes with its close link, keeping the rest of the query", async ({ page }) => {
    await page.goto("/lenses?consent=ad-choices&mid=8.1");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Your ad choices" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/lenses\?mid=8\.1$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("with JavaScript, takes focus and closes on Escape", async ({ page }) => {
    test.skip(!hasJavaScript(), "focus management and Escape are JavaScript enhancements");
    await page.goto("/?consent=ad-choices");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Your ad choices" });
    await expect(dialog).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a tampered submission gets a clear message in the page, not a 500", async ({ page }) => {
    const response = await page.request.post("/resources/ad-choices", {
      form: { choice: "maybe" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(await response.text()).toContain("Please choose whether to allow advertising cookies.");
  });
});
