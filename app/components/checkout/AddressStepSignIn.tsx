import { Link } from "react-router";

/**
 * Before a shipping address: the shopper signs in, or goes on as a guest with only an e-mail (a quasi account).
 * Both are links that open the sign-in dialog over this page (its slide in the URL), so they work without
 * JavaScript and come back here once signed in.
 */
export function AddressStepSignIn({ signInHref, guestHref }: { signInHref: string; guestHref: string }) {
  return (
    <div className="address-step-sign-in">
      <section className="address-step-option" aria-labelledby="address-sign-in-title">
        <h2 id="address-sign-in-title">Have an account?</h2>
        <p>Sign in to ship to a saved address and keep this order in your history.</p>
        <Link to={signInHref} className="button button-primary" preventScrollReset>
          Sign in
        </Link>
      </section>
      <section className="address-step-option" aria-labelledby="address-guest-title">
        <h2 id="address-guest-title">New here?</h2>
        <p>Check out with just your e-mail. You can set a password later.</p>
        <Link to={guestHref} className="button" preventScrollReset>
          Continue as a guest
        </Link>
      </section>
    </div>
  );
}
