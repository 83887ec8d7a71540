import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// Issue 28 (decision 59): the page reports its unhandled errors to POST api/log/error (spec 1 §8, §9: prefixed,
// batched 5 s) and its Core Web Vitals to the performance call when it is left. Outside production every page view
// reports. Without JavaScript nothing runs, so there is nothing to report.
test.describe("browser reporting", () => {
  test("an unhandled error is logged, and leaving the page sends its vitals", async ({ page }) => {
    test.skip(!hasJavaScript(), "the reporter and the vitals are the page's JavaScript");
    await page.goto("/contact-lens-solution");
    await waitForHydration(page);
    const logged = page.waitForRequest((request) => request.url().endsWith("/api/log/error"), { timeout: 15_000 });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e boom");
      });
      void Promise.reject(new Error("e2e rejected"));
    });
    const request = await logged;
    const response = await request.response();
    expect(response?.status()).toBe(204);
    expect(["Unhandled Error: e2e boom", "Unhandled Error: e2e rejected"]).toContain(request.postDataJSON().message);

    // The page sends once it is hidden for good: its pagehide (a navigation's beacon leaves with the old page, where
    // the browser's tools lose sight of it). The body is read on its way to the server.
    let body: string | null = null;
    await page.route("**/api/analytics/performance", async (route) => {
      body = route.request().postData();
      await route.continue();
    });
    const vitals = page.waitForResponse((response) => response.url().endsWith("/api/analytics/performance"));
    await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    expect((await vitals).status()).toBe(202);
    const sent = JSON.parse(body ?? "null") as Record<string, unknown>;
    expect(sent).toMatchObject({ route: "/contact-lens-solution", isMobile: false, platform: expect.any(String) });
    expect(typeof sent.firstContentfulPaint).toBe("number");
  });
});
