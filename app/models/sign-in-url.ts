/**
 * The sign-in dialog's place in the URL (spec 2.10): its slide lives in the URL (`?signin=sign-in`), so the server
 * renders it open. Kept apart from the dialog's schemas (sign-in.ts), so the header's links ship no validation code
 * to the browser. Rendered slides: sign-in (0), guest-checkout e-mail login (3), create account (4), PIN login (5), plus the
 * forgot-password step that leads to PIN login.
 */
export const SIGN_IN_SLIDES = ["sign-in", "guest", "create-account", "pin", "forgot"] as const;
export type SignInSlide = (typeof SIGN_IN_SLIDES)[number];
export const SIGN_IN_PARAM = "signin";
/**
 * The e-mail the next slide fills in (after 'Send me a code', a failed sign-in) travels in the dialog's URL: nothing
 * a visitor types goes into the session cookie (decision 16).
 */
export const SIGN_IN_EMAIL_PARAM = "email";

export function signInSlide(search: string): SignInSlide | null {
  const value = new URLSearchParams(search).get(SIGN_IN_PARAM);
  return (SIGN_IN_SLIDES as readonly string[]).includes(value ?? "") ? (value as SignInSlide) : null;
}

/** The dialog's URL over a page: `?signin=<slide>` added, other parameters kept. */
export function signInHref(pathAndSearch: string, slide: SignInSlide, extra: Record<string, string> = {}): string {
  const [path, search = ""] = pathAndSearch.split("?");
  const params = new URLSearchParams(search);
  params.set(SIGN_IN_PARAM, slide);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `${path}?${params.toString()}`;
}

/** The page under the dialog: the dialog's own parameters removed. */
export function withoutSignIn(pathAndSearch: string): string {
  const [path, search = ""] = pathAndSearch.split("?");
  const params = new URLSearchParams(search);
  for (const key of [SIGN_IN_PARAM, "redirectTo", "mode", SIGN_IN_EMAIL_PARAM]) params.delete(key);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : (path ?? "/");
}
