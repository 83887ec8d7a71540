/**
 * Legacy paths kept working after the site moved (spec 2.1 "Redirects"). Permanent (301): the new address is
 * the one crawlers and bookmarks should keep.
 */
export const LEGACY_REDIRECTS: ReadonlyArray<{ from: string; to: string }> = [
  { from: "/my-account/prescriptions", to: "/account/prescriptions" },
  { from: "/prescriptions", to: "/account/prescriptions" },
  { from: "/my-account/settings", to: "/account/settings" },
  { from: "/my-account", to: "/account/settings" },
  { from: "/online-exam", to: "/exam" },
  { from: "/eye-exam", to: "/exam" },
  { from: "/my-account/orders", to: "/account/order-history" },
  { from: "/order-status", to: "/account/order-history" },
  { from: "/my-account/auto-reorder", to: "/account/subscriptions" },
  { from: "/auto-reorder", to: "/account/subscriptions" },
  { from: "/privacy-policy", to: "/privacy/privacy-policy" },
  { from: "/notice-of-privacy-practices", to: "/privacy/notice-of-privacy-practices" },
  { from: "/terms-and-conditions", to: "/terms/terms-and-conditions" },
  { from: "/sms-terms", to: "/terms/sms-terms-and-conditions" },
  { from: "/public-policy", to: "/public-policy/home" },
  { from: "/contacts", to: "/lenses" },
  { from: "/contact-lenses", to: "/lenses" },
  { from: "/find-a-doctor", to: "/eye-doctor-search" },
  { from: "/eye-doctors", to: "/eye-doctor-search" },
  { from: "/insurance", to: "/vision-insurance" },
];

/** `/rebate/{brand}` and `/manufacturer-rebates/{brand}` moved to `/rebates/{brand}`. */
const LEGACY_REBATE_PREFIXES = ["/rebate/", "/manufacturer-rebates/"];

/** The welcome family's sub-paths that stand for top-level pages (spec 2.1). */
export const WELCOME_REDIRECTS: Readonly<Record<string, string>> = {
  home: "/",
  coupon: "/coupon",
  insurance: "/vision-insurance",
  glasses: "/glasses",
  "best-price-promise": "/gajillion-percent-promise",
  "gajillion-percent-promise": "/gajillion-percent-promise",
  subscriptions: "/subscriptions",
};

/** The new path for a legacy path, or null. Trailing slashes and letter case are ignored. */
export function legacyRedirectTarget(pathname: string): string | null {
  const normalized = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const exact = LEGACY_REDIRECTS.find((entry) => entry.from === normalized);
  if (exact) return exact.to;
  for (const prefix of LEGACY_REBATE_PREFIXES) {
    if (normalized.startsWith(prefix)) {
      const brand = normalized.slice(prefix.length);
      if (/^[a-z0-9-]{1,60}$/.test(brand)) return `/rebates/${brand}`;
    }
  }
  return null;
}

/** A product URL parameter of 1 to 6 digits is a productId (spec 2.1). */
export function isNumericProductParam(value: string): boolean {
  return /^[0-9]{1,6}$/.test(value);
}
