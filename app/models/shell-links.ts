import type { MenuLink } from "./navigation";
import type { PaymentSwitches } from "./feature-switches";

/** Spec 2.6: the Contact lenses flyout (shown for /lenses). */
export const LENS_TYPE_LINKS: readonly MenuLink[] = [
  { text: "Daily", url: "/lenses/daily-disposables" },
  { text: "Weekly", url: "/lenses/weekly-disposables" },
  { text: "Monthly", url: "/lenses/monthly-disposables" },
  { text: "Toric & astigmatism", url: "/lenses/toric-astigmatism" },
  { text: "Multifocal & bifocal", url: "/lenses/multifocal-bifocal" },
  { text: "Colors", url: "/lenses/color" },
  { text: "View all", url: "/lenses" },
];

export const POPULAR_BRANDS: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: "acuvue", name: "Acuvue" },
  { slug: "air-optix", name: "Air Optix" },
  { slug: "dailies", name: "Dailies" },
  { slug: "biofinity", name: "Biofinity" },
  { slug: "clariti", name: "clariti" },
  { slug: "bausch-lomb", name: "Bausch + Lomb" },
  { slug: "coopervision", name: "CooperVision" },
];

/** Spec 2.6: the exam flyout (for /exam/landing). */
export const EXAM_FLYOUT = {
  heading: "Renew your prescription online",
  bullets: ["10-minute online vision exam", "Only $20 and FSA/HSA eligible", "Doctor-issued prescription"],
  cta: { text: "Learn more", url: "/exam/landing" },
  /** Said after 'Learn more' to screen readers (visually hidden, as the footer's), so the link names where it goes. */
  ctaContext: "about the online vision exam",
} as const;

/** Spec 2.8: the footer's promise banner links 'Learn more'; this is said after it to screen readers. */
export const PROMISE_LINK_CONTEXT = "about the Gajillion Percent Promise";

/** Which flyout a header link opens (spec 4.2: /lenses and /exam/landing). */
export function flyoutFor(url: string): "lenses" | "exam" | null {
  if (url === "/lenses") return "lenses";
  if (url === "/exam/landing") return "exam";
  return null;
}

/**
 * Rapid reorder (the last order on one page, decision 34) and Find my perfect brand (decision 35): linked where
 * shoppers look for them (issue 25, decision 43), beside the spec's own links. Their paths are the pages' own
 * (models/rapid-reorder.ts, models/brand-finder-query.ts; shell-links.test.ts keeps them equal), written out here so
 * the shell ships neither page's schemas.
 */
export const RAPID_REORDER_LINK: MenuLink = { text: "Rapid reorder", url: "/rapid-reorder" };
export const BRAND_FINDER_LINK: MenuLink = { text: "Find your perfect brand", url: "/try-contact-lens-brands/search" };

/** The words of a link that reorders an order's items with rapid reorder (order history, the dashboard). */
export function reorderTheseText(isLensOrder: boolean): string {
  return isLensOrder ? "Reorder these lenses" : "Reorder these items";
}

/**
 * Spec 2.6: the My account dropdown; subscriptions only for customers who have one. Rapid reorder after order
 * history (decision 43).
 */
export function myAccountLinks(hasSubscriptions: boolean): MenuLink[] {
  return [
    { text: "My dashboard", url: "/dashboard" },
    { text: "My prescriptions", url: "/account/prescriptions" },
    { text: "Order status & history", url: "/account/order-history" },
    RAPID_REORDER_LINK,
    ...(hasSubscriptions ? [{ text: "My subscriptions", url: "/account/subscriptions" }] : []),
    { text: "Account settings", url: "/account/settings" },
  ];
}

export interface FooterGroup {
  heading: string;
  links: MenuLink[];
}

/** Spec 2.8: footer link groups, and rapid reorder and the brand finder (decision 43). */
export function footerGroups(hasSubscriptions: boolean): FooterGroup[] {
  return [
    {
      heading: "About us",
      links: [
        { text: "The company", url: "/the-company" },
        { text: "Community", url: "/eyesociety/category/community/" },
        { text: "Careers", url: "/careers" },
      ],
    },
    {
      heading: "Help",
      links: [
        { text: "How to order", url: "/how-to-order" },
        { text: "How to read your prescription", url: "/how-to-read-rx" },
        { text: "Returns & exchanges", url: "/returns-and-exchanges" },
        { text: "Gajillion Percent Promise", url: "/gajillion-percent-promise" },
        { text: "Best price guarantee", url: "/best-price-guarantee" },
        { text: "FAQ", url: "/common-questions-faq" },
        { text: "Contact us", url: "/contact-us" },
      ],
    },
    {
      heading: "My account",
      links: [
        { text: "Order status", url: "/account/order-history" },
        { text: "Reorder", url: "/reorder" },
        RAPID_REORDER_LINK,
        { text: "Upload prescription", url: "/upload-rx" },
        { text: "My prescriptions", url: "/account/prescriptions" },
        ...(hasSubscriptions ? [{ text: "My subscriptions", url: "/account/subscriptions" }] : []),
        { text: "Mobile app", url: "/mobile-app" },
      ],
    },
    {
      heading: "Resources",
      links: [
        { text: "Glasses", url: "/glasses" },
        { text: "Eye Society blog", url: "/eyesociety" },
        { text: "Vision insurance", url: "/vision-insurance" },
        { text: "Using FSA & HSA funds", url: "/fsa-fund-use" },
        { text: "Coupons", url: "/coupon" },
        { text: "Online vision exam", url: "/exam/landing" },
        BRAND_FINDER_LINK,
        { text: "Find an eye doctor", url: "/eye-doctor-search" },
        { text: "Ambassadors", url: "/welcome/ambassador" },
      ],
    },
  ];
}

/** Spec 2.8: the legal row (Ad choices opens the consent dialog over the page; Accessibility carries the offering). */
export function legalLinks(adChoicesUrl: string, offering = "general"): MenuLink[] {
  return [
    { text: "Privacy practices", url: "/privacy/notice-of-privacy-practices" },
    { text: "Terms and conditions", url: "/terms/terms-and-conditions" },
    { text: "Accessibility", url: `/accessibility?offering=${encodeURIComponent(offering)}` },
    { text: "Ad choices", url: adChoicesUrl },
    { text: "Patents", url: "/patents" },
  ];
}

export const SOCIAL_LINKS: readonly MenuLink[] = [
  { text: "Facebook", url: "https://www.facebook.com/lenslane" },
  { text: "Instagram", url: "https://www.instagram.com/lenslane" },
  { text: "YouTube", url: "https://www.youtube.com/@lenslane" },
  { text: "TikTok", url: "https://www.tiktok.com/@lenslane" },
];

/** Spec 2.8: the 'We accept' strip always names the cards the card form takes (models/card.ts) and FSA / HSA cards. */
export const BASE_PAYMENT_OPTIONS = ["Visa", "Mastercard", "Discover", "American Express", "FSA / HSA"] as const;

/** Spec 2.8's conditional payment options, in the spec's order. */
export const ALTERNATIVE_PAYMENTS = ["PayPal", "ApplePay", "AfterPay"] as const;
export type AlternativePayment = (typeof ALTERNATIVE_PAYMENTS)[number];

/**
 * The alternative payments that are on (spec 3 §5): PayPal and AfterPay unless switched off; ApplePay unless switched
 * off, then named only on Apple platforms (acceptedPaymentsStrip).
 */
export function alternativePaymentsOn(switches: PaymentSwitches): AlternativePayment[] {
  return ALTERNATIVE_PAYMENTS.filter((option) =>
    option === "PayPal" ? switches.paypal : option === "AfterPay" ? switches.afterpay : switches.applePay,
  );
}

/** The strip: the cards, then each alternative checkout offers (ApplePay only on Apple devices, spec 3). */
export function acceptedPaymentsStrip(offered: readonly AlternativePayment[], applePlatform: boolean): string[] {
  const alternatives = ALTERNATIVE_PAYMENTS.filter(
    (option) => offered.includes(option) && (option !== "ApplePay" || applePlatform),
  );
  return [...BASE_PAYMENT_OPTIONS, ...alternatives];
}
