import type { VariantName } from "./experiments/names";

/**
 * The AI prescription reader test (spec 3 §9: 'AI prescription reader test replaces submit-and-skip: control 0,
 * A 1'; decision 67). It decides what happens to a prescription uploaded for a cart group in the purchase funnel
 * (RxDetails): on path A the store's reader reads it and the upload-success page pre-fills the values it is sure of;
 * on the control path the upload is plain submit-and-skip (spec 2 §3-4): the image is stored and classified, nothing
 * is read, and the shopper goes on without values — the order's prescription is taken from the image by staff.
 *
 * Only the control path (`default`) is submit-and-skip. A visitor excluded, with no variation (a paused campaign, a
 * crawler) or on a path the store does not know gets the reader, as every shopper did before the test.
 */
export const AI_PRESCRIPTION_READER_CAMPAIGN = "ai-prescription-reader";

export type FunnelUploadPath = "ai-reader" | "submit-and-skip";

export function funnelUploadPath(variation: VariantName | undefined): FunnelUploadPath {
  return variation === "default" ? "submit-and-skip" : "ai-reader";
}

/** The path of a visitor's funnel uploads, from the variations the visitor middleware gave the request. */
export function funnelUploadPathOf(campaignVariations: Readonly<Record<string, VariantName>>): FunnelUploadPath {
  return funnelUploadPath(campaignVariations[AI_PRESCRIPTION_READER_CAMPAIGN]);
}
