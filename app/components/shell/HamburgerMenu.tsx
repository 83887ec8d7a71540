import { Form, Link } from "react-router";
import { CHAT_PATH } from "~/models/chat-words";
import { signInHref } from "~/models/sign-in-url";
import { SITE } from "~/models/site";
import type { MenuLink } from "~/models/navigation";
import { LinkList } from "./LinkList";

/**
 * The hamburger menu (spec 2.7) is a <details> element: it opens and closes without JavaScript. The shell keys
 * it by location, so with JavaScript it closes on every navigation.
 */
export function HamburgerMenu({
  mainLinks,
  subLinks,
  signedIn,
  returnTo,
}: {
  mainLinks: MenuLink[];
  subLinks: MenuLink[];
  signedIn: boolean;
  returnTo: string;
}) {
  return (
    <details className="hamburger">
      <summary className="icon-button">
        <span className="visually-hidden">Menu</span>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <nav className="hamburger-panel" aria-label="Menu">
        <form method="get" action="/search" role="search" className="hamburger-search">
          <label htmlFor="hamburger-search-q" className="visually-hidden">
            Search
          </label>
          <input id="hamburger-search-q" type="search" name="q" placeholder="Search" maxLength={100} />
          <button type="submit">Search</button>
        </form>
        <LinkList links={mainLinks} className="hamburger-main" testId="hamburger-main-links" />
        <LinkList links={subLinks} className="hamburger-sub" testId="hamburger-sub-links" />
        <div className="hamburger-account">
          {signedIn ? (
            <Form method="post" action="/sign-out">
              <button type="submit" className="link-button">
                Sign out
              </button>
            </Form>
          ) : (
            <Link to={signInHref(returnTo, "sign-in")} rel="nofollow">
              Sign in
            </Link>
          )}
        </div>
        <ul className="hamburger-contact">
          <li>
            <a href={SITE.phoneHref}>Call us</a>
          </li>
          <li>
            <Link to={CHAT_PATH}>Chat</Link>
          </li>
          <li>
            <Link to="/contact-us">Contact us</Link>
          </li>
        </ul>
      </nav>
    </details>
  );
}
