import { Link } from "react-router";

/** Spec 2.11: the 404 page. */
/** After signing in from the 404 page the shopper goes to the reorder page (spec 2.11). */
const SIGN_IN_HREF = `/?signin=sign-in&redirectTo=${encodeURIComponent("/reorder?signin=true")}`;

export function NotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">404</h1>
      <p className="not-found-lead">Something doesn&apos;t look quite right.</p>
      <p>
        This page isn&apos;t functioning at 20/20. We&apos;ve sent Iris, our owl, to investigate. In the meantime, these
        will get you back on track:
      </p>
      <p className="not-found-actions">
        <Link to="/" className="button button-primary">
          Home
        </Link>
        {signedIn ? null : (
          <Link to={SIGN_IN_HREF} className="button" rel="nofollow">
            Sign In
          </Link>
        )}
      </p>
    </section>
  );
}
