import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LONG_LIVED_IMAGE_CACHE_CONTROL } from "~/models/http-cache";
import { PRODUCT_OG_IMAGE_FILE } from "~/models/og-image";
import { META_DESCRIPTION_MAX_LENGTH } from "~/models/seo";
import * as productRoute from "~/routes/product";
import { OG_CACHE_MAX_ENTRIES, productOgImage, renderOgPng } from "~/services/catalog/og-image.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { startAppHandler, type AppHandler } from "../setup/app-handler";
import { createTestDatabase } from "../setup/test-database";

// The Open Graph cards (issue 13: social previews don't show SVG) through the whole app: route table, root
// middleware, the route and the render; and what the product and home pages tell crawlers.

const STORE = "http://store.test";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PRODUCT = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-1-day-90-pack")!;

let database: DatabaseHandle;
let app: AppHandler;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await startAppHandler(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.handle(new Request(`${STORE}${path}`, { headers }));

async function expectPngCard(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  expect(response.headers.get("Cache-Control")).toBe(LONG_LIVED_IMAGE_CACHE_CONTROL);
  expect(response.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
  const body = new Uint8Array(await response.arrayBuffer());
  expect(Number(response.headers.get("Content-Length"))).toBe(body.byteLength);
  expect([...body.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const metadata = await sharp(body).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: "png",
    width: 1200,
    height: 630,
  });
  return body;
}

/** The content of each `<meta property|name=... content=...>` of a page, by property or name. */
async function metaTags(path: string): Promise<Map<string, string>> {
  const response = await get(path, { "User-Agent": "facebookexternalhit/1.1" });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, decode(content));
  }
  return tags;
}

describe("GET /images/og/…: Open Graph cards as PNG", () => {
  it("draws a product's card, 1200 × 630, cacheable for a week", async () => {
    const first = await expectPngCard(await get(`/images/og/products/${PRODUCT.vanityUrl}.png`));
    const again = await expectPngCard(await get(`/images/og/products/${PRODUCT.vanityUrl}.png`));
    expect(again).toEqual(first);
    expect(LONG_LIVED_IMAGE_CACHE_CONTROL).toMatch(/^public, max-age=604800\b/);
  });

  it("draws the home page's card", async () => {
    await expectPngCard(await get("/images/og/home.png"));
  });

  it("answers 304 to a request that already holds the card", async () => {
    const response = await get(`/images/og/products/${PRODUCT.vanityUrl}.png`);
    const etag = response.headers.get("ETag")!;
    const revalidated = await get(`/images/og/products/${PRODUCT.vanityUrl}.png`, { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
    const other = await get(`/images/og/products/${PRODUCT.vanityUrl}.png`, { "If-None-Match": '"other"' });
    expect(other.status).toBe(200);
  });

  it("is a 404 for an unknown product or card", async () => {
    for (const path of [
      "/images/og/products/no-such-lens.png",
      `/images/og/products/${PRODUCT.vanityUrl}.svg`,
      `/images/og/products/${PRODUCT.vanityUrl}`,
      "/images/og/products/home.png",
      "/images/og/about.png",
      "/images/og/home.svg",
      `/images/og/${PRODUCT.vanityUrl}.png`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).not.toBe("image/png");
    }
  });

  it("never answers junk with a 5xx", async () => {
    for (const file of [
      "..%2F..%2Fetc%2Fpasswd.png",
      "%2E%2E.png",
      "%E0%A4%A.png",
      "ACUVUE-OASYS-1-DAY-90-PACK.png",
      "a--b.png",
      ".png",
      "-.png",
      `${"a".repeat(5000)}.png`,
      "acuvue%00.png",
      "acuvue.png.png",
      "%3Cscript%3E.png",
      "acuvue'%20OR%201=1.png",
    ]) {
      const response = await get(`/images/og/products/${file}`);
      expect(response.status, file).toBeLessThan(500);
      expect(response.status, file).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("og:image cards are rendered once and kept", () => {
  it("gives the same rendered card to every later request", async () => {
    const first = await productOgImage(database.db, PRODUCT.vanityUrl);
    const second = await productOgImage(database.db, PRODUCT.vanityUrl);
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(await productOgImage(database.db, "no-such-lens")).toBeNull();
  });

  it("keeps at most OG_CACHE_MAX_ENTRIES cards, dropping the least recently used", async () => {
    const svg = (name: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><!--${name}--></svg>`;
    const fill = async (count: number, prefix: string) => {
      for (let n = 0; n < count; n++) await renderOgPng(svg(`${prefix} ${n}`));
    };
    await fill(OG_CACHE_MAX_ENTRIES, "old"); // whatever the cache held before is gone
    const first = await renderOgPng(svg("first"));
    const second = await renderOgPng(svg("second"));
    await fill(OG_CACHE_MAX_ENTRIES - 2, "new"); // full: first, second and these
    expect(await renderOgPng(svg("first"))).toBe(first); // used again: now the most recent
    await renderOgPng(svg("one more"));
    expect(await renderOgPng(svg("first"))).toBe(first);
    expect(await renderOgPng(svg("second"))).not.toBe(second); // the least recently used went, and is drawn again
  });
});

describe("what crawlers and social previews read", () => {
  it("the product page offers its PNG card, with size and type", async () => {
    const tags = await metaTags(`/lens/${PRODUCT.vanityUrl}`);
    expect(tags.get("og:image")).toBe(`${STORE}/images/og/products/${PRODUCT.vanityUrl}.png`);
    expect(tags.get("og:image:width")).toBe("1200");
    expect(tags.get("og:image:height")).toBe("630");
    expect(tags.get("og:image:type")).toBe("image/png");
    await expectPngCard(await get(new URL(tags.get("og:image")!).pathname));
    // Every product's vanity URL makes a card name the route accepts.
    for (const product of seedProducts) expect(PRODUCT_OG_IMAGE_FILE.test(`${product.vanityUrl}.png`)).toBe(true);
  });

  it("the home page offers its PNG card, with size and type", async () => {
    const tags = await metaTags("/");
    expect(tags.get("og:image")).toBe(`${STORE}/images/og/home.png`);
    expect(tags.get("og:image:width")).toBe("1200");
    expect(tags.get("og:image:height")).toBe("630");
    expect(tags.get("og:image:type")).toBe("image/png");
  });

  it("every product page's description ends at a word, within 160 characters (35 of 63 were cut mid-word)", async () => {
    const page = await metaTags(`/lens/${PRODUCT.vanityUrl}`);
    expect(PRODUCT.description.length).toBeGreaterThan(META_DESCRIPTION_MAX_LENGTH);
    expect(page.get("description")).toMatch(/\S…$/);
    expect(page.get("og:description")).toBe(page.get("description"));

    // Every product, through the product route's meta (rendering 63 pages says no more).
    const shown = seedProducts.filter((product) => !product.isHidden);
    expect(shown.filter((product) => product.description.length > META_DESCRIPTION_MAX_LENGTH).length).toBeGreaterThan(
      20,
    );
    for (const product of shown) {
      const tags = productRoute.meta({
        data: {
          product: { displayName: product.displayName, description: product.description },
          canonical: `/lens/${product.vanityUrl}`,
          ogImage: `/images/og/products/${product.vanityUrl}.png`,
          siteUrl: STORE,
        },
      } as never) as Array<Record<string, string>>;
      const description = tags.find((tag) => tag.name === "description")!.content!;
      const name = product.displayName;
      expect(description.length, name).toBeLessThanOrEqual(META_DESCRIPTION_MAX_LENGTH);
      if (product.description.length <= META_DESCRIPTION_MAX_LENGTH) {
        expect(description, name).toBe(product.description);
        continue;
      }
      expect(description, name).toMatch(/\S…$/);
      const kept = description.slice(0, -1);
      expect(product.description.startsWith(kept), name).toBe(true);
      // The next characters in the whole text end the word: punctuation at most, then a space.
      expect(product.description.slice(kept.length), name).toMatch(/^[,;:.!?]*\s/);
    }
  });
});
