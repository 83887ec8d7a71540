import { hasForbiddenCharacters } from "./request-input";

/**
 * Anonymous catalog and content pages may be kept by a shared cache for 5 minutes and served stale for 10 more
 * while it refreshes; browsers always revalidate. Anything personal is never stored.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** Static-ish generated resources (sitemap, robots, product images). */
export const PUBLIC_RESOURCE_CACHE_CONTROL = "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400";
/**
 * Open Graph cards: social networks and browsers keep them a week and may use one a day longer while they
 * refresh it; the URL stays when a product changes, so not forever (an ETag makes the refresh cheap).
 */
export const LONG_LIVED_IMAGE_CACHE_CONTROL = "public, max-age=604800, stale-while-revalidate=86400";

/**
 * Spec 2.3: a query string that cannot be decoded is malformed and is cleared. So is one that decodes to control
 * characters (a NUL can't reach the database).
 */
export function isMalformedQuery(search: string): boolean {
  const raw = search.startsWith("?") ? search.slice(1) : search;
  if (raw.length === 0) return false;
  try {
    return raw.split("&").some((part) => hasForbiddenCharacters(decodeURIComponent(part.replace(/\+/g, " "))));
  } catch {
    return true;
  }
}
