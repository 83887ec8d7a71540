/**
 * Phone or not, from the User-Agent (spec 3 conditions: device_type; the exclusions 'mobile' and 'non-mobile'; the
 * proactive chat on phones). Tablets count as not mobile, as the spec's breakpoints treat them like small desktops.
 */
const MOBILE = /\bMobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|Opera Mini/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE.test(userAgent ?? "");
}
