import { z } from "zod";
import { safeReturnPathSchema } from "./promo-ribbon";

/**
 * Ad choices (spec 2.8: the legal row's "Ad choices" opens a consent dialog). The dialog is driven by the URL so
 * the server renders it open; the choice is kept for a year in its own cookie.
 */
export const AD_CHOICES_COOKIE = "adChoices";
export const AD_CHOICES_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
export const AD_CHOICES_QUERY = { name: "consent", value: "ad-choices" } as const;

export const adChoiceSchema = z.enum(["opt-in", "opt-out"]);
export type AdChoice = z.infer<typeof adChoiceSchema>;

export const adChoicesFormSchema = z.object({
  choice: adChoiceSchema,
  redirectTo: safeReturnPathSchema.optional(),
});

/** The URL that opens the dialog over the current page. */
export function adChoicesHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(AD_CHOICES_QUERY.name, AD_CHOICES_QUERY.value);
  return `${pathname}?${params.toString()}`;
}

/** The current page without the dialog's parameter: where closing or saving goes back to. */
export function withoutAdChoices(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(AD_CHOICES_QUERY.name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

export function isAdChoicesOpen(search: string): boolean {
  return new URLSearchParams(search).get(AD_CHOICES_QUERY.name) === AD_CHOICES_QUERY.value;
}
