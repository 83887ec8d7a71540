import { expect, hasJavaScript, test } from "./fixtures";

// Requests a browser would not make, sent to the production server as an attacker would. No forms are filled
// in, so these run once (in the js project).

test.beforeEach(() => {
  test.skip(!hasJavaScript(), "HTTP only: nothing differs without JavaScript");
});

test.describe("redirects built from the request's own path stay on this site", () => {
  for (const path of [
    "//evil.example/?%ZZ",
    "//evil.example/x?token=bad",
    "///evil.example/cart?token=x",
    "//evil.example/?uecode=SAVE10",
    "/\\evil.example/?%ZZ",
  ]) {
    test(`${path} never sends the browser to another host`, async ({ request, baseURL }) => {
      const home = new URL(baseURL!);
      let url = new URL(path.replace(/^\/+/, "/"), home);
      // Send the raw path (the URL parser would fold the slashes), then follow every redirect by hand.
      let target = `${home.origin}${path}`;
      for (let hop = 0; hop < 5; hop++) {
        const response = await request.get(target, { maxRedirects: 0 });
        expect(response.status(), target).toBeLessThan(500);
        const location = response.headers()["location"];
        if (!location) break;
        url = new URL(location, target);
        expect(url.host, `${target} → ${location}`).toBe(home.host);
        target = url.toString();
      }
      expect(url.host).toBe(home.host);
    });
  }
});

test.describe("state-changing requests from another site", () => {
  const form = { choice: "opt-out" };

  test("with no Origin but another site's Referer are refused with 403", async ({ request }) => {
    const response = await request.post("/resources/ad-choices", {
      headers: { Referer: "https://evil.example/page" },
      form,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("sent from another site");
  });

  test("marked Sec-Fetch-Site: cross-site are refused with 403", async ({ request }) => {
    const response = await request.post("/resources/ad-choices", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      form,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("with neither Origin nor Referer still go through (text browsers send neither)", async ({ request }) => {
    const response = await request.post("/resources/ad-choices", { form, maxRedirects: 0 });
    expect(response.status()).toBe(303);
  });

  test("from this site go through", async ({ request, baseURL }) => {
    const response = await request.post("/resources/ad-choices", {
      headers: { Referer: `${baseURL}/ad-choices` },
      form,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
  });
});
