import { z } from "zod";

/**
 * Page features (spec 3 §9: cart, product page, rapid reorder, checkout and site-wide pages each list toggles), as
 * `content/features.json` holds them. A page's toggle is its own value, else the site-wide one, else off: content
 * that cannot be read turns every feature off (spec 3 §8: a feature-toggle fetch failure is treated as disabled).
 * Outside production a session may still override a toggle (models/feature-switches.ts).
 */
export const FEATURE_PAGES = ["site", "cart", "product", "rapidReorder", "checkout"] as const;
export type FeaturePage = (typeof FEATURE_PAGES)[number];

/**
 * The toggles the store reads today: the payment ones name a session switch of the same key; personalizationEvents
 * turns the content slots' events on (spec 3 §4 "Personalization"); liveChat offers live chat (the launcher and the
 * proactive window) and, with liveChatNewProvider, lets the provider split's A path use the new provider (spec 3 §4
 * "Live chat"; decision 63); cartBanner shows the cart page's banner, the content system's cart-banner slot (spec 3
 * §9 "cart banner"; decision 66).
 */
export const PAGE_FEATURE_KEYS = [
  "paypal",
  "paypalPayLater",
  "afterpay",
  "applePay",
  "preorder",
  "personalizationEvents",
  "liveChat",
  "liveChatNewProvider",
  "cartBanner",
] as const;
export type PageFeatureKey = (typeof PAGE_FEATURE_KEYS)[number];

const toggles = z
  .object({
    paypal: z.boolean(),
    paypalPayLater: z.boolean(),
    afterpay: z.boolean(),
    applePay: z.boolean(),
    preorder: z.boolean(),
    personalizationEvents: z.boolean(),
    liveChat: z.boolean(),
    liveChatNewProvider: z.boolean(),
    cartBanner: z.boolean(),
  })
  .partial()
  .strict();

export const pageFeaturesSchema = z.object({
  pages: z
    .object({
      site: toggles,
      cart: toggles,
      product: toggles,
      rapidReorder: toggles,
      checkout: toggles,
    })
    .partial()
    .strict(),
});
export type PageFeatures = z.infer<typeof pageFeaturesSchema>;

/** What the store uses when the content has no valid features file: everything off. */
export const NO_PAGE_FEATURES: PageFeatures = { pages: {} };

/** Whether the content turns `key` on for `page` (the page's own value, else the site-wide one, else off). */
export function pageFeatureOn(features: PageFeatures, page: FeaturePage, key: PageFeatureKey): boolean {
  return features.pages[page]?.[key] ?? features.pages.site?.[key] ?? false;
}
