import { Link } from "react-router";
import { EXAM_FLYOUT, LENS_TYPE_LINKS, POPULAR_BRANDS } from "~/models/shell-links";

/** Shown on hover or keyboard focus of its header link (CSS :hover/:focus-within), so no script is needed. */
export function LensesFlyout() {
  return (
    <div className="flyout flyout-lenses">
      <div>
        <p className="flyout-heading">Shop by lens type</p>
        <ul>
          {LENS_TYPE_LINKS.map((link) => (
            <li key={link.url}>
              <Link to={link.url}>{link.text}</Link>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className="flyout-heading">Popular brands</p>
        <ul className="brand-tiles">
          {POPULAR_BRANDS.map((brand) => (
            <li key={brand.slug}>
              <Link to={`/lenses/${brand.slug}`} className="brand-tile">
                {brand.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <Link to="/exam/landing" className="flyout-image-link">
        <img src="/images/flyout-exam.svg" alt="Renew your prescription online for $20" width="200" height="120" loading="lazy" />
      </Link>
    </div>
  );
}

export function ExamFlyout() {
  return (
    <div className="flyout flyout-exam">
      <p className="flyout-heading">{EXAM_FLYOUT.heading}</p>
      <ul className="checklist">
        {EXAM_FLYOUT.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      <Link to={EXAM_FLYOUT.cta.url} className="button button-primary">
        {EXAM_FLYOUT.cta.text}
      </Link>
    </div>
  );
}
