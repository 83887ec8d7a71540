import { Link } from "react-router";
import { EXAM_FLYOUT, LENS_TYPE_LINKS } from "~/models/shell-links";
import { BrandTiles, LinkList } from "./LinkList";

/** Shown on hover or keyboard focus of its header link (CSS :hover/:focus-within), so no script is needed. */
export function LensesFlyout() {
  return (
    <div className="flyout flyout-lenses">
      <div>
        <p className="flyout-heading">Shop by lens type</p>
        <LinkList links={LENS_TYPE_LINKS} />
      </div>
      <div>
        <p className="flyout-heading">Popular brands</p>
        <BrandTiles />
      </div>
      <Link to="/exam/landing" className="flyout-image-link">
        <img
          src="/images/flyout-exam.svg"
          alt="Renew your prescription online for $20"
          width="200"
          height="120"
          loading="lazy"
        />
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
        <span className="visually-hidden"> {EXAM_FLYOUT.ctaContext}</span>
      </Link>
    </div>
  );
}
