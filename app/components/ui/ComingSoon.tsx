import { Link } from "react-router";
import { SITE } from "~/models/site";

/** The body of a page a later release fills in: it still answers inside the shell. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="coming-soon">
      <h1>{title}</h1>
      <p>This part of the store is coming soon.</p>
      <p>
        Need lenses today? Call us at <a href={SITE.phoneHref}>{SITE.phoneDisplay}</a> or{" "}
        <Link to="/lenses">browse contact lenses</Link>.
      </p>
    </section>
  );
}
