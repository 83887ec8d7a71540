/**
 * The recapture banner's words (spec 2 recapture), apart from the rules (recapture.ts uses luxon and zod), so the
 * shell's banner ships neither to every page.
 */
export const RECAPTURE_MESSAGES = {
  title: "Your recent order requires attention!",
  message:
    "Your order needs your current, valid prescription. Please upload it now or take a quick online vision exam so we can process your order.",
  renew: "Renew Rx Online",
  upload: "Upload Rx",
  dismiss: "Dismiss",
  working: "We're working on your order.",
} as const;
