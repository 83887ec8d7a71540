import { z } from "zod";
import { safeReturnPathSchema } from "./return-path";

export { AD_CHOICES_QUERY, adChoicesHref, isAdChoicesOpen, withoutAdChoices } from "./ad-choices-url";

/**
 * Ad choices (spec 2.8: the legal row's "Ad choices" opens a consent dialog). The dialog is driven by the URL so
 * the server renders it open; the choice is kept for a year in its own cookie.
 */
export const AD_CHOICES_COOKIE = "adChoices";
export const AD_CHOICES_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

export const adChoiceSchema = z.enum(["opt-in", "opt-out"]);
export type AdChoice = z.infer<typeof adChoiceSchema>;

export const adChoicesFormSchema = z.object({
  choice: adChoiceSchema,
  redirectTo: safeReturnPathSchema.optional(),
});
