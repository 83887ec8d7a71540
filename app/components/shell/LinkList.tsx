import { Link } from "react-router";
import type { MenuLink } from "~/models/navigation";
import { POPULAR_BRANDS } from "~/models/shell-links";

/** A plain list of menu links. */
export function LinkList({
  links,
  className,
  testId,
}: {
  links: readonly MenuLink[];
  className?: string;
  testId?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {links.map((link) => (
        <li key={link.url}>
          <Link to={link.url} data-analytics-id={link.analyticsId}>
            {link.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The popular brand tiles (header flyout and home page), each to its /lenses/{slug} list. */
export function BrandTiles() {
  return (
    <ul className="brand-tiles">
      {POPULAR_BRANDS.map((brand) => (
        <li key={brand.slug}>
          <Link to={`/lenses/${brand.slug}`} className="brand-tile">
            {brand.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
