/**
 * Rules for what a request may carry (decision 16): text no keyboard types is refused before it reaches the
 * database, and a redirect built from the request's own path stays on this site.
 */

/** NUL can't be stored in Postgres text, and no other C0 control but tab, newline and return is ever typed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value);
}

/**
 * A path (with its query) that a redirect can use without leaving the site. Browsers read `//host`, `/\host` and
 * `\\host` as another site, so any run of leading slashes, backslashes and whitespace becomes one "/".
 */
export function sameSitePath(pathAndSearch: string): string {
  return `/${pathAndSearch.replace(/^[\s/\\]+/, "")}`;
}

/** Whether a URL path is one `sameSitePath` would change. */
export function isOffSitePath(pathname: string): boolean {
  return sameSitePath(pathname) !== pathname;
}

/** Whether a path (as the URL parser gives it: percent-encoded) decodes to text a route can take. */
export function isReadablePath(pathname: string): boolean {
  try {
    return !hasForbiddenCharacters(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}
