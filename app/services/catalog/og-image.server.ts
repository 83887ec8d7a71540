import { createHash } from "node:crypto";
import sharp from "sharp";
import { homeCardSvg, productCardSvg } from "~/models/og-image";
import { SITE } from "~/models/site";
import type { ContentSource } from "../adapters/content/content-source";
import type { Database } from "../db/client.server";
import { findProductImage } from "./catalog.server";

/**
 * Open Graph cards as PNG (social previews don't show SVG). Rendering one takes sharp a few hundred milliseconds,
 * so each is rendered once per process and kept in a small bounded cache keyed by the card's SVG: a product whose
 * name or colours change gets a new card, and the cache never holds more than the catalog's cards. Shared caches
 * keep them too (a week, revalidated by ETag).
 */

export interface OgPng {
  body: Uint8Array<ArrayBuffer>;
  /** A strong validator: the hash of the SVG the PNG was drawn from. */
  etag: string;
}

/** Every product's card and the home page's fit, with room; the oldest used card goes first past it. */
export const OG_CACHE_MAX_ENTRIES = 200;

const cards = new Map<string, Promise<OgPng>>();

/** The card drawn by `svg`, as PNG: rendered on first use, then from the cache (concurrent first uses share one). */
export function renderOgPng(svg: string): Promise<OgPng> {
  const key = createHash("sha256").update(svg).digest("base64url");
  const cached = cards.get(key);
  if (cached) {
    // Most recently used last: the Map's first key is the one to evict.
    cards.delete(key);
    cards.set(key, cached);
    return cached;
  }
  const rendered = sharp(Buffer.from(svg))
    .png({ compressionLevel: 9 })
    .toBuffer()
    .then((png) => ({ body: new Uint8Array(png), etag: `"${key.slice(0, 27)}"` }));
  cards.set(key, rendered);
  // A failed render is not kept: the next request tries again.
  rendered.catch(() => {
    if (cards.get(key) === rendered) cards.delete(key);
  });
  while (cards.size > OG_CACHE_MAX_ENTRIES) cards.delete(cards.keys().next().value!);
  return rendered;
}

/** A product's card by vanity URL, or null when there is no such product. */
export async function productOgImage(db: Database, vanityUrl: string): Promise<OgPng | null> {
  const product = await findProductImage(db, vanityUrl);
  return product ? renderOgPng(productCardSvg(product)) : null;
}

/** The home page's card, from the home page's own words. */
export async function homeOgImage(content: ContentSource): Promise<OgPng> {
  const { hero } = await content.getHome();
  return renderOgPng(homeCardSvg({ siteName: SITE.name, heading: hero.heading, eyebrow: hero.eyebrow }));
}
