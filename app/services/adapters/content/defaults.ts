import type { HomeContent } from "~/models/content";
import type { SlotContent, SlotId } from "~/models/content-slots";
import type { MenuLink } from "~/models/navigation";
import type { PromoRibbonSlot } from "~/models/promo-ribbon";

/** Built-in content used when the content system has nothing valid (spec 8: "use built-in links"). */

export const FALLBACK_HEADER_LINKS: readonly MenuLink[] = [
  { text: "Contact lenses", url: "/lenses" },
  { text: "Eye exam", url: "/exam/landing" },
  { text: "Solution", url: "/contact-lens-solution" },
  { text: "Insurance", url: "/vision-insurance" },
];

export const FALLBACK_MAIN_LINKS: readonly MenuLink[] = [
  { text: "Contact lenses", url: "/lenses" },
  { text: "Contact lens solution", url: "/contact-lens-solution" },
  { text: "Online vision exam", url: "/exam/landing" },
  { text: "Vision insurance", url: "/vision-insurance" },
  { text: "Reorder", url: "/reorder" },
];

export const FALLBACK_SUB_LINKS: readonly MenuLink[] = [
  { text: "Help center", url: "/help-center" },
  { text: "How to order", url: "/how-to-order" },
  { text: "Returns & exchanges", url: "/returns-and-exchanges" },
  { text: "Contact us", url: "/contact-us" },
];

export const DEFAULT_PROMO_RIBBON_SLOT: PromoRibbonSlot = { is_promo_ribbon_permanent: false, ribbon: null };

export const DEFAULT_HOME_CONTENT: HomeContent = {
  meta: {
    title: "Contact lenses online | Lenslane",
    description: "Contact lenses, solution and a $20 online vision exam, delivered fast. Real people help 24/7.",
  },
  hero: {
    eyebrow: "Contact lenses, simply",
    heading: "Your lenses, delivered",
    text: "Order the lenses your doctor prescribed. We verify your prescription and ship fast.",
    primaryCta: { label: "Shop contact lenses", href: "/lenses" },
    secondaryCta: { label: "Renew your prescription", href: "/exam/landing" },
  },
  lensTypes: {
    heading: "Shop by lens type",
    tiles: [
      { label: "Daily", href: "/lenses/daily-disposables", text: "A fresh pair every day." },
      { label: "Monthly", href: "/lenses/monthly-disposables", text: "One pair a month." },
    ],
  },
  brands: { heading: "Brands you know", text: "Acuvue, Air Optix, Dailies, Biofinity and more." },
  promises: { heading: "Why Lenslane", items: [] },
  exam: {
    heading: "Renew your prescription online",
    text: "Take a short vision exam from home.",
    bullets: ["10-minute online vision exam", "Only $20 and FSA/HSA eligible", "Doctor-issued prescription"],
    cta: { label: "Learn more about the online exam", href: "/exam/landing" },
  },
  steps: { heading: "How it works", items: [] },
};

/**
 * Each slot's built-in content: shown when the content system has no decision, no valid config or no valid piece
 * for a slot, or when the decision is not ready in time. Plain words, no placeholders, so it can never fail.
 */
export const DEFAULT_SLOT_CONTENT: Readonly<Record<SlotId, SlotContent & { contentId: string }>> = {
  "home-offer": {
    contentId: "home-offer-built-in",
    heading: "Free standard shipping on orders over $99",
    text: "Order the lenses your doctor prescribed; we verify your prescription and ship fast.",
    cta: { label: "Find your lenses", href: "/lenses" },
  },
  "cart-banner": {
    contentId: "cart-banner-built-in",
    heading: "Backed by our best price guarantee",
    text: "Find a lower advertised price on the same lenses from a US retailer and we will match it.",
    cta: { label: "About the guarantee", href: "/best-price-guarantee" },
  },
};
