/**
 * The e-mailed password-reset (and guest) link: `/reset-password?code=…`. Not `token=`: the spec reserves that
 * query parameter for auto-login on any page (spec 4.4), and the middleware acts on it before the page renders.
 */
export const RESET_LINK_PARAM = "code";

export function resetPasswordPath(code: string): string {
  return `/reset-password?${RESET_LINK_PARAM}=${encodeURIComponent(code)}`;
}
