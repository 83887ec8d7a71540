import { Link } from "react-router";
import type { PartnerRibbonView } from "~/models/partner-sites";

/**
 * The partner site's co-branding under the header (spec 3 §4 content action `partner_site`; decision 67): the
 * partner's name and a link to the partner landing, for a visitor whose campaign path names the site. Plain text and
 * a link, so it reads the same in a text browser.
 */
export function PartnerRibbon({ partner }: { partner: PartnerRibbonView }) {
  return (
    <aside
      className="partner-ribbon"
      aria-label="Partner"
      data-testid="partner-ribbon"
      data-partner-site={partner.site}
    >
      <p>
        <strong>{partner.welcome}</strong> <Link to={partner.landing}>{partner.linkLabel}</Link>
      </p>
    </aside>
  );
}
