import { Link } from "react-router";
import { BRAND_FINDER_PATHS } from "~/models/brand-finder-query";

/** A finder step without a known lens: the error, and the way back to the search. */
export function UnknownLens({ error }: { error: string | null }) {
  return (
    <section className="brand-finder">
      <h1>Find your perfect brand</h1>
      <p role="alert">{error}</p>
      <p>
        <Link to={BRAND_FINDER_PATHS.search}>Search for your lens</Link>
      </p>
    </section>
  );
}
