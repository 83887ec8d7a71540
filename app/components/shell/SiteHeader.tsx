import { Form, Link } from "react-router";
import type { MenuLink } from "~/models/navigation";
import type { HeaderType } from "~/models/page";
import { flyoutFor, myAccountLinks } from "~/models/shell-links";
import { signInHref } from "~/models/sign-in-url";
import { SITE } from "~/models/site";
import { ExamFlyout, LensesFlyout } from "./Flyouts";
import { HamburgerMenu } from "./HamburgerMenu";
import { Logo } from "./Logo";
import { SearchBox } from "./SearchBox";

export interface HeaderProps {
  headerType: HeaderType;
  headerLinks: MenuLink[];
  mainLinks: MenuLink[];
  subLinks: MenuLink[];
  signedIn: boolean;
  hasSubscriptions: boolean;
  cartCount: number;
  /** The current path and query, to come back to after signing in. */
  returnTo: string;
  /** Changes on every navigation so the menus (hamburger, search, My account) start closed. */
  locationKey: string;
}

/** Spec 2.6: standard, simple (logo to /) and portal (logo to /prescription-request) headers. */
export function SiteHeader(props: HeaderProps) {
  if (props.headerType === "simple") {
    return (
      <header className="site-header site-header-simple" data-header-type="simple">
        <Logo to="/" />
      </header>
    );
  }
  if (props.headerType === "portal") {
    return (
      <header className="site-header site-header-portal" data-header-type="portal">
        <Logo to="/prescription-request" />
      </header>
    );
  }
  return <StandardHeader {...props} />;
}

function StandardHeader(props: HeaderProps) {
  const navLinks = props.headerLinks.slice(0, 4);
  const signInUrl = signInHref(props.returnTo, "sign-in");
  return (
    <header className="site-header site-header-standard" data-header-type="standard">
      <HamburgerMenu
        key={`menu-${props.locationKey}`}
        mainLinks={props.mainLinks}
        subLinks={props.subLinks}
        signedIn={props.signedIn}
        returnTo={props.returnTo}
      />
      <Logo to="/" />
      <nav className="header-nav" aria-label="Main">
        <ul>
          {navLinks.map((link, index) => {
            const flyout = flyoutFor(link.url);
            return (
              <li key={link.url} className={`header-nav-item${index === 3 ? " header-nav-item-4th" : ""}`}>
                <Link to={link.url}>{link.text}</Link>
                {flyout === "lenses" ? <LensesFlyout /> : null}
                {flyout === "exam" ? <ExamFlyout /> : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="header-actions">
        <SearchBox key={`search-${props.locationKey}`} id="header-search-q" />
        {props.signedIn ? (
          <details key={`account-${props.locationKey}`} className="account-dropdown">
            {/* On a phone the words give way to an icon (app.css), as the header's other actions; they stay for
                screen readers and text browsers. */}
            <summary>
              <svg
                className="account-icon"
                width="22"
                height="22"
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
              >
                <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M4 21a8 8 0 0116 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className="account-label">My account</span>
            </summary>
            <ul>
              {myAccountLinks(props.hasSubscriptions).map((link) => (
                <li key={link.url}>
                  <Link to={link.url}>{link.text}</Link>
                </li>
              ))}
              <li>
                <Form method="post" action="/sign-out">
                  <button type="submit" className="link-button">
                    Sign out
                  </button>
                </Form>
              </li>
            </ul>
          </details>
        ) : (
          <Link to={signInUrl} className="header-sign-in" rel="nofollow" preventScrollReset>
            Sign in
          </Link>
        )}{" "}
        {/* Icon links carry their words as visually hidden text, not aria-label: text browsers print it. The spaces
            between the actions are for text browsers too (the flex layout ignores them). */}
        <a href={SITE.phoneHref} className="icon-button">
          <span className="visually-hidden">Call us at {SITE.phoneDisplay}</span>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.6a1 1 0 01-.25 1z"
              fill="currentColor"
            />
          </svg>
        </a>{" "}
        <Link to="/cart" className="icon-button cart-link">
          <span className="visually-hidden">{"Cart, "}</span>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M3 4h2l2.4 11h11.2L21 7H7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="20" r="1.6" fill="currentColor" />
            <circle cx="18" cy="20" r="1.6" fill="currentColor" />
          </svg>
          <span className="cart-count" data-testid="cart-count">
            {props.cartCount}
          </span>
          <span className="visually-hidden">{props.cartCount === 1 ? " item" : " items"}</span>
        </Link>
      </div>
    </header>
  );
}
