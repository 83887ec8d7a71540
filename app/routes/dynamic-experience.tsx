import { Link } from "react-router";
import { ContentArticle } from "~/components/content/ContentArticle";
import type { PageHandle } from "~/models/page";
import { pageMeta } from "~/models/seo";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import type { Route } from "./+types/dynamic-experience";

export const handle: PageHandle = { pageName: "DynamicExperience", headerType: "standard" };

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta({ ...data.page, type: "article", noindex: true }, data.siteUrl) : [];

/**
 * /dynamic-experience (spec 1 §2.1): the content page `dynamic-experience`, opened by a panel chosen for this
 * visitor: a signed-in customer's next step (reorder, or a first order), or a new visitor's way in. Personal, so
 * never shared by a cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const page = await services.content.getPage("/dynamic-experience");
  if (!page) notFound(services, request);
  const panel = visitor.customer
    ? {
        heading: visitor.customer.firstName ? `Welcome back, ${visitor.customer.firstName}!` : "Welcome back!",
        text: visitor.hasSubscriptions
          ? "Your auto-reorder is on. Check your next shipment date, or reorder something now."
          : "Your lenses and prescription are saved. Reorder in a couple of clicks.",
        links: [
          { to: "/reorder", label: "Reorder my lenses" },
          visitor.hasSubscriptions
            ? { to: "/account/subscriptions", label: "My subscriptions" }
            : { to: "/account/prescriptions", label: "My prescriptions" },
        ],
      }
    : {
        heading: "New to Lenslane?",
        text: "Find your lenses, tell us your prescription once, and we'll remember it for next time.",
        links: [
          { to: "/lenses", label: "Shop contact lenses" },
          { to: "/how-to-order", label: "How to order" },
        ],
      };
  return { page, siteUrl: services.config.siteUrl, panel };
}

export default function DynamicExperiencePage({ loaderData }: Route.ComponentProps) {
  const { page, panel } = loaderData;
  return (
    <>
      <ContentArticle page={page} />
      <aside className="dynamic-panel" aria-labelledby="dynamic-panel-title">
        <h2 id="dynamic-panel-title">{panel.heading}</h2>
        <p>{panel.text}</p>
        <ul>
          {panel.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </aside>
    </>
  );
}
