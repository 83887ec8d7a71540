/**
 * The ad choices dialog's place in the URL (`?consent=ad-choices`, spec 2.8). Apart from the dialog's schema
 * (ad-choices.ts), so the footer's link and the shell ship no validation code to the browser.
 */
export const AD_CHOICES_QUERY = { name: "consent", value: "ad-choices" } as const;

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
