/** Facts about the store that appear across the shell. */
export const SITE = {
  name: "Lenslane",
  phoneDisplay: "1-800-266-8228",
  phoneHref: "tel:+18002668228",
  helpText: "We're here to help. Real people with real answers in real time, 24/7.",
  /** Spec 2.8: the promise banner in the footer. */
  promiseText: "The Gajillion Percent Promise: if you're not happy, we'll make it right.",
  defaultDescription:
    "Contact lenses, solution and a $20 online vision exam, delivered fast. Real people help 24/7 at Lenslane.",
} as const;

/** Spec 9: breakpoints, header height and hamburger width (mirrored in app.css). */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400, xxxl: 1440 } as const;
export const HEADER_HEIGHT_PX = 50;
export const HAMBURGER_MAX_WIDTH_PX = 335;
