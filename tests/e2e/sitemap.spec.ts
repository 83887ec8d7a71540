import { expect, test } from "./fixtures";

test.describe("sitemap.xml and robots.txt", () => {
  test("sitemap.xml lists public pages and leaves out hidden, discontinued and blocked ones", async ({
    page,
    baseURL,
  }) => {
    const response = await page.request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml\b/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    for (const path of [
      "/",
      "/lenses",
      "/lenses/toric-astigmatism",
      "/lens/acuvue-oasys-1-day-90-pack",
      "/accessibility",
    ]) {
      expect(locs, `sitemap has ${path}`).toContain(`${baseURL}${path}`);
    }
    // Proclear 1 Day 90 pack is hidden; Acuvue Advance is discontinued; /block is not for crawlers.
    for (const path of ["/lens/proclear-1-day-90-pack", "/lens/acuvue-advance-6-pack", "/block"]) {
      expect(locs, `sitemap leaves out ${path}`).not.toContain(`${baseURL}${path}`);
    }
    expect(xml).not.toContain("proclear-1-day-90-pack");
    expect(xml).not.toContain("acuvue-advance");
  });

  test("robots.txt points at the sitemap", async ({ page, baseURL }) => {
    const response = await page.request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain\b/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text.split("\n")).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
