import { Link } from "react-router";
import type { PageHandle } from "~/models/page";
import { myAccountLinks } from "~/models/shell-links";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dashboard";

export const handle: PageHandle = { pageName: "Dashboard" };

export const meta: Route.MetaFunction = () => [
  { title: "My dashboard | Lenslane" },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { hasSubscriptions } = context.get(visitorContext);
  return {
    firstName: customer.firstName,
    email: customer.email,
    hasPassword: customer.hasPassword,
    links: myAccountLinks(hasSubscriptions).filter((link) => link.url !== "/dashboard"),
  };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="dashboard">
      <h1>{loaderData.firstName ? `Hi, ${loaderData.firstName}` : "Welcome back"}</h1>
      <p>Signed in as {loaderData.email}.</p>
      {loaderData.hasPassword ? null : (
        <p className="notice">
          You check out as a guest with e-mailed codes. <Link to="/account/settings#password">Set a password</Link> to
          sign in faster next time.
        </p>
      )}
      <ul className="tile-grid">
        {loaderData.links.map((link) => (
          <li key={link.url}>
            <Link to={link.url} className="tile">
              <strong>{link.text}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
