import { useSyncExternalStore } from "react";
import { CHAT_PATH } from "~/models/chat-words";
import { Link } from "react-router";
import type { PaymentSwitches } from "~/models/feature-switches";
import {
  alternativePaymentsOn,
  footerGroups,
  legalLinks,
  acceptedPaymentsStrip,
  PROMISE_LINK_CONTEXT,
  SOCIAL_LINKS,
} from "~/models/shell-links";
import { SITE } from "~/models/site";
import { Logo } from "./Logo";

/** Spec 2.8. The simplified footer omits the upper part. */
export function SiteFooter({
  simplified,
  hasSubscriptions,
  adChoicesUrl,
  offering,
  paymentSwitches,
}: {
  simplified: boolean;
  hasSubscriptions: boolean;
  adChoicesUrl: string;
  offering?: string;
  /** The alternative payments switched on for this session (spec 3 §5). */
  paymentSwitches: PaymentSwitches;
}) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      {simplified ? null : (
        <div className="footer-upper">
          <div className="footer-brand">
            <Logo />
            <p className="footer-promise">
              {SITE.promiseText}{" "}
              <Link to="/gajillion-percent-promise">
                Learn more<span className="visually-hidden"> {PROMISE_LINK_CONTEXT}</span>
              </Link>
            </p>
            <ul className="footer-social" aria-label="Follow us">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer">
                    {link.text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="footer-groups">
            {footerGroups(hasSubscriptions).map((group) => (
              <nav key={group.heading} aria-label={group.heading} className="footer-group">
                <h2>{group.heading}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.url}>
                      <Link to={link.url}>{link.text}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <div className="footer-help">
            <p>{SITE.helpText}</p>
            <p>
              <a href={SITE.phoneHref}>{SITE.phoneDisplay}</a>
            </p>
            <p>
              <Link to={CHAT_PATH}>Chat with us</Link>
            </p>
          </div>
          <PaymentOptions switches={paymentSwitches} />
        </div>
      )}
      <div className="footer-legal">
        <ul>
          {legalLinks(adChoicesUrl, offering).map((link) => (
            <li key={link.text}>
              <Link
                to={link.url}
                rel={link.text === "Ad choices" ? "nofollow" : undefined}
                preventScrollReset={link.text === "Ad choices"}
              >
                {link.text}
              </Link>
            </li>
          ))}
        </ul>
        <p>
          © {year} {SITE.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

const noSubscription = () => () => {};

/** The 'We accept' strip: a heading and a plain list, so it reads in order without CSS. */
function PaymentOptions({ switches }: { switches: PaymentSwitches }) {
  // ApplePay is offered only on Apple devices; the server cannot know, so the browser adds it after hydration.
  const applePlatform = useSyncExternalStore(
    noSubscription,
    () => "ApplePaySession" in window,
    () => false,
  );
  const options = acceptedPaymentsStrip(alternativePaymentsOn(switches), applePlatform);
  return (
    <div className="payment-options">
      <h2>We accept</h2>
      <ul data-testid="payment-options">
        {options.map((option) => (
          <li key={option} className="payment-option">
            {option}
          </li>
        ))}
      </ul>
    </div>
  );
}
